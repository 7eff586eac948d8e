import { gzipSync } from 'node:zlib';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ApiError, createNuvemFiscalClient } from '../../electron/nuvemfiscal';
import { backoffDelay, buildQuery, defaultRetryPolicy } from '../../electron/nuvemfiscal/http';
import type { FakeApi } from './fake-api';
import { json, memoryTokenStore, startFakeApi } from './fake-api';

let api: FakeApi;
let tokenRequests: number;

function client(overrides: Partial<Parameters<typeof createNuvemFiscalClient>[0]> = {}) {
  return createNuvemFiscalClient({
    apiUrl: api.url,
    tokenUrl: `${api.url}/oauth/token`,
    clientId: 'id',
    clientSecret: async () => 'secret',
    scopes: 'cte conta',
    tokenStore: memoryTokenStore(),
    sleep: async () => {},
    timeoutMs: 2000,
    ...overrides,
  });
}

beforeEach(async () => {
  api = await startFakeApi();
  tokenRequests = 0;
});
afterEach(async () => {
  await api.close();
});

function withToken(
  next: (url: string, res: Parameters<Parameters<FakeApi['handle']>[0]>[2], body: string) => void,
) {
  api.handle((req, body, res) => {
    if (req.url === '/oauth/token') {
      tokenRequests++;
      setTimeout(
        () => json(res, 200, { access_token: `t${tokenRequests}`, token_type: 'bearer', expires_in: 3600 }),
        20,
      );
      return;
    }
    next(req.url ?? '', res, body);
  });
}

describe('query serialization and backoff', () => {
  it('writes booleans as true/false and keeps $ readable', () => {
    expect(buildQuery({ $top: 10, $inlinecount: true, conclusiva: false, vazio: undefined })).toBe(
      '?$top=10&$inlinecount=true&conclusiva=false',
    );
  });

  it('grows exponentially with jitter and honours Retry-After', () => {
    const low = backoffDelay(3, defaultRetryPolicy, undefined, () => 0);
    const high = backoffDelay(3, defaultRetryPolicy, undefined, () => 1);
    expect(low).toBe(1200);
    expect(high).toBe(2400);
    expect(backoffDelay(0, defaultRetryPolicy, '2')).toBe(2000);
  });
});

describe('token manager', () => {
  it('200 concurrent calls cause exactly one token request', async () => {
    withToken((_url, res) => json(res, 200, { nome: 'dfe-eventos', consumo: 1, limite: 100 }));
    const c = client();
    const answers = await Promise.all(Array.from({ length: 200 }, () => c.conta.cota('dfe-eventos')));
    expect(answers).toHaveLength(200);
    expect(tokenRequests).toBe(1);
  });

  it('sends client credentials form-encoded with the normalized scope set', async () => {
    withToken((_url, res) => json(res, 200, { data: [] }));
    await client().conta.cotas();
    const tokenCall = api.requests.find((r) => r.url === '/oauth/token');
    expect(tokenCall?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(tokenCall?.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'id',
      client_secret: 'secret',
      scope: 'conta cte',
    });
  });

  it('reuses a stored token across client instances and renews it shortly before expiry', async () => {
    withToken((_url, res) => json(res, 200, { data: [] }));
    const store = memoryTokenStore();
    let now = 1_000_000;
    await client({ tokenStore: store, now: () => now }).conta.cotas();
    await client({ tokenStore: store, now: () => now }).conta.cotas();
    expect(tokenRequests).toBe(1);
    now += 3_500_000; // 100 s before the 3600 s expiry: inside the renewal margin
    await client({ tokenStore: store, now: () => now }).conta.cotas();
    expect(tokenRequests).toBe(2);
  });

  it('renews once and retries once on 401', async () => {
    let calls = 0;
    withToken((_url, res) => {
      calls++;
      if (calls === 1) json(res, 401, { error: { message: 'token expirado' } });
      else json(res, 200, { data: [] });
    });
    await client().conta.cotas();
    expect(tokenRequests).toBe(2);
    const auth = api.requests.filter((r) => r.url === '/conta/cotas').map((r) => r.headers.authorization);
    expect(auth).toEqual(['Bearer t1', 'Bearer t2']);
  });

  it('a wrong secret is a clear auth error and is not retried', async () => {
    api.handle((req, _body, res) => {
      tokenRequests++;
      json(res, 401, { error: 'invalid_client', error_description: 'bad secret' });
    });
    const error = await client()
      .conta.cotas()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('auth');
    expect((error as ApiError).message).toMatch(/client secret incorretos/);
    expect(tokenRequests).toBe(1);
  });

  it('without credentials asks the user to configure them', async () => {
    const error = await client({ clientSecret: async () => null })
      .conta.cotas()
      .catch((e: unknown) => e);
    expect((error as ApiError).message).toMatch(/Configurações/);
    expect(api.requests).toHaveLength(0);
  });
});

describe('retries', () => {
  it('retries a GET on 503 and 429, then succeeds', async () => {
    const statuses = [503, 429];
    withToken((_url, res) => {
      const next = statuses.shift();
      if (next) json(res, next, { error: { message: 'ocupado' } });
      else json(res, 200, { data: [] });
    });
    await expect(client().conta.cotas()).resolves.toEqual({ data: [] });
    expect(api.requests.filter((r) => r.url === '/conta/cotas')).toHaveLength(3);
  });

  it('gives up after the policy attempts with the last error', async () => {
    withToken((_url, res) => json(res, 502, { error: { message: 'gateway' } }));
    const error = (await client()
      .conta.cotas()
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(api.requests.filter((r) => r.url === '/conta/cotas')).toHaveLength(defaultRetryPolicy.attempts);
  });

  it('never repeats a POST without referencia', async () => {
    withToken((_url, res) => json(res, 503, { error: { message: 'ocupado' } }));
    await expect(client().cte.emitir({ ambiente: 'homologacao', infCte: {} })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(api.requests.filter((r) => r.method === 'POST' && r.url === '/cte')).toHaveLength(1);
  });

  it('repeats a POST with referencia and resolves "referencia already used" by looking it up', async () => {
    let posts = 0;
    withToken((url, res) => {
      if (url === '/cte') {
        posts++;
        if (posts === 1) json(res, 503, { error: { message: 'ocupado' } });
        else
          json(res, 400, {
            error: { code: 'ValidationFailed', message: "O campo 'referencia' deve ser único." },
          });
        return;
      }
      if (url.startsWith('/cte?')) {
        json(res, 200, { data: [{ id: 'doc-1', status: 'autorizado', referencia: 'ref-1' }] });
        return;
      }
      res.writeHead(404).end();
    });
    const doc = await client().cte.emitir(
      { ambiente: 'homologacao', referencia: 'ref-1', infCte: {} },
      { cpf_cnpj: '11222333000181', ambiente: 'homologacao' },
    );
    expect(doc).toMatchObject({ id: 'doc-1', status: 'autorizado' });
    expect(posts).toBe(2);
    const lookup = api.requests.find((r) => r.url.startsWith('/cte?'));
    expect(lookup?.url).toContain('referencia=ref-1');
  });
});

describe('errors', () => {
  it('maps the API error body, keeps the raw text and extracts field paths', async () => {
    withToken((_url, res) =>
      json(res, 400, { error: { code: 'ValidationFailed', message: 'infCte.rem.IE: inscrição inválida' } }),
    );
    const error = (await client()
      .cte.emitir({ infCte: {} })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.apiCode).toBe('ValidationFailed');
    expect(error.message).toMatch(/^A API fiscal recusou os dados enviados\. Motivo: infCte\.rem\.IE/);
    expect(error.fields).toEqual(['infCte.rem.IE']);
    expect(error.toPayload().detail).toContain('HTTP 400');
  });

  it('an HTML page instead of JSON is an invalid response with a clear message', async () => {
    withToken((_url, res) =>
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>Proxy</body></html>'),
    );
    const error = (await client()
      .conta.cotas()
      .catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('invalid_response');
    expect(error.message).toMatch(/não é JSON/);
  });

  it('an answer of the wrong shape is refused at the edge', async () => {
    withToken((_url, res) => json(res, 200, { data: [{ nome: 5 }] }));
    const error = (await client()
      .conta.cotas()
      .catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('invalid_response');
  });

  it('a closed port is "offline", an unknown host is "dns", a hang is "timeout"', async () => {
    await api.close();
    const closed = (await client()
      .conta.cotas()
      .catch((e: unknown) => e)) as ApiError;
    expect(closed.kind).toBe('offline');

    const dns = (await createNuvemFiscalClient({
      apiUrl: 'http://host-que-nao-existe.invalid',
      tokenUrl: 'http://host-que-nao-existe.invalid/oauth/token',
      clientId: 'id',
      clientSecret: async () => 'x',
      scopes: 'conta',
      tokenStore: memoryTokenStore(),
      sleep: async () => {},
    })
      .conta.cotas()
      .catch((e: unknown) => e)) as ApiError;
    expect(dns.kind).toBe('dns');

    api = await startFakeApi();
    withToken(() => {
      /* never answers */
    });
    const hang = (await client({ timeoutMs: 150 })
      .conta.cotas()
      .catch((e: unknown) => e)) as ApiError;
    expect(hang.kind).toBe('timeout');
  });
});

describe('binary downloads', () => {
  it('downloads gzip-encoded XML transparently', async () => {
    const xml = '<cteProc versao="4.00"><CTe/></cteProc>';
    withToken((_url, res) =>
      res
        .writeHead(200, { 'Content-Type': 'application/xml', 'Content-Encoding': 'gzip' })
        .end(gzipSync(xml)),
    );
    const file = await client().cte.xml('abc');
    expect(file.data.toString('utf8')).toBe(xml);
    expect(file.contentType).toBe('application/xml');
    expect(api.requests.at(-1)?.headers['accept-encoding']).toMatch(/gzip/);
  });

  it('passes logotipo=true on PDF downloads', async () => {
    withToken((_url, res) => res.writeHead(200, { 'Content-Type': 'application/pdf' }).end('%PDF-1.4'));
    await client().cte.pdf('abc', { logotipo: true });
    expect(api.requests.at(-1)?.url).toBe('/cte/abc/pdf?logotipo=true');
  });
});
