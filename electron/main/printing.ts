import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import type {
  BrowserWindow,
  BrowserWindowConstructorOptions,
  Dialog,
  WebContentsPrintOptions,
} from 'electron';

import type { HostPrinter, PrinterAdapter, SaveFileOptions } from '../app/host';
import { AppError } from '../shared/errors';
import { hardenSession } from './hardening';

type WindowFactory = (options: BrowserWindowConstructorOptions) => BrowserWindow;

/**
 * The hidden window that prints: no preload, sandboxed, JavaScript off, its own session that
 * fetches nothing (the printout HTML is self-contained).
 */
export const printWindowOptions: BrowserWindowConstructorOptions = {
  show: false,
  width: 794,
  height: 1123,
  webPreferences: {
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    javascript: false,
    webSecurity: true,
    images: true,
    spellcheck: false,
    partition: 'carreta-print',
  },
};

export const pdfOptions = { pageSize: 'A4', printBackground: true, preferCSSPageSize: true } as const;

/** The request is for the job's own file (Windows paths compare without case, percent-encoding aside). */
export function isJobFile(url: string, allowed: string | null): boolean {
  if (allowed === null || !url.startsWith('file:')) return false;
  const norm = (u: string) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(u);
    } catch {
      return '';
    }
    return process.platform === 'win32' ? decoded.toLowerCase() : decoded;
  };
  const target = norm(url);
  return target !== '' && target === norm(allowed);
}

export interface ElectronPrinterOptions {
  /** Folder for the printout files of the jobs (the OS temp folder by default). */
  tempDir?: () => string;
}

/**
 * Printing and PDF through a hidden BrowserWindow; one job at a time on one warm window.
 *
 * The printout is loaded from a temporary file, not a data: URL: Chromium refuses data: URLs past
 * about 2 MB, which a CT-e with a few hundred NF-e keys and a logo passes. The window's session
 * loads only that one file (and the data: images inside it); the file is removed after the job.
 */
export function createElectronPrinter(
  createWindow: WindowFactory,
  options: ElectronPrinterOptions = {},
): PrinterAdapter {
  let window: BrowserWindow | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  /** The file URL of the job being printed: the only file the print window may load. */
  let allowedUrl: string | null = null;

  const ready = (): BrowserWindow => {
    if (window && !window.isDestroyed()) return window;
    const created = createWindow(printWindowOptions);
    // Its own session ('carreta-print') gets the permission locks too, whatever else hardens it.
    hardenSession(created.webContents.session);
    created.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    created.webContents.on('will-navigate', (event) => event.preventDefault());
    created.webContents.session.webRequest.onBeforeRequest((details, callback) =>
      callback({ cancel: !(details.url.startsWith('data:') || isJobFile(details.url, allowedUrl)) }),
    );
    window = created;
    return created;
  };

  const run = <T>(job: (win: BrowserWindow) => Promise<T>): Promise<T> => {
    const next = queue.then(async () => {
      const win = ready();
      return job(win);
    });
    queue = next.catch(() => undefined);
    return next;
  };

  /** Writes the printout to a fresh temporary folder, loads it, runs `job`, then removes the folder. */
  const withLoaded = async <T>(win: BrowserWindow, html: string, job: () => Promise<T>): Promise<T> => {
    const dir = await mkdtemp(join(options.tempDir?.() ?? tmpdir(), 'carreta-print-'));
    const file = join(dir, 'impressao.html');
    try {
      await writeFile(file, html, 'utf8');
      allowedUrl = pathToFileURL(file).href;
      await win.loadFile(file);
      return await job();
    } finally {
      allowedUrl = null;
      await rm(dir, { recursive: true, force: true });
    }
  };

  return {
    canPrint: true,
    async listPrinters(): Promise<HostPrinter[]> {
      const printers = await ready().webContents.getPrintersAsync();
      return printers.map((p) => ({
        name: p.name,
        displayName: p.displayName || p.name,
        isDefault: Boolean((p as { isDefault?: boolean }).isDefault),
      }));
    },
    print: (html, { deviceName }) =>
      run((win) =>
        withLoaded(win, html, () => {
          const printOptions: WebContentsPrintOptions = {
            silent: deviceName !== undefined,
            printBackground: true,
            ...(deviceName !== undefined ? { deviceName } : {}),
          };
          return new Promise<boolean>((resolve, reject) => {
            win.webContents.print(printOptions, (success, failureReason) => {
              if (success) resolve(true);
              else if (/cancel/i.test(failureReason)) resolve(false);
              else
                reject(
                  new AppError(
                    'print_failed',
                    'Não foi possível imprimir. Verifique se a impressora está ligada e conectada.',
                    { detail: failureReason },
                  ),
                );
            });
          });
        }),
      ),
    toPdf: (html) =>
      run((win) =>
        withLoaded(win, html, async () => Buffer.from(await win.webContents.printToPDF(pdfOptions))),
      ),
    async close() {
      await queue;
      if (window && !window.isDestroyed()) window.destroy();
      window = null;
    },
  };
}

/** The native save dialog, writing the bytes in the main process. */
export function createFileSaver(dialog: Pick<Dialog, 'showSaveDialog'>, parent: () => BrowserWindow | null) {
  return async (options: SaveFileOptions, bytes: Buffer): Promise<string | null> => {
    const win = parent();
    const dialogOptions = {
      title: options.title,
      defaultPath: options.defaultName,
      filters: options.filters,
    };
    const result = win
      ? await dialog.showSaveDialog(win, dialogOptions)
      : await dialog.showSaveDialog(dialogOptions);
    if (result.canceled || !result.filePath) return null;
    await writeFile(result.filePath, bytes);
    return result.filePath;
  };
}
