import type { Page, TestInfo } from '@playwright/test';

/**
 * Evidence screenshots of each screen a spec walks through, attached to its report: for a developer
 * to look at the screens as a user would. They cost about 0.4 s each (a full-page capture and its
 * PNG), 115 of them in the suite, and nobody looks at them on CI, where a failing test still gets
 * Playwright's own screenshot and trace. So under CI=true they are taken only when asked for
 * (E2E_SCREENSHOTS=1); on a developer's machine always. Comparisons against baselines
 * (visual.spec.ts) are tests and always run.
 */
export const screenshotsWanted = process.env.CI !== 'true' || process.env.E2E_SCREENSHOTS === '1';

export async function shot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  if (!screenshotsWanted) return;
  await page.evaluate(() => document.fonts.ready);
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}
