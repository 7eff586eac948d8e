// Operations the API description gives no request body take any content type with an empty body
// (generated SDKs send `Content-Type: application/json` on every request); present bodies are still
// judged. The set is read from the description, so a route that disagrees with it fails here.
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { openapiPath, referencePath, sharedAvailable } from '../support/shared';
import { certifiedCompany, client, empresaBody, errorOf, getToken, startTestSandbox } from './support';

const CNPJ = '11222333000181';
const EMPTY_BODY = 'O corpo da requisição está vazio; envie um JSON.';

let sandbox: RunningSandbox;
let token: string;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  token = await getToken(sandbox.url);
  api = client(sandbox.url, token);
});
afterAll(() => sandbox.close());

/** A request whose body is sent chunked (no Content-Length), as streaming clients do. */
function chunked(method: string, path: string, type: string, chunks: string[]) {
  return new Promise<{ status: number; body: { error?: { message: string } } }>((resolve, reject) => {
    const req = httpRequest(
      `${sandbox.url}${path}`,
      {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': type, 'transfer-encoding': 'chunked' },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as object) : {} }),
        );
      },
    );
    req.on('error', reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}

/** Calls every POST/PUT/DELETE of a description with a JSON content type and no body. */
async function sweep(descriptionPath: string) {
  const doc = parse(readFileSync(descriptionPath, 'utf8')) as {
    paths: Record<
      string,
      Record<string, { requestBody?: { required?: boolean; content: Record<string, unknown> } }>
    >;
  };
  const values: Record<string, string> = {
    cpf_cnpj: '22333444000181', // valid, never registered here
    id: 'nao_existe',
    Cep: '01310100',
    Cnpj: CNPJ,
    nome: 'dfe-eventos',
  };
  const seen = { bodyless: [] as string[], optional: [] as string[], withBody: 0 };
  for (const [template, ops] of Object.entries(doc.paths)) {
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => values[name]);
    for (const [method, op] of Object.entries(ops)) {
      if (!['post', 'put', 'delete', 'patch'].includes(method)) continue;
      const res = await api.raw(method.toUpperCase(), path, {
        headers: { 'content-type': 'application/json' },
      });
      const what = `${method.toUpperCase()} ${template} → ${res.status} ${res.raw.toString().slice(0, 120)}`;
      if (op.requestBody?.required !== true && op.requestBody?.content['application/json']) {
        // A JSON body the description does not require: sent without it, the route runs.
        seen.optional.push(`${method} ${template}`);
        expect(res.status, what).toBe(404);
      } else if (op.requestBody) {
        seen.withBody += 1;
        expect(res.status, what).toBe(400);
      } else {
        seen.bodyless.push(`${method} ${template}`);
        // The route ran: unknown company or document, never a complaint about the body.
        expect(res.status, what).toBe(404);
      }
    }
  }
  return seen;
}

describe.skipIf(!sharedAvailable)('bodyless operations, from the API description', () => {
  it('take a JSON content type with an empty body; operations with a body refuse it empty', async () => {
    const seen = await sweep(openapiPath);
    expect(seen.bodyless.sort()).toEqual([
      'delete /empresas/{cpf_cnpj}',
      'delete /empresas/{cpf_cnpj}/certificado',
      'delete /empresas/{cpf_cnpj}/logotipo',
      'post /cte/{id}/sincronizar',
      'post /cteos/{id}/sincronizar',
    ]);
    expect(seen.optional.sort()).toEqual([
      'post /cte/{id}/cancelamento',
      'post /cteos/{id}/cancelamento',
      'post /dce/{id}/cancelamento',
    ]);
    // Not in the 2.58 description, but offered by the sandbox with the same contract.
    const dce = await api.raw('POST', '/dce/nao_existe/sincronizar', {
      headers: { 'content-type': 'application/json' },
    });
    expect(dce.status).toBe(404);
    expect(seen.withBody).toBe(18);
  });

  it('the same in the MDF-e description (2.60)', async () => {
    const seen = await sweep(referencePath('mdfe', 'openapi-2.60-mdfe-subset.yaml'));
    expect(seen.bodyless).toEqual(['post /mdfe/{id}/sincronizar']);
    expect(seen.optional).toEqual(['post /mdfe/{id}/cancelamento']);
    expect(seen.withBody).toBe(6);
  });
});

describe('a bodyless operation', () => {
  it('deletes a company sent with a JSON content type and no body (as generated SDKs do)', async () => {
    await certifiedCompany(sandbox, api, CNPJ);
    const json = { headers: { 'content-type': 'application/json' } };
    expect((await api.raw('DELETE', `/empresas/${CNPJ}/certificado`, json)).status).toBe(204);
    expect((await api.raw('DELETE', `/empresas/${CNPJ}`, json)).status).toBe(204);
    expect((await api.get(`/empresas/${CNPJ}`)).status).toBe(404);
  });

  it('takes any content type with an empty body, also sent chunked', async () => {
    await api.post('/empresas', empresaBody());
    const plain = await api.raw('DELETE', `/empresas/${CNPJ}/logotipo`, {
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.status).toBe(404); // no logo yet: the route ran
    expect(errorOf(plain).message).toContain('logotipo');
    const empty = await chunked('DELETE', `/empresas/${CNPJ}`, 'application/xml', []);
    expect(empty.status).toBe(204);
  });

  it('still refuses a malformed body, and a present body of a type it cannot read', async () => {
    const bad = await chunked('POST', '/cte/nao_existe/sincronizar', 'application/json', ['{"a":']);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe('O corpo da requisição não é um JSON válido.');
    const wrongType = await chunked('POST', '/cte/nao_existe/sincronizar', 'text/plain', ['abc']);
    expect(wrongType.status).toBe(415);
    // A well-formed JSON body is read and ignored.
    expect((await api.post('/cte/nao_existe/sincronizar', {})).status).toBe(404);
    // An optional body (a cancellation's) that is present is read as any other.
    const optional = await chunked('POST', '/mdfe/nao_existe/cancelamento', 'application/json', ['{"a":']);
    expect(optional.status).toBe(400);
    expect(optional.body.error?.message).toBe('O corpo da requisição não é um JSON válido.');
  });

  it('an unknown path is a 404, not a complaint about the empty body', async () => {
    const res = await api.raw('DELETE', '/nada/aqui', { headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(404);
    expect(errorOf(res).code).toBe('NotFound');
  });

  it('an operation with a body still refuses it empty', async () => {
    const res = await api.raw('POST', '/empresas', { headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toBe(EMPTY_BODY);
  });
});
