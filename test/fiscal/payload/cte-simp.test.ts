// The CT-e Simplificado form rules (deliveries inside the document's UFs, NF-e keys by check digit
// and model, no key twice, components and values) and its payload builder (totals from the
// deliveries, tpCTe 5, toma group), checked against the sandbox's strict request schema.
import { describe, expect, it } from 'vitest';

import type { JsonObject } from '../../../electron/fiscal/payload';
import { buildCteSimpPayload, cteSimpTotals } from '../../../electron/fiscal/payload';
import { cteSimpPedidoEmissao } from '../../../electron/fiscal/requests/cte-simp';
import type { CteSimpFormInput } from '../../../electron/shared/schemas/cte-simp-form';
import { cteSimpFormSchema, MAX_ENTREGAS } from '../../../electron/shared/schemas/cte-simp-form';
import { campinas, cteSimpForm } from './cte-simp-forms';
import { company, dceKey, ICMS_SITUATIONS, nfeKey } from './forms';

const ctx = {
  company,
  serie: 5,
  numero: 321,
  ambiente: 'homologacao' as const,
  referencia: 'simp-unit',
  dhEmi: '2026-11-22T10:00:00-03:00',
};

/** Issues of a form by path → message. */
function issues(form: CteSimpFormInput): Record<string, string> {
  const r = cteSimpFormSchema.safeParse(form);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

function withEntrega(patch: (e: CteSimpFormInput['entregas'][number]) => void, index = 0) {
  const form = structuredClone(cteSimpForm());
  patch(form.entregas[index]!);
  return form;
}

describe('CT-e simplificado: form rules', () => {
  it('accepts the two-delivery fixture', () => {
    expect(issues(cteSimpForm())).toEqual({});
  });

  it('each delivery starts in the UF of início and ends in the UF of fim', () => {
    const form = withEntrega((e) => (e.destino = { cMun: '4113700', xMun: 'Londrina', uf: 'PR' }), 1);
    expect(issues(form)['entregas.1.destino.uf']).toBe('a UF deve ser a de fim da prestação (SP)');
    const origin = withEntrega((e) => (e.origem = campinas));
    expect(issues(origin)['entregas.0.origem.uf']).toContain('início da prestação (PR)');
  });

  it('a município code must belong to its UF', () => {
    const form = withEntrega((e) => (e.destino = { cMun: '4106902', xMun: 'Curitiba', uf: 'SP' }));
    expect(issues(form)['entregas.0.destino.cMun']).toBe('o município não pertence à UF SP');
  });

  it('NF-e keys: check digit, model 55, never twice in the document', () => {
    const key = nfeKey(801);
    const badDigit = key.slice(0, 43) + String((Number(key[43]) + 1) % 10);
    expect(issues(withEntrega((e) => (e.nfe = [{ chave: badDigit }])))['entregas.0.nfe.0.chave']).toContain(
      'inválida',
    );
    expect(issues(withEntrega((e) => (e.nfe = [{ chave: dceKey(3) }])))['entregas.0.nfe.0.chave']).toBe(
      'a chave não é de uma NF-e (modelo 55)',
    );
    const repeated = withEntrega((e) => e.nfe.push({ chave: nfeKey(801) }), 1);
    expect(issues(repeated)['entregas.1.nfe.1.chave']).toBe('chave já usada na entrega 1');
    const sameDelivery = withEntrega((e) => e.nfe.push({ chave: key.replace(/(\d{4})/g, '$1 ') }));
    expect(issues(sameDelivery)['entregas.0.nfe.2.chave']).toBe('chave repetida nesta entrega');
    expect(issues(withEntrega((e) => (e.nfe = [])))['entregas.0.nfe']).toBe(
      'informe ao menos uma NF-e desta entrega',
    );
  });

  it('components add up to the delivery value; vRec not above it', () => {
    const comps = withEntrega((e) => (e.vPrest = 710));
    expect(issues(comps)['entregas.0.vPrest']).toContain('(700,00) difere do valor da entrega');
    const rec = withEntrega((e) => (e.vRec = 451), 1);
    expect(issues(rec)['entregas.1.vRec']).toBe('o valor a receber não pode passar do valor da entrega');
  });

  it('PIN SUFRAMA and the forecast date are checked', () => {
    const form = withEntrega((e) => (e.nfe[0] = { chave: nfeKey(801), pin: '0123', dPrev: '25/11/2026' }));
    const found = issues(form);
    expect(found['entregas.0.nfe.0.pin']).toContain('não começa com zero');
    expect(found['entregas.0.nfe.0.dPrev']).toContain('data inválida');
  });

  it('CFOP against the UFs; at least one and at most 990 deliveries; tpMed is a code', () => {
    const base = cteSimpForm();
    expect(issues({ ...base, geral: { ...base.geral, cfop: '5353' } })['geral.cfop']).toContain(
      'o CFOP começa com 6',
    );
    expect(issues({ ...base, entregas: [] }).entregas).toBe('informe ao menos uma entrega');
    const many = Array.from({ length: MAX_ENTREGAS + 1 }, (_, i) => ({
      ...base.entregas[1]!,
      nfe: [{ chave: nfeKey(1000 + i) }],
    }));
    expect(issues({ ...base, entregas: many }).entregas).toContain('no máximo 990');
    const free = {
      ...base.carga,
      quantidades: [{ cUnid: '01' as const, tpMed: 'PESO BRUTO' as never, qCarga: 1 }],
    };
    expect(issues({ ...base, carga: free })['carga.quantidades.0.tpMed']).toBe('escolha o tipo de medida');
    expect(issues({ ...base, tomador: undefined as never }).tomador).toBeDefined();
  });
});

describe('CT-e simplificado: payload', () => {
  const build = (form: CteSimpFormInput = cteSimpForm()) =>
    buildCteSimpPayload(cteSimpFormSchema.parse(form), ctx);
  const inf = (p: JsonObject) => p.infCte as Record<string, JsonObject & Record<string, unknown>>;

  it('totals are the sums of the deliveries, in cents', () => {
    expect(
      cteSimpTotals([
        { vPrest: 0.1, vRec: 0.1 },
        { vPrest: 0.2, vRec: 0.05 },
      ]),
    ).toEqual({
      vTPrest: 0.3,
      vTRec: 0.15,
    });
    const p = inf(build());
    expect(p.total).toEqual({ vTPrest: 1150.5, vTRec: 1100 });
    expect(p.imp!.ICMS).toEqual({ ICMS00: { CST: '00', vBC: 1150.5, pICMS: 12, vICMS: 138.06 } });
  });

  it('writes ide (tpCTe 5, UFs), toma with role and IE indicator, one det per delivery', () => {
    const p = inf(build());
    expect(p.ide).toMatchObject({ tpCTe: 5, modal: '01', UFIni: 'PR', UFFim: 'SP', nCT: 321, serie: 5 });
    expect(p.ide).not.toHaveProperty('cMunIni');
    expect(p.toma).toMatchObject({ toma: 0, indIEToma: 1, CNPJ: '04252011000110', IE: '1234567850' });
    const det = p.det as unknown as JsonObject[];
    expect(det.map((d) => d.nItem)).toEqual([1, 2]);
    expect(det[1]).toEqual({
      nItem: 2,
      cMunIni: '4106902',
      xMunIni: 'Curitiba',
      cMunFim: '3509502',
      xMunFim: 'Campinas',
      vPrest: 450.5,
      vRec: 400,
      infNFe: [{ chNFe: nfeKey(803) }],
    });
    expect((det[0]!.infNFe as JsonObject[])[1]).toEqual({ chNFe: nfeKey(802), dPrev: '2026-11-25' });
    expect(p.infCarga!.infQ).toEqual([
      { cUnid: '01', tpMed: '02', qCarga: 850.25 },
      { cUnid: '03', tpMed: '07', qCarga: 14 },
    ]);
    expect(p).not.toHaveProperty('infCTeNorm');
  });

  it('every ICMS situation, with and without IBS/CBS, passes the sandbox request schema', () => {
    const ibs = { cst: '000', cClassTrib: '000001', pIBSUF: 0.1, pIBSMun: 0, pCBS: 0.9 };
    for (const icms of ICMS_SITUATIONS) {
      for (const ibsCbs of [undefined, ibs]) {
        const payload = build(cteSimpForm({ impostos: { icms, ...(ibsCbs ? { ibsCbs } : {}) } }));
        const r = cteSimpPedidoEmissao.safeParse(payload);
        expect(r.success, `${icms.situacao}: ${r.error?.message}`).toBe(true);
      }
    }
  });

  it('the schema check can fail: a delivery without NF-e is refused by the sandbox schema', () => {
    const payload = build();
    delete ((inf(payload).det as unknown as JsonObject[])[0] as JsonObject).infNFe;
    expect(cteSimpPedidoEmissao.safeParse(payload).success).toBe(false);
  });
});
