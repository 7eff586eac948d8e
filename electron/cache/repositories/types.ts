import type { Environment } from '../../shared/schemas/app';
import { brasiliaIso } from '../../fiscal/brasilia';
import type { DocKind } from '../../shared/schemas/documents';

export type { Environment } from '../../shared/schemas/app';
export type { DocFileKind, DocKind, DocStatus } from '../../shared/schemas/documents';

/** Where a list of documents lives: one company, one kind, one app environment. */
export interface Scope {
  company: string;
  kind: DocKind;
  environment: Environment;
}

/** The API's document record as the cache needs it (the full record is kept as JSON too). */
export interface ApiRecord {
  id: string;
  status: string;
  ambiente?: string | null;
  created_at?: string | null;
  referencia?: string | null;
  data_emissao?: string | null;
  modelo?: number | null;
  serie?: number | null;
  numero?: number | null;
  valor_total?: number | null;
  chave?: string | null;
  [key: string]: unknown;
}

/** Browse fields read from the processed XML; money in centavos. */
export interface BrowseFields {
  tomadorNome: string | null;
  tomadorDoc: string | null;
  remetenteNome: string | null;
  remetenteDoc: string | null;
  destinatarioNome: string | null;
  destinatarioDoc: string | null;
  ufInicio: string | null;
  municipioInicio: string | null;
  ufFim: string | null;
  municipioFim: string | null;
  valorPrestacao: number | null;
  valorIcms: number | null;
  dataEmissao: string | null;
  serie: number | null;
  numero: number | null;
  chave: string | null;
  /**
   * The processed XML itself proves an accepted cancellation of this key (an event or its answer
   * carried in the envelope): the document is cached as cancelled whatever the record says.
   */
  cancelledInXml?: boolean;
}

export const FINAL_STATUSES: ReadonlySet<string> = new Set([
  'autorizado',
  'cancelado',
  'encerrado',
  'denegado',
  'rejeitado',
]);
/** Final states the authority issued a processed XML for. */
export const WITH_PROCESSED_XML: ReadonlySet<string> = new Set(['autorizado', 'cancelado', 'encerrado']);

/**
 * An issue time as Brasília wall time with its offset ('2026-11-25T10:07:00-03:00'). The API
 * answers in UTC ('…T13:07:00Z') and the XML in the issuer's offset (-03:00, -04:00 in AM…); kept
 * as they came, text order was not time order and the first ten characters were not the day a
 * clerk in Brasília sees. One offset makes both true (electron/fiscal/brasilia.ts). A bare date or unreadable text is kept as is.
 */
export function brasiliaTimestamp(text: string | null | undefined): string | null {
  if (!text) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) || !/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) return text;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return text;
  return brasiliaIso(new Date(ms));
}

export const toCents = (reais: number | null | undefined): number | null =>
  reais === null || reais === undefined || !Number.isFinite(reais) ? null : Math.round(reais * 100);
export const fromCents = (cents: number | null): number | null => (cents === null ? null : cents / 100);
