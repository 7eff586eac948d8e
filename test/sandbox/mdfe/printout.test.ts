// The sandbox's MDF-e PDFs come from the app's DAMDFE renderer (electron/documents) through the
// PDF engine, with the manifest's registered events: a closed MDF-e prints ENCERRADO, a cancelled
// one CANCELADO (MOC MDF-e 3.00, DAMDFE rules); without an engine the plain PDF answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PdfEngine } from '../../../electron/documents/pdf';
import { renderPdf } from '../../../electron/sandbox/pdf';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import { certifiedCompany, client, getToken, startTestSandbox } from '../support';
import { NOW } from '../dfe/fixtures';
import { COMPANY_CNPJ, mdfeBody } from './fixtures';

type Doc = { id: string; status: string; chave: string };

describe('MDF-e PDFs through the DAMDFE renderer', () => {
  let sandbox: RunningSandbox;
  let api: ReturnType<typeof client>;
  const seen: string[] = [];
  let n = 300;
  const engine: PdfEngine = {
    async htmlToPdf(html) {
      seen.push(html);
      return new Uint8Array(await renderPdf({ title: 'engine', lines: [String(html.length)] }));
    },
    async close() {},
  };
  const issue = async () => {
    n++;
    const dhEmi = new Date(sandbox.control.clock.nowMs()).toISOString().replace(/\.\d+Z$/, 'Z');
    const res = await api.post<Doc>(
      '/mdfe',
      mdfeBody({ nMDF: n, placa: `PRT${n % 10}A${String(n % 100).padStart(2, '0')}`, dhEmi }),
    );
    expect(res.status, res.raw.toString()).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    sandbox = await startTestSandbox({ clockStart: NOW.getTime(), pdfEngine: engine });
    api = client(sandbox.url, await getToken(sandbox.url));
    await certifiedCompany(sandbox, api, COMPANY_CNPJ);
  });
  afterAll(() => sandbox?.close());

  it('an open MDF-e prints the DAMDFE without marks; closed, it prints ENCERRADO', async () => {
    const d = await issue();
    expect((await api.get(`/mdfe/${d.id}/pdf`)).status).toBe(200);
    const open = seen.at(-1)!;
    expect(open).toContain('DAMDFE');
    expect(open).not.toContain('<span>ENCERRADO</span>');

    const close = await api.post<{ status: string }>(`/mdfe/${d.id}/encerramento`, {
      uf: 'PR',
      codigo_municipio: '4106902',
    });
    expect(close.body.status).toBe('registrado');
    await api.get(`/mdfe/${d.id}/pdf`);
    expect(seen.at(-1)).toContain('<span>ENCERRADO</span>');

    // The closing event's own printout goes through the renderer too.
    await api.get(`/mdfe/${d.id}/encerramento/pdf`);
    expect(seen.at(-1)).toContain('Encerramento');
  });

  it('a cancelled MDF-e prints CANCELADO', async () => {
    const d = await issue();
    const cancel = await api.post<{ status: string }>(`/mdfe/${d.id}/cancelamento`, {
      justificativa: 'Viagem cancelada pelo contratante',
    });
    expect(cancel.body.status).toBe('registrado');
    await api.get(`/mdfe/${d.id}/pdf`);
    expect(seen.at(-1)).toContain('<span>CANCELADO</span>');
  });
});
