// The trip facts the MDF-e form and its payload builder share: the issuer type from the documents,
// the unloading UFs (one MDF-e each, Ajuste SINIEF 21/10 cl. 3ª §2º) and the route of each (the
// clerk's, else the proposal from the UF border table). Pure.
import { proposeRoute } from './uf-adjacency';
import type { UfSigla } from './uf';

/** The MDF-e's issuer type from its documents: 1 carrier (CT-e), 2 own load (NF-e only). */
export function tpEmitOf(docs: readonly { tipo: 'cte' | 'nfe' }[]): 1 | 2 {
  return docs.some((d) => d.tipo === 'cte') ? 1 : 2;
}

/** Unloading UFs in the order they first appear among the documents (one MDF-e each). */
export function unloadingUfs<U extends string>(docs: readonly { descarga: { uf: U } }[]): U[] {
  return [...new Set(docs.map((d) => d.descarga.uf))];
}

/** The route of each unloading UF: the one the clerk edited, else the proposal from the UF borders. */
export function routesFor<U extends string, P extends string>(
  docs: readonly { carrega: { uf: string }; descarga: { uf: U } }[],
  rotas: readonly { ufFim: string; percurso: readonly P[] }[],
): { ufFim: U; percurso: (P | UfSigla)[] }[] {
  const ufIni = docs[0]?.carrega.uf ?? '';
  return unloadingUfs(docs).map((ufFim) => {
    const edited = rotas.find((r) => r.ufFim === ufFim);
    return { ufFim, percurso: edited ? [...edited.percurso] : (proposeRoute(ufIni, ufFim) ?? []) };
  });
}
