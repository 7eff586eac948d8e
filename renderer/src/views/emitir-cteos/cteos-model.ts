// The CT-e OS form as the clerk edits it (every field present, empty while unfilled, optional
// groups behind switches). `toCteOsInput` turns it into what cteos-form.ts validates: that zod
// schema stays the single source of the messages and the paths.
import { checkValores } from '@shared/schemas/cte-form';
import type { CteOsRuleInput } from '@shared/schemas/cteos-form';
import { checkCteOsRules, cteOsFormSchema } from '@shared/schemas/cteos-form';
import type { FieldErrors, Money, PartyDraft, PlaceDraft, StepDef } from '../emitir-cte/form-model';
import { emptyParty, ICMS_FIELDS, pathKey, withOffset } from '../emitir-cte/form-model';

export interface DocRefDraft {
  /** A BP-e key (excess baggage) or another document by number and date. */
  tipo: 'bpe' | 'outro';
  chBPe: string;
  nDoc: string;
  serie: string;
  subserie: string;
  dEmi: string;
  vDoc: Money;
}
export interface SeguroDraft {
  respSeg: number;
  xSeg: string;
  nApol: string;
}
export interface PropDraft {
  cpfCnpj: string;
  xNome: string;
  taf: string;
  nroRegEstadual: string;
  ie: string;
  uf: string;
  tpProp: number;
}
export type FederalKey = 'vPIS' | 'vCOFINS' | 'vIR' | 'vINSS' | 'vCSLL';

export interface CteOsDraftData {
  geral: {
    cfop: string;
    natOp: string;
    tpServ: number;
    inicio: PlaceDraft;
    fim: PlaceDraft;
    /** datetime-local value (Brasília time); empty = now at sending. */
    dhEmi: string;
    percurso: string[];
  };
  /** Excess baggage may go without a tomador; passengers and valuables always have one. */
  tomadorOn: boolean;
  tomador: PartyDraft;
  valores: { componentes: { xNome: string; vComp: Money }[]; vTPrest: Money; vRec: Money };
  impostos: {
    icms: { situacao: string } & Record<string, string | number | null>;
    ibsCbsOn: boolean;
    ibsCbs: { cst: string; cClassTrib: string; pIBSUF: Money; pIBSMun: Money; pCBS: Money };
    federaisOn: boolean;
    federais: Record<FederalKey, Money>;
    vTotTrib: Money;
    infAdFisco: string;
  };
  servico: { xDescServ: string; qCarga: Money };
  documentos: DocRefDraft[];
  seguro: SeguroDraft[];
  rodoviario: {
    taf: string;
    nroRegEstadual: string;
    veiculoOn: boolean;
    placa: string;
    renavam: string;
    ufVeiculo: string;
    propOn: boolean;
    prop: PropDraft;
    /** 1 eventual, 2 contínuo; null = not chosen yet. */
    tpFretamento: number | null;
    dhViagem: string;
  };
  observacoes: { xObs: string; obsCont: { xCampo: string; xTexto: string }[] };
}

export const emptyDocRef = (tipo: DocRefDraft['tipo'] = 'bpe'): DocRefDraft => ({
  tipo,
  chBPe: '',
  nDoc: '',
  serie: '',
  subserie: '',
  dEmi: '',
  vDoc: null,
});
export const emptyProp = (): PropDraft => ({
  cpfCnpj: '',
  xNome: '',
  taf: '',
  nroRegEstadual: '',
  ie: '',
  uf: '',
  tpProp: 2,
});

export function emptyCteOsDraft(): CteOsDraftData {
  return {
    geral: {
      cfop: '',
      natOp: 'PRESTACAO DE SERVICO DE TRANSPORTE',
      tpServ: 6,
      inicio: { cMun: '', xMun: '', uf: '' },
      fim: { cMun: '', xMun: '', uf: '' },
      dhEmi: '',
      percurso: [],
    },
    tomadorOn: true,
    tomador: emptyParty(),
    valores: { componentes: [{ xNome: 'SERVICO', vComp: null }], vTPrest: null, vRec: null },
    impostos: {
      icms: { situacao: '00', pICMS: null },
      ibsCbsOn: false,
      ibsCbs: { cst: '000', cClassTrib: '000001', pIBSUF: null, pIBSMun: null, pCBS: null },
      federaisOn: false,
      federais: { vPIS: null, vCOFINS: null, vIR: null, vINSS: null, vCSLL: null },
      vTotTrib: null,
      infAdFisco: '',
    },
    servico: { xDescServ: '', qCarga: null },
    documentos: [],
    seguro: [],
    rodoviario: {
      taf: '',
      nroRegEstadual: '',
      veiculoOn: false,
      placa: '',
      renavam: '',
      ufVeiculo: '',
      propOn: false,
      prop: emptyProp(),
      tpFretamento: null,
      dhViagem: '',
    },
    observacoes: { xObs: '', obsCont: [] },
  };
}

type Loose = Record<string, unknown>;
const isObj = (v: unknown): v is Loose => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A saved draft on today's shape: each group over its empty default (drafts of the one-page form too). */
export function fromSaved(saved: unknown): CteOsDraftData {
  const base = emptyCteOsDraft();
  if (!isObj(saved)) return base;
  const merged: Loose = {};
  for (const [key, value] of Object.entries(saved)) {
    if (!(key in base)) continue;
    const def: unknown = Reflect.get(base, key);
    merged[key] = isObj(def) && isObj(value) ? { ...def, ...value } : value;
  }
  Object.assign(base, merged);
  // The one-page form kept the ICMS at the top level.
  if (isObj(saved.icms) && typeof saved.icms.situacao === 'string')
    base.impostos.icms = saved.icms as CteOsDraftData['impostos']['icms'];
  base.rodoviario.prop = { ...emptyProp(), ...base.rodoviario.prop };
  return base;
}

/** Empty strings and nulls become absent, so required fields get the schema's "informe…" message. */
function clean(value: unknown): unknown {
  if (value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.map(clean);
  if (isObj(value)) {
    const out: Loose = {};
    for (const [k, v] of Object.entries(value)) {
      const c = clean(v);
      if (c !== undefined) out[k] = c;
    }
    return out;
  }
  return value;
}

export const hasTomador = (d: CteOsDraftData) => d.geral.tpServ !== 8 || d.tomadorOn;

function rodoviarioInput(d: CteOsDraftData): Loose {
  const r = d.rodoviario;
  if (d.geral.tpServ === 7) return {};
  const veiculo = r.veiculoOn
    ? { placa: r.placa, renavam: r.renavam, ufVeiculo: r.ufVeiculo, prop: r.propOn ? r.prop : undefined }
    : {};
  const fretamento =
    d.geral.tpServ === 6 && r.tpFretamento
      ? { tpFretamento: r.tpFretamento, dhViagem: r.tpFretamento === 1 ? withOffset(r.dhViagem) : '' }
      : undefined;
  return { taf: r.taf, nroRegEstadual: r.nroRegEstadual, ...veiculo, fretamento };
}

export function toCteOsInput(d: CteOsDraftData): Record<string, unknown> {
  const imp = d.impostos;
  const icms: Loose = { situacao: imp.icms.situacao };
  for (const f of ICMS_FIELDS[imp.icms.situacao] ?? []) icms[f] = imp.icms[f];
  return clean({
    geral: { ...d.geral, dhEmi: withOffset(d.geral.dhEmi) },
    tomador: hasTomador(d) ? d.tomador : undefined,
    valores: d.valores,
    impostos: {
      icms,
      ibsCbs: imp.ibsCbsOn ? imp.ibsCbs : undefined,
      tributosFederais: imp.federaisOn ? imp.federais : undefined,
      vTotTrib: imp.vTotTrib,
      infAdFisco: imp.infAdFisco,
    },
    servico: d.servico,
    documentos: d.documentos.map(({ tipo, chBPe, ...outro }) => (tipo === 'bpe' ? { chBPe } : outro)),
    seguro: d.seguro,
    rodoviario: rodoviarioInput(d),
    observacoes: d.observacoes,
  }) as Record<string, unknown>;
}

/** The cross-field rules' view of a draft that does not parse yet. */
function ruleInput(d: CteOsDraftData, input: Loose): CteOsRuleInput {
  const fed = d.impostos.federais;
  return {
    geral: {
      tpServ: d.geral.tpServ,
      inicio: { uf: d.geral.inicio.uf },
      fim: { uf: d.geral.fim.uf },
      dhEmi: withOffset(d.geral.dhEmi) || undefined,
      percurso: d.geral.percurso,
    },
    tomador: hasTomador(d) ? { cpfCnpj: d.tomador.cpfCnpj.replace(/[^0-9A-Za-z]/g, '') } : undefined,
    impostos: {
      icms: d.impostos.icms,
      tributosFederais: d.impostos.federaisOn ? { vINSS: fed.vINSS ?? undefined } : undefined,
    },
    documentos: d.documentos,
    rodoviario: (input.rodoviario ?? {}) as CteOsRuleInput['rodoviario'],
  };
}

/** Every problem by field path; cross-field rules run even while other steps are still incomplete. */
export function validateCteOs(d: CteOsDraftData): FieldErrors {
  const errors: FieldErrors = {};
  const sink = {
    addIssue: (i: { path: (string | number)[]; message: string }) =>
      void (errors[pathKey(i.path)] ??= i.message),
  };
  const input = toCteOsInput(d);
  const result = cteOsFormSchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) errors[pathKey(issue.path)] ??= issue.message;
    checkCteOsRules(ruleInput(d, input), sink);
  }
  const v = d.valores;
  if (v.vTPrest !== null && v.componentes.every((c) => c.vComp !== null)) {
    const componentes = v.componentes as { xNome: string; vComp: number }[];
    checkValores({ componentes, vTPrest: v.vTPrest, vRec: v.vRec ?? 0 }, sink);
  }
  return errors;
}

export const CTEOS_STEPS: StepDef[] = [
  { key: 'geral', label: 'Dados gerais', roots: ['geral'] },
  { key: 'tomador', label: 'Tomador', roots: ['tomador'] },
  { key: 'valores', label: 'Valores', roots: ['valores'] },
  { key: 'impostos', label: 'Impostos', roots: ['impostos'] },
  { key: 'servico', label: 'Serviço e documentos', roots: ['servico', 'documentos', 'seguro'] },
  { key: 'modal', label: 'Modal rodoviário', roots: ['rodoviario'] },
  { key: 'observacoes', label: 'Observações', roots: ['observacoes'] },
  { key: 'revisao', label: 'Revisão', roots: [] },
];

export const TP_SERV_OPTIONS = [
  { label: 'Transporte de pessoas', value: 6 },
  { label: 'Transporte de valores', value: 7 },
  { label: 'Excesso de bagagem', value: 8 },
];

export function draftTitle(d: CteOsDraftData): string {
  const kind = TP_SERV_OPTIONS.find((o) => o.value === d.geral.tpServ)?.label ?? 'CT-e OS';
  const who = hasTomador(d) ? d.tomador.xNome : '';
  const route = [d.geral.inicio.xMun, d.geral.fim.xMun].filter(Boolean).join(' → ');
  return [who || kind, route].filter(Boolean).join(' · ').slice(0, 120) || 'CT-e OS sem título';
}
