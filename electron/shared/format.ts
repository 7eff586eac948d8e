// Pure pt-BR display helpers shared by the renderer, the DACTE/DACE templates and the tests. No DOM,
// no Node. Contract for bad input: formatters of identifiers (CNPJ, CPF, CEP, chave, phone) return
// the input unchanged, so the user still sees what is stored; number formatters return '' for
// non-finite numbers; parsers return null.

export const defaultTimeZone = 'America/Sao_Paulo';

/**
 * The decimal digits of |value| rounded half-up to `decimals` places, working on the shortest
 * decimal text of the number (what the user typed) rather than on its binary value: 1.005 is "1.005"
 * to a person, so it rounds to 1.01, where toFixed would give 1.00.
 */
function roundedDigits(value: number, decimals: number): { integer: string; fraction: string } {
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(Math.abs(value)));
  if (!match) return { integer: '0', fraction: '0'.repeat(decimals) };
  const [, intPart, fracPart = '', expPart = '0'] = match;
  let digits = intPart + fracPart;
  let point = intPart.length + Number(expPart);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (digits.length < point + decimals + 1) digits = digits.padEnd(point + decimals + 1, '0');
  const keep = digits
    .slice(0, point + decimals)
    .split('')
    .map(Number);
  if (Number(digits[point + decimals]) >= 5) {
    let i = keep.length - 1;
    while (i >= 0 && keep[i] === 9) keep[i--] = 0;
    if (i >= 0) keep[i] += 1;
    else {
      keep.unshift(1);
      point += 1;
    }
  }
  const text = keep.join('');
  const integer = text.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  return { integer, fraction: text.slice(point) };
}

function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** 1234.5 → '1.234,50' (decimals = 2). Half-up rounding; '' for NaN/Infinity. */
export function formatNumber(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return '';
  const places = Math.max(0, Math.min(20, Math.trunc(decimals)));
  const { integer, fraction } = roundedDigits(value, places);
  const isZero = /^0*$/.test(integer + fraction);
  const sign = value < 0 && !isZero ? '-' : '';
  return sign + groupThousands(integer) + (places > 0 ? `,${fraction}` : '');
}

/** 1234.56 → 'R$ 1.234,56'; -1234.56 → '-R$ 1.234,56'. Regular space, not NBSP. '' for NaN/Infinity. */
export function formatMoney(value: number): string {
  const text = formatNumber(value, 2);
  if (!text) return '';
  return text.startsWith('-') ? `-R$ ${text.slice(1)}` : `R$ ${text}`;
}

/**
 * Reads a number the way a Brazilian types it: '1.234,56', 'R$ 1.234,56', '1234,56', '-10'. A lone
 * dot followed by one or two digits ('1234.5') is taken as a decimal point (pasted from elsewhere);
 * dots otherwise must group thousands properly. Returns null for anything else.
 */
export function parseNumber(text: string): number | null {
  if (typeof text !== 'string') return null;
  let s = text.replace(/[\s\u00a0]/g, '').replace(/^R\$/i, '');
  let negative = false;
  if (s.startsWith('-')) {
    negative = true;
    s = s.slice(1).replace(/^R\$/i, '');
  }
  let integer: string;
  let fraction = '';
  if (s.includes(',')) {
    const parts = s.split(',');
    if (parts.length !== 2) return null;
    [integer, fraction] = parts;
    if (!/^\d*$/.test(fraction)) return null;
  } else if (/^\d+\.\d{1,2}$/.test(s)) {
    [integer, fraction] = s.split('.');
  } else {
    integer = s;
  }
  if (integer.includes('.')) {
    if (!/^\d{1,3}(\.\d{3})+$/.test(integer)) return null;
    integer = integer.replace(/\./g, '');
  }
  if (!/^\d*$/.test(integer) || (integer === '' && fraction === '')) return null;
  const value = Number(`${integer || '0'}.${fraction || '0'}`);
  if (!Number.isFinite(value)) return null;
  return negative && value !== 0 ? -value : value;
}

/** '1.234,56' → 1234.56; null on garbage. */
export function parseMoney(text: string): number | null {
  return parseNumber(text);
}

const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;

function zonedParts(value: Date, timeZone: string): Record<string, string> | null {
  if (Number.isNaN(value.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(value);
  return Object.fromEntries(parts.map((part) => [part.type, part.value]));
}

function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/**
 * '2026-03-05T13:00:00Z' → '05/03/2026' in `timeZone`. A date-only string ('2026-03-05') is a
 * calendar date and is never shifted. Invalid input: a string comes back unchanged, an invalid Date
 * gives ''.
 */
export function formatDate(value: string | Date, timeZone = defaultTimeZone): string {
  if (typeof value === 'string') {
    const plain = dateOnly.exec(value.trim());
    if (plain) return `${plain[3]}/${plain[2]}/${plain[1]}`;
  }
  const parts = zonedParts(toDate(value), timeZone);
  if (!parts) return typeof value === 'string' ? value : '';
  return `${parts.day}/${parts.month}/${parts.year}`;
}

/** '2026-03-05T13:07:00Z' → '05/03/2026 10:07' (São Paulo). Same invalid-input rule as formatDate. */
export function formatDateTime(value: string | Date, timeZone = defaultTimeZone): string {
  const parts = zonedParts(toDate(value), timeZone);
  if (!parts) return typeof value === 'string' ? value : '';
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** '2026-11-26T02:30:00Z' → '23:30' (São Paulo); with seconds '23:30:00'. '' for an invalid time. */
export function formatTime(
  value: string | Date,
  options: { seconds?: boolean } = {},
  timeZone = defaultTimeZone,
): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return options.seconds ? `${parts.hour}:${parts.minute}:${parts.second}` : `${parts.hour}:${parts.minute}`;
}

/** The calendar day in Brasília at `now`, as 'yyyy-mm-dd' — never the machine's day nor UTC's. */
export function brasiliaDay(now: Date = new Date(), timeZone = defaultTimeZone): string {
  const parts = zonedParts(now, timeZone);
  if (!parts) return '';
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The month in Brasília at `now`, as 'yyyy-mm'. */
export function brasiliaMonth(now: Date = new Date(), timeZone = defaultTimeZone): string {
  return brasiliaDay(now, timeZone).slice(0, 7);
}

/** The Brasília wall clock at `now` as 'yyyy-mm-ddThh:mm', the value of a date-and-time field. */
export function brasiliaWallClock(now: Date = new Date(), timeZone = defaultTimeZone): string {
  const parts = zonedParts(now, timeZone);
  if (!parts) return '';
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** '2026-11' shifted by `delta` months: shiftIsoMonth('2026-01', -1) → '2025-12'. Calendar arithmetic only. */
export function shiftIsoMonth(month: string, delta: number): string {
  const [year, m] = month.split('-').map(Number);
  const index = year * 12 + (m - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The first and last day of an ISO month: '2026-02' → ['2026-02-01', '2026-02-28']. */
export function monthDays(month: string): [string, string] {
  const [year, m] = month.split('-').map(Number);
  return [`${month}-01`, `${month}-${String(daysInMonth(year, m)).padStart(2, '0')}`];
}

const monthNames = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** '2026-11' → 'Novembro de 2026' (pt-BR, independent of the machine's locale). */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? monthNames[Number(match[2]) - 1] : undefined;
  if (!match || !name) return month;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} de ${match[1]}`;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/** Whether 'yyyy-mm-dd' names a day that exists in the calendar. */
export function isIsoDate(value: string): boolean {
  const match = dateOnly.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1900 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * A date typed the Brazilian way, 'dd/mm/aaaa' (optionally followed by ' hh:mm' when `withTime`),
 * read into its ISO value ('yyyy-mm-dd' or 'yyyy-mm-ddThh:mm'), or a Portuguese reason why not. The
 * reason names the field (`label`), so "informe a data" never appears without saying which.
 */
export function parseDateBr(
  text: string,
  label: string,
  withTime = false,
): { ok: true; value: string } | { ok: false; message: string } {
  const trimmed = String(text ?? '').trim();
  if (!trimmed) return { ok: true, value: '' };
  const shape = withTime ? 'dd/mm/aaaa hh:mm' : 'dd/mm/aaaa';
  const match = /^(\d{2})\/(\d{2})\/(\d{4})(?:\s+(\d{2}):(\d{2}))?$/.exec(trimmed);
  if (!match || (withTime && match[4] === undefined) || (!withTime && match[4] !== undefined)) {
    return { ok: false, message: `${label}: informe a data completa no formato ${shape}` };
  }
  const [, dd, mm, yyyy, hh, min] = match;
  const iso = `${yyyy}-${mm}-${dd}`;
  if (!isIsoDate(iso)) {
    const year = Number(yyyy);
    const reason = mm === '02' && dd === '29' && !isLeapYear(year) ? ` (${yyyy} não é ano bissexto)` : '';
    return { ok: false, message: `${label}: ${dd}/${mm}/${yyyy} não é uma data válida${reason}` };
  }
  if (!withTime) return { ok: true, value: iso };
  if (Number(hh) > 23 || Number(min) > 59) {
    return { ok: false, message: `${label}: ${hh}:${min} não é um horário válido` };
  }
  return { ok: true, value: `${iso}T${hh}:${min}` };
}

/** The text a date field shows for its ISO value: '2026-11-25' → '25/11/2026', '2026-11-25T23:30' → '25/11/2026 23:30'. */
export function isoToDateBr(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(String(value ?? ''));
  if (!match) return '';
  const day = `${match[3]}/${match[2]}/${match[1]}`;
  return match[4] === undefined ? day : `${day} ${match[4]}:${match[5]}`;
}

export function onlyDigits(value: string): string {
  return String(value ?? '').replace(/\D/g, '');
}

/**
 * Uppercase, punctuation stripped, letters kept: from July 2026 the CNPJ may carry letters in its
 * first 12 positions (the two check digits stay numeric).
 */
export function normalizeCnpj(value: string): string {
  return String(value ?? '')
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
}

const cnpjShape = /^[0-9A-Z]{12}\d{2}$/;

/** '12ABC34501DE35' → '12.ABC.345/01DE-35'. Returns the input unchanged when it is not 14 valid characters. */
export function formatCnpj(value: string): string {
  const cnpj = normalizeCnpj(value);
  if (!cnpjShape.test(cnpj)) return value;
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
}

function isOnlyPunctuatedDigits(value: string): boolean {
  return /^[\d.\-/\s]*$/.test(value);
}

/** '12345678909' → '123.456.789-09'. Input unchanged unless it is 11 digits (punctuation allowed). */
export function formatCpf(value: string): string {
  const digits = onlyDigits(value);
  if (digits.length !== 11 || !isOnlyPunctuatedDigits(String(value ?? ''))) return value;
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}

/** CPF when 11 digits, CNPJ when 14 characters; otherwise the input unchanged. */
export function formatCpfCnpj(value: string): string {
  const normalized = normalizeCnpj(value);
  if (normalized.length === 11) return formatCpf(value);
  if (normalized.length === 14) return formatCnpj(value);
  return value;
}

/** '01310100' → '01310-100'. Input unchanged unless it is 8 digits. */
export function formatCep(value: string): string {
  const digits = onlyDigits(value);
  if (digits.length !== 8 || !isOnlyPunctuatedDigits(String(value ?? ''))) return value;
  return `${digits.slice(0, 5)}-${digits.slice(5)}`;
}

/**
 * A 44-character access key in 11 groups of 4. Letters are kept: the key embeds the issuer's CNPJ,
 * which may be alphanumeric. Input unchanged unless it has 44 characters.
 */
export function formatChave(value: string): string {
  const chave = normalizeCnpj(value);
  if (chave.length !== 44) return value;
  return chave.match(/.{4}/g)!.join(' ');
}

/** '1134567890' → '(11) 3456-7890'; '11987654321' → '(11) 98765-4321'. Input unchanged otherwise. */
export function formatPhone(value: string): string {
  const digits = onlyDigits(value);
  if (!/^[\d()\-.\s+]*$/.test(String(value ?? ''))) return value;
  if (digits.length === 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  if (digits.length === 11) return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  return value;
}

export * from './masks';

const pluralRules = new Intl.PluralRules('pt-BR');

/**
 * A count with its noun in the right number: plural(1, 'documento', 'documentos') → '1 documento',
 * 2 → '2 documentos', 1500 → '1.500 documentos'. Intl.PluralRules gives Portuguese's rule; zero
 * takes the plural ("0 documentos"), as Brazilian Portuguese says it, although CLDR files it as one.
 */
export function plural(count: number, one: string, other: string): string {
  const form = count !== 0 && pluralRules.select(count) === 'one' ? one : other;
  return `${count.toLocaleString('pt-BR')} ${form}`;
}
