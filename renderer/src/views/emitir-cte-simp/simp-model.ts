// The CT-e Simplificado form as the clerk edits it (empty strings and nulls while unfilled), turned
// into what cte-simp-form.ts validates: the zod schema stays the single source of the messages.
import type { IssueSink } from '@shared/schemas/cte-form';
import {
  checkEntrega,
  checkRepeatedKeys,
  checkSimpCfop,
  cteSimpFormSchema,
} from '@shared/schemas/cte-simp-form';
import type { FieldErrors, Money, PartyDraft, PlaceDraft, StepDef } from '../emitir-cte/form-model';
import { emptyParty, ICMS_FIELDS, pathKey, withOffset } from '../emitir-cte/form-model';

export interface NfeRefDraft {
  chave: string;
  pin: string;
  dPrev: string;
}

export interface EntregaDraft {
  origem: PlaceDraft;
  destino: PlaceDraft;
  vPrest: Money;
  vRec: Money;
  componentes: { xNome: string; vComp: Money }[];
  nfe: NfeRefDraft[];
  /** Who receives (from the NF-e), shown in the table only: the simplified CT-e has no dest group. */
  recebedor: string;
}

export interface CteSimpDraftData {
  geral: {
    cfop: string;
    natOp: string;
    tpServ: number;
    toma: number;
    ufIni: string;
    ufFim: string;
    /** datetime-local value (Brasília time); empty = now at sending. */
    dhEmi: string;
    retira: boolean;
    xDetRetira: string;
  };
  tomador: PartyDraft;
  entregas: EntregaDraft[];
  impostos: {
    icms: { situacao: string } & Record<string, string | number | null>;
    ibsCbsOn: boolean;
    ibsCbs: { cst: string; cClassTrib: string; pIBSUF: Money; pIBSMun: Money; pCBS: Money };
    infAdFisco: string;
  };
  carga: {
    vCarga: Money;
    proPred: string;
    xOutCat: string;
    quantidades: { cUnid: string; tpMed: string; qCarga: number | null }[];
  };
  rodoviario: { rntrc: string };
  observacoes: { xObs: string };
}

const emptyPlace = (uf = ''): PlaceDraft => ({ cMun: '', xMun: '', uf });

/** A new delivery: from where the previous one started, to the UF of fim. */
export function emptyEntrega(d?: CteSimpDraftData): EntregaDraft {
  const previous = d?.entregas.at(-1);
  return {
    origem: previous ? { ...previous.origem } : emptyPlace(d?.geral.ufIni ?? ''),
    destino: emptyPlace(d?.geral.ufFim ?? ''),
    vPrest: null,
    vRec: null,
    componentes: [],
    nfe: [],
    recebedor: '',
  };
}

export function emptyCteSimpDraft(): CteSimpDraftData {
  return {
    geral: {
      cfop: '',
      natOp: 'PRESTACAO DE SERVICO DE TRANSPORTE',
      tpServ: 0,
      toma: 0,
      ufIni: '',
      ufFim: '',
      dhEmi: '',
      retira: false,
      xDetRetira: '',
    },
    tomador: emptyParty(),
    entregas: [],
    impostos: {
      icms: { situacao: '00', pICMS: null },
      ibsCbsOn: false,
      ibsCbs: { cst: '000', cClassTrib: '000001', pIBSUF: null, pIBSMun: null, pCBS: null },
      infAdFisco: '',
    },
    carga: {
      vCarga: null,
      proPred: '',
      xOutCat: '',
      quantidades: [{ cUnid: '01', tpMed: '02', qCarga: null }],
    },
    rodoviario: { rntrc: '' },
    observacoes: { xObs: '' },
  };
}

/** Empty strings and nulls become absent, so required fields get the schema's "informe…" message. */
function clean(value: unknown): unknown {
  if (value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.map(clean);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const c = clean(v);
      if (c !== undefined) out[k] = c;
    }
    return out;
  }
  return value;
}

export function toCteSimpInput(d: CteSimpDraftData): Record<string, unknown> {
  const icms: Record<string, unknown> = { situacao: d.impostos.icms.situacao };
  for (const f of ICMS_FIELDS[d.impostos.icms.situacao] ?? []) icms[f] = d.impostos.icms[f];
  return clean({
    geral: {
      ...d.geral,
      dhEmi: withOffset(d.geral.dhEmi),
      xDetRetira: d.geral.retira ? d.geral.xDetRetira : '',
    },
    tomador: d.tomador,
    entregas: d.entregas.map(({ recebedor: _shown, ...e }) => e),
    impostos: {
      icms,
      ibsCbs: d.impostos.ibsCbsOn ? d.impostos.ibsCbs : undefined,
      infAdFisco: d.impostos.infAdFisco,
    },
    carga: d.carga,
    rodoviario: d.rodoviario,
    observacoes: d.observacoes,
  }) as Record<string, unknown>;
}

/** Every problem by field path; the cross-field rules run even while other steps are incomplete. */
export function validateCteSimp(d: CteSimpDraftData): FieldErrors {
  const errors: FieldErrors = {};
  const sink: IssueSink = { addIssue: (issue) => void (errors[pathKey(issue.path)] ??= issue.message) };
  const result = cteSimpFormSchema.safeParse(toCteSimpInput(d));
  if (!result.success) for (const issue of result.error.issues) errors[pathKey(issue.path)] ??= issue.message;
  const g = d.geral;
  if (/^\d{4}$/.test(g.cfop) && g.ufIni && g.ufFim) checkSimpCfop(g, sink);
  d.entregas.forEach((e, i) =>
    checkEntrega(
      {
        origem: e.origem,
        destino: e.destino,
        vPrest: e.vPrest ?? undefined,
        vRec: e.vRec ?? undefined,
        // With a component still empty the schema already asks for it; the sum waits.
        componentes: e.componentes.some((c) => c.vComp === null)
          ? []
          : e.componentes.map((c) => ({ vComp: c.vComp ?? 0 })),
      },
      i,
      g,
      sink,
    ),
  );
  checkRepeatedKeys(d.entregas, sink);
  return errors;
}

/** Totals as the payload builder computes them (sums in cents). */
export function simpTotals(d: CteSimpDraftData): { vTPrest: number; vTRec: number } {
  const sum = (pick: (e: EntregaDraft) => Money) =>
    d.entregas.reduce((acc, e) => acc + Math.round((pick(e) ?? 0) * 100), 0) / 100;
  return { vTPrest: sum((e) => e.vPrest), vTRec: sum((e) => e.vRec) };
}

export const SIMP_STEPS: StepDef[] = [
  { key: 'geral', label: 'Dados gerais', roots: ['geral', 'rodoviario'] },
  { key: 'tomador', label: 'Tomador', roots: ['tomador'] },
  { key: 'entregas', label: 'Entregas', roots: ['entregas'] },
  { key: 'carga', label: 'Carga', roots: ['carga'] },
  { key: 'impostos', label: 'Impostos', roots: ['impostos'] },
  { key: 'observacoes', label: 'Observações', roots: ['observacoes'] },
  { key: 'revisao', label: 'Revisão', roots: [] },
];
