// Tiny XML writer for the authority-side documents. Values are escaped here once, so builders
// can pass user text straight through; empty values vanish, which matches the XSD's optional
// elements (an empty element would fail TString's "no blank" pattern).

export type Attrs = Record<string, string | number | undefined>;

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The XSD's TString forbids leading/trailing blanks and control characters. */
export function cleanText(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    out += code < 0x20 || code === 0x7f ? ' ' : ch;
  }
  return out.replace(/\s+/g, ' ').trim();
}

function renderAttrs(attrs?: Attrs): string {
  if (!attrs) return '';
  return Object.entries(attrs)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
}

/** A leaf element; absent, null or blank values produce nothing. */
export function leaf(name: string, value: string | number | null | undefined, attrs?: Attrs): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'number' ? String(value) : cleanText(value);
  if (text === '') return '';
  return `<${name}${renderAttrs(attrs)}>${escapeXml(text)}</${name}>`;
}

/** A group element; disappears when every child is empty unless `keep` is set. */
export function group(
  name: string,
  children: Array<string | undefined | null | false>,
  attrs?: Attrs,
  keep = false,
): string {
  const body = children.filter((c): c is string => typeof c === 'string').join('');
  if (body === '' && !keep) return '';
  return `<${name}${renderAttrs(attrs)}>${body}</${name}>`;
}

/** Fixed decimals, as TDec_1302 / TDec_1104 and friends expect ("0.00", "12.50"). */
export function dec(value: number | null | undefined, places: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  return value.toFixed(places);
}

/** Between `min` and `max` decimals (TDec_0302_04RTC takes 2 to 4). */
export function decRange(value: number | null | undefined, min: number, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  let text = value.toFixed(max);
  while (text.split('.')[1]!.length > min && text.endsWith('0')) text = text.slice(0, -1);
  return text;
}

/** Optional "percentage/value" types (TDec_*Opc) refuse zero: leave them out instead. */
export function decOpc(value: number | null | undefined, places: number): string | undefined {
  if (value === undefined || value === null || value === 0) return undefined;
  return value.toFixed(places);
}

export function pad(value: number | string, size: number): string {
  return String(value).padStart(size, '0');
}
