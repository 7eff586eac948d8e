// "Copiar" an issued CT-e: its payload back into a draft that the form opens as sent, every group
// included (optional parties, IBS/CBS, retira, observations, DC-e keys), and that sends the same.
import { describe, expect, it } from 'vitest';

import {
  cteFormFromPayload,
  cteOsFormFromPayload,
  cteSimpFormFromPayload,
  draftFromIssued,
} from '../../../electron/app/issuing/duplicate';
import type { JsonObject } from '../../../electron/fiscal/payload';
import { buildCteOsPayload, buildCtePayload, buildCteSimpPayload } from '../../../electron/fiscal/payload';
import { cteFormSchema } from '../../../electron/shared/schemas/cte-form';
import { cteSimpFormSchema } from '../../../electron/shared/schemas/cte-simp-form';
import { cteOsFormSchema } from '../../../electron/shared/schemas/cteos-form';
import {
  emptyCteDraft,
  toSchemaInput,
  withDefaults,
} from '../../../renderer/src/views/emitir-cte/form-model';
import type { CteSimpDraftData } from '../../../renderer/src/views/emitir-cte-simp/simp-model';
import {
  emptyCteSimpDraft,
  toCteSimpInput,
  validateCteSimp,
} from '../../../renderer/src/views/emitir-cte-simp/simp-model';
import { fromSaved, toCteOsInput, validateCteOs } from '../../../renderer/src/views/emitir-cteos/cteos-model';
import { cteSimpForm } from '../../fiscal/payload/cte-simp-forms';
import { fullBaggage, fullPassengers, fullValuables } from '../../fiscal/payload/cteos-forms';
import { company, cteForm, dceKey } from '../../fiscal/payload/forms';

const IBS = { cst: '000', cClassTrib: '000001', pIBSUF: 0.1, pIBSMun: 0, pCBS: 0.9 };

const ctx = (numero: number) => ({
  company,
  serie: 1,
  numero,
  ambiente: 'homologacao' as const,
  referencia: `carreta-copia-${numero}`,
  dhEmi: '2026-11-22T10:00:00-03:00',
});

describe('copy of an issued CT-e', () => {
  it('opens in the form with every group and sends the same payload again', () => {
    const form = cteFormSchema.parse(
      cteForm({
        geral: { ...cteForm().geral, retira: true, xDetRetira: 'Filial Centro' },
        expedidor: {
          cpfCnpj: '11.444.777/0001-61',
          xNome: 'Expedidora Ltda',
          endereco: {
            xLgr: 'Rua B',
            nro: '2',
            xBairro: 'Centro',
            cMun: '4106902',
            xMun: 'Curitiba',
            uf: 'PR',
          },
        },
        impostos: {
          icms: { situacao: '00', pICMS: 12 },
          ibsCbs: { cst: '000', cClassTrib: '000001', pIBSUF: 0.1, pIBSMun: 0, pCBS: 0.9 },
          vTotTrib: 99.9,
          infAdFisco: 'Regime especial',
        },
        carga: { ...cteForm().carga, vCargaAverb: 26000 },
        documentos: { nfe: [], dce: [{ chave: dceKey(3) }], outros: [] },
        observacoes: {
          xObs: 'Frágil',
          obsCont: [{ xCampo: 'Pedido', xTexto: 'P-9' }],
          obsFisco: [{ xCampo: 'Regime', xTexto: 'Especial' }],
        },
      }),
    );
    const first = buildCtePayload(form, ctx(1));
    const draft = withDefaults(emptyCteDraft(), cteFormFromPayload(first));
    expect(draft.use.expedidor).toBe(true);
    expect(draft.impostos.ibsCbsOn).toBe(true);
    expect(draft.recebedor.xNome).toBe('');
    const again = buildCtePayload(cteFormSchema.parse(toSchemaInput(draft)), ctx(2));
    const strip = (p: typeof first) => {
      const { nCT, ...ide } = p.infCte.ide;
      void nCT;
      return { ...p.infCte, ide };
    };
    expect(strip(again)).toEqual(strip(first));
  });
});

const strip = (p: JsonObject) => {
  const inf = structuredClone(p.infCte) as Record<string, Record<string, unknown>>;
  delete inf.ide!.nCT;
  return inf;
};

describe('copy of an issued CT-e OS', () => {
  it.each([
    ['passengers (fretamento eventual, owner, federal taxes, seguro)', () => fullPassengers(1)],
    ['excess baggage (no tomador, BP-e and other document)', fullBaggage],
    ['valuables (no modal group)', fullValuables],
  ])('%s: the CT-e OS form opens it and sends the same payload', (_name, make) => {
    const first = buildCteOsPayload(cteOsFormSchema.parse(make()), ctx(1));
    const draft = fromSaved(JSON.parse(JSON.stringify(cteOsFormFromPayload(first))));
    expect(validateCteOs(draft)).toEqual({});
    const again = buildCteOsPayload(cteOsFormSchema.parse(toCteOsInput(draft)), ctx(2));
    expect(strip(again)).toEqual(strip(first));
  });
});

describe('copy of an issued CT-e Simplificado', () => {
  it('the simplified form opens every delivery (UF from the IBGE code), and sends the same payload', () => {
    const form = cteSimpForm({
      geral: { ...cteSimpForm().geral, retira: true, xDetRetira: 'Balcão' },
      impostos: { icms: { situacao: '20', pRedBC: 10, pICMS: 12 }, ibsCbs: IBS, infAdFisco: 'Regime' },
    });
    form.entregas[0]!.nfe[0]!.pin = '1234567';
    const first = buildCteSimpPayload(cteSimpFormSchema.parse(form), ctx(1));
    // As the store loads a draft: each top-level group over the empty form.
    const saved = JSON.parse(JSON.stringify(cteSimpFormFromPayload(first))) as Partial<CteSimpDraftData>;
    const draft = { ...emptyCteSimpDraft(), ...saved } as CteSimpDraftData;
    expect(draft.entregas.map((e) => [e.origem.uf, e.destino.xMun, e.destino.uf])).toEqual([
      ['PR', 'São Paulo', 'SP'],
      ['PR', 'Campinas', 'SP'],
    ]);
    expect(draft.impostos.ibsCbsOn).toBe(true);
    expect(validateCteSimp(draft)).toEqual({});
    const again = buildCteSimpPayload(cteSimpFormSchema.parse(toCteSimpInput(draft)), ctx(2));
    expect(strip(again)).toEqual(strip(first));
  });
});

describe('which form a copy opens in', () => {
  const simp = buildCteSimpPayload(cteSimpFormSchema.parse(cteSimpForm()), ctx(1));
  const os = buildCteOsPayload(cteOsFormSchema.parse(fullBaggage()), ctx(1));
  it('by the outbox row: variant cte-simp, kind cteos, else the CT-e', () => {
    expect(draftFromIssued('cte', 'cte-simp', simp).kind).toBe('cte-simp');
    expect(draftFromIssued('cteos', null, os).kind).toBe('cteos');
    expect(draftFromIssued('cte', null, buildCtePayload(cteFormSchema.parse(cteForm()), ctx(1))).kind).toBe(
      'cte',
    );
  });

  it('a copy leaves out the NF-e of the original and says which (an NF-e goes on one CT-e)', () => {
    const cte = buildCtePayload(cteFormSchema.parse(cteForm()), ctx(1));
    const copy = draftFromIssued('cte', null, cte);
    const original = cteFormFromPayload(cte).documentos as { nfe: { chave: string }[] };
    expect(original.nfe).toHaveLength(1);
    expect(copy.nfeRemovidas).toEqual([original.nfe[0]!.chave]);
    expect((copy.data.documentos as { nfe: unknown[] }).nfe).toEqual([]);

    const simpCopy = draftFromIssued('cte', 'cte-simp', simp);
    const deliveries = cteSimpFormFromPayload(simp).entregas as { nfe: { chave: string }[] }[];
    expect(simpCopy.nfeRemovidas).toEqual(deliveries.flatMap((e) => e.nfe.map((n) => n.chave)));
    expect(simpCopy.nfeRemovidas.length).toBeGreaterThan(0);
    expect((simpCopy.data.entregas as { nfe: unknown[] }[]).every((e) => e.nfe.length === 0)).toBe(true);
    // Everything else is the original's.
    expect({ ...simpCopy.data, entregas: [] }).toEqual({ ...cteSimpFormFromPayload(simp), entregas: [] });
    expect(draftFromIssued('cteos', null, os).nfeRemovidas).toEqual([]);
  });
});
