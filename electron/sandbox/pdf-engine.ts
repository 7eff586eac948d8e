import { existsSync } from 'node:fs';
import path from 'node:path';
import { ChromiumPdfEngine, printBrowserPath } from '../documents/pdf';
import type { PdfEngine } from '../documents/pdf';
import { renderDocumentHtml } from '../documents/render';
import type { RenderDocumentOptions } from '../documents/render';
import type { SandboxLogger } from './context';

/**
 * The sandbox's rich printouts: the app's own DACTE/DACE/event renderer on a browser engine. When no
 * engine is available, or it fails, callers fall back to the plain PDF helper, so a PDF endpoint
 * always answers a valid PDF.
 */
export interface SandboxPrinter {
  /** The printout of `xml` as a PDF, or null when there is no engine or rendering failed. */
  print(xml: string, options?: RenderDocumentOptions): Promise<Buffer | null>;
  close(): Promise<void>;
}

/** A hung browser must not hang the HTTP answer: past this the plain PDF answers instead. */
const PRINT_TIMEOUT_MS = 30_000;

const PATH_NAMES: Record<string, string[]> = {
  win32: ['chrome.exe', 'chromium.exe', 'msedge.exe'],
  default: ['chromium', 'chromium-browser', 'google-chrome'],
};

/**
 * The browser printouts prefer (printBrowserPath: CARRETA_CHROMIUM, Debian's headless shell, its
 * /usr/bin/chromium) when it exists, else a Chromium-family browser on PATH.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const preferred = printBrowserPath(env);
  if (existsSync(preferred)) return preferred;
  if (env.CARRETA_CHROMIUM?.trim()) return null;
  const names = PATH_NAMES[process.platform] ?? PATH_NAMES.default ?? [];
  for (const dir of (env.PATH ?? env.Path ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const full = path.join(dir, name);
      if (existsSync(full)) return full;
    }
  }
  return null;
}

export function logoDataUrl(logo: { contentType: string; data: Buffer } | null): string | undefined {
  return logo ? `data:${logo.contentType};base64,${logo.data.toString('base64')}` : undefined;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`PDF engine did not answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `engine`: an engine handed in by the host (the Electron app passes its printToPDF engine; the
 * sandbox never closes it), `null` for plain PDFs only, or undefined to start a shared headless
 * Chromium lazily on the first printout (closed with the printer).
 */
export function createSandboxPrinter(
  engine: PdfEngine | null | undefined,
  log: SandboxLogger,
  findBrowser: () => string | null = () => findChromium(),
): SandboxPrinter {
  let owned: ChromiumPdfEngine | null = null;
  let unavailable = engine === null;

  const current = (): PdfEngine | null => {
    if (engine) return engine;
    if (unavailable) return null;
    if (owned === null) {
      const executablePath = findBrowser();
      if (executablePath === null) {
        unavailable = true;
        log.info('PDF: nenhum Chromium encontrado; os PDFs usam o layout simples.');
        return null;
      }
      owned = new ChromiumPdfEngine({ executablePath, poolSize: 2 });
    }
    return owned;
  };

  return {
    async print(xml, options = {}) {
      const target = current();
      if (target === null) return null;
      try {
        const { html } = renderDocumentHtml(xml, options);
        return Buffer.from(await withTimeout(target.htmlToPdf(html), PRINT_TIMEOUT_MS));
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        // A browser that cannot start will not start on the next request either.
        if (code === 'pdf_browser_unavailable' && target === owned) {
          unavailable = true;
          owned = null;
          void target.close().catch(() => undefined);
        }
        log.warn(`PDF: impressão rica falhou, usando o layout simples (${(error as Error).message})`);
        return null;
      }
    },
    async close() {
      const engineToClose = owned;
      owned = null;
      unavailable = true;
      if (engineToClose) await engineToClose.close();
    },
  };
}
