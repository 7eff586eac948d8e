// End-to-end fixtures: the real web host, in this process, over the built renderer in dist/.
// One host (and one data folder of its own) per test file, so tests in a file may build on each
// other's data while files stay independent. Every folder starts as a copy of one seeded once per
// worker (the demonstração's month issued and synced), so a file's host skips issuing the month:
// about 3 s less per file on the shared 2-core machine.
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Page } from '@playwright/test';
import { test as base, expect } from '@playwright/test';

import { silentLogger } from '../../electron/app/logger';
import type { PdfEngine } from '../../electron/documents/pdf';
import { ChromiumPdfEngine } from '../../electron/documents/pdf';
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

export interface E2eHostOptions {
  /** A data folder to start from (copied, never changed); a fresh one when absent. */
  from?: string;
  /** A PDF engine the caller owns (the worker's one browser for printouts); absent: the host's own. */
  pdfEngine?: PdfEngine;
}

export async function startE2eHost(options: E2eHostOptions = {}): Promise<E2eHost> {
  assertBuilt();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'carreta-e2e-'));
  if (options.from !== undefined) await cp(options.from, dataDir, { recursive: true });
  const host = await startWebHost({
    port: 0,
    dataDir,
    distDir,
    logger: silentLogger,
    pdfEngine: options.pdfEngine,
  });
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

/**
 * A data folder as a fresh install leaves it once the demonstração is ready: the month issued on the
 * embedded sandbox and synced into the cache, the host closed (so every file in it is complete).
 */
async function seedDataDir(pdfEngine: PdfEngine): Promise<string> {
  assertBuilt();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'carreta-e2e-seed-'));
  const host = await startWebHost({ port: 0, dataDir, distDir, logger: silentLogger, pdfEngine });
  try {
    await host.app.context.embedded.ensure();
    // The month's sync is started right after the sandbox is up; wait until it has ended.
    await new Promise((resolve) => setImmediate(resolve));
    await host.app.context.sync.idle();
  } finally {
    await host.close();
  }
  return dataDir;
}

/** Keeps the current file's host alive across its tests; a new file gets a new host. */
class HostPerFile {
  private file: string | null = null;
  private host: E2eHost | null = null;
  /** The worker's seeded data folder, made when a file first needs it and copied for each file. */
  private seeded: Promise<string> | null = null;
  /**
   * One headless browser for the printouts of every host of the worker (started on the first
   * printout): each host starting its own cost a browser start and a cold first print per file.
   */
  private readonly pdfEngine = new ChromiumPdfEngine({ poolSize: 2 });

  async for(file: string, fresh: boolean): Promise<E2eHost> {
    if (this.file !== file || !this.host) {
      await this.dispose();
      const pdfEngine = this.pdfEngine;
      this.host = await startE2eHost(fresh ? { pdfEngine } : { from: await this.seed(), pdfEngine });
      this.file = file;
    }
    return this.host;
  }

  private seed(): Promise<string> {
    this.seeded ??= seedDataDir(this.pdfEngine).catch((error: unknown) => {
      this.seeded = null;
      throw error;
    });
    return this.seeded;
  }

  async dispose(): Promise<void> {
    const host = this.host;
    this.host = null;
    this.file = null;
    await host?.close();
  }

  async disposeAll(): Promise<void> {
    await this.dispose();
    await this.pdfEngine.close();
    const seeded = await this.seeded?.catch(() => null);
    this.seeded = null;
    if (seeded) await rm(seeded, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}

export interface CarretaFixtures {
  /**
   * The file's host starts from a data folder seeded by itself rather than from the worker's seeded
   * copy (`test.use({ freshInstall: true })`): for specs about what a fresh install does on its own.
   */
  freshInstall: boolean;
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
      await hosts.disposeAll();
    },
    { scope: 'worker' },
  ],
  freshInstall: [false, { option: true }],
  webHost: [
    async ({ hosts, freshInstall }, use, testInfo) => {
      await use(await hosts.for(testInfo.file, freshInstall));
    },
    // The worker's first file also seeds its data folder, a fresh install's first start: on a busy
    // machine that may take a minute.
    { timeout: 120_000 },
  ],
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
