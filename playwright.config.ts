import { defineConfig } from '@playwright/test';

import { chromiumLaunchOptions } from './test/e2e/chromium';

// The web host is started in-process by test/e2e/fixtures.ts (one per test file, random port), so
// there is no `webServer` here. `npm test` builds dist/ with `vite build --mode web` first.
//
// Two browsers: the clerk's own (Brasília, pt-BR) runs every spec; a machine set to UTC and en-US
// runs the clerk's-day specs again (issue 19's points 1–8: demo month, totals and export, search,
// confirmations, refusals in words, defaults and inputs, connection), since what the clerk sees must
// not depend on the PC's clock or language (times in Brasília time, dates typed and shown as
// dd/mm/aaaa).
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e',
  // Screenshot baselines (visual.spec.ts) beside the spec, one name per screen, no platform suffix:
  // the CI machine and a developer's Linux share Debian's Chromium and fonts.
  snapshotPathTemplate: '{testDir}/{testFileName}-snapshots/{arg}{ext}',
  reporter: 'list',
  workers: 1,
  fullyParallel: false,
  forbidOnly: process.env.CI === 'true',
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    headless: true,
    viewport: { width: 1366, height: 820 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // The clerk's PC with Windows' animations off: the app then drops its transitions and spinner
    // motion (styles/base.css), and Chromium stops drawing frames nobody waits for. The suite ran
    // 14% faster on this machine (2.1 → 1.8 min on cte, documents, mdfe-trip and inbox; issue 27).
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'brasilia' },
    {
      name: 'utc-en-us',
      testMatch: [
        '**/clerk-*.spec.ts',
        '**/demo-month.spec.ts',
        '**/totals.spec.ts',
        '**/cte.spec.ts',
        '**/refusal-words.spec.ts',
        '**/company-defaults.spec.ts',
        '**/ux-inputs.spec.ts',
        '**/connection.spec.ts',
      ],
      use: { locale: 'en-US', timezoneId: 'UTC' },
    },
  ],
});
