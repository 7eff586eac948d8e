// Authorization rules of MOC CT-e 4.00 Anexo I that read only the request itself, over the API's
// request body (infCte of CtePedidoEmissao, CteOsPedidoEmissao, CteSimpPedidoEmissao). One home
// for two callers: the sandbox's authority answers the first breach with its cStat, and the app
// checks the payload it built before sending, so the clerk reads the problem at the field instead
// of a rejection (the codes, the manual's words, sources and dates are in sefaz-codes.ts).
//
// The rules, as the Anexo I words them (section 2.1 for the CT-e, 2.2 for the CT-e OS):
// - G006/H002 (670): the série is not in 890–899 (reserved). Not under the NFF special regime.
// - G007/H003 (247): the UF of the access key (ide/cUF) is the emitter's UF. Not under the NFF
//   special regime (tpEmis 3).
// - G027 (581), CT-e only: a normal or substitute CT-e (tpCTe 0/3) informs vCarga (every modal but
//   the dutoviário; the CT-e Simplificado's schema makes it required anyway).
// - G036/G037 (693/694), CT-e only: a normal or substitute CT-e informs infDoc unless the service is
//   redespacho intermediário (3) or vinculado a multimodal (4), and never for those two.
// - G053–G056 (469/470/474/475), CT-e only: remetente and destinatário for every service but
//   redespacho intermediário (3) and vinculado a multimodal (4); expedidor and recebedor for those two.
// - G008/H004 (586): dhCont and xJust are not informed unless tpEmis is 5 (FS-DA). The manual says
//   FS-DA only, so an EPEC CT-e (tpEmis 4) carries neither.
// - G009/H005 (587): with tpEmis 5 (FS-DA) both dhCont and xJust are informed.
// - G010/H006 (588): an informed dhCont is not after dhEmi.
// - G047/H055 (675): the ICMS of the informed group (infCte/imp/ICMS) is the base times the rate,
//   "considerar uma tolerância de R$ 0,01 para mais ou para menos". Per group: ICMS00, ICMS20 and
//   ICMS90 vICMS = vBC × pICMS; ICMS60 vICMSSTRet = vBCSTRet × pICMSSTRet; ICMSOutraUF
//   vICMSOutraUF = vBCOutraUF × pICMSOutraUF (ICMS45 and ICMSSN carry no tax).
// - G046/H054 (650): for a normal or substitute CT-e (tpCTe 0/3; the Simplificado's 5/6) the
//   service's total is at most R$ 9.999.999,99 (the manual lets a SEFAZ raise it for a taxpayer; the
//   sandbox keeps the manual's limit).
// - G048/H056 (531): vRec is at most vTPrest. The CT-e Simplificado (NT 2024.001, after this
//   manual) carries its totals as total/vTRec and total/vTPrest and each delivery's det/vRec and
//   det/vPrest: the same rule is read there.
// - G051 (524) / G052 (908), CT-e only (section 2.2 has no such rule for the CT-e OS): when neither
//   start nor end UF is EX, a service starting outside the emitter's UF takes CFOP 5932 or 6932, and
//   one starting in it never does. Not under the NFF special regime (tpEmis 3).
// - G218 (902): infSolicNFF only under the NFF special regime (tpEmis 3).
import { cfopMatchesEmitter, normalizeCfop } from './cfop';
import { ufByCode, ufBySigla } from './uf';

/** The CT-e layouts: CT-e (model 57), CT-e OS (67), CT-e Simplificado (57, tpCTe 5/6). */
export type CteLayout = 'cte' | 'cteos' | 'cte-simp';

/** The codes these rules answer (each has its entry in sefaz-codes' CTE_REJECTIONS). */
export const CTE_REQUEST_RULE_CODES = [
  670, 247, 586, 587, 588, 581, 693, 694, 650, 675, 531, 524, 908, 469, 470, 474, 475, 902,
] as const;
export type CteRequestRuleCode = (typeof CTE_REQUEST_RULE_CODES)[number];

export interface CteRuleBreach {
  cStat: CteRequestRuleCode;
  /** The rule of the layout's section (G047 for the CT-e, H055 for the CT-e OS). */
  rule: string;
  /** The JSON path of the member to correct, as a 400 of the API names it. */
  path: string;
  /** What is wrong and what to do, in the clerk's words (Portuguese, no trailing period). */
  message: string;
}

/** The members the rules read; everything else of the request is ignored here. */
export interface CteRuleInput {
  ide: {
    cUF: number | string;
    serie?: number | null;
    tpCTe?: number | null;
    tpServ?: number | null;
    modal?: string | null;
    CFOP: string;
    dhEmi: string;
    tpEmis: number | string;
    UFIni?: string | null;
    UFFim?: string | null;
    dhCont?: string | null;
    xJust?: string | null;
  };
  /** The emitter as it will be signed (the sandbox fills it from the company's registration). */
  emit?: { enderEmit?: { UF?: string | null } | null } | null;
  vPrest?: { vTPrest: number; vRec: number } | null;
  imp?: { ICMS?: Partial<Record<string, Record<string, unknown> | null>> | null } | null;
  total?: { vTPrest: number; vTRec: number } | null;
  det?: readonly { vPrest: number; vRec: number }[] | null;
  infSolicNFF?: unknown;
  /** The parties of the CT-e (model 57); only their presence is read. */
  rem?: unknown;
  dest?: unknown;
  exped?: unknown;
  receb?: unknown;
  /** The normal CT-e's group: the CT-e's cargo and transported documents are read (model 57 only). */
  infCTeNorm?: object | null;
}

/** tpEmis of the FS-DA contingency and of the NFF special regime. */
export const TP_EMIS_FSDA = 5;
const TP_EMIS_NFF = 3;

/** G047's tolerance, in cents. */
export const ICMS_TOLERANCE_CENTS = 1;

const brl = (value: number) =>
  `R$ ${value.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const cents = (value: number) => Math.round(value * 100);
const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/** rule ids per layout: [CT-e, CT-e OS]. */
const RULES = {
  670: ['G006', 'H002'],
  247: ['G007', 'H003'],
  586: ['G008', 'H004'],
  587: ['G009', 'H005'],
  588: ['G010', 'H006'],
  581: ['G027', null],
  693: ['G036', null],
  694: ['G037', null],
  650: ['G046', 'H054'],
  675: ['G047', 'H055'],
  531: ['G048', 'H056'],
  524: ['G051', null],
  908: ['G052', null],
  469: ['G053', null],
  470: ['G054', null],
  474: ['G055', null],
  475: ['G056', null],
  902: ['G218', null],
} as const satisfies Record<CteRequestRuleCode, readonly [string, string | null]>;

/** Every breach of these rules in `infCte`, in the manual's order (the authority answers the first). */
export function cteRuleBreaches(layout: CteLayout, infCte: CteRuleInput): CteRuleBreach[] {
  const out: CteRuleBreach[] = [];
  const add = (cStat: CteRequestRuleCode, path: string, message: string) => {
    const rule = RULES[cStat][layout === 'cteos' ? 1 : 0];
    if (rule !== null) out.push({ cStat, rule, path, message });
  };
  const ide = infCte.ide;
  const tpEmis = Number(ide.tpEmis);
  const emitUf = ufBySigla(infCte.emit?.enderEmit?.UF)?.sigla ?? null;
  if (tpEmis !== TP_EMIS_NFF && ide.serie != null && ide.serie >= 890 && ide.serie <= 899) {
    add(670, 'infCte.ide.serie', `a série ${ide.serie} está na faixa reservada (890 a 899): use outra série`);
  }
  keyUf(ide, tpEmis, emitUf, add);
  contingency(ide, tpEmis, add);
  if (layout === 'cte') normalGroups(infCte, add);
  serviceLimit(infCte, add);
  icmsTimesRate(infCte.imp?.ICMS ?? null, add);
  receivable(infCte, add);
  if (tpEmis !== TP_EMIS_NFF) startedElsewhere(ide, emitUf, add);
  if (layout === 'cte') partiesByService(infCte, add);
  if (tpEmis !== TP_EMIS_NFF && infCte.infSolicNFF != null) {
    add(
      902,
      'infCte.infSolicNFF',
      'o pedido de emissão da Nota Fiscal Fácil só é informado na forma de emissão NFF (tpEmis 3)',
    );
  }
  return out;
}

/** G027, G036, G037: what a normal or substitute CT-e (model 57, tpCTe 0/3) carries. */
function normalGroups(infCte: CteRuleInput, add: Add): void {
  if (![0, 3].includes(Number(infCte.ide.tpCTe ?? 0))) return;
  const norm = infCte.infCTeNorm as
    { infCarga?: { vCarga?: number | null } | null; infDoc?: unknown } | null | undefined;
  if (infCte.ide.modal !== '05' && norm?.infCarga && norm.infCarga.vCarga == null) {
    add(581, 'infCte.infCTeNorm.infCarga.vCarga', 'informe o valor total da carga (obrigatório no CT-e)');
  }
  const tpServ = Number(infCte.ide.tpServ ?? 0);
  const hasDocs = norm?.infDoc != null;
  if (norm && ![3, 4].includes(tpServ) && !hasDocs) {
    add(
      693,
      'infCte.infCTeNorm.infDoc',
      'informe os documentos transportados (NF-e, DC-e ou outros): a SEFAZ os exige neste tipo de serviço',
    );
  }
  if ([3, 4].includes(tpServ) && hasDocs) {
    add(
      694,
      'infCte.infCTeNorm.infDoc',
      'no redespacho intermediário e no serviço vinculado a multimodal não se informam documentos transportados',
    );
  }
}

/** G053–G056: who takes part in the service, by its type. */
function partiesByService(infCte: CteRuleInput, add: Add): void {
  const linked = [3, 4].includes(Number(infCte.ide.tpServ ?? 0));
  const parties = linked
    ? ([
        [474, 'exped', 'o expedidor'],
        [475, 'receb', 'o recebedor'],
      ] as const)
    : ([
        [469, 'rem', 'o remetente'],
        [470, 'dest', 'o destinatário'],
      ] as const);
  const service = linked
    ? 'no redespacho intermediário e no serviço vinculado a multimodal'
    : 'neste tipo de serviço';
  for (const [cStat, group, who] of parties) {
    if (infCte[group] == null) add(cStat, `infCte.${group}`, `informe ${who}: a SEFAZ o exige ${service}`);
  }
}

/** G046/H054: R$ 9.999.999,99, in cents. */
export const SERVICE_LIMIT_CENTS = 999_999_999;

function serviceLimit(infCte: CteRuleInput, add: Add): void {
  // Normal and substitute: 0 and 3, or the Simplificado's 5 and 6. A complement (1) is not checked.
  if (![0, 3, 5, 6].includes(Number(infCte.ide.tpCTe ?? 0))) return;
  const total = infCte.vPrest?.vTPrest ?? infCte.total?.vTPrest;
  if (total === undefined || cents(total) <= SERVICE_LIMIT_CENTS) return;
  add(
    650,
    infCte.vPrest ? 'infCte.vPrest.vTPrest' : 'infCte.total.vTPrest',
    `o valor total da prestação (${brl(total)}) passa do limite de R$ 9.999.999,99 da SEFAZ`,
  );
}

type Add = (cStat: CteRequestRuleCode, path: string, message: string) => void;

function keyUf(ide: CteRuleInput['ide'], tpEmis: number, emitUf: string | null, add: Add): void {
  if (tpEmis === TP_EMIS_NFF || emitUf === null) return;
  const keyUfSigla = ufByCode(ide.cUF)?.sigla ?? null;
  if (keyUfSigla !== emitUf) {
    add(
      247,
      'infCte.ide.cUF',
      `a UF da chave de acesso (código ${String(ide.cUF)}) não é a UF do emitente (${emitUf}): o CT-e é autorizado pela UF onde a empresa está cadastrada`,
    );
  }
}

function contingency(ide: CteRuleInput['ide'], tpEmis: number, add: Add): void {
  const dhCont = filled(ide.dhCont);
  const xJust = filled(ide.xJust);
  if (tpEmis !== TP_EMIS_FSDA && (dhCont || xJust)) {
    add(
      586,
      dhCont ? 'infCte.ide.dhCont' : 'infCte.ide.xJust',
      'a data e a justificativa de entrada em contingência só são informadas na emissão em contingência FS-DA',
    );
  }
  if (tpEmis === TP_EMIS_FSDA && !(dhCont && xJust)) {
    add(
      587,
      dhCont ? 'infCte.ide.xJust' : 'infCte.ide.dhCont',
      'na emissão em contingência FS-DA informe a data e hora de entrada em contingência e a justificativa',
    );
  }
  if (dhCont) {
    const entered = Date.parse(ide.dhCont!);
    const issued = Date.parse(ide.dhEmi);
    if (Number.isFinite(entered) && Number.isFinite(issued) && entered > issued) {
      add(
        588,
        'infCte.ide.dhCont',
        'a entrada em contingência não pode ser posterior à data e hora de emissão',
      );
    }
  }
}

/** [group, base, rate, tax] of each ICMS group that carries a tax. */
const TAXED: readonly (readonly [string, string, string, string])[] = [
  ['ICMS00', 'vBC', 'pICMS', 'vICMS'],
  ['ICMS20', 'vBC', 'pICMS', 'vICMS'],
  ['ICMS60', 'vBCSTRet', 'pICMSSTRet', 'vICMSSTRet'],
  ['ICMS90', 'vBC', 'pICMS', 'vICMS'],
  ['ICMSOutraUF', 'vBCOutraUF', 'pICMSOutraUF', 'vICMSOutraUF'],
];

function icmsTimesRate(icms: NonNullable<CteRuleInput['imp']>['ICMS'] | null, add: Add): void {
  if (!icms) return;
  for (const [name, baseKey, rateKey, taxKey] of TAXED) {
    const group = icms[name];
    if (!group) continue;
    const [base, rate, tax] = [group[baseKey], group[rateKey], group[taxKey]];
    if (typeof base !== 'number' || typeof rate !== 'number' || typeof tax !== 'number') continue;
    // base × rate / 100 in reais is base × rate in cents: compared without rounding, as the manual
    // states the tolerance against the product itself.
    if (Math.abs(tax * 100 - base * rate) > ICMS_TOLERANCE_CENTS + 1e-6) {
      add(
        675,
        `infCte.imp.ICMS.${name}.${taxKey}`,
        `o valor do ICMS (${brl(tax)}) não confere com a base de cálculo × alíquota (${brl(base)} × ${rate.toLocaleString('pt-BR')}% = ${brl((base * rate) / 100)})`,
      );
    }
  }
}

function receivable(infCte: CteRuleInput, add: Add): void {
  const over = (vRec: number, vTPrest: number) => cents(vRec) > cents(vTPrest);
  const message = (vRec: number, vTPrest: number) =>
    `o valor a receber (${brl(vRec)}) não pode passar do valor da prestação (${brl(vTPrest)})`;
  const v = infCte.vPrest;
  if (v && over(v.vRec, v.vTPrest)) add(531, 'infCte.vPrest.vRec', message(v.vRec, v.vTPrest));
  const t = infCte.total;
  if (t && over(t.vTRec, t.vTPrest)) add(531, 'infCte.total.vTRec', message(t.vTRec, t.vTPrest));
  (infCte.det ?? []).forEach((d, i) => {
    if (over(d.vRec, d.vPrest)) add(531, `infCte.det[${i}].vRec`, message(d.vRec, d.vPrest));
  });
}

function startedElsewhere(ide: CteRuleInput['ide'], emitUf: string | null, add: Add): void {
  const start = ufBySigla(ide.UFIni, { allowEx: true })?.sigla;
  const end = ufBySigla(ide.UFFim, { allowEx: true })?.sigla;
  if (!emitUf || !start || !end || start === 'EX' || end === 'EX') return;
  if (cfopMatchesEmitter(ide.CFOP, emitUf, start, end)) return;
  const cfop = normalizeCfop(ide.CFOP);
  const scope = start === end ? '5' : '6';
  if (emitUf !== start) {
    add(
      524,
      'infCte.ide.CFOP',
      `a prestação começa em ${start}, fora da UF do emitente (${emitUf}): use o CFOP ${scope}932 (prestação iniciada em UF diversa daquela onde o prestador está inscrito)`,
    );
  } else {
    add(
      908,
      'infCte.ide.CFOP',
      `o CFOP ${cfop} é de prestação iniciada fora da UF do emitente, mas esta começa em ${start}: escolha o CFOP do serviço prestado`,
    );
  }
}
