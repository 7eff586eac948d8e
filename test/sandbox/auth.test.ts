import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../electron/sandbox/server';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  client,
  control,
  errorOf,
  form,
  getToken,
  startTestSandbox,
} from './support';

let sandbox: RunningSandbox;
let url: string;

beforeAll(async () => {
  sandbox = await startTestSandbox({ tokenTtlSeconds: 3600, tokenRequestsPerMinute: 1000 });
  url = sandbox.url;
});
afterAll(() => sandbox.close());

const token = (fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const init = form(fields);
  return fetch(`${url}/oauth/token`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), ...headers },
  });
};
const creds = { grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: CLIENT_SECRET };

describe('POST /oauth/token', () => {
  it('issues a bearer token with the requested scopes and configured expiry', async () => {
    const res = await token({ ...creds, scope: 'cep empresa cte' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'bearer', scope: 'cep empresa cte', expires_in: 3600 });
    expect(typeof body.access_token).toBe('string');
  });

  it('accepts HTTP Basic client authentication', async () => {
    const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64');
    const res = await token(
      { grant_type: 'client_credentials', scope: 'cep' },
      { authorization: `Basic ${basic}` },
    );
    expect(res.status).toBe(200);
  });

  it('grants every known scope when none is asked, including the sandbox-named dce and distribuicao-nfe', async () => {
    const body = (await (await token(creds)).json()) as { scope: string };
    expect(body.scope.split(' ')).toEqual(
      expect.arrayContaining([
        'conta',
        'empresa',
        'cep',
        'cnpj',
        'cte',
        'nfe',
        'nfse',
        'mdfe',
        'dce',
        'distribuicao-nfe',
      ]),
    );
  });

  it.each([
    ['wrong secret', { ...creds, client_secret: 'nope' }, 401, 'invalid_client'],
    ['unknown client', { ...creds, client_id: 'other' }, 401, 'invalid_client'],
    ['missing credentials', { grant_type: 'client_credentials' }, 401, 'invalid_client'],
    ['unsupported grant', { ...creds, grant_type: 'password' }, 400, 'unsupported_grant_type'],
    ['missing grant', { client_id: CLIENT_ID, client_secret: CLIENT_SECRET }, 400, 'invalid_request'],
    ['unknown scope', { ...creds, scope: 'cte frete' }, 400, 'invalid_scope'],
    ['empty scope', { ...creds, scope: '   ' }, 400, 'invalid_scope'],
  ])('%s → %i %s', async (_label, fields, status, error) => {
    const res = await token(fields);
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: string; error_description: string };
    expect(body.error).toBe(error);
    expect(body.error_description.length).toBeGreaterThan(5);
    if (status === 401) expect(res.headers.get('www-authenticate')).toMatch(/^Basic/);
  });

  it('refuses malformed Basic credentials and two client authentication methods at once', async () => {
    const malformed = await token(
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${Buffer.from('semdoispontos').toString('base64')}` },
    );
    expect(malformed.status).toBe(401);
    expect(((await malformed.json()) as { error: string }).error).toBe('invalid_client');
    const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64');
    const both = await token({ ...creds }, { authorization: `Basic ${basic}` });
    expect(both.status).toBe(400);
    expect(((await both.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('refuses a JSON body and repeated parameters with invalid_request', async () => {
    const json = await fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(creds),
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { error: string }).error).toBe('invalid_request');
    const repeated = await fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `${new URLSearchParams(creds).toString()}&scope=cep&scope=cte`,
    });
    expect(repeated.status).toBe(400);
    expect(((await repeated.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('answers 429 past the per-minute token allowance, and again after a minute', async () => {
    const limited = await startTestSandbox({ tokenRequestsPerMinute: 3 });
    try {
      const ask = () => fetch(`${limited.url}/oauth/token`, form(creds));
      for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
      const refused = await ask();
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(((await refused.json()) as { error: string }).error).toBe('too_many_requests');
      limited.control.clock.advance(61_000);
      expect((await ask()).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('bearer authentication', () => {
  it('answers 401 without a token, with a malformed header and with an unknown token', async () => {
    for (const headers of [
      {},
      { authorization: 'Token abc' },
      { authorization: 'Bearer not-a-real-token' },
    ]) {
      const res = await fetch(`${url}/empresas`, { headers: headers as Record<string, string> });
      expect(res.status).toBe(401);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('Unauthorized');
      expect(body.error.message).toMatch(/token/i);
    }
  });

  it('answers 401 once the token expires (clock moved past expires_in)', async () => {
    const t = await getToken(url, 'empresa');
    expect((await client(url, t).get('/empresas')).status).toBe(200);
    const moved = await control(url, 'POST', '/clock', { advance_seconds: 3601 });
    expect(moved.status).toBe(200);
    const expired = await client(url, t).get('/empresas');
    expect(expired.status).toBe(401);
    expect(errorOf(expired).message).toMatch(/expirado/);
    await control(url, 'POST', '/clock', { set: null });
  });

  it.each([
    ['/cep/01310100', 'cep'],
    ['/cnpj/11222333000181', 'cnpj'],
    ['/conta/cotas', 'conta'],
    ['/empresas', 'empresa'],
    ['/cte?cpf_cnpj=11222333000181&ambiente=homologacao', 'cte'],
    ['/cteos?cpf_cnpj=11222333000181&ambiente=homologacao', 'cte'],
    ['/dce?cpf_cnpj=11222333000181&ambiente=homologacao', 'dce'],
    ['/distribuicao/nfe?cpf_cnpj=11222333000181&ambiente=homologacao', 'distribuicao-nfe'],
    ['/emails?cpf_cnpj=11222333000181', 'nfe'],
    ['/debug/cte_x', 'debug'],
  ])('403 on %s names the missing scope %s', async (path, scope) => {
    const other = scope === 'conta' ? 'cep' : 'conta';
    const res = await client(url, await getToken(url, other)).get(path);
    expect(res.status).toBe(403);
    expect(errorOf(res).message).toContain(`"${scope}"`);
    expect(res.headers.get('www-authenticate')).toContain(`scope="${scope}"`);
  });

  it('lets a token with the debug scope reach /debug', async () => {
    const res = await client(url, await getToken(url, 'debug')).get('/debug/doc_unknown');
    expect(res.status).toBe(404);
  });
});
