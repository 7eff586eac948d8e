// A CT-e that carries the company's own DC-e (infDoc/infDCe), issued through the app's command
// table against the embedded sandbox (demonstração): the DC-e offered by dce:keysForCte goes into
// the form, the preview lists it, the sandbox authorizes, and the XML has the key and the optional
// groups the form now fills (retira, vTotTrib, vCargaAverb, ObsCont, ObsFisco).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_CNPJ } from '../../../electron/app/demo';
import type { CarretaApp } from '../../../electron/app/index';
import { createApp } from '../../../electron/app/index';
import { parseDocument } from '../../../electron/documents/parse';
import type { CommandEnvelope } from '../../../electron/shared/errors';
import { memoryHost } from '../../support/memory-host';
import { cteForm } from '../../fiscal/payload/forms';
import { dceForm } from '../dce/fixtures';

let app: CarretaApp;
async function call<T>(channel: string, input: unknown): Promise<T> {
  const envelope = (await app.dispatch(channel, input)) as CommandEnvelope<T>;
  if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
  return envelope.data;
}

beforeAll(async () => {
  app = await createApp(memoryHost().host);
  await app.context.embedded.ensure();
}, 60_000);
afterAll(async () => {
  await app?.dispose();
});

describe('CT-e referencing DC-e keys (sandbox round trip)', () => {
  it('issues a DC-e, offers it for the CT-e, and the CT-e with its key is authorized', async () => {
    const dce = await call<{ status: string; numero: number }>('dce:issue', {
      company: DEMO_CNPJ,
      form: dceForm(),
    });
    expect(dce.status).toBe('autorizado');
    const { items } = await call<{
      items: { numero: number | null; chave: string | null; valor: number | null }[];
    }>('dce:keysForCte', { company: DEMO_CNPJ });
    const offered = items.find((i) => i.numero === dce.numero);
    expect(offered?.chave).toMatch(/^\d{20}99\d{22}$/);
    const chave = offered!.chave!;

    const form = cteForm({
      // The demo company is in SP and this freight starts in PR: CFOP 6932 (Anexo I G051).
      geral: {
        ...cteForm().geral,
        cfop: '6932',
        retira: true,
        xDetRetira: 'Retirada na filial de São Paulo',
      },
      impostos: { icms: { situacao: '00', pICMS: 12 }, vTotTrib: 210.5 },
      carga: { ...cteForm().carga, vCargaAverb: 30000 },
      documentos: { nfe: [], dce: [{ chave }], outros: [] },
      observacoes: {
        xObs: 'Entrega agendada',
        obsCont: [{ xCampo: 'Pedido', xTexto: 'PED-1' }],
        obsFisco: [{ xCampo: 'Regime', xTexto: 'Especial 123' }],
      },
    });
    const preview = await call<{ html: string }>('cte:preview', { kind: 'cte', company: DEMO_CNPJ, form });
    expect(preview.html).toContain(chave);
    expect(preview.html).toContain('PRÉ-VISUALIZAÇÃO — SEM VALOR FISCAL');

    const out = await call<{ status: string; document: { id: string } | null; rejection: unknown }>(
      'cte:issue',
      {
        kind: 'cte',
        company: DEMO_CNPJ,
        form,
      },
    );
    expect(out.status, JSON.stringify(out.rejection)).toBe('autorizado');
    const file = await call<{ base64: string }>('cte:files', {
      kind: 'cte',
      id: out.document!.id,
      file: 'xml',
    });
    const xml = Buffer.from(file.base64, 'base64').toString('utf8');
    expect(xml).toMatch(new RegExp(`<infDoc><infDCe><chave>${chave}</chave></infDCe></infDoc>`));
    expect(xml).toContain('<retira>0</retira>');
    expect(xml).toContain('<xDetRetira>Retirada na filial de São Paulo</xDetRetira>');
    expect(xml).toContain('<vCargaAverb>30000');
    expect(xml).toContain('<ObsFisco xCampo="Regime"><xTexto>Especial 123</xTexto></ObsFisco>');
    const view = parseDocument(xml);
    if (view.kind !== 'cte') throw new Error(view.kind);
    expect(view.docs).toEqual([expect.objectContaining({ tipo: 'DC-E', chave })]);
    expect(view.obsFisco).toEqual([{ xCampo: 'Regime', xTexto: 'Especial 123' }]);
    expect(view.vTotTrib).toMatch(/^210\.5/);
  }, 60_000);

  it('refuses a DC-e key of the wrong model before anything is sent', async () => {
    const nfeLike = '41261104252011000110550010000007121234567800';
    const envelope = (await app.dispatch('cte:issue', {
      kind: 'cte',
      company: DEMO_CNPJ,
      form: cteForm({ documentos: { nfe: [], dce: [{ chave: nfeLike }], outros: [] } }),
    })) as CommandEnvelope<unknown>;
    expect(envelope.ok).toBe(false);
    if (!envelope.ok) expect(envelope.error.fields).toContain('form.documentos.dce.0.chave');
  });
});
