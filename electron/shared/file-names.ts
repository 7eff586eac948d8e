// File names the clerk sees (downloads, exports, e-mail attachments): `<chave>-<tipo>.xml|pdf`, the
// way accountants and other systems file them — never the app's internal ids. One home for the rule.

/** Document kinds that have files. */
export type FileDocKind = 'cte' | 'cteos' | 'dce' | 'mdfe';

/** The printout of each kind, named as the manuals name it. */
const PRINTOUT: Record<FileDocKind, string> = {
  cte: 'dacte',
  cteos: 'dacte-os',
  dce: 'dace',
  mdfe: 'damdfe',
};

const CHAVE = /^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/;

/**
 * The common part: the 44-character access key; for a document without one (rejected before it
 * got a key) a readable stand-in such as `cte-serie1-numero42`.
 */
export function fileBase(
  chave: string | null | undefined,
  fallback: { kind: FileDocKind; serie?: number | null; numero?: number | null },
): string {
  if (chave && CHAVE.test(chave)) return chave;
  const parts: string[] = [fallback.kind];
  if (fallback.serie != null) parts.push(`serie${fallback.serie}`);
  if (fallback.numero != null) parts.push(`numero${fallback.numero}`);
  if (parts.length === 1) parts.push('sem-chave');
  return parts.join('-');
}

/** `<chave>-cte.xml`: the authorized document (with its protocol). */
export function documentXmlName(base: string, kind: FileDocKind): string {
  return `${base}-${kind}.xml`;
}

/** `<chave>-dacte.pdf`, `-dacte-os.pdf`, `-dace.pdf`, `-damdfe.pdf`. */
export function printoutName(base: string, kind: FileDocKind): string {
  return `${base}-${PRINTOUT[kind]}.pdf`;
}

/** Without the extension, for the printing jobs that add `.pdf` themselves. */
export function printoutBase(base: string, kind: FileDocKind): string {
  return `${base}-${PRINTOUT[kind]}`;
}

/**
 * An event's file: `<chave>-cancelamento.xml` (one per document); a correction letter carries its
 * sequence, since a CT-e may have up to 20: `<chave>-carta-correcao-2.xml`.
 */
export function eventFileBase(base: string, type: string, sequence: number): string {
  if (type === 'cancelamento') return `${base}-cancelamento`;
  return `${base}-${type.replace(/_/g, '-')}-${sequence}`;
}
