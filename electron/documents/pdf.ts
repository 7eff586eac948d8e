import type { Browser, Page } from 'playwright-core';
import { AppError } from '../shared/errors';

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

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
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
    this.executablePath = options.executablePath ?? process.env.CARRETA_CHROMIUM ?? DEFAULT_CHROMIUM_PATH;
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

/** Renders many HTML documents on the engine's page pool; results keep the input order. */
export async function htmlBatchToPdf(
  engine: PdfEngine,
  htmls: string[],
  concurrency = 2,
): Promise<Uint8Array[]> {
  const results: Uint8Array[] = new Array<Uint8Array>(htmls.length);
  let next = 0;
  const worker = async () => {
    while (next < htmls.length) {
      const index = next++;
      results[index] = await engine.htmlToPdf(htmls[index] ?? '');
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, htmls.length)) }, worker));
  return results;
}
