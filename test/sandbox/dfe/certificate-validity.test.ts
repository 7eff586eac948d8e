// MOC CT-e 4.00 Visão Geral D02 (291): the certificate is valid at both ends, "data início e data
// fim". Over HTTP: a certificate whose validity starts after the sandbox's clock signs documents the
// authority refuses; from its first instant on they are authorized.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { makePfx } from '../../../electron/sandbox/certificates/make-pfx';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import { certifiedCompany, client, control, getToken, startTestSandbox } from '../support';
import { COMPANY_CNPJ, cteBody, dceBody, NOW } from './fixtures';

let sandbox: RunningSandbox;
let api: ReturnType<typeof client>;
const DAY = 86_400_000;
const STARTS = new Date(NOW.getTime() + DAY);

beforeAll(async () => {
  sandbox = await startTestSandbox({ clockStart: STARTS.getTime() + 60_000 });
  api = client(sandbox.url, await getToken(sandbox.url));
  // Uploaded while valid (the upload refuses a certificate not valid yet), then the clock goes back.
  const pfx = makePfx({
    cpfCnpj: COMPANY_CNPJ,
    razaoSocial: 'TRANSPORTES TESTE LTDA',
    password: 'x',
    notBefore: STARTS,
  });
  await certifiedCompany(sandbox, api, COMPANY_CNPJ, 'TRANSPORTES TESTE LTDA', pfx);
});
afterAll(() => sandbox.close());

type Doc = { status: string; autorizacao: { codigo_status: number; motivo_status: string } | null };
const at = async (instant: Date) =>
  expect((await control(sandbox.url, 'POST', '/clock', { set: instant.toISOString() })).status).toBe(200);
const dhEmi = (instant: Date) => new Date(instant.getTime() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z');

describe('the start of the certificate’s validity', () => {
  it('291 before it (CT-e and DC-e), authorized from it on', async () => {
    await at(new Date(STARTS.getTime() - 60_000));
    const early = cteBody();
    early.referencia = 'cert-cedo';
    early.infCte.ide.dhEmi = dhEmi(new Date(STARTS.getTime() - 60_000));
    const refused = await api.post<Doc>('/cte', early);
    expect(refused.body.status).toBe('rejeitado');
    expect(refused.body.autorizacao).toMatchObject({
      codigo_status: 291,
      motivo_status: 'Rejeição: Certificado Assinatura Data Validade',
    });
    const dce = dceBody();
    dce.infDCe.ide.dhEmi = dhEmi(new Date(STARTS.getTime() - 60_000));
    expect((await api.post<Doc>('/dce', dce)).body.autorizacao?.codigo_status).toBe(291);

    await at(new Date(STARTS.getTime() + 60_000));
    const onTime = cteBody();
    onTime.referencia = 'cert-em-dia';
    onTime.infCte.ide.nCT = 124;
    onTime.infCte.ide.dhEmi = dhEmi(new Date(STARTS.getTime() + 60_000));
    expect((await api.post<Doc>('/cte', onTime)).body.status).toBe('autorizado');
  });
});
