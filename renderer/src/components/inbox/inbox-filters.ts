// The inbox filter bar's form and its mapping to inbox:list. Dates are picked as pt-BR calendar days
// and sent as the ISO day; empty fields are left out so the cache applies no condition for them.
import type { InboxListInput } from '@shared/schemas/inbox';

export type ManifestationFilter = NonNullable<InboxListInput['manifestacao']>;
export type FormaFilter = NonNullable<InboxListInput['forma']>;

export interface InboxFilterForm {
  /** Brasília calendar days ('yyyy-mm-dd'), '' for none. */
  de: string;
  ate: string;
  deProblem?: string | null;
  ateProblem?: string | null;
  emitente: string;
  valorMin: number | null;
  valorMax: number | null;
  manifestacao: ManifestationFilter | null;
  forma: FormaFilter | null;
  tipoDocumento: 'nota' | 'evento';
  chave: string;
}

export function emptyInboxFilters(): InboxFilterForm {
  return {
    de: '',
    ate: '',
    deProblem: null,
    ateProblem: null,
    emitente: '',
    valorMin: null,
    valorMax: null,
    manifestacao: null,
    forma: null,
    tipoDocumento: 'nota',
    chave: '',
  };
}

type ListFilter = Omit<InboxListInput, 'company' | 'tab' | 'offset' | 'limit'>;

export function toListFilter(form: InboxFilterForm): ListFilter {
  const filter: ListFilter = { tipoDocumento: form.tipoDocumento };
  if (form.de) filter.de = form.de;
  if (form.ate) filter.ate = form.ate;
  if (form.emitente.trim()) filter.emitente = form.emitente.trim();
  if (form.valorMin !== null) filter.valorMin = form.valorMin;
  if (form.valorMax !== null) filter.valorMax = form.valorMax;
  if (form.manifestacao) filter.manifestacao = form.manifestacao;
  if (form.forma) filter.forma = form.forma;
  // Keys are typed or pasted with spaces and dots; letters stay (alphanumeric CNPJ inside the key).
  const chave = form.chave.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (chave) filter.chave = chave;
  return filter;
}

/** A period typed backwards is a mistake worth saying, not an empty list. */
export function periodProblem(form: InboxFilterForm): string | null {
  if (form.deProblem) return form.deProblem;
  if (form.ateProblem) return form.ateProblem;
  if (form.de && form.ate && form.de > form.ate) {
    return 'A data inicial é depois da data final.';
  }
  if (form.valorMin !== null && form.valorMax !== null && form.valorMin > form.valorMax) {
    return 'O valor mínimo é maior que o máximo.';
  }
  return null;
}

export const MANIFESTATION_OPTIONS: { value: ManifestationFilter; label: string }[] = [
  { value: 'sem', label: 'Sem manifestação' },
  { value: 'ciencia', label: 'Ciência' },
  { value: 'confirmada', label: 'Confirmada' },
  { value: 'desconhecida', label: 'Desconhecida' },
  { value: 'nao_realizada', label: 'Não realizada' },
];
