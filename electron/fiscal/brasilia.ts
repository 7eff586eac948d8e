// Brasília time: UTC−3 all year. Brazil has kept no daylight saving since Decreto 9.772 of
// 25/04/2019, so the offset is fixed; the layouts' TDateTimeUTC carries it as '-03:00'
// (tiposBasico_v4.00.xsd: AAAA-MM-DDThh:mm:ssTZD). The one place that knows the offset: the app,
// the screens (through electron/shared) and the sandbox write Brasília times with these helpers.
export const BRASILIA_OFFSET = '-03:00';
/** Brasília minus UTC, in milliseconds (−3 h). */
export const BRASILIA_OFFSET_MS = -3 * 3_600_000;
/** SQLite's date modifier from Brasília wall time to UTC: '+3 hours'. */
export const BRASILIA_TO_UTC_SQL = `+${-BRASILIA_OFFSET_MS / 3_600_000} hours`;

function validDate(instant: Date): boolean {
  return instant instanceof Date && Number.isFinite(instant.getTime());
}

/** Brasília wall time of an instant, 'AAAA-MM-DDThh:mm:ss' without offset. An invalid date gives ''. */
export function brasiliaWallTime(instant: Date): string {
  if (!validDate(instant)) return '';
  return new Date(instant.getTime() + BRASILIA_OFFSET_MS).toISOString().slice(0, 19);
}

/** The day (AAAA-MM-DD) of an instant in Brasília. An invalid date gives ''. */
export function brasiliaDayOf(instant: Date): string {
  return brasiliaWallTime(instant).slice(0, 10);
}

/** An instant as the layouts write it: '2026-11-21T14:05:09-03:00'. An invalid date gives ''. */
export function brasiliaIso(instant: Date): string {
  const wall = brasiliaWallTime(instant);
  return wall ? `${wall}${BRASILIA_OFFSET}` : '';
}

/**
 * A Brasília wall time typed on a screen ('AAAA-MM-DDThh:mm' of a datetime-local input, or with
 * seconds) with the offset the layout asks for. Empty stays empty.
 */
export function withBrasiliaOffset(local: string): string {
  if (!local) return '';
  return `${local.length === 16 ? `${local}:00` : local}${BRASILIA_OFFSET}`;
}
