import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { EventBus } from '../../electron/app/events';
import type { HostAdapter } from '../../electron/app/host';
import { RESTART_FLAG } from '../../electron/main/crash-restart';
import { commandChannels } from '../../electron/shared/channels';
import { rendererCsp } from '../../electron/shared/csp';
import { projectRoot } from '../support/shared';
// One fake shared across vi.resetModules(): each boot re-imports the entry, never the fake.
const { FakeBrowserWindow, FakeWebContents, fakeElectron } = await vi.hoisted(
  async () => import('./fake-electron'),
);

vi.mock('electron', () => ({ ...fakeElectron, default: fakeElectron }));

const created = vi.hoisted(() => ({ hosts: [] as unknown[], apps: [] as unknown[] }));
const failNext = vi.hoisted(() => ({ value: false }));
// The composition root is tested on its own; here only the shell's wiring around it matters.
vi.mock('../../electron/app', () => ({
  createApp: vi.fn(async (host: unknown) => {
    created.hosts.push(host);
    if (failNext.value) {
      failNext.value = false;
      throw new Error('disco cheio');
    }
    const dispatch = vi.fn(async () => ({ ok: true, data: null }));
    const app = { dispatch, events: new EventBus(), context: {}, dispose: vi.fn(async () => {}) };
    created.apps.push(app);
    return app;
  }),
}));

const dir = mkdtempSync(join(tmpdir(), 'carreta-main-'));
mkdirSync(join(dir, 'app', 'dist'), { recursive: true });
writeFileSync(join(dir, 'app', 'dist', 'index.html'), '<!doctype html><title>Carreta</title>');
const processListeners = {
  uncaughtException: process.listeners('uncaughtException'),
  unhandledRejection: process.listeners('unhandledRejection'),
};

async function boot(lockGranted: boolean): Promise<void> {
  vi.resetModules();
  vi.clearAllMocks();
  created.hosts = [];
  created.apps = [];
  FakeBrowserWindow.instances = [];
  fakeElectron.app.handlers.clear();
  Object.assign(fakeElectron.app, {
    lockGranted,
    userData: join(dir, 'userData'),
    appPath: join(dir, 'app'),
  });
  await import('../../electron/main/index');
  // Let whenReady().then(start) run to the end.
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

function restoreProcessListeners(): void {
  for (const listener of process.listeners('uncaughtException')) {
    if (!processListeners.uncaughtException.includes(listener))
      process.removeListener('uncaughtException', listener);
  }
  for (const listener of process.listeners('unhandledRejection')) {
    if (!processListeners.unhandledRejection.includes(listener))
      process.removeListener('unhandledRejection', listener);
  }
}

beforeEach(() => restoreProcessListeners());
afterAll(() => {
  restoreProcessListeners();
  rmSync(dir, { recursive: true, force: true });
});

describe('main entry', () => {
  it('registers app:// as privileged before ready and serves it with the CSP once ready', async () => {
    await boot(true);
    expect(fakeElectron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    const order = (fn: { mock: { invocationCallOrder: number[] } }) => fn.mock.invocationCallOrder[0];
    expect(order(fakeElectron.protocol.registerSchemesAsPrivileged)).toBeLessThan(
      order(fakeElectron.app.whenReady),
    );
    expect(fakeElectron.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    const handler = fakeElectron.protocol.handle.mock.calls[0][1] as (request: Request) => Promise<Response>;
    const html = await handler(new Request('app://carreta/index.html'));
    expect(html.status).toBe(200);
    expect(html.headers.get('content-security-policy')).toBe(rendererCsp);
    expect((await handler(new Request('app://carreta/..%2f..%2fpackage.json'))).status).toBe(404);
  });

  it('builds the electron host, registers every command channel and opens the window', async () => {
    await boot(true);
    expect(created.hosts).toHaveLength(1);
    expect(created.hosts[0]).toMatchObject({
      kind: 'electron',
      version: '0.1.0',
      platform: process.platform,
      userDataDir: join(dir, 'userData'),
    });
    // Demonstração is the shell's plug-in: the embedded sandbox is composed here, not in the app.
    const { demo } = created.hosts[0] as HostAdapter;
    expect(demo?.url()).toBeNull();
    expect(demo?.logo().subarray(1, 4).toString('latin1')).toBe('PNG');
    const channels = fakeElectron.ipcMain.handle.mock.calls.map((call) => call[0]);
    expect(channels.sort()).toEqual([...commandChannels].sort());
    expect(FakeBrowserWindow.instances).toHaveLength(1);
    const win = FakeBrowserWindow.instances[0];
    expect(win.loadedUrl).toBe('app://carreta/index.html');
    const prefs = win.options.webPreferences as { preload: string };
    // Resolved next to the main bundle: dist-electron/main → dist-electron/preload.
    expect(prefs.preload).toBe(join(projectRoot, 'electron', 'preload', 'index.cjs'));
  });

  it('opens the shared settings store in userData (damaged file: notice) and seals secrets with safeStorage', async () => {
    const userData = join(dir, 'userData');
    mkdirSync(userData, { recursive: true });
    writeFileSync(join(userData, 'settings.json'), '{"settings": ');
    await boot(true);
    const host = created.hosts[0] as HostAdapter;
    expect(host.settings.get().environment).toBe('demonstracao');
    expect(host.notices?.take()).toEqual([
      expect.objectContaining({
        severity: 'warn',
        summary: 'O arquivo de configurações estava danificado',
        detail: expect.stringContaining(join(userData, 'settings.corrupt.json')),
      }),
    ]);
    host.settings.update({ environment: 'sandbox' });
    expect(JSON.parse(readFileSync(join(userData, 'settings.json'), 'utf8'))).toMatchObject({
      settings: { environment: 'sandbox' },
    });
    // The fake safeStorage has no encryption: nothing is written in clear text.
    await expect(host.secrets.set('nuvemfiscal.client_secret', 'x')).rejects.toMatchObject({
      code: 'secrets_unavailable',
    });
    rmSync(join(userData, 'settings.json'));
  });

  it('wires IPC to our window: its main frame is served, another sender is refused', async () => {
    await boot(true);
    const win = FakeBrowserWindow.instances[0];
    const [, listener] = fakeElectron.ipcMain.handle.mock.calls.find((call) => call[0] === 'app:info')!;
    const invoke = listener as (event: unknown, input: unknown) => Promise<unknown>;
    const { dispatch } = created.apps[0] as { dispatch: ReturnType<typeof vi.fn> };
    expect(await invoke({ sender: win.webContents, senderFrame: win.webContents.mainFrame }, {})).toEqual({
      ok: true,
      data: null,
    });
    const stranger = { url: 'app://carreta/index.html', parent: null };
    expect(await invoke({ sender: {}, senderFrame: stranger }, {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(dispatch).toHaveBeenCalledTimes(1);
  });

  it('a packaged app ignores VITE_DEV_SERVER_URL; a development run uses it', async () => {
    const wasPackaged = fakeElectron.app.isPackaged;
    vi.stubEnv('VITE_DEV_SERVER_URL', 'http://127.0.0.1:5173/');
    try {
      fakeElectron.app.isPackaged = true;
      await boot(true);
      expect(FakeBrowserWindow.instances[0].loadedUrl).toBe('app://carreta/index.html');
      fakeElectron.app.isPackaged = false;
      await boot(true);
      expect(FakeBrowserWindow.instances[0].loadedUrl).toBe('http://127.0.0.1:5173/');
    } finally {
      vi.unstubAllEnvs();
      fakeElectron.app.isPackaged = wasPackaged;
    }
  });

  it('focuses the existing window on a second launch', async () => {
    await boot(true);
    const win = FakeBrowserWindow.instances[0];
    win.minimized = true;
    fakeElectron.app.handlers.get('second-instance')!();
    expect(win.minimized).toBe(false);
    expect(win.focused).toBe(1);
  });

  it('quits at once when another instance holds the lock', async () => {
    await boot(false);
    expect(fakeElectron.app.quit).toHaveBeenCalled();
    expect(fakeElectron.app.whenReady).not.toHaveBeenCalled();
    expect(FakeBrowserWindow.instances).toHaveLength(0);
  });

  it('closes the services before quitting', async () => {
    await boot(true);
    const app = created.apps[0] as { dispose: ReturnType<typeof vi.fn> };
    const event = { preventDefault: vi.fn() };
    fakeElectron.app.handlers.get('before-quit')!(event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(app.dispose).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(fakeElectron.app.quit).toHaveBeenCalledTimes(1));
    // The second before-quit (from that app.quit) goes through.
    const second = { preventDefault: vi.fn() };
    fakeElectron.app.handlers.get('before-quit')!(second);
    expect(second.preventDefault).not.toHaveBeenCalled();
    expect(app.dispose).toHaveBeenCalledTimes(1);
  });

  it('tells the user in Portuguese and quits when startup fails', async () => {
    failNext.value = true;
    await boot(true);
    expect(fakeElectron.dialog.showErrorBox).toHaveBeenCalledWith(
      'Carreta não pôde ser aberto',
      expect.stringContaining('disco cheio'),
    );
    expect(fakeElectron.app.quit).toHaveBeenCalled();
    expect(FakeBrowserWindow.instances).toHaveLength(0);
  });

  const crashHandler = () => {
    const added = process
      .listeners('uncaughtException')
      .filter((listener) => !(processListeners.uncaughtException as unknown[]).includes(listener));
    expect(added).toHaveLength(1);
    return added[0]!;
  };

  it('after an uncaught exception: closes the services, relaunches with a restart count, exits', async () => {
    await boot(true);
    const app = created.apps[0] as { dispose: ReturnType<typeof vi.fn> };
    expect(() => crashHandler()(new Error('estado desconhecido'), 'uncaughtException')).not.toThrow();
    await vi.waitFor(() => expect(fakeElectron.app.exit).toHaveBeenCalledWith(0));
    expect(app.dispose).toHaveBeenCalledTimes(1);
    expect(fakeElectron.app.relaunch).toHaveBeenCalledTimes(1);
    const [{ args }] = fakeElectron.app.relaunch.mock.calls[0] as [{ args: string[] }];
    expect(args.filter((a) => a.startsWith(RESTART_FLAG))).toEqual([
      expect.stringMatching(/^--carreta-crash-restarts=1:\d+$/),
    ]);
    // The quit handlers do not dispose a second time.
    fakeElectron.app.handlers.get('before-quit')!({ preventDefault: vi.fn() });
    expect(app.dispose).toHaveBeenCalledTimes(1);
  });

  it('after the third restart in a few minutes it stays closed and says so in Portuguese', async () => {
    const argv = process.argv;
    process.argv = [...argv, `${RESTART_FLAG}3:${Date.now() - 60_000}`];
    try {
      await boot(true);
    } finally {
      process.argv = argv;
    }
    crashHandler()(new Error('de novo'), 'uncaughtException');
    await vi.waitFor(() => expect(fakeElectron.app.exit).toHaveBeenCalledWith(1));
    expect(fakeElectron.app.relaunch).not.toHaveBeenCalled();
    expect(fakeElectron.dialog.showErrorBox).toHaveBeenCalledWith(
      'O Carreta foi fechado',
      expect.stringContaining('já foi reiniciado 3 vezes em poucos minutos'),
    );
  });

  it('hardens every web contents and session Electron creates, not only the main window', async () => {
    await boot(true);
    const contents = new FakeWebContents();
    fakeElectron.app.handlers.get('web-contents-created')!({}, contents);
    expect(contents.fire('will-navigate', 'https://pagina-maliciosa.example/')).toBe(true);
    expect(contents.fire('will-redirect', 'https://pagina-maliciosa.example/')).toBe(true);
    expect(contents.fire('will-navigate', 'app://carreta/index.html')).toBe(false);
    expect(contents.fire('will-attach-webview', 'app://carreta/index.html')).toBe(true);
    expect(contents.windowOpenHandler!({ url: 'https://pagina-maliciosa.example/' })).toEqual({
      action: 'deny',
    });
    const granted: boolean[] = [];
    contents.session.requestHandler!({}, 'media', (ok: boolean) => granted.push(ok));
    expect(granted).toEqual([false]);
    expect(contents.session.checkHandler!({}, 'notifications')).toBe(false);
    // A session made for another partition (the print window's 'carreta-print').
    const session = new FakeWebContents().session;
    fakeElectron.app.handlers.get('session-created')!(session);
    expect(session.checkHandler!({}, 'geolocation')).toBe(false);
  });
});
