// Formats shared by the NF-e documents: the XSD's TDateTimeUTC with the Brasília offset, money
// with two decimals, 15-digit protocol numbers.
import { brasiliaIso } from '../../fiscal/brasilia';

/** `2026-11-21T14:05:09-03:00`. */
export const brDateTime = (date: Date): string => brasiliaIso(date);

/** ISO 8601 in UTC without milliseconds, as the API answers dates. */
export function isoSeconds(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

export const money = (value: number) => value.toFixed(2);

/** Rounds to cents without the binary-float surprises of `toFixed` alone. */
export const cents = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/** TProt: type digit 1, cUF, two-digit year, 10-digit sequence. */
export function protocolNumber(cUF: string, date: Date, sequence: number): string {
  const yy = String(date.getUTCFullYear() % 100).padStart(2, '0');
  return `1${cUF}${yy}${String(sequence % 1e10).padStart(10, '0')}`;
}
