// End-to-end fixtures: the real web host, in this process, over the built renderer in dist/.
// One host (and one fresh data folder) per test file, so tests in a file may build on each other's
// data while files stay independent.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Page } from '@playwright/test';
import { test as base, expect } from '@playwright/test';

import { silentLogger } from '../../electron/app/logger';
import type { WebHost } from '../../electron/web/server';
import { startWebHost } from '../../electron/web/server';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const distDir = path.join(projectRoot, 'dist');

export interface E2eHost extends WebHost {
  dataDir: string;
}

export function assertBuilt(): void {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(
      `dist/index.html not found in ${distDir}: build the renderer first with \`vite build --mode web\` (npm test does it).`,
    );
  }
}

export async function startE2eHost(): Promise<E2eHost> {
  assertBuilt();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'carreta-e2e-'));
  const host = await startWebHost({ port: 0, dataDir, distDir, logger: silentLogger });
  // The demonstração's month is issued while the embedded sandbox starts (a few seconds on a busy
  // machine, during which commands that need the API wait): tests start once it is there, so a
  // test's own timeouts measure its screen, not the seeding (measured by the bench instead).
  await host.app.context.embedded.ensure();
  return {
    ...host,
    dataDir,
    async close() {
      await host.close();
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

/** Keeps the current file's host alive across its tests; a new file gets a new host. */
class HostPerFile {
  private file: string | null = null;
  private host: E2eHost | null = null;

  async for(file: string): Promise<E2eHost> {
    if (this.file !== file || !this.host) {
      await this.dispose();
      this.host = await startE2eHost();
      this.file = file;
    }
    return this.host;
  }

  async dispose(): Promise<void> {
    const host = this.host;
    this.host = null;
    this.file = null;
    await host?.close();
  }
}

export interface CarretaFixtures {
  /** The web host of this test file. */
  webHost: E2eHost;
  /** Opens the app the way a user does (the launch URL with `#token=`) and waits for the shell. */
  openApp: (route?: string) => Promise<void>;
  /** Uncaught page errors fail the test: they are bugs the user would hit. */
  pageErrors: Error[];
}

export const test = base.extend<CarretaFixtures, { hosts: HostPerFile }>({
  hosts: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const hosts = new HostPerFile();
      await use(hosts);
      await hosts.dispose();
    },
    { scope: 'worker' },
  ],
  webHost: async ({ hosts }, use, testInfo) => {
    await use(await hosts.for(testInfo.file));
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use(errors);
      expect(
        errors.map((error) => error.message),
        'uncaught errors in the page',
      ).toEqual([]);
    },
    { auto: true },
  ],
  openApp: async ({ page, webHost }, use) => {
    await use(async (route = '') => {
      await page.goto(`${webHost.url}#token=${webHost.token}`);
      await expect(page.getByTestId('app-ready')).toBeVisible();
      if (route) await page.goto(`${webHost.url}#${route}`);
    });
  },
});

export { expect };
export type { Page };
