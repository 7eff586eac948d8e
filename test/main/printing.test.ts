import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => {
  const { fakeElectron: fake } = await import('./fake-electron');
  return { ...fake, default: fake };
});

const { createElectronPrinter, createFileSaver } = await import('../../electron/main/printing');
const { renderDocumentHtml } = await import('../../electron/documents/render');
const { cteXml, nfeKey } = await import('../documents/fixtures');

type PrintCallback = (success: boolean, reason: string) => void;

/** A hidden window that records what printing asks of it. */
function fakeWindowFactory(printAnswer: [boolean, string] = [true, '']) {
  const created: {
    options: BrowserWindowConstructorOptions;
    calls: unknown[][];
    destroyed: boolean;
    /** What each loaded file held when the window loaded it. */
    loaded: { file: string; html: string }[];
  }[] = [];
  const factory = (options: BrowserWindowConstructorOptions) => {
    const record = {
      options,
      calls: [] as unknown[][],
      destroyed: false,
      loaded: [] as { file: string; html: string }[],
    };
    created.push(record);
    let requestFilter: ((d: { url: string }, cb: (r: { cancel: boolean }) => void) => void) | undefined;
    const ask = (url: string) =>
      requestFilter?.({ url }, (r) => record.calls.push(['request', url, r.cancel]));
    const webContents = {
      setWindowOpenHandler: (h: unknown) => record.calls.push(['setWindowOpenHandler', h]),
      on: (name: string) => record.calls.push(['on', name]),
      session: {
        setPermissionRequestHandler: (h: unknown) => record.calls.push(['permissionRequest', h]),
        setPermissionCheckHandler: (h: unknown) => record.calls.push(['permissionCheck', h]),
        webRequest: {
          onBeforeRequest: (h: (d: { url: string }, cb: (r: { cancel: boolean }) => void) => void) => {
            requestFilter = h;
            for (const url of ['data:text/html,x', 'https://example.com/x.png']) ask(url);
          },
        },
      },
      print: (options: unknown, cb: PrintCallback) => {
        record.calls.push(['print', options]);
        cb(...printAnswer);
      },
      printToPDF: (options: unknown) => {
        record.calls.push(['printToPDF', options]);
        return Promise.resolve(Buffer.from('%PDF-1.4 fake'));
      },
      getPrintersAsync: () =>
        Promise.resolve([{ name: 'HP_1', displayName: 'HP LaserJet', isDefault: true, description: '' }]),
    };
    return {
      webContents,
      loadURL: (url: string) => {
        record.calls.push(['loadURL', url]);
        return Promise.resolve();
      },
      loadFile: (file: string) => {
        record.calls.push(['loadFile', file]);
        record.loaded.push({ file, html: readFileSync(file, 'utf8') });
        // Chromium asks the session for the page itself and for anything else the page names.
        ask(pathToFileURL(file).href);
        ask(pathToFileURL(path.join(path.dirname(file), '..', 'outro.html')).href);
        return Promise.resolve();
      },
      isDestroyed: () => record.destroyed,
      destroy: () => (record.destroyed = true),
    } as unknown as BrowserWindow;
  };
  return { created, factory };
}

describe('Electron printing', () => {
  it('uses one hidden, sandboxed window without JavaScript, preload or network', async () => {
    const { created, factory } = fakeWindowFactory();
    const printer = createElectronPrinter(factory);
    await printer.toPdf('<p>um</p>');
    await printer.toPdf('<p>dois</p>');
    expect(created).toHaveLength(1);
    const prefs = created[0].options.webPreferences!;
    expect(created[0].options.show).toBe(false);
    // Every member literally: no preload, no JavaScript, its own session.
    expect(prefs).toStrictEqual({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      javascript: false,
      webSecurity: true,
      images: true,
      spellcheck: false,
      partition: 'carreta-print',
    });
    expect(created[0].calls).toContainEqual(['request', 'data:text/html,x', false]);
    expect(created[0].calls).toContainEqual(['request', 'https://example.com/x.png', true]);
    expect(created[0].loaded.map((l) => l.html)).toEqual(['<p>um</p>', '<p>dois</p>']);
    // Its own session grants no web permission.
    const handler = <T>(name: string) => created[0].calls.find((c) => c[0] === name)?.[1] as T;
    const granted: boolean[] = [];
    handler<(c: unknown, p: string, cb: (ok: boolean) => void) => void>('permissionRequest')(
      {},
      'media',
      (ok) => granted.push(ok),
    );
    expect(granted).toEqual([false]);
    expect(handler<() => boolean>('permissionCheck')()).toBe(false);
  });

  it('loads the printout from a temporary file, never a data: URL; only that file is let through; the file goes away', async () => {
    const { created, factory } = fakeWindowFactory();
    const tempDir = mkdtempSync(path.join(os.tmpdir(), 'carreta-print-test-'));
    const printer = createElectronPrinter(factory, { tempDir: () => tempDir });
    await printer.toPdf('<p>x</p>');
    const calls = created[0].calls;
    expect(calls.some((c) => c[0] === 'loadURL')).toBe(false);
    const file = String(calls.find((c) => c[0] === 'loadFile')?.[1]);
    expect(file.startsWith(tempDir)).toBe(true);
    expect(calls).toContainEqual(['request', pathToFileURL(file).href, false]);
    const other = pathToFileURL(path.join(path.dirname(file), '..', 'outro.html')).href;
    expect(calls).toContainEqual(['request', other, true]);
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(tempDir)).toEqual([]);
  });

  it('prints a CT-e with 2,000 NF-e keys and a logo (far past the 2 MB data: URL limit) in one job', async () => {
    const logo = `data:image/png;base64,${Buffer.alloc(900_000, 7).toString('base64')}`;
    const { html } = renderDocumentHtml(cteXml(2000, 50), { logoDataUrl: logo });
    expect(encodeURIComponent(html).length).toBeGreaterThan(2 * 1024 * 1024);
    const { created, factory } = fakeWindowFactory();
    const printer = createElectronPrinter(factory);
    expect(await printer.print(html, { deviceName: 'HP_1' })).toBe(true);
    const loaded = created[0].loaded;
    expect(loaded).toHaveLength(1);
    expect(loaded[0]?.html).toBe(html);
    const printed = new Set(loaded[0]?.html.match(/3524061234567800019955001\d{9}1\d{8}/g));
    expect(Array.from({ length: 2000 }, (_, i) => printed.has(nfeKey(i + 1))).every(Boolean)).toBe(true);
    expect(created[0].calls.filter((c) => c[0] === 'print')).toHaveLength(1);
    expect(existsSync(String(loaded[0]?.file))).toBe(false);
  });

  it('printToPDF with A4, backgrounds and the CSS page size', async () => {
    const { created, factory } = fakeWindowFactory();
    const pdf = await createElectronPrinter(factory).toPdf('<p>x</p>');
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    expect(created[0].calls).toContainEqual([
      'printToPDF',
      { pageSize: 'A4', printBackground: true, preferCSSPageSize: true },
    ]);
  });

  it('prints silently to a named printer, or through the dialog', async () => {
    const { created, factory } = fakeWindowFactory();
    const printer = createElectronPrinter(factory);
    expect(await printer.print('<p>x</p>', { deviceName: 'HP_1' })).toBe(true);
    expect(await printer.print('<p>x</p>', {})).toBe(true);
    const prints = created[0].calls.filter((c) => c[0] === 'print').map((c) => c[1]);
    expect(prints).toEqual([
      { silent: true, printBackground: true, deviceName: 'HP_1' },
      { silent: false, printBackground: true },
    ]);
    expect(await printer.listPrinters()).toEqual([
      { name: 'HP_1', displayName: 'HP LaserJet', isDefault: true },
    ]);
    await printer.close?.();
    expect(created[0].destroyed).toBe(true);
  });

  it('a cancelled dialog is not an error; a printer failure is, in Portuguese', async () => {
    expect(await createElectronPrinter(fakeWindowFactory([false, 'cancelled']).factory).print('x', {})).toBe(
      false,
    );
    const failing = createElectronPrinter(fakeWindowFactory([false, 'Printer offline']).factory);
    await expect(failing.print('x', { deviceName: 'HP_1' })).rejects.toMatchObject({
      code: 'print_failed',
      detail: 'Printer offline',
    });
    // The queue goes on after a failure.
    await expect(failing.toPdf('y')).resolves.toBeInstanceOf(Buffer);
  });

  it('save dialog writes the bytes where the user chose, or nothing when cancelled', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'carreta-save-'));
    const target = path.join(dir, 'dacte.pdf');
    let answer = { canceled: false, filePath: target };
    const dialog = { showSaveDialog: vi.fn(() => Promise.resolve(answer)) };
    const save = createFileSaver(dialog as never, () => null);
    const options = { title: 'Salvar PDF', defaultName: 'a.pdf', filters: [] };
    expect(await save(options, Buffer.from('%PDF'))).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe('%PDF');
    expect(dialog.showSaveDialog).toHaveBeenCalledWith({
      title: 'Salvar PDF',
      defaultPath: 'a.pdf',
      filters: [],
    });
    answer = { canceled: true, filePath: '' };
    expect(await save(options, Buffer.from('x'))).toBeNull();
  });
});
