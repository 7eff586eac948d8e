// The NF-e import's warnings kept with the CT-e form: what the clerk must acknowledge before sending.
import type { CteDraftData } from '../../views/emitir-cte/form-model';

/**
 * The import's warnings stay with the form (and its draft), each tied to the keys it names, until
 * the clerk acknowledges them on the review or removes those NF-e (issue 14, item 6). A new warning
 * asks for a new acknowledgement.
 */
export function keepWarnings(data: CteDraftData, warnings: string[], chaves: string[]): void {
  const avisos = data.avisosNfe;
  const known = new Set(avisos.itens.map((a) => a.texto));
  for (const texto of warnings) {
    if (known.has(texto)) continue;
    const named = chaves.filter((c) => texto.includes(c));
    if (named.length === 0) continue;
    known.add(texto);
    avisos.itens.push({ chaves: named, texto });
    avisos.ciente = false;
  }
}

/** Drops the warnings whose NF-e are all gone from the form; none left, nothing to acknowledge. */
export function pruneWarnings(data: CteDraftData): void {
  const avisos = data.avisosNfe;
  const present = new Set(data.documentos.nfe.map((n) => n.chave.toUpperCase().replace(/[^0-9A-Z]/g, '')));
  const kept = avisos.itens.filter((a) => a.chaves.some((c) => present.has(c)));
  if (kept.length !== avisos.itens.length) avisos.itens.splice(0, avisos.itens.length, ...kept);
  if (kept.length === 0) avisos.ciente = false;
}

/** Warnings still pending acknowledgement: while any, Emitir stays disabled and says why. */
export function blockedByWarnings(data: CteDraftData): string | null {
  if (data.avisosNfe.itens.length === 0 || data.avisosNfe.ciente) return null;
  return 'Há avisos sobre as NF-e importadas. Leia-os na revisão e marque que está ciente para emitir.';
}
