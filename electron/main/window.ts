import type { WebPreferences } from 'electron';
import { app, BrowserWindow, dialog, Menu, screen, shell } from 'electron';

import type { Logger } from '../app/logger';
import { hardenSession } from './hardening';
import type { JsonStore } from '../app/stores/json-file';
import { buildMenuTemplate } from './menu';
import { attachNavigationGuards } from './navigation';
import { loadWindowState, restoreWindowState, saveWindowState } from './window-state';

/** The renderer gets no Node, no Electron internals and the Chromium sandbox. */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
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
  };
}

/** No web permission (camera, notifications, geolocation…) is ever granted to the page. */
export const applySessionPolicy = hardenSession;

export interface MainWindowOptions {
  preloadPath: string;
  startUrl: string;
  allowedOrigin: string;
  stateStore: JsonStore;
  logger: Logger;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const { logger, stateStore } = options;
  const workAreas = screen.getAllDisplays().map((display) => display.workArea);
  const restored = restoreWindowState(loadWindowState(stateStore), workAreas);
  const win = new BrowserWindow({
    ...restored.bounds,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Carreta',
    backgroundColor: '#f5f7fa',
    autoHideMenuBar: false,
    webPreferences: secureWebPreferences(options.preloadPath),
  });
  applySessionPolicy(win.webContents.session);
  attachNavigationGuards(win.webContents, {
    allowedOrigin: options.allowedOrigin,
    openExternal: (url) => shell.openExternal(url),
    logger,
  });
  rememberState(win, stateStore);
  win.once('ready-to-show', () => {
    if (restored.maximized) win.maximize();
    win.show();
  });
  win.webContents.on('render-process-gone', (_event, details) => {
    logger.error(`renderer gone: ${details.reason}`);
  });
  win
    .loadURL(options.startUrl)
    .catch((error: unknown) => logger.error('could not load the interface', error));
  return win;
}

function rememberState(win: BrowserWindow, store: JsonStore): void {
  let timer: NodeJS.Timeout | null = null;
  const save = (): void => {
    if (win.isDestroyed() || win.isMinimized() || win.isFullScreen()) return;
    const bounds = win.getNormalBounds();
    saveWindowState(store, { ...bounds, maximized: win.isMaximized() });
  };
  // Debounced while the user drags, so a crash still keeps the last position.
  const schedule = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, 500);
  };
  win.on('resize', schedule);
  win.on('move', schedule);
  win.on('maximize', schedule);
  win.on('unmaximize', schedule);
  win.on('close', () => {
    if (timer) clearTimeout(timer);
    save();
  });
}

export function installApplicationMenu(getWindow: () => BrowserWindow | null): void {
  const template = buildMenuTemplate({
    isPackaged: app.isPackaged,
    showAbout: () => {
      const message = {
        type: 'info' as const,
        title: 'Sobre o Carreta',
        message: `Carreta ${app.getVersion()}`,
        detail: 'Emissão de CT-e, CT-e OS e DC-e para transportadoras.',
        buttons: ['OK'],
      };
      const parent = getWindow();
      void (parent ? dialog.showMessageBox(parent, message) : dialog.showMessageBox(message));
    },
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
