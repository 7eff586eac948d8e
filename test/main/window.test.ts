import { beforeEach, describe, expect, it, vi } from 'vitest';

import { silentLogger } from '../../electron/app/logger';
import type { JsonStore } from '../../electron/app/stores/json-file';
import { FakeBrowserWindow, fakeElectron } from './fake-electron';

vi.mock('electron', async () => {
  const { fakeElectron: fake } = await import('./fake-electron');
  return { ...fake, default: fake };
});

const { createMainWindow, installApplicationMenu, secureWebPreferences } =
  await import('../../electron/main/window');

function memoryStore(initial: Record<string, unknown> = {}): JsonStore & { data: Record<string, unknown> } {
  const data = { ...initial };
  return {
    data,
    path: 'memory',
    get: (key) => data[key],
    set: (key, value) => void (data[key] = value),
    delete: (key) => void delete data[key],
    has: (key) => key in data,
  };
}

function open(store = memoryStore()) {
  createMainWindow({
    preloadPath: '/app/dist-electron/preload/index.cjs',
    startUrl: 'app://carreta/index.html',
    allowedOrigin: 'app://carreta',
    stateStore: store,
    logger: silentLogger,
  });
  return FakeBrowserWindow.instances.at(-1)!;
}

beforeEach(() => {
  FakeBrowserWindow.instances = [];
  vi.clearAllMocks();
});

describe('main window', () => {
  it('uses sandboxed, isolated web preferences with the preload', () => {
    const win = open();
    const prefs = win.options.webPreferences as Record<string, unknown>;
    // Every member literally: a flipped or added option (nodeIntegrationInSubFrames,
    // navigateOnDragDrop, a removed sandbox…) turns this red.
    expect(prefs).toStrictEqual({
      preload: '/app/dist-electron/preload/index.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: true,
    });
    expect(secureWebPreferences('x').preload).toBe('x');
    expect(win.loadedUrl).toBe('app://carreta/index.html');
  });

  it('denies every permission request and check', () => {
    const { session } = open().webContents;
    const callback = vi.fn();
    session.requestHandler!({}, 'media', callback, {});
    session.requestHandler!({}, 'notifications', callback, {});
    expect(callback.mock.calls).toEqual([[false], [false]]);
    expect(session.checkHandler!({}, 'clipboard-read', 'app://carreta', {})).toBe(false);
  });

  it('blocks navigation away from our origin (external and file:) and allows our own', () => {
    const { webContents } = open();
    expect(webContents.fire('will-navigate', 'https://example.com/')).toBe(true);
    expect(webContents.fire('will-navigate', 'file:///C:/Users/x/evil.html')).toBe(true);
    expect(webContents.fire('will-redirect', 'http://example.com/')).toBe(true);
    expect(webContents.fire('will-navigate', 'app://carreta/index.html#/inbox')).toBe(false);
    expect(webContents.fire('will-attach-webview', 'app://carreta/index.html')).toBe(true);
  });

  it('never opens a window; https links go to the system browser', () => {
    const { webContents } = open();
    expect(webContents.windowOpenHandler!({ url: 'https://nuvemfiscal.com.br/' })).toEqual({
      action: 'deny',
    });
    expect(fakeElectron.shell.openExternal).toHaveBeenCalledWith('https://nuvemfiscal.com.br/');
    expect(webContents.windowOpenHandler!({ url: 'file:///C:/x' })).toEqual({ action: 'deny' });
    expect(fakeElectron.shell.openExternal).toHaveBeenCalledTimes(1);
  });

  it('restores a visible saved position and maximized state, and saves on close', () => {
    const store = memoryStore({ window: { x: 100, y: 50, width: 1100, height: 750, maximized: true } });
    const win = open(store);
    expect(win.options).toMatchObject({ x: 100, y: 50, width: 1100, height: 750 });
    win.emit('ready-to-show');
    expect(win.maximized).toBe(true);
    win.emit('close');
    expect(store.data.window).toEqual({ x: 10, y: 20, width: 1000, height: 700, maximized: true });
  });

  it('drops a saved position that is on no display any more', () => {
    const store = memoryStore({ window: { x: 4000, y: 50, width: 1100, height: 750, maximized: false } });
    const win = open(store);
    expect(win.options).toMatchObject({ width: 1100, height: 750 });
    expect(win.options.x).toBeUndefined();
  });
});

describe('application menu', () => {
  type Item = { label?: string; role?: string; submenu?: Item[] };
  function menu(isPackaged: boolean): Item[] {
    fakeElectron.app.isPackaged = isPackaged;
    installApplicationMenu(() => null);
    return fakeElectron.Menu.setApplicationMenu.mock.calls.at(-1)![0] as Item[];
  }

  it('is in Portuguese and hides developer tools when packaged', () => {
    const packaged = menu(true);
    expect(packaged.map((item) => item.label)).toEqual(['Arquivo', 'Editar', 'Exibir', 'Janela', 'Ajuda']);
    const edit = packaged[1].submenu!.filter((item) => item.label).map((item) => item.label);
    expect(edit).toEqual(['Desfazer', 'Refazer', 'Recortar', 'Copiar', 'Colar', 'Selecionar tudo']);
    expect(packaged[0].submenu).toEqual([{ role: 'quit', label: 'Sair' }]);
    expect(JSON.stringify(packaged)).not.toContain('toggleDevTools');
    expect(JSON.stringify(menu(false))).toContain('toggleDevTools');
    expect(packaged[4].submenu![0].label).toBe('Sobre o Carreta');
  });
});
