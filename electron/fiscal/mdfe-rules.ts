// MDF-e rules the form, the lifecycle screen and the sandbox's authority share (one home per rule):
// deadlines and limits of the MOC MDF-e 3.00 (§5 G079/G080/G081/G083/G084 p.41, §6.1.3 K05 p.70,
// §6.3.3 K02 p.73) and Ajuste SINIEF 21/10 cl. 13ª. Pure; garbage in gives a safe answer, no throw.
import { brasiliaDayOf } from './brasilia';

export { brasiliaDayOf };

/** Cancellation only within 24 hours of the authorization (K05 → 220), and never once closed (609). */
export const MDFE_CANCEL_WINDOW_HOURS = 24;
export const MDFE_CANCEL_WINDOW_MS = MDFE_CANCEL_WINDOW_HOURS * 3_600_000;
/** An MDF-e of the issuer open for more than 30 days blocks new ones (G079 → 686). */
export const MDFE_OPEN_ISSUER_LIMIT_MS = 30 * 86_400_000;
/** The plate's MDF-e open for more than 5 days with up to 2 UFs de percurso blocks it (G080 → 462). */
export const MDFE_OPEN_PLATE_LIMIT_MS = 5 * 86_400_000;
/** UFs de percurso up to which G080 applies. */
export const MDFE_OPEN_PLATE_MAX_PERCURSO = 2;
/** Driver inclusion events per MDF-e (K02 → 636). */
export const MDFE_MAX_CONDUTOR_EVENTS = 99;
/**
 * Documents an MDF-e may carry, from the layout (PL_MDFe_300b, mdfeTiposBasico_v3.00.xsd, in force
 * with MOC 3.00 since 13/10/2016): up to 1000 unloading municipalities (infMunDescarga), each with up
 * to 20,000 CT-e (infCTe), 20,000 NF-e (infNFe) and 20,000 MDF-e (infMDFeTransp).
 */
export const MDFE_MAX_MUN_DESCARGA = 1000;
export const MDFE_MAX_DOCS_POR_MUNICIPIO = 20_000;
/**
 * The authority discards a message over 1024 KB, and the issuer's application must never make one
 * (MOC MDF-e 3.00 §4.5.5 B01 → 214). Each document is a group of at least 76 bytes
 * (`<infCTe><chCTe>…44…</chCTe></infCTe>`), so the app keeps a trip to 10,000 documents (about
 * 760 KB of keys), which leaves room for the rest of the manifest and its signature; the layout's
 * own limits above are never the binding ones.
 */
export const MDFE_MAX_MESSAGE_BYTES = 1024 * 1024;
export const MDFE_MAX_DOCUMENTOS = 10_000;
/** Drivers in veicTracao (XSD condutor 1..10) and trailers (veicReboque 0..3). */
export const MDFE_MAX_CONDUTORES = 10;
export const MDFE_MAX_REBOQUES = 3;

/** Milliseconds left to cancel an MDF-e authorized at `authorizedAt` (0 when the window is over). */
export function mdfeCancelTimeLeft(authorizedAt: Date, now: Date): number {
  if (!(authorizedAt instanceof Date) || !(now instanceof Date)) return 0;
  const left = authorizedAt.getTime() + MDFE_CANCEL_WINDOW_MS - now.getTime();
  return Number.isFinite(left) ? Math.max(0, left) : 0;
}

/**
 * The national plate: the old AAA9999 or the Mercosul AAA9A99 (G081 → 646, required unless
 * loading and unloading are abroad). The XSD alone (TPlaca) also lets foreign plates through.
 */
export function isNationalPlate(value: unknown): boolean {
  return typeof value === 'string' && /^[A-Z]{3}\d[A-Z0-9]\d{2}$/.test(value);
}

export interface MdfeSeguro {
  infResp?: { respSeg?: unknown; CNPJ?: string | null; CPF?: string | null } | null;
  infSeg?: { xSeg?: string | null; CNPJ?: string | null } | null;
  nApol?: string | null;
  nAver?: readonly string[] | null;
}

/**
 * G083/G084: a carrier (tpEmit 1) must inform the cargo insurance (698) and each group complete —
 * responsible's CNPJ/CPF, insurer, policy and at least one averbação (699). Other issuers: null.
 */
export function mdfeInsuranceProblem(
  tpEmit: unknown,
  seg: readonly MdfeSeguro[] | null | undefined,
): 'ausente' | 'incompleto' | null {
  if (tpEmit !== 1) return null;
  if (!Array.isArray(seg) || seg.length === 0) return 'ausente';
  const complete = (s: MdfeSeguro) =>
    Boolean(
      (s?.infResp?.CNPJ || s?.infResp?.CPF) && s.infSeg?.xSeg && s.infSeg?.CNPJ && s.nApol && s.nAver?.length,
    );
  return (seg as readonly MdfeSeguro[]).every(complete) ? null : 'incompleto';
}

/** An open MDF-e as the open-manifest rules see it. */
export interface OpenMdfe {
  placa: string;
  tpEmit: number;
  ufFim: string;
  percursoCount: number;
  authorizedAt: Date;
}

/**
 * Which rule an open MDF-e breaks for a new one of `placa`/`tpEmit`/`ufFim` at `now`: 611 (same
 * plate, issuer type and unloading UF; MOC 3.00a), 686 (the issuer's, open over 30 days), 462 (the
 * plate's, open over 5 days with up to 2 UFs de percurso); null when it does not block.
 */
export function openMdfeBlocks(
  open: OpenMdfe,
  next: { placa: string; tpEmit: number; ufFim: string },
  now: Date,
): 611 | 686 | 462 | null {
  if (typeof open !== 'object' || open === null || typeof next !== 'object' || next === null) return null;
  if (!(open.authorizedAt instanceof Date) || !(now instanceof Date)) return null;
  const age = now.getTime() - open.authorizedAt.getTime();
  if (open.placa === next.placa && open.tpEmit === next.tpEmit && open.ufFim === next.ufFim) return 611;
  if (age > MDFE_OPEN_ISSUER_LIMIT_MS) return 686;
  if (
    open.placa === next.placa &&
    open.percursoCount <= MDFE_OPEN_PLATE_MAX_PERCURSO &&
    age > MDFE_OPEN_PLATE_LIMIT_MS
  )
    return 462;
  return null;
}

/**
 * Why the authority refuses the closing date `dtEnc` (evEncMDFe, AAAA-MM-DD) of an MDF-e authorized
 * at `authorizedAt`, at `now`; null when it takes it. In force since MOC MDF-e 3.00 (13/10/2016):
 * - 615, before the day of the authorization (§6.2.3 K09; the §7.2 text names the authorization,
 *   the later of the two instants K09 and the text speak of, so the stricter);
 * - 635, after today in Brasília: a closing is registered when the trip has ended, and an event's
 *   date cannot be later than its processing (§7.2 code 635 — the MOC has no code of its own for a
 *   closing dated in the future).
 * Days compare in Brasília (UTC−3), as dtEnc is a date of the local calendar.
 */
export function mdfeClosingDateProblem(
  dtEnc: unknown,
  authorizedAt: Date | null,
  now: Date,
): 615 | 635 | null {
  if (typeof dtEnc !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(dtEnc)) return null;
  const today = brasiliaDayOf(now);
  if (today && dtEnc > today) return 635;
  const authorizedDay = authorizedAt ? brasiliaDayOf(authorizedAt) : '';
  if (authorizedDay && dtEnc < authorizedDay) return 615;
  return null;
}
