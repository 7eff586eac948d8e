// Scope names: every name of the hosted service is granted, including those of services the
// sandbox does not implement, so clients that ask for one wide set get their token.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { openapiPath, sharedAvailable } from '../support/shared';
import { CLIENT_ID, CLIENT_SECRET, client, form } from './support';
import { startTestSandbox } from './support';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ tokenRequestsPerMinute: 1000 });
});
afterAll(() => sandbox.close());

async function token(scope: string) {
  const res = await fetch(
    `${sandbox.url}/oauth/token`,
    form({ grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: CLIENT_SECRET, scope }),
  );
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

describe('scope names', () => {
  it('grants the wide set community clients ask for (nfce among them) and the token works', async () => {
    // ../shared/reference/nuvemfiscal/README.md: "e.g. `empresa conta cnpj cep nfce nfe`".
    const res = await token('empresa conta cnpj cep nfce nfe');
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe('empresa conta cnpj cep nfce nfe');
    const api = client(sandbox.url, res.body.access_token);
    expect((await api.get('/cep/01310100')).status).toBe(200);
    expect((await api.get('/conta/cotas')).status).toBe(200);
    // The token lacks `cte`: the scope check still applies to what it does not carry.
    expect((await api.get('/cte?cpf_cnpj=11222333000181&ambiente=homologacao')).status).toBe(403);
  });

  it('grants nfcom, nfse, mdfe and the sandbox-named dce, distribuicao-nfe and debug', async () => {
    const res = await token('nfcom nfse mdfe dce distribuicao-nfe debug');
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe('nfcom nfse mdfe dce distribuicao-nfe debug');
  });

  it('still refuses a name that is not a scope of the service, whole', async () => {
    const res = await token('empresa nfce frete');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_scope');
    expect(res.body.error_description).toContain('frete');
  });
});

describe.skipIf(!sharedAvailable)('scope names of the API description', () => {
  it('grants every scope the description lists, plus nfce and nfcom, in one token', async () => {
    const doc = parse(readFileSync(openapiPath, 'utf8')) as {
      components: {
        securitySchemes: { oauth2: { flows: { clientCredentials: { scopes: Record<string, string> } } } };
      };
    };
    const described = Object.keys(doc.components.securitySchemes.oauth2.flows.clientCredentials.scopes);
    expect(described).toHaveLength(8);
    const wide = [...described, 'nfce', 'nfcom'].join(' ');
    const res = await token(wide);
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe(wide);
  });
});
