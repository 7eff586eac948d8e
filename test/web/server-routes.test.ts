import http from 'node:http';
import { stat } from 'node:fs/promises';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rendererCsp } from '../../electron/shared/csp';
import type { TestHost } from './helpers';
import { invokeRaw, request, startTestHost, testToken } from './helpers';

let host: TestHost;

beforeAll(async () => {
  host = await startTestHost({ heartbeatMs: 50, bodyLimit: 64 * 1024 });
});
afterAll(async () => {
  await host.cleanup();
});

describe('web host: commands', () => {
  it('round-trips app:info through the shared command table', async () => {
    const res = await invokeRaw(host.port, 'app:info', '{}');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      data: {
        name: 'Carreta',
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        host: 'web',
        platform: process.platform,
        userDataDir: host.dataDir,
        environment: 'demonstracao',
        notices: [],
      },
    });
  });

  it('persists settings:update in the data folder', async () => {
    const res = await invokeRaw(
      host.port,
      'settings:update',
      JSON.stringify({ selectedCompany: '12345678000195' }),
    );
    expect(res.json()).toMatchObject({ ok: true, data: { selectedCompany: '12345678000195' } });
    const again = await invokeRaw(host.port, 'settings:get', '');
    expect(again.json()).toMatchObject({ ok: true, data: { selectedCompany: '12345678000195' } });
  });

  it('answers invalid input with the dispatcher envelope (200, Portuguese message)', async () => {
    const res = await invokeRaw(host.port, 'settings:update', JSON.stringify({ environment: 'marte' }));
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: /Dados inválidos/ },
    });
  });

  it('answers an unknown channel with a 404 envelope', async () => {
    const res = await invokeRaw(host.port, 'cte:explode', '{}');
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({
      ok: false,
      error: { code: 'unknown_command', message: 'Comando desconhecido.' },
    });
  });

  it('answers malformed JSON with a 400 envelope in Portuguese and keeps serving', async () => {
    const res = await invokeRaw(host.port, 'app:info', '{"a": ');
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, error: { code: 'invalid_json', message: /JSON válido/ } });
    expect((await invokeRaw(host.port, 'app:info', '{}')).status).toBe(200);
  });

  it('refuses bodies over the limit with 413', async () => {
    const res = await invokeRaw(host.port, 'app:info', JSON.stringify({ x: 'a'.repeat(70 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.json()).toMatchObject({ ok: false, error: { code: 'body_too_large' } });
  });

  it('refuses a chunked body that grows past the limit', async () => {
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: host.port,
          method: 'POST',
          path: '/api/invoke/app:info',
          headers: { 'x-carreta-token': testToken, 'content-type': 'application/json' },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      // No content-length: node sends it chunked, so only counting the bytes can catch it.
      for (let i = 0; i < 10; i++) req.write(`"${'b'.repeat(8 * 1024)}"`);
      req.end();
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'body_too_large' } });
  });

  it('refuses other methods and content types', async () => {
    const get = await request(host.port, {
      path: '/api/invoke/app:info',
      headers: { 'x-carreta-token': testToken },
    });
    expect(get.status).toBe(405);
    const form = await invokeRaw(host.port, 'app:info', 'a=1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
  });
});

describe('web host: static files', () => {
  it('serves index.html for / with the renderer CSP', async () => {
    const res = await request(host.port, { path: '/' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toBe(rendererCsp);
    expect(res.text).toContain('<title>Carreta</title>');
    const asset = await request(host.port, { path: '/assets/app-abc.js?v=1' });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
  });

  it('refuses path traversal in every spelling', async () => {
    for (const attempt of [
      '/../outside.txt',
      '/assets/../../outside.txt',
      '/%2e%2e/outside.txt',
      '/..%2foutside.txt',
      '/%2e%2e%5coutside.txt',
      '/assets/%00.js',
    ]) {
      const res = await request(host.port, { path: attempt });
      expect(res.status, attempt).toBeGreaterThanOrEqual(400);
      expect(res.text, attempt).not.toContain('segredo');
    }
    expect((await request(host.port, { path: '/nada.js' })).status).toBe(404);
  });
});

describe('web host: event stream', () => {
  it('delivers EventBus events as server-sent events, with heartbeats', async () => {
    const received = await new Promise<string>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port: host.port,
          path: '/api/events',
          headers: { 'x-carreta-token': testToken },
        },
        (res) => {
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toMatch(/text\/event-stream/);
          let text = '';
          let emitted = false;
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            if (!emitted && text.includes(': connected')) {
              emitted = true;
              host.app.events.emit('connectivity:changed', {
                online: false,
                checkedAt: '2026-01-02T03:04:05.000Z',
                target: 'https://api.sandbox.nuvemfiscal.com.br',
                reason: 'teste',
              });
            }
            if (text.includes('"reason":"teste"') && text.includes(': ping')) {
              req.destroy();
              resolve(text);
            }
          });
        },
      );
      req.on('error', reject);
    });
    const block = received.split('\n\n').find((part) => part.includes('"reason":"teste"'));
    expect(block).toBe(
      'event: connectivity:changed\ndata: {"online":false,"checkedAt":"2026-01-02T03:04:05.000Z","target":"https://api.sandbox.nuvemfiscal.com.br","reason":"teste"}',
    );
  });
});

describe('web host: secrets', () => {
  it.skipIf(process.platform === 'win32')('keeps the secrets file at mode 0600', async () => {
    const secrets = host.app.context.host.secrets;
    await secrets.set('nuvemfiscal.clientSecret', 's3cr3t');
    const info = await stat(path.join(host.dataDir, 'secrets.json'));
    expect(info.mode & 0o777).toBe(0o600);
    expect(await secrets.get('nuvemfiscal.clientSecret')).toBe('s3cr3t');
  });
});
