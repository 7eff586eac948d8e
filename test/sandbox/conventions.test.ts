import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { client, empresaBody, errorOf, getToken, startTestSandbox } from './support';

let sandbox: RunningSandbox;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  sandbox = await startTestSandbox({ bodyLimit: 64 * 1024 });
  api = client(sandbox.url, await getToken(sandbox.url));
  // 12 companies, created in order: the list must answer newest first.
  const roots = ['11222333', '22333444', '33444555', '44555666', '55666777', '66777888'];
  const { withCnpjDigits } = await import('../../electron/sandbox/http/documents');
  for (const [i, root] of roots.entries()) {
    for (const branch of ['0001', '0002']) {
      const cnpj = withCnpjDigits(`${root}${branch}`);
      const res = await api.post('/empresas', empresaBody(cnpj, `EMPRESA ${i} ${branch}`));
      expect(res.status).toBe(200);
    }
  }
});
afterAll(() => sandbox.close());

type List = { data: { cpf_cnpj: string; nome_razao_social: string }[]; '@count'?: number };

describe('list conventions', () => {
  it('defaults to 10 items, newest first, without @count', async () => {
    const res = await api.get<List>('/empresas');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(10);
    expect(res.body.data[0].nome_razao_social).toBe('EMPRESA 5 0002');
    expect(res.body).not.toHaveProperty('@count');
  });

  it('pages with $top/$skip and counts with $inlinecount=true', async () => {
    const res = await api.get<List>('/empresas?$top=5&$skip=10&$inlinecount=true');
    expect(res.body['@count']).toBe(12);
    expect(res.body.data.map((e) => e.nome_razao_social)).toEqual(['EMPRESA 0 0002', 'EMPRESA 0 0001']);
    const none = await api.get<List>('/empresas?$skip=50&$inlinecount=false');
    expect(none.body).toEqual({ data: [] });
  });

  it.each([
    '$top=0',
    '$top=101',
    '$top=abc',
    '$top=1.5',
    '$top=-1',
    '$skip=-1',
    '$skip=99999999999',
    '$skip=x',
    '$inlinecount=yes',
    '$inlinecount=1',
    '$top=5&$top=6',
  ])('refuses %s with 400 and a Portuguese message', async (query) => {
    const res = await api.get(`/empresas?${query}`);
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toMatch(/parâmetro/);
  });

  it('enforces required query parameters', async () => {
    const res = await api.get('/emails');
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toContain('"cpf_cnpj" é obrigatório');
  });
});

describe('bad input never becomes a 500', () => {
  it('malformed JSON → 400', async () => {
    const res = await api.raw('POST', '/empresas', {
      body: '{"cpf_cnpj":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toMatch(/JSON válido/);
  });

  it('empty JSON body, array body and wrong content type → 4xx', async () => {
    const empty = await api.raw('POST', '/empresas', {
      body: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.status).toBe(400);
    const array = await api.post('/empresas', [1, 2]);
    expect(array.status).toBe(400);
    const text = await api.raw('POST', '/empresas', {
      body: 'oi',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(errorOf(text).message).toMatch(/Content-Type/);
    const xml = await api.raw('PUT', '/empresas/11222333000181', {
      body: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.status).toBe(415);
  });

  it('bodies over the limit → 413', async () => {
    const big = { ...empresaBody(), nome_fantasia: 'x'.repeat(70 * 1024) };
    const res = await api.post('/empresas', big);
    expect(res.status).toBe(413);
    expect(errorOf(res).code).toBe('PayloadTooLarge');
  });

  it('schema violations name the fields', async () => {
    const res = await api.post('/empresas', { ...empresaBody(), email: 7, endereco: { uf: 'SP' } });
    expect(res.status).toBe(400);
    const error = errorOf(res) as {
      code: string;
      message: string;
      errors: { code: string; message: string; path?: string }[];
    };
    expect(Object.keys(error)).toEqual(['code', 'message', 'errors']);
    expect(error.code).toBe('ValidationFailed');
    expect(error.message).toMatch(/^Validation failed: /);
    expect(error.errors).toContainEqual({
      code: 'InvalidType',
      message: "O campo 'email' tem tipo inválido (esperado string).",
      path: 'email',
    });
    expect(error.errors).toContainEqual({
      code: 'Required',
      message: "O campo 'endereco.cep' é obrigatório.",
      path: 'endereco.cep',
    });
    expect(error.message).toBe(`Validation failed: ${error.errors.map((e) => e.message).join(' ')}`);
    const long = await api.post('/empresas', { ...empresaBody(), inscricao_estadual: '1'.repeat(51) });
    expect(errorOf(long).message).toContain(
      "O campo 'inscricao_estadual' deve ter no máximo 50 caractere(s).",
    );
  });

  it('a missing enum member is "obrigatório", not "valor inválido"', async () => {
    await api.post('/empresas', empresaBody());
    const res = await api.put('/empresas/11222333000181/cte', { CRT: 3 });
    expect(res.status).toBe(400);
    expect((errorOf(res) as unknown as { errors: unknown[] }).errors).toEqual([
      { code: 'Required', message: "O campo 'ambiente' é obrigatório.", path: 'ambiente' },
    ]);
  });

  it('every error answer, validation or not, has the same shape', async () => {
    for (const res of [
      await api.get('/nada/aqui'),
      await api.get('/emails'),
      await api.get('/cep/013101'),
      await client(sandbox.url, 'token-falso').get('/conta/cotas'),
    ]) {
      const error = errorOf(res) as unknown as { code: string; message: string; errors: unknown[] };
      expect(error.errors, res.raw.toString()).toEqual([{ code: error.code, message: error.message }]);
    }
    const invalid = await api.post('/empresas', { ...empresaBody(), cpf_cnpj: '11222333000182' });
    expect((errorOf(invalid) as unknown as { errors: unknown[] }).errors).toEqual([
      {
        code: 'InvalidValue',
        message: "O campo 'cpf_cnpj' contém um CNPJ inválido.",
        path: 'cpf_cnpj',
      },
    ]);
  });

  it.each([
    '/empresas/..%2F..%2Fetc%2Fpasswd',
    '/empresas/%2e%2e',
    '/empresas/112.223.330/0018-1',
    '/emails/..%5Cx',
    '/debug/a%00b',
  ])('path traversal or odd ids (%s) → 400/404, not 500', async (path) => {
    const res = await api.get(path);
    expect([400, 404]).toContain(res.status);
    expect(res.raw.toString()).not.toMatch(/at .*\.ts|stack/i);
  });

  it('non-digit CEP and CNPJ → 400; unknown CNPJ check digits → 400', async () => {
    expect((await api.get('/cep/0131A100')).status).toBe(400);
    expect((await api.get('/cep/013101')).status).toBe(400);
    expect((await api.get('/cnpj/11.222.333-0001')).status).toBe(400);
    expect((await api.get('/cnpj/11222333000182')).status).toBe(400);
  });

  it('unknown routes → 404 in the API error shape', async () => {
    const res = await api.get('/nada/aqui');
    expect(res.status).toBe(404);
    expect(errorOf(res).code).toBe('NotFound');
  });
});
