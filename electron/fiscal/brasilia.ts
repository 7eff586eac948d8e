// Brasília time: UTC−3 all year. Brazil has kept no daylight saving since Decreto 9.772 of
// 25/04/2019, so the offset is fixed; the layouts' TDateTimeUTC carries it as '-03:00'.
export const BRASILIA_OFFSET = '-03:00';
const BRASILIA_OFFSET_MS = -3 * 3_600_000;

/** The day (AAAA-MM-DD) of an instant in Brasília. An invalid date gives ''. */
export function brasiliaDayOf(instant: Date): string {
  if (!(instant instanceof Date) || !Number.isFinite(instant.getTime())) return '';
  return new Date(instant.getTime() + BRASILIA_OFFSET_MS).toISOString().slice(0, 10);
}
