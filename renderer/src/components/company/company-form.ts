// The company form as the screens edit it: every field a plain string (what the inputs hold, masks
// included), validated with the same zod schema the main side enforces, so a message shown next to
// a field is the one the save would have answered.
import type { CommandOutput } from '@shared/contract';
import type { CnpjLookup, Company, CompanyDto } from '@shared/schemas/company';
import { companyInputSchema } from '@shared/schemas/company';
import { maskCep, maskCnpj, maskPhone } from '@shared/masks';
import type { FieldErrors } from '../../composables/field-errors';

type CepLookup = CommandOutput<'lookup:cep'>;

export interface CompanyAddressForm {
  cep: string;
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  codigo_municipio: string;
  uf: string;
}

export interface CompanyForm {
  cpf_cnpj: string;
  nome_razao_social: string;
  nome_fantasia: string;
  inscricao_estadual: string;
  inscricao_municipal: string;
  fone: string;
  email: string;
  endereco: CompanyAddressForm;
}

/** The fields of each wizard step, as zod paths. */
export const identityFields = ['cpf_cnpj', 'nome_razao_social', 'nome_fantasia', 'fone', 'email'] as const;
export const addressFields = [
  'endereco.cep',
  'endereco.logradouro',
  'endereco.numero',
  'endereco.complemento',
  'endereco.bairro',
  'endereco.cidade',
  'endereco.codigo_municipio',
  'endereco.uf',
  'inscricao_estadual',
  'inscricao_municipal',
] as const;

export function emptyCompanyForm(): CompanyForm {
  return {
    cpf_cnpj: '',
    nome_razao_social: '',
    nome_fantasia: '',
    inscricao_estadual: '',
    inscricao_municipal: '',
    fone: '',
    email: '',
    endereco: {
      cep: '',
      logradouro: '',
      numero: '',
      complemento: '',
      bairro: '',
      cidade: '',
      codigo_municipio: '',
      uf: '',
    },
  };
}

export function companyFormOf(company: CompanyDto): CompanyForm {
  const e = company.endereco;
  return {
    cpf_cnpj: maskCnpj(company.cpf_cnpj),
    nome_razao_social: company.nome_razao_social,
    nome_fantasia: company.nome_fantasia ?? '',
    inscricao_estadual: company.inscricao_estadual ?? '',
    inscricao_municipal: company.inscricao_municipal ?? '',
    fone: company.fone ? maskPhone(company.fone) : '',
    email: company.email,
    endereco: {
      cep: maskCep(e.cep),
      logradouro: e.logradouro,
      numero: e.numero,
      complemento: e.complemento ?? '',
      bairro: e.bairro,
      cidade: e.cidade ?? '',
      codigo_municipio: e.codigo_municipio,
      uf: e.uf,
    },
  };
}

export interface CompanyValidation {
  data: Company | null;
  errors: FieldErrors;
}

/** Validates the whole form; `errors` holds the first problem of each field path. */
export function validateCompany(form: CompanyForm): CompanyValidation {
  const parsed = companyInputSchema.safeParse(form);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return { data: null, errors };
}

/** Only the errors of the given fields (a step, or the fields the user already left). */
export function pickErrors(errors: FieldErrors, fields: Iterable<string>): FieldErrors {
  const result: FieldErrors = {};
  for (const field of fields) if (errors[field]) result[field] = errors[field];
  return result;
}

function filled(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Copies what the CNPJ lookup knows; fields it does not know keep what the user typed. */
export function applyCnpjLookup(form: CompanyForm, found: CnpjLookup): string[] {
  const changed: string[] = [];
  const set = (path: string, value: string | null | undefined, apply: (text: string) => void) => {
    if (!filled(value)) return;
    apply(value.trim());
    changed.push(path);
  };
  set('nome_razao_social', found.razao_social, (v) => (form.nome_razao_social = v.slice(0, 60)));
  set('nome_fantasia', found.nome_fantasia, (v) => (form.nome_fantasia = v.slice(0, 60)));
  set('email', found.email, (v) => (form.email = v));
  set('fone', found.fone, (v) => (form.fone = maskPhone(v)));
  const e = found.endereco;
  if (e) {
    set('endereco.cep', e.cep, (v) => (form.endereco.cep = maskCep(v)));
    set('endereco.logradouro', e.logradouro, (v) => (form.endereco.logradouro = v));
    set('endereco.numero', e.numero, (v) => (form.endereco.numero = v));
    set('endereco.complemento', e.complemento, (v) => (form.endereco.complemento = v));
    set('endereco.bairro', e.bairro, (v) => (form.endereco.bairro = v));
    set('endereco.cidade', e.cidade, (v) => (form.endereco.cidade = titleCase(v)));
    set('endereco.codigo_municipio', e.codigo_municipio, (v) => (form.endereco.codigo_municipio = v));
    set('endereco.uf', e.uf, (v) => (form.endereco.uf = v.toUpperCase()));
  }
  return changed;
}

/** Copies the address of a CEP; the number and complement are the user's. */
export function applyCepLookup(form: CompanyForm, found: CepLookup): string[] {
  const changed: string[] = [];
  const e = form.endereco;
  const set = (key: keyof CompanyAddressForm, value: string | null | undefined) => {
    if (!filled(value)) return;
    e[key] = key === 'uf' ? value.trim().toUpperCase() : value.trim();
    changed.push(`endereco.${key}`);
  };
  set('logradouro', found.logradouro);
  set('bairro', found.bairro);
  set('cidade', found.municipio);
  set('codigo_municipio', found.codigo_ibge);
  set('uf', found.uf);
  if (!e.complemento) set('complemento', found.complemento);
  return changed;
}

/** The Receita answers municipalities in capitals ("SÃO PAULO"); the form shows "São Paulo". */
export function titleCase(text: string): string {
  if (text !== text.toUpperCase()) return text;
  const small = new Set(['da', 'de', 'do', 'das', 'dos', 'e']);
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((word, i) => (i > 0 && small.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}
