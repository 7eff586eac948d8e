// Date-time text in the layouts' TDateTimeUTC form (AAAA-MM-DDThh:mm:ss±hh:00, no fraction, no Z).

const BRASILIA_OFFSET_MIN = -180;

function two(n: number): string {
  return String(n).padStart(2, '0');
}

/** The instant in a whole-hour offset (Brasília by default). */
export function formatDateTimeUtc(instant: Date, offsetMinutes = BRASILIA_OFFSET_MIN): string {
  const local = new Date(instant.getTime() + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return (
    `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}` +
    `T${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}` +
    `${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`
  );
}

/**
 * Keeps the sender's wall-clock time and offset when the offset is one the layout accepts
 * (whole hours −11..+12); a "Z" or odd offset is rewritten in Brasília time.
 */
export function normalizeDateTime(text: string): { instant: Date; text: string } {
  const instant = new Date(text);
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.\d+)?([+-])(\d{2}):(\d{2})$/.exec(text);
  if (m && m[4] === '00' && (m[2] === '-' ? Number(m[3]) <= 11 : Number(m[3]) <= 12)) {
    return { instant, text: `${m[1]}${m[2]}${m[3]}:00` };
  }
  return { instant, text: formatDateTimeUtc(instant) };
}

/** Year and month as written in the key (AAMM), from the wall-clock date of the text. */
export function yearMonthOf(dateTimeText: string): { year: number; month: number } {
  return { year: Number(dateTimeText.slice(0, 4)), month: Number(dateTimeText.slice(5, 7)) };
}
