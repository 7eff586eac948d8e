// The filter bar's form and its mapping to the documents:search filter. Empty fields are left out so
// the main side applies no condition for them.
import type { Environment } from '@shared/schemas/app';
import type { CommandInput } from '@shared/contract';
import type { BrowseKind, DocStatus } from '@shared/schemas/documents';
import { onlyDigits } from '@shared/format';

export type PartyRole = 'any' | 'tomador' | 'remetente' | 'destinatario';

export interface FilterForm {
  environment: Environment | null;
  kinds: BrowseKind[];
  statuses: DocStatus[];
  /** Brasília calendar days as typed ('yyyy-mm-dd'), '' for none; `problem` when one is not a real date. */
  from: string;
  to: string;
  fromProblem?: string | null;
  toProblem?: string | null;
  partyRole: PartyRole;
  party: string;
  ufInicio: string;
  ufFim: string;
  serie: number | null;
  numeroFrom: number | null;
  numeroTo: number | null;
  valorMin: number | null;
  valorMax: number | null;
  text: string;
  /** Only the documents whose averbação is not done yet. */
  naoAverbados?: boolean;
}

export function emptyFilterForm(): FilterForm {
  return {
    environment: null,
    kinds: [],
    statuses: [],
    from: '',
    to: '',
    fromProblem: null,
    toProblem: null,
    partyRole: 'any',
    party: '',
    ufInicio: '',
    ufFim: '',
    serie: null,
    numeroFrom: null,
    numeroTo: null,
    valorMin: null,
    valorMax: null,
    text: '',
    naoAverbados: false,
  };
}

export type SearchFilter = CommandInput<'documents:search'>['filter'];

/** A CNPJ/CPF typed with punctuation is searched by its digits; a name stays as typed. */
function partyValue(text: string): string {
  const trimmed = text.trim();
  return /^[\d./-\s]+$/.test(trimmed) && onlyDigits(trimmed).length >= 11 ? onlyDigits(trimmed) : trimmed;
}

export function toSearchFilter(form: FilterForm, company: string): SearchFilter {
  const filter: SearchFilter = { company };
  if (form.environment) filter.environment = form.environment;
  if (form.kinds.length) filter.kinds = [...form.kinds];
  if (form.statuses.length) filter.statuses = [...form.statuses];
  if (form.from) filter.from = form.from;
  if (form.to) filter.to = form.to;
  if (form.party.trim()) filter.party = { role: form.partyRole, value: partyValue(form.party) };
  if (form.ufInicio.trim()) filter.ufInicio = form.ufInicio.trim().toUpperCase();
  if (form.ufFim.trim()) filter.ufFim = form.ufFim.trim().toUpperCase();
  if (form.serie !== null) filter.serie = form.serie;
  if (form.numeroFrom !== null) filter.numeroFrom = form.numeroFrom;
  if (form.numeroTo !== null) filter.numeroTo = form.numeroTo;
  if (form.valorMin !== null) filter.valorMin = form.valorMin;
  if (form.valorMax !== null) filter.valorMax = form.valorMax;
  if (form.text.trim()) filter.text = form.text.trim();
  if (form.naoAverbados) filter.averbacao = 'nao_averbados';
  return filter;
}

/** A period the search cannot run with: a date that does not exist, or one typed backwards. */
export function periodProblem(
  form: Pick<FilterForm, 'from' | 'to' | 'fromProblem' | 'toProblem'>,
): string | null {
  if (form.fromProblem) return form.fromProblem;
  if (form.toProblem) return form.toProblem;
  if (form.from && form.to && form.from > form.to) return 'A data inicial é depois da data final.';
  return null;
}

/** How many filters (besides the text box) are active, for the collapsed bar's badge. */
export function activeFilterCount(form: FilterForm): number {
  const filter = toSearchFilter({ ...form, text: '' }, '');
  return Object.keys(filter).length - 1;
}
