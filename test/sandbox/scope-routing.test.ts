// The scope check follows the route Fastify matched (after percent-decoding), not the raw URL; and
// failed credential attempts — token requests and the control API's secret — are throttled.
import http from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningSandbox } from '../../electron/sandbox/server';
import { CLIENT_ID, CLIENT_SECRET, control, empresaBody, form, getToken, startTestSandbox } from './support';

/** node:http sends the path byte for byte (fetch would too, but this leaves no doubt). */
function raw(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; json: { error?: { message: string } } }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, json: text ? JSON.parse(text) : {} });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('scopes on the routed path', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ tokenRequestsPerMinute: 1000 });
  });
  afterAll(() => sandbox.close());

  it.each([
    ['GET', '/%63onta/cotas', 'conta'],
    ['GET', '/conta/%63otas', 'conta'],
    ['GET', '/%65mpresas', 'empresa'],
    ['POST', '/%65mpresas', 'empresa'],
  ])('%s %s with a cep token: 403 naming %s', async (method, path, scope) => {
    const token = await getToken(sandbox.url, 'cep');
    const res = await raw(
      sandbox.port,
      method,
      path,
      { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      method === 'POST' ? JSON.stringify(empresaBody('99888777000166', 'EMPRESA INTRUSA LTDA')) : undefined,
    );
    expect(res.status).toBe(403);
    expect(res.json.error?.message).toContain(`"${scope}"`);
    expect(res.headers['www-authenticate']).toContain(`scope="${scope}"`);
  });

  it('the encoded path is the same resource: the right scope reaches it', async () => {
    const token = await getToken(sandbox.url, 'conta');
    const res = await raw(sandbox.port, 'GET', '/%63onta/cotas', { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    // No company was created by the refused POST above.
    const list = await raw(sandbox.port, 'GET', '/empresas', {
      authorization: `Bearer ${await getToken(sandbox.url, 'empresa')}`,
    });
    expect(JSON.stringify(list.json)).not.toContain('99888777000166');
  });
});

describe('failed credentials are throttled', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ tokenRequestsPerMinute: 1000, failedAttemptsPerMinute: 3 });
  });
  afterAll(() => sandbox.close());

  const ask = (secret: string) =>
    fetch(
      `${sandbox.url}/oauth/token`,
      form({ grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: secret }),
    );

  it('token: past 3 failures a minute, 429 with Retry-After, even for the right secret, until the minute ends', async () => {
    for (let i = 0; i < 3; i++) expect((await ask(`errado-${i}`)).status).toBe(401);
    const throttled = await ask('errado-3');
    expect(throttled.status).toBe(429);
    const wait = Number(throttled.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(((await throttled.json()) as { error: string }).error).toBe('too_many_requests');
    expect((await ask(CLIENT_SECRET)).status).toBe(429);
    sandbox.control.clock.advance(61_000);
    expect((await ask(CLIENT_SECRET)).status).toBe(200);
  });

  it('control API: past 3 wrong secrets a minute, 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i++)
      expect((await control(sandbox.url, 'GET', '/clock', undefined, `errado-${i}`)).status).toBe(401);
    const throttled = await control(sandbox.url, 'GET', '/clock', undefined, 'errado-3');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await control(sandbox.url, 'GET', '/clock')).status).toBe(429);
    sandbox.control.clock.advance(61_000);
    expect((await control(sandbox.url, 'GET', '/clock')).status).toBe(200);
  });
});
