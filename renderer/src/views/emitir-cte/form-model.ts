// The CT-e form as the clerk edits it: every field present (empty strings and nulls while unfilled),
// optional parties behind switches. `toSchemaInput` turns it into what cte-form.ts validates, so the
// zod schema stays the single source of truth for the messages and the paths.
import { DH_EMI_AHEAD_MS, DH_EMI_BEHIND_HOURS, DH_EMI_BEHIND_MS, withBrasiliaOffset } from '@shared/fiscal';
import type { IssueSink } from '@shared/schemas/cte-form';
import { checkCfop, checkDocumentos, checkValores, cteFormSchema } from '@shared/schemas/cte-form';

export interface AddressDraft {
  xLgr: string;
  nro: string;
  xCpl: string;
  xBairro: string;
  cMun: string;
  xMun: string;
  uf: string;
  cep: string;
}
export interface PartyDraft {
  cpfCnpj: string;
  ie: string;
  xNome: string;
  xFant: string;
  fone: string;
  email: string;
  endereco: AddressDraft;
}
export interface PlaceDraft {
  cMun: string;
  xMun: string;
  uf: string;
}
export type Money = number | null;

export interface CteDraftData {
  geral: {
    cfop: string;
    natOp: string;
    tpServ: number;
    toma: number;
    inicio: PlaceDraft;
    fim: PlaceDraft;
    /** datetime-local value (Brasília time); empty = now at sending. */
    dhEmi: string;
    /** The recebedor collects at the destination (airport, branch, port, station). */
    retira: boolean;
    xDetRetira: string;
  };
  remetente: PartyDraft;
  destinatario: PartyDraft;
  expedidor: PartyDraft;
  recebedor: PartyDraft;
  tomador: PartyDraft;
  use: { expedidor: boolean; recebedor: boolean };
  valores: { componentes: { xNome: string; vComp: Money }[]; vTPrest: Money; vRec: Money };
  impostos: {
    icms: { situacao: string } & Record<string, string | number | null>;
    ibsCbsOn: boolean;
    ibsCbs: { cst: string; cClassTrib: string; pIBSUF: Money; pIBSMun: Money; pCBS: Money };
    /** Approximate taxes (Lei 12.741/2012), printed on the DACTE. */
    vTotTrib: Money;
    infAdFisco: string;
  };
  carga: {
    vCarga: Money;
    vCargaAverb: Money;
    proPred: string;
    xOutCat: string;
    quantidades: { cUnid: string; tpMed: string; qCarga: number | null }[];
  };
  documentos: {
    nfe: { chave: string }[];
    dce: { chave: string }[];
    outros: { tpDoc: string; descOutros: string; nDoc: string; vDocFisc: Money }[];
  };
  rodoviario: { rntrc: string };
  observacoes: { xObs: string; obsCont: ObsDraft[]; obsFisco: ObsDraft[] };
  /**
   * What the NF-e import warned about (cancelled, without protocol, denied, entry note, key of
   * another CNPJ…), kept with the form and its draft until the NF-e it names leaves the form. Never
   * sent: only the clerk's acknowledgement (`ciente`) lets the form be sent while any remains.
   */
  avisosNfe: { itens: NfeAviso[]; ciente: boolean };
}
export interface NfeAviso {
  /** The keys (44 characters) the warning is about; it goes when none of them is in the form. */
  chaves: string[];
  texto: string;
}
export interface ObsDraft {
  xCampo: string;
  xTexto: string;
}

export const emptyParty = (): PartyDraft => ({
  cpfCnpj: '',
  ie: '',
  xNome: '',
  xFant: '',
  fone: '',
  email: '',
  endereco: { xLgr: '', nro: '', xCpl: '', xBairro: '', cMun: '', xMun: '', uf: '', cep: '' },
});

export function emptyCteDraft(): CteDraftData {
  return {
    geral: {
      cfop: '',
      natOp: 'PRESTACAO DE SERVICO DE TRANSPORTE',
      tpServ: 0,
      toma: 0,
      inicio: { cMun: '', xMun: '', uf: '' },
      fim: { cMun: '', xMun: '', uf: '' },
      dhEmi: '',
      retira: false,
      xDetRetira: '',
    },
    remetente: emptyParty(),
    destinatario: emptyParty(),
    expedidor: emptyParty(),
    recebedor: emptyParty(),
    tomador: emptyParty(),
    use: { expedidor: false, recebedor: false },
    valores: { componentes: [{ xNome: 'FRETE VALOR', vComp: null }], vTPrest: null, vRec: null },
    impostos: {
      icms: { situacao: '00', pICMS: null },
      ibsCbsOn: false,
      ibsCbs: { cst: '000', cClassTrib: '000001', pIBSUF: null, pIBSMun: null, pCBS: null },
      vTotTrib: null,
      infAdFisco: '',
    },
    carga: {
      vCarga: null,
      vCargaAverb: null,
      proPred: '',
      xOutCat: '',
      quantidades: [{ cUnid: '01', tpMed: 'PESO BRUTO', qCarga: null }],
    },
    documentos: { nfe: [], dce: [], outros: [] },
    rodoviario: { rntrc: '' },
    observacoes: { xObs: '', obsCont: [], obsFisco: [] },
    avisosNfe: { itens: [], ciente: false },
  };
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A saved draft over today's empty form: drafts saved before a field existed get its default,
 * so the steps never read a missing group. Arrays and values come from the draft as saved.
 */
export function withDefaults<T>(base: T, saved: unknown): T {
  if (!isPlain(base) || !isPlain(saved)) return (saved === undefined ? base : saved) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(saved)) out[k] = k in base ? withDefaults(base[k], v) : v;
  return out as T;
}

/** Fields of each ICMS situation, in display order. */
export const ICMS_FIELDS: Record<string, string[]> = {
  '00': ['vBC', 'pICMS'],
  '20': ['pRedBC', 'vBC', 'pICMS', 'vICMSDeson'],
  '45': ['cst', 'vICMSDeson', 'cBenef'],
  '60': ['vBCSTRet', 'pICMSSTRet', 'vCred'],
  '90': ['pRedBC', 'vBC', 'pICMS', 'vCred'],
  outraUF: ['pRedBCOutraUF', 'vBCOutraUF', 'pICMSOutraUF'],
  SN: [],
};

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

const filled = (p: PartyDraft) => Boolean(p.cpfCnpj.trim() || p.xNome.trim());
const TOMA_KEYS = ['remetente', 'expedidor', 'recebedor', 'destinatario', 'tomador'] as const;

/** datetime-local (Brasília wall time) → ISO with the offset the layout asks for (electron/fiscal). */
export const withOffset = withBrasiliaOffset;

export function toSchemaInput(d: CteDraftData): Record<string, unknown> {
  const tomaKey = TOMA_KEYS[d.geral.toma] ?? 'remetente';
  const party = (key: (typeof TOMA_KEYS)[number], on: boolean) =>
    on || key === tomaKey ? clean(d[key]) : undefined;
  const icms: Record<string, unknown> = { situacao: d.impostos.icms.situacao };
  for (const f of ICMS_FIELDS[d.impostos.icms.situacao] ?? []) icms[f] = d.impostos.icms[f];
  return clean({
    geral: {
      ...d.geral,
      dhEmi: withOffset(d.geral.dhEmi),
      xDetRetira: d.geral.retira ? d.geral.xDetRetira : undefined,
    },
    remetente: party('remetente', filled(d.remetente)),
    destinatario: party('destinatario', filled(d.destinatario)),
    expedidor: party('expedidor', d.use.expedidor),
    recebedor: party('recebedor', d.use.recebedor),
    tomador: d.geral.toma === 4 ? clean(d.tomador) : undefined,
    valores: { ...d.valores, componentes: d.valores.componentes },
    impostos: {
      icms,
      ibsCbs: d.impostos.ibsCbsOn ? d.impostos.ibsCbs : undefined,
      vTotTrib: d.impostos.vTotTrib,
      infAdFisco: d.impostos.infAdFisco,
    },
    carga: d.carga,
    documentos: d.documentos,
    rodoviario: d.rodoviario,
    observacoes: d.observacoes,
  }) as Record<string, unknown>;
}

export type FieldErrors = Record<string, string>;
export const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('.');

/** Every problem by field path; cross-field rules run even while other steps are still incomplete. */
export function validateCte(d: CteDraftData, now: Date = new Date()): FieldErrors {
  const errors: FieldErrors = {};
  const sink: IssueSink = {
    addIssue: (issue) => {
      errors[pathKey(issue.path)] ??= issue.message;
    },
  };
  const result = cteFormSchema.safeParse(toSchemaInput(d));
  if (!result.success) for (const issue of result.error.issues) errors[pathKey(issue.path)] ??= issue.message;
  const v = d.valores;
  if (v.vTPrest !== null && v.componentes.every((c) => c.vComp !== null)) {
    // vRec is checked by the schema; here only "not above the total" matters, so empty counts as 0.
    const componentes = v.componentes as { xNome: string; vComp: number }[];
    checkValores({ componentes, vTPrest: v.vTPrest, vRec: v.vRec ?? 0 }, sink);
  }
  const g = d.geral;
  if (/^\d{4}$/.test(g.cfop) && g.inicio.uf && g.fim.uf) checkCfop(g, sink);
  checkDocumentos(d.documentos, sink);
  const when = dhEmiProblem(g.dhEmi, now);
  if (when) errors['geral.dhEmi'] ??= when;
  return errors;
}

/** The authority's window for dhEmi (G102/G103, electron/fiscal/emission.ts). */
export function dhEmiProblem(local: string, now: Date): string | undefined {
  if (!local) return undefined;
  const at = Date.parse(withOffset(local));
  if (Number.isNaN(at)) return undefined;
  if (at - now.getTime() > DH_EMI_AHEAD_MS) return 'a data e hora de emissão não pode estar no futuro';
  if (now.getTime() - at > DH_EMI_BEHIND_MS)
    return `a SEFAZ recusa CT-e com emissão há mais de ${DH_EMI_BEHIND_HOURS / 24} dias: deixe vazio para usar a hora do envio`;
  return undefined;
}

export interface StepDef {
  key: string;
  label: string;
  /** Top-level form paths whose errors belong to this step. */
  roots: string[];
}

export const CTE_STEPS: StepDef[] = [
  { key: 'geral', label: 'Dados gerais', roots: ['geral'] },
  {
    key: 'partes',
    label: 'Partes',
    roots: ['remetente', 'destinatario', 'expedidor', 'recebedor', 'tomador'],
  },
  { key: 'valores', label: 'Valores', roots: ['valores'] },
  { key: 'impostos', label: 'Impostos', roots: ['impostos'] },
  { key: 'carga', label: 'Carga', roots: ['carga'] },
  { key: 'documentos', label: 'Documentos', roots: ['documentos'] },
  { key: 'modal', label: 'Modal', roots: ['rodoviario'] },
  { key: 'observacoes', label: 'Observações', roots: ['observacoes'] },
  { key: 'revisao', label: 'Revisão', roots: [] },
];

export function stepOfPath(path: string, steps: StepDef[] = CTE_STEPS): number {
  const root = path.replace(/^form\./, '').split('.')[0] ?? '';
  const index = steps.findIndex((s) => s.roots.includes(root));
  return index;
}

export function countByStep(errors: FieldErrors, steps: StepDef[] = CTE_STEPS): number[] {
  const counts = steps.map(() => 0);
  for (const path of Object.keys(errors)) {
    const i = stepOfPath(path, steps);
    if (i >= 0) counts[i]! += 1;
  }
  return counts;
}
