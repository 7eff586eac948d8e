import { afterEach, describe, expect, it } from 'vitest';

import { silentLogger } from '../../electron/app/logger';
import { startWebHost } from '../../electron/web/server';
import { createWebTransport } from '../../renderer/src/transport-web';
import type { TestHost } from './helpers';
import { startTestHost, testToken } from './helpers';

// The renderer's web transport, run in Node against a real web host: fetch, ReadableStream and
// TextDecoder are the same Web APIs the browser gives it.

function fakeBrowser(origin: string, hash: string) {
  const storage = new Map<string, string>();
  const replaced: string[] = [];
  const location = { origin, hash, pathname: '/', search: '' };
  return {
    location,
    replaced,
    storage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    },
    history: {
      state: null,
      replaceState: (_state: unknown, _title: string, url?: string | URL | null) => {
        replaced.push(String(url));
        location.hash = String(url).slice(String(url).indexOf('#'));
      },
    },
  };
}

const hosts: TestHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.cleanup()));
});

async function host(): Promise<TestHost> {
  const started = await startTestHost();
  hosts.push(started);
  return started;
}

const origin = (port: number) => `http://127.0.0.1:${port}`;

describe('web transport', () => {
  it('takes the token from #token=, keeps it for the tab and leaves #/ in the address bar', async () => {
    const { port } = await host();
    const browser = fakeBrowser(origin(port), `#token=${testToken}`);
    const transport = createWebTransport(browser.location, browser);
    expect(browser.replaced).toEqual(['/#/']);
    expect(browser.storage.getItem('carreta.web.token')).toBe(testToken);
    expect(await transport.invoke('app:info', {})).toMatchObject({ ok: true, data: { host: 'web' } });

    // A reload: no fragment any more, the token comes from sessionStorage.
    const reloaded = createWebTransport(browser.location, browser);
    expect(browser.replaced).toHaveLength(1);
    expect(await reloaded.invoke('settings:get', {})).toMatchObject({ ok: true });
  });

  it('returns the host 401 envelope when the tab has no token', async () => {
    const { port } = await host();
    const browser = fakeBrowser(origin(port), '#/documentos');
    const transport = createWebTransport(browser.location, browser);
    expect(browser.replaced).toEqual([]);
    expect(await transport.invoke('app:info', {})).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' },
    });
  });

  it('resolves a network failure to a Portuguese error envelope instead of throwing', async () => {
    const started = await host();
    const browser = fakeBrowser(origin(started.port), `#token=${testToken}`);
    const transport = createWebTransport(browser.location, browser);
    await started.close();
    const envelope = await transport.invoke('app:info', {});
    expect(envelope).toMatchObject({ ok: false, error: { code: 'host_unreachable' } });
    expect((envelope as { error: { message: string } }).error.message).toMatch(
      /Não foi possível falar com o Carreta/,
    );
  });

  it('multiplexes listeners over one event stream and reconnects after the host restarts', async () => {
    const first = await host();
    const port = first.port;
    // The app subscribes to its own events too (the averbação queue): the page's stream is one more.
    const own = first.app.events['listeners'].size;
    const browser = fakeBrowser(origin(port), `#token=${testToken}`);
    const transport = createWebTransport(browser.location, {
      ...browser,
      backoff: { initialMs: 20, maxMs: 100 },
    });
    const seen: unknown[] = [];
    const notices: unknown[] = [];
    const offA = transport.on('connectivity:changed', (payload) => seen.push(payload));
    const offB = transport.on('app:notice', (payload) => notices.push(payload));
    const payload = { online: true, checkedAt: '2026-01-01T00:00:00.000Z', target: 'sandbox local' };

    await expect.poll(() => first.app.events['listeners'].size).toBe(own + 1);
    first.app.events.emit('connectivity:changed', payload);
    first.app.events.emit('app:notice', { severity: 'info', summary: 'Olá' });
    await expect.poll(() => seen).toEqual([payload]);
    await expect.poll(() => notices).toEqual([{ severity: 'info', summary: 'Olá' }]);

    await first.close();
    const second = await startWebHost({
      port,
      dataDir: first.dataDir,
      distDir: first.distDir,
      token: testToken,
      logger: silentLogger,
    });
    try {
      await expect.poll(() => second.app.events['listeners'].size, { timeout: 5000 }).toBe(own + 1);
      second.app.events.emit('connectivity:changed', { ...payload, online: false });
      await expect.poll(() => seen).toHaveLength(2);

      offA();
      offB();
      await expect.poll(() => second.app.events['listeners'].size).toBe(own);
    } finally {
      await second.close();
    }
  });
});
