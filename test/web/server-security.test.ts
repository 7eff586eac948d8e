import net from 'node:net';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { silentLogger } from '../../electron/app/logger';
import { isLoopbackHost } from '../../electron/web/guard';
import { startWebHost } from '../../electron/web/server';
import type { TestHost } from './helpers';
import { invokeRaw, request, startTestHost, testToken } from './helpers';

let host: TestHost;

beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => {
  await host.cleanup();
});

describe('web host: who may call the API', () => {
  it('answers a caller with the right token, Host and Origin', async () => {
    const res = await invokeRaw(host.port, 'app:info', '{}', { origin: `http://127.0.0.1:${host.port}` });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ ok: true });
  });

  it('refuses a missing token with 401', async () => {
    const res = await request(host.port, { method: 'POST', path: '/api/invoke/app:info', body: '{}' });
    expect(res.status).toBe(401);
    expect(res.json()).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect((res.json() as { error: { message: string } }).error.message).toMatch(/token/);
  });

  it('refuses a wrong token, including one of a different length', async () => {
    for (const token of [testToken.replace(/.$/, 'X'), 'short', `${testToken}extra`]) {
      const res = await invokeRaw(host.port, 'app:info', '{}', { 'x-carreta-token': token });
      expect(res.status, token).toBe(401);
    }
  });

  it('refuses the event stream without the token', async () => {
    const res = await request(host.port, { path: '/api/events' });
    expect(res.status).toBe(401);
  });

  it('refuses a foreign Origin (another page in the same browser)', async () => {
    for (const origin of [
      'http://evil.example',
      `http://127.0.0.1:${host.port + 1}`,
      'null',
      `https://127.0.0.1:${host.port}`,
    ]) {
      const res = await invokeRaw(host.port, 'app:info', '{}', { origin });
      expect(res.status, origin).toBe(403);
      expect(res.json()).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
  });

  it('refuses a Host header that is not 127.0.0.1/localhost on our port (DNS rebinding)', async () => {
    for (const hostHeader of [
      'evil.example',
      `evil.example:${host.port}`,
      `127.0.0.1:${host.port + 1}`,
      '127.0.0.1',
    ]) {
      const res = await invokeRaw(host.port, 'app:info', '{}', { host: hostHeader });
      expect(res.status, hostHeader).toBe(403);
    }
    const page = await request(host.port, { path: '/', headers: { host: `evil.example:${host.port}` } });
    expect(page.status).toBe(403);
    const ok = await invokeRaw(host.port, 'app:info', '{}', { host: `localhost:${host.port}` });
    expect(ok.status).toBe(200);
  });
});

describe('web host: binding', () => {
  it('recognizes loopback addresses only', () => {
    for (const value of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])
      expect(isLoopbackHost(value), value).toBe(true);
    for (const value of [
      '0.0.0.0',
      '::',
      '192.168.0.10',
      '10.1.1.1',
      '172.16.0.1',
      'example.com',
      '128.0.0.1',
      '',
    ])
      expect(isLoopbackHost(value), value).toBe(false);
  });

  it('refuses 0.0.0.0 and LAN addresses before listening', async () => {
    const listen = vi.spyOn(net.Server.prototype, 'listen');
    try {
      for (const address of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.5', 'carreta.example']) {
        await expect(
          startWebHost({
            host: address,
            port: 0,
            dataDir: host.dataDir,
            distDir: host.distDir,
            logger: silentLogger,
          }),
          address,
        ).rejects.toThrow(/127\.0\.0\.1/);
      }
      expect(listen).not.toHaveBeenCalled();
    } finally {
      listen.mockRestore();
    }
  });

  it('binds to 127.0.0.1 and reports a loopback URL with a random token', async () => {
    const other = await startWebHost({
      port: 0,
      dataDir: host.dataDir,
      distDir: host.distDir,
      logger: silentLogger,
    });
    try {
      expect(other.url).toBe(`http://127.0.0.1:${other.port}/`);
      expect(other.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(other.token).not.toBe(testToken);
    } finally {
      await other.close();
    }
  });
});
