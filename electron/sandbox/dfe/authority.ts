// The SEFAZ-side rules the sandbox enforces, answering authorization or a rejection with the MOC
// code and message (MOC CT-e 4.00 Anexo I "Regras de validação" and Visão Geral).
//
// Decisions (documented for the lead): a company without a certificate cannot have its document
// signed, so the *service* refuses the request with a 400 and creates nothing — see
// `noCertificateError`; an expired certificate, or one not valid yet (the sandbox clock may be set
// back), is signed anyway and the authority rejects it (291, MOC Visão Geral D02 "data início e
// data fim"), as it would in production.

import type { CteLayout, CteRuleInput } from '../../fiscal/cte-rules';
import { cteRuleBreaches } from '../../fiscal/cte-rules';
import { dhEmiOutOfWindow } from '../../fiscal/emission';
import { CANCEL_WINDOW_HOURS, MAX_CORRECTION_LETTERS } from '../../fiscal/events';
import { CTE_REJECTIONS } from '../../fiscal/sefaz-codes';

export interface AuthorityAnswer {
  cStat: number;
  xMotivo: string;
}

/**
 * Every rejection checkEmission answers, as the authority words it for the CT-e (MOC CT-e 4.00:
 * Visão Geral D02, E03; Anexo I G102, G103, G157). The DC-e's are the same rules in its words.
 */
const EMISSION_REJECTIONS = {
  291: 'Certificado Assinatura Data Validade',
  213: 'CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital',
  212: 'Data de emissão CTe posterior a data de recebimento',
  228: 'Data de Emissão muito atrasada',
  539: 'Duplicidade de CTe, com diferença na Chave de Acesso',
} as const;

/** Every rejection these rules answer for a CT-e or CT-e OS (cStat → xMotivo without "Rejeição: "). */
export const CTE_AUTHORITY_REJECTIONS = {
  ...EMISSION_REJECTIONS,
  519: 'CFOP inválido para operação',
  521: 'Os documentos de transporte anterior devem ser informados para os tipos de serviço Subcontratação, Redespacho e Redespacho Intermediário',
  747: 'Documentos anteriores informados para Tipo de Serviço Normal',
  651: 'Referenciar o CTe Multimodal que foi emitido pelo OTM',
  814: 'Não devem ser informados CTe Multimodais para Tipo de Serviço diferente de Serviço Vinculado a Multimodal',
  218: 'CTe já está cancelado na base de dados da SEFAZ',
  220: 'CTe autorizado há mais de 7 dias (168 horas)',
  528: 'Vedado cancelamento se exitir MDF-e autorizado para o CTe',
} as const;

/** The DC-e manual words the shared rules for its own document. */
export const dceWording = (text: string): string => text.replace(/CT-?e/g, 'DC-e');

/** Every rejection these rules answer for a DC-e: the emission rules in its words, and its cancellation. */
export const DCE_AUTHORITY_REJECTIONS = {
  ...(Object.fromEntries(
    Object.entries(EMISSION_REJECTIONS).map(([cStat, text]) => [cStat, dceWording(text)]),
  ) as Record<keyof typeof EMISSION_REJECTIONS, string>),
  218: 'DCe já está cancelada na base de dados da SEFAZ',
  220: 'DCe autorizada há mais de 24 horas',
} as const;

const rej = (cStat: keyof typeof CTE_AUTHORITY_REJECTIONS, details = ''): AuthorityAnswer => ({
  cStat,
  xMotivo: `Rejeição: ${CTE_AUTHORITY_REJECTIONS[cStat]}${details}`,
});
const rejDce = (cStat: keyof typeof DCE_AUTHORITY_REJECTIONS): AuthorityAnswer => ({
  cStat,
  xMotivo: `Rejeição: ${DCE_AUTHORITY_REJECTIONS[cStat]}`,
});

export const AUTHORIZED_CTE: AuthorityAnswer = { cStat: 100, xMotivo: 'Autorizado o uso do CT-e' };
export const AUTHORIZED_DCE: AuthorityAnswer = { cStat: 100, xMotivo: 'Autorizado o uso da DC-e' };
export const EVENT_REGISTERED: AuthorityAnswer = {
  cStat: 135,
  xMotivo: 'Evento registrado e vinculado a CT-e',
};

export const noCertificateError = (cpfCnpj: string) => ({
  code: 'CertificateNotFound',
  // "Certificado não encontrado": the hosted service's wording, which clients match on.
  message: `Certificado não encontrado: a empresa ${cpfCnpj} não possui certificado digital cadastrado para assinar o documento.`,
});

export interface EmissionFacts {
  /** CNPJ/CPF of the company the request is for (the certificate holder). */
  companyCpfCnpj: string;
  emitterCpfCnpj: string;
  emittedAt: Date;
  now: Date;
  /** The certificate's validity (MOC Visão Geral D02: "data início e data fim"). */
  certificateNotBefore: Date;
  certificateNotAfter: Date;
  /** Key and protocol of the authorized document with the same model/série/número, if any. */
  duplicateOf: { chave: string; nProt: string; dhAut: string } | null;
}

/** Rules common to every model: signature/certificate, dates, duplicates. */
export function checkEmission(f: EmissionFacts): AuthorityAnswer | null {
  const now = f.now.getTime();
  if (f.certificateNotAfter.getTime() < now || f.certificateNotBefore.getTime() > now) {
    return rej(291);
  }
  if (baseOf(f.emitterCpfCnpj) !== baseOf(f.companyCpfCnpj)) {
    return rej(213);
  }
  // G102/G103: the emission-date window of electron/fiscal/emission.ts.
  const late = dhEmiOutOfWindow(f.emittedAt, f.now);
  if (late !== null) return rej(late);
  if (f.duplicateOf) {
    const d = f.duplicateOf;
    return rej(539, ` [chCTe: ${d.chave}][nProt:${d.nProt}][dhAut: ${d.dhAut}]`);
  }
  return null;
}

function baseOf(cpfCnpj: string): string {
  return cpfCnpj.length === 14 ? cpfCnpj.slice(0, 8) : cpfCnpj;
}

/**
 * The rules of fiscal/cte-rules.ts that read only the request, answered in the manual's order
 * around G050 (checkCfop): `ate-G048` the general and value rules (G006–G010, G046–G048), then
 * `apos-G050` the CFOP against the emitter's UF (G051, G052), the parties by service type
 * (G053–G056) and the NFF request (G218). The text is
 * the table's (sefaz-codes).
 */
export function checkRequestRules(
  layout: CteLayout,
  infCte: CteRuleInput,
  phase: 'ate-G048' | 'apos-G050',
): AuthorityAnswer | null {
  const later = [524, 908, 469, 470, 474, 475, 902];
  const first = cteRuleBreaches(layout, infCte).find(
    (b) => later.includes(b.cStat) === (phase === 'apos-G050'),
  );
  return first ? { cStat: first.cStat, xMotivo: `Rejeição: ${CTE_REJECTIONS[first.cStat].motivo}` } : null;
}

/** Rule G050: the CFOP's first digit follows the service's start and end UFs. */
export function checkCfop(
  cfop: string,
  ufIni: string | null | undefined,
  ufFim: string | null | undefined,
): AuthorityAnswer | null {
  if (!ufIni || !ufFim) return null;
  const expected = ufFim === 'EX' ? '7' : ufIni === ufFim ? '5' : '6';
  if (cfop[0] !== expected) {
    return rej(519);
  }
  return null;
}

export interface CancelFacts {
  status: string;
  authorizedAt: Date | null;
  now: Date;
  model: 57 | 67 | 99;
  /** Key of an MDF-e authorized for the CT-e and not cancelled (open or closed), if any. */
  mdfeAutorizado?: string | null;
}

/**
 * Cancellation: authorized documents only, within 168 h (CT-e, CT-e OS) or 24 h (DC-e); a CT-e on
 * an MDF-e that is authorized and not cancelled is refused (rule Q15, 528) — closing the MDF-e
 * does not free it, cancelling it does.
 */
export function checkCancellation(f: CancelFacts): AuthorityAnswer | null {
  if (f.status === 'cancelado') return f.model === 99 ? rejDce(218) : rej(218);
  const hours = CANCEL_WINDOW_HOURS[f.model === 99 ? 'dce' : f.model === 67 ? 'cteos' : 'cte'];
  if (f.authorizedAt && f.now.getTime() - f.authorizedAt.getTime() > hours * 3_600_000) {
    return f.model === 99 ? rejDce(220) : rej(220);
  }
  if (f.model === 57 && f.mdfeAutorizado) return rej(528, ` [chMDFe: ${f.mdfeAutorizado}]`);
  return null;
}

export function checkCorrectionLetter(f: { status: string }): AuthorityAnswer | null {
  if (f.status === 'cancelado') return rej(218);
  return null;
}

/** The 21st letter is refused by the service itself (400, nothing sent to the authority). */
export function correctionLimitError(lettersSoFar: number): { code: string; message: string } | null {
  if (lettersSoFar < MAX_CORRECTION_LETTERS) return null;
  return {
    code: 'CorrectionLimitReached',
    message: `O CT-e já possui ${MAX_CORRECTION_LETTERS} cartas de correção registradas; não é possível registrar outra.`,
  };
}

export interface ServiceDocumentsFacts {
  tpCTe: number;
  tpServ: number;
  /** docAnt is informed. */
  documentosAnteriores: boolean;
  /** infServVinc lists a multimodal CT-e. */
  cteMultimodal: boolean;
}

/**
 * Rules G057–G060 of the normal CT-e: subcontracting and redispatch carry the previous transport
 * documents, a normal service does not; a service linked to multimodal references the OTM's
 * CT-e, any other service does not.
 */
export function checkServiceDocuments(f: ServiceDocumentsFacts): AuthorityAnswer | null {
  const normalOrSubstitute = f.tpCTe === 0 || f.tpCTe === 3;
  if (normalOrSubstitute && [1, 2, 3].includes(f.tpServ) && !f.documentosAnteriores) {
    return rej(521);
  }
  if (f.documentosAnteriores && f.tpServ === 0) {
    return rej(747);
  }
  if (normalOrSubstitute && f.tpServ === 4 && !f.cteMultimodal) {
    return rej(651);
  }
  if (f.tpServ !== 4 && f.cteMultimodal) {
    return rej(814);
  }
  return null;
}
