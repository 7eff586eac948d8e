// The ANTT rules of the road MDF-e (one home: the form, the payload builder, the app's check before
// sending and the sandbox's authority import them). Codes, texts, sources and dates live in
// sefaz-codes.ts (MDFE_REJECTIONS); this module decides when each applies.
//
// - NT 2025.001 v1.03 (MDF-e), in force in produção since 06/10/2025 (homologação from 07/2025),
//   asked for by the ANTT to watch the minimum freight floor (Lei 13.703/2018). Its four rules apply
//   to the road modal when the issuer is a transport provider (tpEmit 1), a carrier that will issue a
//   globalised CT-e (tpEmit 3), or an own-load issuer (tpEmit 2) with tpTransp informed:
//   301 (F55a) carga lotação (exactly one DF-e on the MDF-e) without prodPred/NCM; 302 (F55b) carga
//   lotação without infANTT/infPag; 303 (F113a) TAC or equiparado with RNTRC without infPag and its
//   infBanc; 304 (F113b) the same without infCIOT. "TAC or equiparado" is read as the reference pack
//   words it (../shared/reference/mdfe/README.md "Rules in force since 06/10/2025"): tpTransp 2 with
//   the RNTRC of the issuer, or a tração vehicle whose owner is a TAC (tpProp 0 agregado, 1
//   independente) with its RNTRC. The NT itself is not in the pack; the sources are the secondary
//   ones the README lists, which agree on codes and conditions.
// - MOC MDF-e 3.00 §4.1.8 G085 → 578 (p.41): road modal, tpEmit 1, and neither the responsible for
//   the CIOT (infCIOT with CPF/CNPJ) nor the one paying the vale-pedágio (valePed/disp CNPJPg|CPFPg)
//   informed: at least one infContratante is required. Applied: it is an "Obrig." rule of the manual
//   in force, and neither NT 2025.001 (whose changes the reference lists) nor any later source in the
//   pack withdraws it; the pack lacks MOC 3.00a/3.00b, so its wording there is unverified.
// - Layout of the same NT (XSD PL_MDFe_300b_NT012025_1.03, mdfeModalRodoviario): tpValePed only
//   01 TAG / 04 leitura de placa; valePed/disp/nCompra carries the IDVPO; infCIOT 0–1 (the NT; the
//   1.03 XSD still says unbounded, and at most one is valid under both, so one is what we send and
//   accept).
// Pure; garbage in gives a safe answer, no throw.
import { MDFE_REJECTIONS } from './sefaz-codes';

export type MdfeAnttCode = 301 | 302 | 303 | 304 | 578;

/** Tipo do vale-pedágio (NT 2025.001: only these two remain). */
export const TP_VALE_PED = { '01': 'TAG', '04': 'Leitura de placa' } as const;
export type TpValePed = keyof typeof TP_VALE_PED;
/** infCIOT 0–1 (NT 2025.001). */
export const MDFE_MAX_CIOT = 1;

/** What the rules read of one MDF-e, whatever it was built from (the form or the layout's JSON). */
export interface MdfeAnttFacts {
  modal: number;
  tpEmit: number;
  /** ide/tpTransp; null when not informed. */
  tpTransp: number | null;
  /** DF-e listed in infDoc (CT-e, NF-e and MDF-e transported). */
  docCount: number;
  /** prodPred/NCM; '' when not informed. */
  ncm: string;
  /** infANTT/RNTRC of the issuer; '' when not informed. */
  rntrc: string;
  /** veicTracao/prop, when the vehicle is someone else's. */
  owner: { tpProp: number; rntrc: string } | null;
  /** infPag, each with or without its infBanc. */
  pagamentos: readonly { infBanc: boolean }[];
  /** infCIOT, each with or without the responsible's CPF/CNPJ. */
  ciot: readonly { responsavel: boolean }[];
  /** Some valePed/disp names who pays the vale-pedágio (CNPJPg or CPFPg). */
  valePedPagador: boolean;
  /** infContratante count. */
  contratantes: number;
}

/** NT 2025.001's issuers: tpEmit 1 or 3, or 2 with tpTransp, on the road modal. */
export function nt2025001Applies(f: Pick<MdfeAnttFacts, 'modal' | 'tpEmit' | 'tpTransp'>): boolean {
  if (f.modal !== 1) return false;
  return f.tpEmit === 1 || f.tpEmit === 3 || (f.tpEmit === 2 && f.tpTransp !== null);
}

/** RNTRC informed for a TAC or a carrier equated to one (see the header). */
export function isTacEquiparado(f: Pick<MdfeAnttFacts, 'tpTransp' | 'rntrc' | 'owner'>): boolean {
  if (f.tpTransp === 2 && f.rntrc !== '') return true;
  const o = f.owner;
  return o !== null && (o.tpProp === 0 || o.tpProp === 1) && o.rntrc !== '';
}

/** The date a rule of MDFE_REJECTIONS came into force, as an instant (00:00 in Brasília). */
export function inForceSince(code: MdfeAnttCode | 229): Date {
  const day = MDFE_REJECTIONS[code].inForceSince;
  return new Date(`${day}T00:00:00-03:00`);
}

/**
 * Every rule of this module the MDF-e breaks, in the order the authority checks them (NT rules by
 * their numbers, then G085). `at`, when given, leaves out the rules not yet in force then.
 */
export function mdfeAnttProblems(f: MdfeAnttFacts, at?: Date): MdfeAnttCode[] {
  const out: MdfeAnttCode[] = [];
  if (typeof f !== 'object' || f === null) return out;
  const pagamentos = Array.isArray(f.pagamentos) ? f.pagamentos : [];
  const ciot = Array.isArray(f.ciot) ? f.ciot : [];
  if (nt2025001Applies(f)) {
    const lotacao = f.docCount === 1;
    if (lotacao && !f.ncm) out.push(301);
    if (lotacao && pagamentos.length === 0) out.push(302);
    if (isTacEquiparado(f)) {
      if (pagamentos.length === 0 || pagamentos.some((p) => !p.infBanc)) out.push(303);
      if (ciot.length === 0) out.push(304);
    }
  }
  const ciotResponsavel = ciot.some((c) => c.responsavel);
  if (f.modal === 1 && f.tpEmit === 1 && !ciotResponsavel && !f.valePedPagador && f.contratantes === 0)
    out.push(578);
  if (at === undefined || !(at instanceof Date)) return out;
  return out.filter((code) => inForceSince(code).getTime() <= at.getTime());
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
const int = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isInteger(n) ? n : null;
};

/** The facts of an `infMDFe` in the layout's JSON (the API body the app sends, the sandbox reads). */
export function mdfeAnttFactsOf(infMDFe: unknown): MdfeAnttFacts {
  const inf = obj(infMDFe);
  const ide = obj(inf.ide);
  const rodo = obj(obj(inf.infModal).rodo);
  const antt = obj(rodo.infANTT);
  const prop = obj(obj(rodo.veicTracao).prop);
  const docCount = list(obj(inf.infDoc).infMunDescarga).reduce<number>((n, m) => {
    const g = obj(m);
    return n + list(g.infCTe).length + list(g.infNFe).length + list(g.infMDFeTransp).length;
  }, 0);
  return {
    modal: int(ide.modal) ?? 0,
    tpEmit: int(ide.tpEmit) ?? 0,
    tpTransp: int(ide.tpTransp),
    docCount,
    ncm: text(obj(inf.prodPred).NCM),
    rntrc: text(antt.RNTRC),
    owner: Object.keys(prop).length ? { tpProp: int(prop.tpProp) ?? -1, rntrc: text(prop.RNTRC) } : null,
    pagamentos: list(antt.infPag).map((p) => ({ infBanc: Object.keys(obj(obj(p).infBanc)).length > 0 })),
    ciot: list(antt.infCIOT).map((c) => ({ responsavel: Boolean(text(obj(c).CNPJ) || text(obj(c).CPF)) })),
    valePedPagador: list(obj(antt.valePed).disp).some((d) =>
      Boolean(text(obj(d).CNPJPg) || text(obj(d).CPFPg)),
    ),
    contratantes: list(antt.infContratante).length,
  };
}

/**
 * What the clerk is told for each rule, at the form's field: the form schema, the payload builder's
 * error and the app's check before sending say the same words.
 */
export const MDFE_ANTT_MESSAGES: Record<MdfeAnttCode, { field: string; message: string }> = {
  301: {
    field: 'produto.ncm',
    message:
      'NCM do produto predominante: obrigatório em carga lotação, o MDF-e com um só documento (a SEFAZ rejeita com 301); busque pela descrição ou informe os 8 dígitos',
  },
  302: {
    field: 'pagamentos',
    message:
      'pagamento do frete: obrigatório em carga lotação, o MDF-e com um só documento (a SEFAZ rejeita com 302); informe quem paga, o valor do frete e o banco ou a chave PIX de quem recebe',
  },
  303: {
    field: 'pagamentos',
    message:
      'pagamento do frete com dados bancários: obrigatório para TAC ou equiparado com RNTRC (a SEFAZ rejeita com 303); informe quem paga, o valor e o banco ou a chave PIX de quem recebe',
  },
  304: {
    field: 'ciot',
    message:
      'CIOT: obrigatório para TAC ou equiparado com RNTRC (a SEFAZ rejeita com 304); informe o código do CIOT e o CPF/CNPJ de quem o gerou',
  },
  578: {
    field: 'contratantes',
    message:
      'contratante: informe ao menos um (normalmente o tomador do CT-e) quando não há CIOT nem vale-pedágio com responsável pelo pagamento (a SEFAZ rejeita com 578)',
  },
};

/** A rule broken by a payload the builder was asked for (the form should have stopped it). */
export class MdfeRuleError extends Error {
  constructor(
    readonly code: MdfeAnttCode,
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'MdfeRuleError';
  }
}

/** Throws MdfeRuleError for the first rule `infMDFe` breaks. */
export function assertMdfeAnttRules(infMDFe: unknown): void {
  const [code] = mdfeAnttProblems(mdfeAnttFactsOf(infMDFe));
  if (code === undefined) return;
  const m = MDFE_ANTT_MESSAGES[code];
  throw new MdfeRuleError(code, m.field, m.message);
}
