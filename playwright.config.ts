import { defineConfig } from '@playwright/test';

import { chromiumLaunchOptions } from './test/e2e/chromium';

// The web host is started in-process by test/e2e/fixtures.ts (one per test file, random port), so
// there is no `webServer` here. `npm test` builds dist/ with `vite build --mode web` first.
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e',
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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
