import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { client, empresaBody, getToken, startTestSandbox } from './support';

let sandbox: RunningSandbox;
let api: ReturnType<typeof client>;
const CNPJ = '11222333000181';

beforeAll(async () => {
  sandbox = await startTestSandbox();
  api = client(sandbox.url, await getToken(sandbox.url));
  await api.post('/empresas', empresaBody());
});
afterAll(() => sandbox.close());

const ODD_SEGMENTS = [
  '..',
  '%2e%2e%2f',
  '%00',
  'a'.repeat(5000),
  '%F0%9F%9A%9A',
  "'; DROP TABLE x;--",
  '%',
  '%ZZ',
  '{}',
  '[]',
];
const ODD_BODIES: [string, string][] = [
  ['application/json', '{"__proto__": {"admin": true}}'],
  ['application/json', '{"constructor": {"prototype": {"x": 1}}}'],
  ['application/json', 'null'],
  ['application/json', '"texto"'],
  ['application/json', '1e999'],
  ['application/json', '{"cpf_cnpj": {"$gt": ""}}'],
  ['application/json', '{"endereco": "x", "email": [], "nome_razao_social": null}'],
  ['application/json', '\u0000\u0001'],
  ['multipart/form-data', 'sem boundary'],
  ['multipart/form-data; boundary=abc', '--abc\r\nlixo'],
  ['application/x-www-form-urlencoded', 'a=1&b'],
  ['image/png', 'not an image'],
];

describe('hostile input', () => {
  it('odd path segments never produce a 5xx nor a stack trace', async () => {
    const templates = [
      '/empresas/{x}',
      '/empresas/{x}/certificado',
      '/empresas/{x}/logotipo',
      '/empresas/{x}/cte',
      '/cep/{x}',
      '/cnpj/{x}',
      '/emails/{x}',
      '/debug/{x}',
      '/debug/http-requests/{x}/request-content',
      '/conta/cotas/{x}',
    ];
    for (const template of templates) {
      for (const segment of ODD_SEGMENTS) {
        const res = await api.get(template.replace('{x}', segment));
        expect(res.status, `${template} ${segment.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${template} ${segment.slice(0, 20)}`).toBeLessThan(500);
        expect(res.raw.toString()).not.toMatch(/\bat\s+\S+\s+\(|node_modules|\.ts:\d+/);
      }
    }
  });

  it('odd bodies on every writing route never produce a 5xx', async () => {
    const routes: [string, string][] = [
      ['POST', '/empresas'],
      ['PUT', `/empresas/${CNPJ}`],
      ['PUT', `/empresas/${CNPJ}/certificado`],
      ['PUT', `/empresas/${CNPJ}/certificado/upload`],
      ['PUT', `/empresas/${CNPJ}/logotipo`],
      ['PUT', `/empresas/${CNPJ}/nfse`],
      ['PUT', `/empresas/${CNPJ}/distnfe`],
    ];
    for (const [method, path] of routes) {
      for (const [type, body] of ODD_BODIES) {
        const res = await api.raw(method, path, { body, headers: { 'content-type': type } });
        expect(res.status, `${method} ${path} ${type} ${body.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${path} ${type} ${body.slice(0, 20)}`).toBeLessThan(500);
        expect(res.body).toHaveProperty('error.message');
      }
    }
    // The company survived all of it, unchanged.
    expect((await api.get<{ nome_razao_social: string }>(`/empresas/${CNPJ}`)).body.nome_razao_social).toBe(
      empresaBody().nome_razao_social,
    );
  });

  it('odd query strings never produce a 5xx', async () => {
    for (const query of [
      '$top=%00',
      '$skip=1e3',
      '$top=',
      '$inlinecount=',
      'cpf_cnpj[]=1',
      'cpf_cnpj=%',
      '$top=10&&&&',
    ]) {
      for (const path of ['/empresas', '/emails', '/empresas/certificados', '/cnpj']) {
        const res = await api.get(`${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBeLessThan(500);
      }
    }
  });
});
