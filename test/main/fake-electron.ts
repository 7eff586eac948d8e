// A stand-in for the parts of the 'electron' module the shell uses: there is no Electron binary on
// the build machine. It records what the code under test asks of Electron.
import { vi } from 'vitest';

type Handler = (...args: unknown[]) => unknown;

export class FakeWebContents {
  readonly handlers = new Map<string, Handler[]>();
  windowOpenHandler: Handler | null = null;
  readonly session = {
    requestHandler: null as Handler | null,
    checkHandler: null as Handler | null,
    setPermissionRequestHandler(handler: Handler) {
      this.requestHandler = handler;
    },
    setPermissionCheckHandler(handler: Handler) {
      this.checkHandler = handler;
    },
  };
  readonly mainFrame = { url: 'app://carreta/index.html', parent: null };

  on(event: string, handler: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  setWindowOpenHandler(handler: Handler): void {
    this.windowOpenHandler = handler;
  }
  /** Runs every listener of `event`; returns whether one of them called preventDefault. */
  fire(event: string, url: string): boolean {
    let prevented = false;
    const payload = { url, preventDefault: () => (prevented = true) };
    for (const handler of this.handlers.get(event) ?? []) handler(payload, url);
    return prevented;
  }
  isDestroyed(): boolean {
    return false;
  }
  send(): void {}
}

export class FakeBrowserWindow {
  static instances: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  readonly handlers = new Map<string, Handler[]>();
  loadedUrl: string | null = null;
  maximized = false;

  constructor(readonly options: Record<string, unknown>) {
    FakeBrowserWindow.instances.push(this);
  }
  on(event: string, handler: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  once(event: string, handler: Handler): this {
    return this.on(event, handler);
  }
  emit(event: string): void {
    for (const handler of this.handlers.get(event) ?? []) handler();
  }
  async loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
  }
  maximize(): void {
    this.maximized = true;
  }
  show(): void {}
  focused = 0;
  minimized = false;
  focus(): void {
    this.focused++;
  }
  restore(): void {
    this.minimized = false;
  }
  isDestroyed(): boolean {
    return false;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isFullScreen(): boolean {
    return false;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  getNormalBounds() {
    return { x: 10, y: 20, width: 1000, height: 700 };
  }
}

const appHandlers = new Map<string, Handler>();

export const fakeElectron = {
  app: {
    isPackaged: true,
    userData: '/nonexistent',
    appPath: '/nonexistent',
    lockGranted: true,
    handlers: appHandlers,
    getVersion: () => '0.1.0',
    getPath(_name: string) {
      return this.userData;
    },
    getAppPath() {
      return this.appPath;
    },
    requestSingleInstanceLock() {
      return this.lockGranted;
    },
    quit: vi.fn(),
    relaunch: vi.fn(),
    exit: vi.fn(),
    setAppUserModelId: vi.fn(),
    on(event: string, handler: Handler) {
      appHandlers.set(event, handler);
      return this;
    },
    whenReady: vi.fn(async () => {}),
  },
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
  ipcMain: { handle: vi.fn(), removeHandler: vi.fn() },
  safeStorage: {
    isEncryptionAvailable: () => false,
    encryptString: () => Buffer.alloc(0),
    decryptString: () => '',
  },
  BrowserWindow: FakeBrowserWindow,
  screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }] },
  shell: { openExternal: vi.fn(async (_url: string) => {}) },
  dialog: { showMessageBox: vi.fn(async () => ({ response: 0 })), showErrorBox: vi.fn() },
  Menu: { buildFromTemplate: vi.fn((template: unknown) => template), setApplicationMenu: vi.fn() },
};
