// Averbação of cargo insurance (RCTR-C / RC-DC): the rules the queue, the MDF-e form, the clients of
// the averbadoras and their test doubles share (one home per rule). Pure; garbage in gives a safe
// answer, never a throw.
//
// Sources (see ../shared/reference/averbacao/):
// - Resolução CNSP 361/2018 art. 21 (in force 25/06/2018) and CNSP 472/2024 arts. 40–41 (DOU
//   30/09/2024): every CT-e averbado before the vehicle leaves, in strict numeric sequence; the MDF-e
//   transmitted after them; missing one frees the insurer from every claim.
// - AT&M "Integração Web Service 2.0 – REST, Manual versão 1.1" (2019-09-09) §10/§28: automatic
//   resend only for 000, 907, 910, an empty answer or a timeout; every other refusal is shown at once.
// - Deliberação ANTT 325/2017 (DOU 02/10/2017): when the insurer cannot give the number, the MDF-e
//   may carry 99999 in the averbação field.
// - MDF-e 3.00 XSD (PL_MDFe_300b, NT 2025.001 v1.03) seg/nAver: TString 1–40, 0..n.

/**
 * AT&M `listaErros` codes resent automatically (ATM-REST11 §10/§28, table atm-error-codes.csv
 * "auto-retry"). 002 appears only in the superseded manual v3.0 (2016) and is not retried.
 */
export const ATM_RETRYABLE_CODES: readonly string[] = ['000', '907', '910'];
/** Info 001 beside `Averbado`: the document was already registered (a resend); the original protocol. */
export const ATM_ALREADY_REGISTERED = '001';
/** A cancellation of a document AT&M never averbou (CT-e 908, NF-e 911): nothing to cancel. */
export const ATM_NOT_FOUND_CODES: readonly string[] = ['908', '911'];
/** REST layer only (§26): the bearer token expired; authenticate again and resend once. */
export const ATM_REST_TOKEN_EXPIRED = '915';
/** `tpAmb` 2 documents come back registered as a test (ATM-REST11 §12/§22, ATM-WS30 §11). */
export const ATM_TEST_PROTOCOL = 'TESTE';

/** ANTT's contingency value for `nAver` (Deliberação ANTT 325/2017). */
export const NAVER_CONTINGENCIA = '99999';
/** seg/nAver length (MDF-e 3.00 XSD TString 1–40). */
export const NAVER_MAX_LENGTH = 40;

/** Normalised 3-digit AT&M code ('4' → '004'); '' for anything that is not 1–3 digits. */
export function atmCode(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d{1,3}$/.test(text) ? text.padStart(3, '0') : '';
}

/** Whether an AT&M `listaErros` code may be resent without the user (see ATM_RETRYABLE_CODES). */
export function isRetryableAtmCode(code: unknown): boolean {
  return ATM_RETRYABLE_CODES.includes(atmCode(code));
}

/** A value that may go into seg/nAver as it is (trimmed, 1–40 characters). */
export function isValidNAver(value: unknown): boolean {
  return typeof value === 'string' && value.trim().length >= 1 && value.trim().length <= NAVER_MAX_LENGTH;
}

/** The averbação state of one document as the sequence check sees it. */
export interface SequenceItem {
  numero: number;
  /** True once the insurer registered it (a later cancellation does not undo the averbação). */
  averbado: boolean;
  /** When the insurer registered it (ISO); null while not averbado. */
  averbadoEm: string | null;
}

export interface SequenceGap {
  numero: number;
  /**
   * `nao_averbado`: not registered while a later number of the série is;
   * `fora_de_ordem`: registered after a later number of the série (the sequence was broken).
   */
  tipo: 'nao_averbado' | 'fora_de_ordem';
}

/**
 * The gaps of one série (CNSP 361/2018 art. 21: strict numeric sequence). A document not yet
 * registered is a gap only when a later number already is; a document registered after a later
 * number is out of order. Items of other séries must not be mixed in.
 */
export function sequenceGaps(items: readonly SequenceItem[]): SequenceGap[] {
  const sorted = [...items]
    .filter((i) => Number.isInteger(i.numero) && i.numero > 0)
    .sort((a, b) => a.numero - b.numero);
  const gaps: SequenceGap[] = [];
  let laterAverbado = false;
  // Walking from the highest number down: the earliest registration instant seen among later numbers.
  let earliestLater = Infinity;
  for (let i = sorted.length - 1; i >= 0; i--) {
    const item = sorted[i]!;
    const at = item.averbado && item.averbadoEm ? Date.parse(item.averbadoEm) : NaN;
    if (!item.averbado) {
      if (laterAverbado) gaps.push({ numero: item.numero, tipo: 'nao_averbado' });
      continue;
    }
    if (Number.isFinite(at) && at > earliestLater) gaps.push({ numero: item.numero, tipo: 'fora_de_ordem' });
    laterAverbado = true;
    if (Number.isFinite(at)) earliestLater = Math.min(earliestLater, at);
  }
  return gaps.sort((a, b) => a.numero - b.numero);
}
