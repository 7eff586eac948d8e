// Debian's Chromium, shared by the Playwright config and the benchmarks: the bundled Playwright
// browsers are never downloaded on the build machines. Same binary and flags as the PDF engine.
import type { LaunchOptions } from '@playwright/test';

import { CHROMIUM_ARGS, DEFAULT_CHROMIUM_PATH } from '../../electron/documents/pdf';

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CARRETA_CHROMIUM ?? DEFAULT_CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS],
};
