// Renderer figures: how much JavaScript the first screen costs, and how long a user waits for it.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { chromium } from '@playwright/test';

import { silentLogger } from '../../../electron/app/logger';
import { startWebHost } from '../../../electron/web/server';
import { chromiumLaunchOptions } from '../../e2e/chromium';
import { distDir, ensureWebBuild, initialScripts } from '../support/dist';
import type { Figure } from '../types';
import { note } from '../types';

const runs = 7;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function initialJsGzipKb(): Promise<number> {
  let total = 0;
  for (const file of await initialScripts()) {
    const size = gzipSync(await readFile(file)).length;
    note(`initial js: ${path.relative(distDir, file)} ${(size / 1024).toFixed(1)} KB gzip`);
    total += size;
  }
  return Math.round((total / 1024) * 10) / 10;
}

// Runs in the page before its scripts: records when the shell marks itself ready, measured from
// navigation start (performance.now()'s origin), without polling jitter. A string, not a function:
// tsx's transform would wrap a function's inner closures in helpers the page does not have.
const watchAppReady = `
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="app-ready"]')) return;
    window.__carretaReadyAt ??= performance.now();
    observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-testid'] });
`;

async function firstScreenMs(): Promise<number> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'carreta-bench-'));
  const host = await startWebHost({ port: 0, dataDir, distDir, logger: silentLogger });
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
  try {
    const times: number[] = [];
    // One warm-up run (disk cache of the OS, Chromium's own start-up) is not counted.
    for (let run = 0; run <= runs; run++) {
      // A fresh context per run: cold HTTP cache and empty sessionStorage, like a first launch.
      const context = await browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'pt-BR' });
      try {
        const page = await context.newPage();
        await page.addInitScript({ content: watchAppReady });
        await page.goto(`${host.url}#token=${host.token}`);
        await page.waitForSelector('[data-testid="app-ready"]', { state: 'attached', timeout: 30_000 });
        const at = await page.evaluate(
          () => (window as unknown as { __carretaReadyAt?: number }).__carretaReadyAt,
        );
        if (typeof at !== 'number') throw new Error('app-ready appeared but its time was not recorded');
        note(`first screen run ${run}${run === 0 ? ' (warm-up)' : ''}: ${at.toFixed(0)} ms`);
        if (run > 0) times.push(at);
      } finally {
        await context.close();
      }
    }
    return Math.round(median(times));
  } finally {
    await browser.close();
    await host.close();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}

export default async function* renderer(): AsyncGenerator<Figure> {
  await ensureWebBuild();
  yield { name: 'initial_js_gzip_kb', value: await initialJsGzipKb(), unit: 'KB' };
  yield { name: 'first_screen_ms', value: await firstScreenMs(), unit: 'ms' };
}
