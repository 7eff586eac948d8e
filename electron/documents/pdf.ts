import { existsSync } from 'node:fs';

import type { Browser, Page } from 'playwright-core';
import { AppError } from '../shared/errors';
import { DEFAULT_BATCH_LIMITS, planBatch } from './pdf-batch';
import type { BatchJob, BatchLimits } from './pdf-batch';
import { splitPdf } from './pdf-split';

/**
 * HTML → PDF. The Electron host plugs its own engine (webContents.printToPDF); tests, the CLI and
 * the web host use headless Chromium through playwright-core.
 */
export interface PdfEngine {
  htmlToPdf(html: string): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface ChromiumPdfOptions {
  executablePath?: string;
  /** Pages kept open for parallel work (small: the target machines have 2 cores). */
  poolSize?: number;
}

const SCREEN_VIEWPORT = { width: 64, height: 64 };

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Debian's headless shell (package chromium-headless-shell): the same Blink, Skia and print
 * compositor as /usr/bin/chromium, without the browser's own UI. Printing prefers it: the full
 * browser, headless, keeps its address bar's popups (WebUI pages, chrome://omnibox-popup) alive in a
 * renderer of their own, which used about 14% of a core while idle on this machine (Chromium 156),
 * CPU counted against every printout. Electron, which prints in the app, has no such page either.
 */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/** The browser printouts are made with: CARRETA_CHROMIUM, else the headless shell, else Chromium. */
export function printBrowserPath(
  env: NodeJS.ProcessEnv = process.env,
  exists: (file: string) => boolean = existsSync,
): string {
  const fromEnv = env.CARRETA_CHROMIUM?.trim();
  if (fromEnv) return fromEnv;
  return exists(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : DEFAULT_CHROMIUM_PATH;
}

/**
 * Features the full browser, headless, runs for its own UI: the address bar's popups, two WebUI
 * pages (chrome://omnibox-popup.top-chrome/) loaded at start and kept alive, busy, in their own
 * renderer. The end-to-end browser turns them off; the headless shell has none.
 */
export const UNUSED_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The features playwright-core 1.65 turns off when it starts Chromium (its chromiumSwitches.ts).
 * Chromium keeps only the last `--disable-features` of a command line, so ours repeats them;
 * test/documents/chromium-flags.test.ts checks that against a started browser.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** The flags every headless Chromium of ours starts with (also the end-to-end tests). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_UI_FEATURES].join(',')}`,
];

/** Headless Chromium with warm pages reused across documents. */
export class ChromiumPdfEngine implements PdfEngine {
  private browser: Promise<Browser> | undefined;
  private readonly idle: Page[] = [];
  private readonly waiters: ((page: Page) => void)[] = [];
  private created = 0;
  private readonly executablePath: string;
  private readonly poolSize: number;

  constructor(options: ChromiumPdfOptions = {}) {
    this.executablePath = options.executablePath ?? printBrowserPath();
    this.poolSize = Math.max(1, options.poolSize ?? 2);
  }

  private async launch(): Promise<Browser> {
    const { chromium } = await import('playwright-core');
    try {
      return await chromium.launch({
        executablePath: this.executablePath,
        args: CHROMIUM_ARGS,
        headless: true,
      });
    } catch (error) {
      throw new AppError(
        'pdf_browser_unavailable',
        `Não foi possível abrir o navegador usado para gerar o PDF (${this.executablePath}). Verifique a instalação do Chromium.`,
        { detail: error instanceof Error ? error.message : String(error), cause: error },
      );
    }
  }

  private async acquire(): Promise<Page> {
    const page = this.idle.pop();
    if (page !== undefined) return page;
    if (this.created < this.poolSize) {
      this.created += 1;
      this.browser ??= this.launch();
      try {
        const browser = await this.browser;
        // Printouts are self-contained: nothing may be fetched from the network. The tiny viewport
        // keeps Chromium from rasterizing a screen view nobody sees (a fifth of the CPU per PDF);
        // printing lays the document out again at the sheet size.
        const context = await browser.newContext({
          javaScriptEnabled: false,
          offline: true,
          viewport: SCREEN_VIEWPORT,
        });
        return await context.newPage();
      } catch (error) {
        this.created -= 1;
        throw error;
      }
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private release(page: Page): void {
    const waiter = this.waiters.shift();
    if (waiter !== undefined) waiter(page);
    else this.idle.push(page);
  }

  async htmlToPdf(html: string): Promise<Uint8Array> {
    const page = await this.acquire();
    try {
      await page.setContent(html, { waitUntil: 'load' });
      const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
      return new Uint8Array(pdf);
    } finally {
      this.release(page);
    }
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    this.idle.length = 0;
    this.created = 0;
    if (browser !== undefined) await (await browser).close();
  }
}

export type PdfOutcome = { ok: true; pdf: Uint8Array } | { ok: false; error: unknown };

export interface PdfBatchOptions extends Partial<BatchLimits> {
  /** Each printout as soon as its PDF (or its failure) is known; completion order. */
  onSettled?(index: number, outcome: PdfOutcome): void;
}

/**
 * One job of the plan. A joined job that fails in any way (engine error, a page count that does not
 * add up, a PDF the splitter cannot read) is printed again one printout at a time, so a batch never
 * gives worse files than printing each alone, and a failure stays with its own printout.
 */
async function runJob(engine: PdfEngine, job: BatchJob, htmls: string[]): Promise<PdfOutcome[]> {
  if (job.indices.length > 1) {
    try {
      const joined = await engine.htmlToPdf(job.html);
      const parts = job.pages.map((pages, k) => ({ pages, title: job.titles[k] ?? '' }));
      return (await splitPdf(joined, parts)).map((pdf) => ({ ok: true, pdf }));
    } catch {
      // Fall back to one print job per printout below.
    }
  }
  const outcomes: PdfOutcome[] = [];
  for (const index of job.indices) {
    try {
      outcomes.push({ ok: true, pdf: await engine.htmlToPdf(htmls[index] ?? '') });
    } catch (error) {
      outcomes.push({ ok: false, error });
    }
  }
  return outcomes;
}

/**
 * Renders many printouts, one PDF each, in input order: joined into a few large print jobs (see
 * planBatch) run `concurrency` at a time on the engine, then split back per printout.
 */
export async function htmlBatchToPdfSettled(
  engine: PdfEngine,
  htmls: string[],
  options: PdfBatchOptions = {},
): Promise<PdfOutcome[]> {
  const limits = { ...DEFAULT_BATCH_LIMITS, ...options };
  const jobs = planBatch(htmls, limits);
  const results = new Array<PdfOutcome>(htmls.length);
  let next = 0;
  const worker = async () => {
    for (let job = jobs[next++]; job !== undefined; job = jobs[next++]) {
      const outcomes = await runJob(engine, job, htmls);
      job.indices.forEach((index, k) => {
        const outcome = outcomes[k] ?? { ok: false, error: new Error('missing PDF') };
        results[index] = outcome;
        options.onSettled?.(index, outcome);
      });
    }
  };
  const workers = Math.max(1, Math.min(limits.concurrency, jobs.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}

/** As htmlBatchToPdfSettled, failing the whole batch on the first printout that fails. */
export async function htmlBatchToPdf(
  engine: PdfEngine,
  htmls: string[],
  concurrency = 2,
): Promise<Uint8Array[]> {
  const outcomes = await htmlBatchToPdfSettled(engine, htmls, { concurrency });
  return outcomes.map((outcome) => {
    if (!outcome.ok) throw outcome.error;
    return outcome.pdf;
  });
}
