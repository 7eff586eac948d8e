// A web page the user opens can send simple cross-site requests to 127.0.0.1 (a form POST, fetch in
// no-cors mode). It cannot read the answers, but under a per-source throttle eleven wrong secrets
// from it locked the app out of its own sandbox for a minute. Requests a browser marks as coming
// from a page are refused before they count, and failures count per client id.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { RunningSandbox } from '../../electron/sandbox/server';
import { CLIENT_ID, CLIENT_SECRET, control, startTestSandbox } from './support';

let sandbox: RunningSandbox;
// The defaults: 10 failed attempts a minute before 429.
beforeEach(async () => {
  sandbox = await startTestSandbox({ tokenRequestsPerMinute: 1000 });
});
afterEach(() => sandbox.close());

const token = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${sandbox.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
const wrong = { grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: 'adivinhado' };
const right = { grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: CLIENT_SECRET };

describe('POST /oauth/token from a web page', () => {
  it.each([
    ['a foreign Origin', { origin: 'https://pagina-maliciosa.example' }],
    ['Origin null (sandboxed frame, no-referrer)', { origin: 'null' }],
    ['Sec-Fetch-Site cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site (another port of 127.0.0.1)', { 'sec-fetch-site': 'same-site' }],
  ])('eleven requests with %s are refused and do not lock out the real client', async (_label, headers) => {
    for (let i = 0; i < 11; i++) {
      const res = await token(wrong, headers);
      expect(res.status).toBe(403);
      const body = (await res.json()) as { error: string; error_description: string };
      expect(body.error).toBe('invalid_request');
      expect(body.error_description).toMatch(/página da web/);
    }
    // Even the right secret is refused from a page: the page would get a token it cannot read, but
    // it would still spend the client's allowance.
    expect((await token(right, headers)).status).toBe(403);
    expect((await token(right)).status).toBe(200);
  });

  it("a request with the sandbox's own origin is the sandbox's own", async () => {
    const res = await token(right, { origin: `http://127.0.0.1:${sandbox.port}` });
    expect(res.status).toBe(200);
  });
});

describe('failed credentials count per client id', () => {
  it('eleven failures under another client id lock that id, never the real client', async () => {
    const other = { ...wrong, client_id: 'outro-cliente' };
    for (let i = 0; i < 10; i++) expect((await token(other)).status).toBe(401);
    expect((await token(other)).status).toBe(429);
    expect((await token(right)).status).toBe(200);
  });

  it('eleven form posts without credentials do not lock out the real client', async () => {
    for (let i = 0; i < 11; i++)
      expect((await token({ grant_type: 'client_credentials' })).status).toBeGreaterThanOrEqual(401);
    expect((await token(right)).status).toBe(200);
  });

  it("the real client's own wrong secrets still lock it for the minute", async () => {
    for (let i = 0; i < 10; i++) expect((await token(wrong)).status).toBe(401);
    const locked = await token(right);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    sandbox.control.clock.advance(61_000);
    expect((await token(right)).status).toBe(200);
  });
});

describe('the control API from a web page', () => {
  it('eleven cross-site requests are refused before they count; the secret still opens it', async () => {
    for (let i = 0; i < 11; i++) {
      const res = await fetch(`${sandbox.url}/_sandbox/clock`, {
        headers: { origin: 'https://pagina-maliciosa.example' },
      });
      expect(res.status).toBe(403);
    }
    expect((await control(sandbox.url, 'GET', '/clock')).status).toBe(200);
  });
});
