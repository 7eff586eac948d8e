// The authority-side (SVRS) rules the sandbox enforces on MDF-e, with the codes and texts of the
// MOC MDF-e 3.00 (§5 rules G0xx p.35–41, §6 events K0x p.69–74, §7.2 code table p.75–82). The
// open-manifest block is the current 611 (MOC 3.00a wording, reference README §5; it was G078 →
// 610 in MOC 3.00); the ANTT rules of NT 2025.001 v1.03 (301–304) and G085 (578) come from
// fiscal/mdfe-antt.ts, applied from the day each came into force (the sandbox's clock). Each check
// returns the first broken rule or null.
import { isValidCpf, isValidIbgeMunicipio, parseAccessKey, ufByCode, ufOfMunicipio } from '../../fiscal';
import {
  isNationalPlate,
  MDFE_CANCEL_WINDOW_MS,
  MDFE_MAX_CONDUTOR_EVENTS,
  mdfeClosingDateProblem,
  mdfeInsuranceProblem,
  openMdfeBlocks,
} from '../../fiscal/mdfe-rules';
import { mdfeAnttFactsOf, mdfeAnttProblems } from '../../fiscal/mdfe-antt';
import { tpTranspProblem } from '../../fiscal/mdfe-lotacao';
import { isRouteAdjacent } from '../../fiscal/uf-adjacency';
import type { AuthorityAnswer } from '../dfe/authority';
import { DH_EMI_AHEAD_MS } from '../../fiscal/emission';
import type { InfMDFe } from '../../fiscal/requests/mdfe';

export const AUTHORIZED_MDFE: AuthorityAnswer = { cStat: 100, xMotivo: 'Autorizado o uso do MDF-e' };
export const EVENT_REGISTERED_MDFE: AuthorityAnswer = {
  cStat: 135,
  xMotivo: 'Evento registrado e vinculado a MDF-e',
};
const baseOf = (cpfCnpj: string) => (cpfCnpj.length === 14 ? cpfCnpj.slice(0, 8) : cpfCnpj);
/**
 * Every rejection these rules (and the key check of issue.ts) answer: cStat → xMotivo without
 * "Rejeição: "; the bracketed details each answer appends follow the text.
 */
export const MDFE_AUTHORITY_REJECTIONS = {
  214: 'Tamanho da mensagem excedeu o limite estabelecido',
  291: 'Certificado Assinatura Data Validade',
  213: 'CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital',
  212: 'Data/hora de emissão MDF-e posterior a data/hora de recebimento',
  539: 'Duplicidade de MDF-e, com diferença na Chave de Acesso',
  227: 'Erro na composição do Campo ID',
  229: 'IE do emitente não informada',
  253: 'Digito Verificador da chave de acesso composta inválido',
  456: 'Código de Município diverge da UF de Carregamento do MDF-e',
  457: 'Tipo de Transportador deve ser diferente de TAC',
  458: 'Tipo de Transportador não deve ser informado para Emitente de Carga Própria proprietário do veículo',
  454: 'Tipo de Transportador para Carga Própria e Proprietário do veículo diferente do emitente deve ser TAC',
  301: 'NCM do produto predominante da carga lotação deve ser informado',
  302: 'As informações de pagamento devem ser informadas para carga lotação',
  303: 'Dados bancários e de pagamento devem ser informados para TAC e equiparado',
  304: 'CIOT deve ser informado para TAC e equiparado',
  578: 'Informações dos tomadores é obrigatória para esta operação',
  612: 'Código de Município diverge da UF de descarregamento do MDF-e',
  616: 'Nenhum grupo de documentos foi informado (CT-e, CT, NF-e, MDF-e)',
  638: 'Não deve ser informada NF-e para tipo de emitente Prestador de Serviço de Transporte',
  639: 'Não deve ser informado Conhecimento de Transporte Eletrônico para tipo de emitente',
  601: 'Chave de acesso do CT-e informado inválida',
  620: 'Chave de acesso de CT-e inválida (modelo diferente de 57)',
  604: 'Chave de acesso da NF-e informada inválida',
  625: 'Chave de acesso de NF-e inválida (modelo diferente de 55)',
  667: 'Quantidade informada no grupo de totalizadores não confere com a quantidade de documentos relacionados',
  646: "Placa de veículo formato inválido (UF Carregamento e Descarregamento <> 'EX')",
  663: 'Percurso informado inválido',
  698: 'Seguro da carga é obrigatório para modal Prestador de Serviço de Transporte no modal rodoviário',
  699: 'Dados do seguro de carga incompletos para o modal rodoviário',
  577: 'Duplicidade de condutor',
  611: 'Existe MDF-e não encerrado para esta placa, tipo de emitente e UF descarregamento',
  686: 'Existe MDF-e não encerrado há mais de 30 dias para o emitente',
  462: 'Existe MDF-e não encerrado há mais de 5 dias para placa com até 2 UF de percurso',
  218: 'MDF-e já está cancelado na base de dados da SEFAZ.',
  609: 'MDF-e já está encerrado na base de dados da SEFAZ',
  220: 'MDF-e autorizado há mais de 24 horas',
  222: 'Protocolo de Autorização de Uso difere do cadastrado',
  689: 'Município de encerramento deve ser 9999999 para encerramento no exterior',
  461: 'Município de encerramento inválido para encerramento em território nacional',
  613: 'Código de Município de encerramento: dígito inválido',
  614: 'Código de Município diverge da UF de encerramento do MDF-e',
  615: 'Data de encerramento anterior à data de autorização do MDF-e',
  635: 'A data do evento não pode ser maior que a data do processamento',
  636: 'O número sequencial do evento é maior que o permitido',
  645: 'CPF do condutor inválido',
  405: 'Município de Carregamento inexistente',
  406: 'Município de Descarregamento inexistente',
} as const;
export type MdfeAuthorityRejection = keyof typeof MDFE_AUTHORITY_REJECTIONS;

/** The authority's answer `cStat`, with the details (keys, protocols) it appends. */
export const rej = (cStat: MdfeAuthorityRejection, details = ''): AuthorityAnswer => ({
  cStat,
  xMotivo: `Rejeição: ${MDFE_AUTHORITY_REJECTIONS[cStat]}${details}`,
});

/** An authorized, not closed MDF-e as the authority sees it (issued here or elsewhere). */
export interface OpenManifest {
  chave: string;
  nProt: string;
  placa: string;
  tpEmit: number;
  ufFim: string;
  percursoCount: number;
  authorizedAt: Date;
}

export interface MdfeEmissionFacts {
  inf: InfMDFe;
  companyCpfCnpj: string;
  emitterCpfCnpj: string;
  emittedAt: Date;
  now: Date;
  /** The certificate's validity, both ends (MOC MDF-e §5 / CT-e Visão Geral D02). */
  certificateNotBefore: Date;
  certificateNotAfter: Date;
  duplicateOf: { chave: string; nProt: string; dhAut: string } | null;
  /** Open MDF-e of the same CNPJ base, oldest first. */
  open: readonly OpenManifest[];
}

/** Signature, dates and duplicates (F03, G073, G074). */
function checkGeneral(f: MdfeEmissionFacts): AuthorityAnswer | null {
  const now = f.now.getTime();
  if (f.certificateNotAfter.getTime() < now || f.certificateNotBefore.getTime() > now) return rej(291);
  if (baseOf(f.emitterCpfCnpj) !== baseOf(f.companyCpfCnpj)) return rej(213);
  if (f.emittedAt.getTime() > f.now.getTime() + DH_EMI_AHEAD_MS) return rej(212);
  if (f.duplicateOf) {
    const d = f.duplicateOf;
    return rej(539, ` [chMDFe: ${d.chave}][nProt:${d.nProt}][dhAut: ${d.dhAut}]`);
  }
  return null;
}

/** Municipalities against their UFs (G009, G012) and the documents' keys (G015–G036, G064). */
function checkDocuments(inf: InfMDFe): AuthorityAnswer | null {
  const { ide, infDoc, tot } = inf;
  for (const m of ide.infMunCarrega) {
    if (ide.UFIni !== 'EX' && ufOfMunicipio(m.cMunCarrega)?.sigla !== ide.UFIni) return rej(456);
  }
  let qCTe = 0;
  let qNFe = 0;
  let qMDFe = 0;
  for (const m of infDoc.infMunDescarga) {
    if (ide.UFFim !== 'EX' && ufOfMunicipio(m.cMunDescarga)?.sigla !== ide.UFFim) return rej(612);
    const ctes = m.infCTe ?? [];
    const nfes = m.infNFe ?? [];
    const mdfes = m.infMDFeTransp ?? [];
    if (ctes.length + nfes.length + mdfes.length === 0) return rej(616, ` [cMun: ${m.cMunDescarga}]`);
    if (ide.tpEmit === 1 && nfes.length > 0) return rej(638);
    if (ide.tpEmit === 2 && ctes.length > 0) return rej(639);
    for (const c of ctes) {
      const key = parseAccessKey(c.chCTe);
      if (!key) return rej(601, ` [chCTe: ${c.chCTe}]`);
      if (key.mod !== '57') return rej(620, ` [chCTe: ${c.chCTe}]`);
    }
    for (const n of nfes) {
      const key = parseAccessKey(n.chNFe);
      if (!key) return rej(604, ` [chNFe: ${n.chNFe}]`);
      if (key.mod !== '55') return rej(625, ` [chNFe: ${n.chNFe}]`);
    }
    qCTe += ctes.length;
    qNFe += nfes.length;
    qMDFe += mdfes.length;
  }
  if ((tot.qCTe ?? 0) !== qCTe || (tot.qNFe ?? 0) !== qNFe || (tot.qMDFe ?? 0) !== qMDFe) return rej(667);
  return null;
}

/** G066: the issuer's IE, after the company's registration filled what the request left out. */
function checkEmitente(inf: InfMDFe): AuthorityAnswer | null {
  const ie = (inf.emit.IE ?? '').replace(/\D/g, '');
  return /^0*$/.test(ie) ? rej(229) : null;
}

/** The ANTT rules in force at the authority's `now` the MDF-e breaks (fiscal/mdfe-antt.ts). */
const anttProblems = (f: MdfeEmissionFacts) => mdfeAnttProblems(mdfeAnttFactsOf(f.inf), f.now);

/** NT 2025.001 v1.03 (301–304), right after the document rules its conditions read. */
function checkAntt(f: MdfeEmissionFacts): AuthorityAnswer | null {
  const code = anttProblems(f).find((c) => c !== 578);
  return code === undefined ? null : rej(code);
}

/** Tipo de transportador against the vehicle's owner (G017 → 457, G018 → 458, G019 → 454). */
function checkTransportador(f: MdfeEmissionFacts): AuthorityAnswer | null {
  const { ide } = f.inf;
  const prop = f.inf.infModal.rodo?.veicTracao.prop;
  const owner = prop?.CNPJ ?? prop?.CPF ?? null;
  switch (tpTranspProblem(ide.tpEmit, ide.tpTransp, owner, f.emitterCpfCnpj)) {
    case 457:
      return rej(457);
    case 458:
      return rej(458);
    case 454:
      return rej(454);
    default:
      return null;
  }
}

/** Road-modal rules: plates, route, insurance, drivers, open manifests (G078–G086, 611). */
function checkRoad(f: MdfeEmissionFacts): AuthorityAnswer | null {
  const { ide } = f.inf;
  const rodo = f.inf.infModal.rodo!;
  const plates = [rodo.veicTracao.placa, ...(rodo.veicReboque ?? []).map((r) => r.placa)];
  if (ide.UFIni !== 'EX' && ide.UFFim !== 'EX' && plates.some((p) => !isNationalPlate(p))) return rej(646);
  const percurso = (ide.infPercurso ?? []).map((p) => p.UFPer);
  if (!isRouteAdjacent(ide.UFIni, percurso, ide.UFFim)) return rej(663);
  const insurance = mdfeInsuranceProblem(ide.tpEmit, f.inf.seg);
  if (insurance === 'ausente') return rej(698);
  if (insurance === 'incompleto') return rej(699);
  // G085 follows the insurance rules in the manual's order.
  if (anttProblems(f).includes(578)) return rej(578);
  const cpfs = rodo.veicTracao.condutor.map((c) => c.CPF);
  if (new Set(cpfs).size !== cpfs.length) return rej(577);

  const next = { placa: rodo.veicTracao.placa, tpEmit: ide.tpEmit, ufFim: ide.UFFim };
  const first = (code: number) => f.open.find((o) => openMdfeBlocks(o, next, f.now) === code);
  const blocking = first(611);
  if (blocking) return rej(611, ` [chMDFe Não Encerrada:${blocking.chave}][NroProtocolo:${blocking.nProt}]`);
  const old = first(686);
  if (old) return rej(686, ` [chMDFe: ${old.chave}][nProt:${old.nProt}]`);
  const stale = first(462);
  if (stale) return rej(462, ` [chMDFe: ${stale.chave}][nProt:${stale.nProt}]`);
  return null;
}

export function checkMdfeEmission(f: MdfeEmissionFacts): AuthorityAnswer | null {
  return (
    checkGeneral(f) ??
    checkDocuments(f.inf) ??
    checkEmitente(f.inf) ??
    checkTransportador(f) ??
    checkAntt(f) ??
    checkRoad(f)
  );
}

export interface MdfeState {
  status: string;
  authorizedAt: Date;
  /** dhEmi of the MDF-e. */
  emittedAt: Date;
  nProt: string;
}

const CANCELLED = () => rej(218);
const CLOSED = () => rej(609);

/** Cancellation (§6.1.3 K04–K07): not cancelled, within 24 h, own protocol, not closed. */
export function checkMdfeCancellation(s: MdfeState, now: Date, nProt: string): AuthorityAnswer | null {
  if (s.status === 'cancelado') return CANCELLED();
  if (now.getTime() - s.authorizedAt.getTime() > MDFE_CANCEL_WINDOW_MS) return rej(220);
  if (nProt !== s.nProt) return rej(222);
  if (s.status === 'encerrado') return CLOSED();
  return null;
}

/**
 * Closing (§6.2.3 K03–K11). `cUF` is the IBGE code ('99' abroad), `dtEnc` AAAA-MM-DD; the date rules
 * (615 before the authorization, 635 in the future) are `mdfeClosingDateProblem` of fiscal/mdfe-rules.
 */
export function checkMdfeClosing(
  s: MdfeState,
  e: { cUF: string; cMun: string; dtEnc: string; nProt: string },
  now: Date,
): AuthorityAnswer | null {
  if (e.cUF === '99') {
    if (e.cMun !== '9999999') return rej(689);
  } else {
    if (e.cMun === '9999999') return rej(461);
    if (!isValidIbgeMunicipio(e.cMun)) return rej(613);
    if (e.cMun.slice(0, 2) !== e.cUF || !ufByCode(e.cUF)) return rej(614);
  }
  if (s.status === 'cancelado') return CANCELLED();
  const dateProblem = mdfeClosingDateProblem(e.dtEnc, s.authorizedAt, now);
  if (dateProblem) return rej(dateProblem);
  if (e.nProt !== s.nProt) return rej(222);
  if (s.status === 'encerrado') return CLOSED();
  return null;
}

/** Driver inclusion (§6.3.3 K02–K07): up to 99 events, open manifest, valid CPF. */
export function checkMdfeCondutor(s: MdfeState, nSeqEvento: number, cpf: string): AuthorityAnswer | null {
  if (nSeqEvento > MDFE_MAX_CONDUTOR_EVENTS) return rej(636);
  if (s.status === 'cancelado') return CANCELLED();
  if (s.status === 'encerrado') return CLOSED();
  if (!isValidCpf(cpf)) return rej(645);
  return null;
}

/** DF-e inclusion (110115, MOC 3.00a): open manifest, own protocol, valid NF-e keys and municipalities. */
export function checkMdfeInclusaoDfe(
  s: MdfeState,
  e: { nProt: string; cMunCarrega: string; docs: Array<{ cMunDescarga: string; chNFe: string }> },
): AuthorityAnswer | null {
  if (s.status === 'cancelado') return CANCELLED();
  if (s.status === 'encerrado') return CLOSED();
  if (e.nProt !== s.nProt) return rej(222);
  if (!isValidIbgeMunicipio(e.cMunCarrega)) return rej(405);
  for (const d of e.docs) {
    if (!isValidIbgeMunicipio(d.cMunDescarga)) return rej(406);
    const key = parseAccessKey(d.chNFe);
    if (!key) return rej(604, ` [chNFe: ${d.chNFe}]`);
    if (key.mod !== '55') return rej(625, ` [chNFe: ${d.chNFe}]`);
  }
  return null;
}
