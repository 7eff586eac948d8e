// The fiscal XML as the averbadoras take it. The text is changed only where the services require,
// never re-serialized (the signature covers infCte/infMDFe/infNFe byte for byte).

/** The local name of the document element ('cteProc', 'procEventoCTe', …), or '' when unreadable. */
export function rootName(xml: string): string {
  const body = xml.replace(/^\uFEFF/, '').replace(/<\?xml[\s\S]*?\?>/, '');
  const withoutComments = body.replace(/<!--[\s\S]*?-->/g, '');
  const match = /<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s/>]/.exec(withoutComments);
  return match?.[2] ?? '';
}

const supplementGroup = (name: string) =>
  new RegExp(
    `<(?:[A-Za-z_][\\w.-]*:)?${name}\\b[^>]*?(?:/>|>[\\s\\S]*?</(?:[A-Za-z_][\\w.-]*:)?${name}\\s*>)`,
    'g',
  );
const SUPPLEMENTS = [
  supplementGroup('infCTeSupl'),
  supplementGroup('infMDFeSupl'),
  supplementGroup('infNFeSupl'),
];

/**
 * For AT&M's SOAP parameter: without the XML declaration (ACBr drops it, [S]) and without the
 * QR-code groups infCTeSupl / infMDFeSupl / infNFeSupl — their own CDATA ends an outer CDATA early and
 * AT&M answers "Mismatched tag" (02-atm.md §3.2 [C]: ACBr change log 30/07/2019, NFePHP group 2020).
 * The signature covers only infCte / infMDFe / infNFe, so it still holds.
 */
export function withoutSupplements(xml: string): string {
  let out = xml.replace(/^\uFEFF/, '').replace(/^\s*<\?xml[\s\S]*?\?>\s*/, '');
  for (const pattern of SUPPLEMENTS) out = out.replace(pattern, '');
  return out.trim();
}

/** Text content escaping: the whole document as entity-escaped text cannot nest a CDATA. */
export function escapeXmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
