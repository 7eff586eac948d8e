// MOC CT-e 4.00 Visão Geral §6.2.1, rule Q15: the authority refuses to cancel a CT-e while an MDF-e
// authorized for it stands — open or closed — with rejection 528; once the MDF-e is cancelled the
// CT-e can be cancelled (issue 26). Over HTTP, against the sandbox's MDF-e and CT-e routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningSandbox } from '../../../electron/sandbox/server';
import { certifiedCompany, client, getToken, startTestSandbox } from '../support';
import { lotacao, mdfeBody } from '../mdfe/fixtures';
import { COMPANY_CNPJ, cteBody, NOW } from './fixtures';

type Doc = { id: string; status: string; chave: string };
type Ev = { status: string; codigo_status: number; motivo_status: string };

let sandbox: RunningSandbox;
let api: ReturnType<typeof client>;
let numero = 3000;
const stamp = () => new Date(sandbox.control.clock.nowMs() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z');

async function cte(): Promise<Doc> {
  const body = cteBody();
  body.infCte.ide.nCT = ++numero;
  body.referencia = `q15-${numero}`;
  body.infCte.ide.dhEmi = stamp();
  const res = await api.post<Doc>('/cte', body);
  expect(res.body.status).toBe('autorizado');
  return res.body;
}

async function mdfeOf(chave: string): Promise<Doc> {
  const body = mdfeBody({
    nMDF: ++numero,
    placa: `QCT${numero % 10}A${String(numero % 100).padStart(2, '0')}`,
    dhEmi: stamp(),
  });
  body.infMDFe.infDoc.infMunDescarga[0]!.infCTe = [{ chCTe: chave }];
  body.infMDFe.tot.qCTe = 1;
  // One CT-e on the manifest is a carga lotação: NT 2025.001 asks for NCM and infPag (301/302).
  lotacao(body.infMDFe);
  const res = await api.post<Doc>('/mdfe', body);
  expect(res.body.status, JSON.stringify(res.body)).toBe('autorizado');
  return res.body;
}

const cancelCte = (id: string) =>
  api.post<Ev>(`/cte/${id}/cancelamento`, { justificativa: 'Frete lançado em duplicidade' });

beforeAll(async () => {
  sandbox = await startTestSandbox({ clockStart: NOW.getTime() });
  api = client(sandbox.url, await getToken(sandbox.url));
  await certifiedCompany(sandbox, api, COMPANY_CNPJ);
});
afterAll(() => sandbox.close());

describe('cancelling a CT-e that an MDF-e carries (rule Q15)', () => {
  it('is refused with 528 while the MDF-e is open, and accepted once the MDF-e is cancelled', async () => {
    const doc = await cte();
    const manifest = await mdfeOf(doc.chave);
    const refused = await cancelCte(doc.id);
    expect(refused.body.status).toBe('rejeitado');
    expect(refused.body.codigo_status).toBe(528);
    expect(refused.body.motivo_status).toContain(
      'Rejeição: Vedado cancelamento se exitir MDF-e autorizado para o CTe',
    );
    expect((await api.get<Doc>(`/cte/${doc.id}`)).body.status).toBe('autorizado');

    const mdfeCancel = await api.post<Ev>(`/mdfe/${manifest.id}/cancelamento`, {
      justificativa: 'Viagem não realizada',
    });
    expect(mdfeCancel.body.status).toBe('registrado');
    expect((await cancelCte(doc.id)).body.status).toBe('registrado');
  });

  it('is refused after the MDF-e is closed too (only its cancellation frees the CT-e)', async () => {
    const doc = await cte();
    const manifest = await mdfeOf(doc.chave);
    await api.post(`/mdfe/${manifest.id}/encerramento`, { uf: 'PR', codigo_municipio: '4106902' });
    expect((await api.get<Doc>(`/mdfe/${manifest.id}`)).body.status).toBe('encerrado');
    expect((await cancelCte(doc.id)).body.codigo_status).toBe(528);
  });

  it('a CT-e on no MDF-e is cancelled as before', async () => {
    const doc = await cte();
    await mdfeOf((await cte()).chave);
    expect((await cancelCte(doc.id)).body.status).toBe('registrado');
  });
});
