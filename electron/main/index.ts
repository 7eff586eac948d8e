// Electron entry: app lifecycle and wiring only. The pieces it composes live in testable modules.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { app, BrowserWindow, dialog, ipcMain, protocol, safeStorage, shell } from 'electron';

import type { CarretaApp } from '../app';
import { createApp } from '../app';
import type { HostAdapter } from '../app/host';
import type { Logger } from '../app/logger';
import { consoleLogger } from '../app/logger';
import { openJsonStore } from '../app/stores/json-file';
import { StartupNotices } from '../app/stores/notices';
import { openSecretStore, usesFixedKey } from '../app/stores/secrets';
import { openSettingsStore } from '../app/stores/settings';
import { createEmbeddedDemo } from '../sandbox/embedded';
import { rendererCsp } from '../shared/csp';
import { createCrashHandler } from './crash-restart';
import { createFilePicker } from './dialogs';
import { createFileLogger } from './file-logger';
import { hardenEveryWebContents } from './hardening';
import { createElectronPrinter, createFileSaver } from './printing';
import { createSenderCheck, forwardEvents, registerIpc } from './ipc';
import {
  APP_ORIGIN,
  APP_SCHEME,
  APP_START_URL,
  appSchemePrivileges,
  createAppProtocolHandler,
} from './protocol';
import { createMainWindow, installApplicationMenu } from './window';

// Must happen before `ready`: only then does app:// get a real origin, fetch and secure-context APIs.
protocol.registerSchemesAsPrivileged([appSchemePrivileges]);

const mainDir = dirname(fileURLToPath(import.meta.url));
// Only a development run loads the Vite dev server: an installed app ignores the variable, so no
// environment can point the packaged window (and its IPC sender check) at another origin.
const devServerUrl = app.isPackaged ? undefined : process.env.VITE_DEV_SERVER_URL;
const allowedOrigin = devServerUrl ? new URL(devServerUrl).origin : APP_ORIGIN;

let logger: Logger = consoleLogger;
let mainWindow: BrowserWindow | null = null;
let carreta: CarretaApp | null = null;

// The main process holds the outbox and the cache: after an uncaught exception its state is
// unknown, so the error is logged and the app starts again clean (crash-restart.ts), never more than
// a few times in a row. A rejected promise is logged: the awaiting code has already been told.
process.on(
  'uncaughtException',
  createCrashHandler({
    logger: () => logger,
    args: process.argv.slice(1),
    dispose: async () => {
      const running = carreta;
      carreta = null;
      await running?.dispose();
    },
    relaunch: (args) => app.relaunch({ args }),
    exit: (code) => app.exit(code),
    showError: (title, message) => dialog.showErrorBox(title, message),
    logFolder: () => join(app.getPath('userData'), 'logs'),
  }),
);
process.on('unhandledRejection', (reason) => logger.error('unhandled rejection', reason));

function focusMainWindow(): void {
  if (!mainWindow || mainWindow.isDestroyed()) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

function openMainWindow(allowedOrigin: string, userDataDir: string): void {
  mainWindow = createMainWindow({
    preloadPath: join(mainDir, '..', 'preload', 'index.cjs'),
    startUrl: devServerUrl ?? APP_START_URL,
    allowedOrigin,
    stateStore: openJsonStore({ name: 'window-state', cwd: userDataDir, logger }),
    logger,
  });
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
}

async function start(): Promise<void> {
  const userDataDir = app.getPath('userData');
  logger = createFileLogger(join(userDataDir, 'logs'), app.isPackaged ? null : consoleLogger);
  logger.info(`Carreta ${app.getVersion()} starting (${process.platform})`);
  if (usesFixedKey(safeStorage)) logger.warn('safeStorage uses basic_text (no keyring): secrets are refused');

  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({ root: join(app.getAppPath(), 'dist'), csp: rendererCsp }),
  );

  const notices = new StartupNotices();
  const secrets = openSecretStore(userDataDir, safeStorage, logger, notices);
  const printer = createElectronPrinter((options) => new BrowserWindow(options));
  const host: HostAdapter = {
    kind: 'electron',
    version: app.getVersion(),
    platform: process.platform,
    userDataDir,
    settings: openSettingsStore(userDataDir, logger, notices),
    secrets,
    notices,
    logger,
    pickFile: createFilePicker(dialog, () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : null)),
    saveFile: createFileSaver(dialog, () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : null)),
    printer,
    // Demonstração's local sandbox prints its PDFs with the window's printToPDF, as the app does
    // (the engine stays the printer's to close).
    demo: createEmbeddedDemo({
      userDataDir,
      logger,
      secrets,
      pdfEngine: {
        htmlToPdf: async (html) => new Uint8Array(await printer.toPdf(html)),
        close: async () => undefined,
      },
    }),
  };
  carreta = await createApp(host);

  const ownContents = () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents : null);
  registerIpc(ipcMain, carreta.dispatch, createSenderCheck(ownContents, allowedOrigin), logger);
  forwardEvents(carreta.events, ownContents);

  installApplicationMenu(() => mainWindow);
  openMainWindow(allowedOrigin, userDataDir);
}

if (!app.requestSingleInstanceLock()) {
  // Two instances would race on the same cache and outbox: the second one just hands over.
  app.quit();
} else {
  app.setAppUserModelId('br.com.carreta.app');
  // Every window and session Chromium makes gets the locks, the print window's included.
  hardenEveryWebContents(app, {
    allowedOrigin,
    openExternal: (url) => shell.openExternal(url),
    logger: {
      info: (message, ...rest) => logger.info(message, ...rest),
      warn: (message, ...rest) => logger.warn(message, ...rest),
      error: (message, ...rest) => logger.error(message, ...rest),
    },
  });
  app.on('second-instance', focusMainWindow);
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', (event) => {
    const running = carreta;
    if (!running) return;
    // Hold the quit until the services close (SQLite checkpoint, local sandbox), but never hang on it.
    carreta = null;
    event.preventDefault();
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, 5000).unref());
    Promise.race([running.dispose(), timeout])
      .catch((error: unknown) => logger.error('dispose failed', error))
      .finally(() => app.quit());
  });
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      logger.error('startup failed', error);
      dialog.showErrorBox(
        'Carreta não pôde ser aberto',
        'Ocorreu um erro ao iniciar o aplicativo. Feche e abra novamente; se persistir, fale com o suporte ' +
          `e informe o arquivo de registro em ${join(app.getPath('userData'), 'logs')}.\n\n` +
          (error instanceof Error ? error.message : String(error)),
      );
      app.quit();
    });
}
