// GET /{cte|cteos|dce}/{id}/cancelamento answers the cancellation in force: a later attempt the
// authority rejects (218, already cancelled) does not replace it, and stays readable by its id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import { certifiedCompany, client, getToken, startTestSandbox } from '../support';
import { COMPANY_CNPJ, cteBody, cteOsBody, dceBody, NOW } from './fixtures';

type Ev = { id: string; status: string; codigo_status: number; justificativa?: string };

let sandbox: RunningSandbox;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  sandbox = await startTestSandbox({ clockStart: NOW.getTime(), pdfEngine: null });
  api = client(sandbox.url, await getToken(sandbox.url));
  await certifiedCompany(sandbox, api, COMPANY_CNPJ);
});
afterAll(() => sandbox.close());

const dhEmi = () => new Date(sandbox.control.clock.nowMs()).toISOString().replace(/\.\d+Z$/, 'Z');

describe('the cancellation in force', () => {
  const bodies = {
    cte: () => {
      const b = cteBody();
      b.infCte.ide.dhEmi = dhEmi();
      return b;
    },
    cteos: () => {
      const b = cteOsBody();
      b.infCte.ide.dhEmi = dhEmi();
      return b;
    },
    dce: () => {
      const b = dceBody();
      b.infDCe.ide.dhEmi = dhEmi();
      return b;
    },
  };

  it.each(Object.keys(bodies) as Array<keyof typeof bodies>)(
    '/%s: a rejected second cancellation does not replace the registered one',
    async (kind) => {
      const doc = await api.post<{ id: string; status: string }>(`/${kind}`, bodies[kind]());
      expect(doc.body.status).toBe('autorizado');
      const id = doc.body.id;
      const first = await api.post<Ev>(`/${kind}/${id}/cancelamento`, {
        justificativa: 'Frete lançado em duplicidade pelo escritório',
      });
      expect(first.body.status).toBe('registrado');
      const second = await api.post<Ev>(`/${kind}/${id}/cancelamento`, {
        justificativa: 'Segunda tentativa de cancelamento do mesmo documento',
      });
      expect(second.body).toMatchObject({ status: 'rejeitado', codigo_status: 218 });
      expect(second.body.id).not.toBe(first.body.id);

      const inForce = await api.get<Ev>(`/${kind}/${id}/cancelamento`);
      expect(inForce.body).toMatchObject({
        id: first.body.id,
        status: 'registrado',
        codigo_status: 135,
        justificativa: 'Frete lançado em duplicidade pelo escritório',
      });
      const xml = (await api.get(`/${kind}/${id}/cancelamento/xml`)).raw.toString('utf8');
      expect(xml).toContain('<cStat>135</cStat>');
      expect(xml).not.toContain('<cStat>218</cStat>');
      if (kind !== 'dce') {
        // The rejected attempt stays among the document's events.
        const rejected = await api.get<Ev>(`/${kind}/eventos/${second.body.id}`);
        expect(rejected.body).toMatchObject({ id: second.body.id, status: 'rejeitado', codigo_status: 218 });
      }
    },
  );

  it('with no registered cancellation, answers the latest attempt', async () => {
    const body = bodies.cte();
    body.referencia = 'late-cancel';
    body.infCte.ide.nCT += 1;
    const doc = await api.post<{ id: string; status: string }>('/cte', body);
    expect(doc.body.status).toBe('autorizado');
    sandbox.control.clock.advance(169 * 3_600_000); // past the 168 h window
    const late = await api.post<Ev>(`/cte/${doc.body.id}/cancelamento`, {
      justificativa: 'Cancelamento pedido fora do prazo',
    });
    expect(late.body).toMatchObject({ status: 'rejeitado', codigo_status: 220 });
    expect((await api.get<Ev>(`/cte/${doc.body.id}/cancelamento`)).body.id).toBe(late.body.id);
  });
});
