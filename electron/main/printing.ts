import { writeFile } from 'node:fs/promises';

import type {
  BrowserWindow,
  BrowserWindowConstructorOptions,
  Dialog,
  WebContentsPrintOptions,
} from 'electron';

import type { HostPrinter, PrinterAdapter, SaveFileOptions } from '../app/host';
import { AppError } from '../shared/errors';

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

/** Printing and PDF through a hidden BrowserWindow; one job at a time on one warm window. */
export function createElectronPrinter(createWindow: WindowFactory): PrinterAdapter {
  let window: BrowserWindow | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const ready = (): BrowserWindow => {
    if (window && !window.isDestroyed()) return window;
    const created = createWindow(printWindowOptions);
    created.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    created.webContents.on('will-navigate', (event) => event.preventDefault());
    created.webContents.session.webRequest.onBeforeRequest((details, callback) =>
      callback({ cancel: !details.url.startsWith('data:') }),
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

  const load = (win: BrowserWindow, html: string) =>
    win.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`);

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
      run(async (win) => {
        await load(win, html);
        const options: WebContentsPrintOptions = {
          silent: deviceName !== undefined,
          printBackground: true,
          ...(deviceName !== undefined ? { deviceName } : {}),
        };
        return new Promise<boolean>((resolve, reject) => {
          win.webContents.print(options, (success, failureReason) => {
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
    toPdf: (html) =>
      run(async (win) => {
        await load(win, html);
        return Buffer.from(await win.webContents.printToPDF(pdfOptions));
      }),
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
