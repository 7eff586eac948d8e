/** FTS5 columns of documents_fts. */
export type FtsColumn =
  'chave' | 'numero' | 'referencia' | 'tomador' | 'remetente' | 'destinatario' | 'lugares';

/**
 * Turns what a user typed into a safe FTS5 query: every word becomes a quoted prefix term (so
 * "transp ltda" finds "Transportes Ltda"), all must match. A formatted CNPJ/CPF or chave
 * ("12.345.678/0001-90") is one term without its punctuation, as the index stores it. Returns
 * null when nothing searchable is left.
 */
export function ftsQuery(text: string, columns?: readonly FtsColumn[]): string | null {
  const terms: string[] = [];
  for (const word of text.normalize('NFC').split(/\s+/)) {
    if (word === '') continue;
    const joined = /^[0-9A-Za-z./-]+$/.test(word) && /\d/.test(word) ? word.replace(/[./-]/g, '') : word;
    for (const piece of joined.split(/[^\p{L}\p{N}]+/u)) {
      if (piece !== '') terms.push(`"${piece}"*`);
    }
  }
  if (terms.length === 0) return null;
  const body = terms.join(' ');
  if (!columns || columns.length === 0) return body;
  return `{${columns.join(' ')}} : (${body})`;
}

/** Digits/letters of a CNPJ or CPF when the text looks like one, else null. */
export function asCpfCnpj(text: string): string | null {
  const compact = text.replace(/[\s./-]/g, '').toUpperCase();
  if (/^\d{11}$/.test(compact) || /^[0-9A-Z]{12}\d{2}$/.test(compact)) return compact;
  return null;
}
