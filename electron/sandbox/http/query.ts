import { badRequest } from './errors';

/** Fastify's parsed query string. */
export type Query = Record<string, string | string[] | undefined>;

export function asQuery(value: unknown): Query {
  return value && typeof value === 'object' ? (value as Query) : {};
}

/** One value of a query parameter; a repeated parameter is refused (ambiguous). */
export function queryValue(query: Query, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw badRequest(`O parâmetro "${name}" foi informado mais de uma vez.`);
  return value;
}

/** A required query parameter (as the description marks it); missing or empty → 400. */
export function requireQuery(query: Query, name: string): string {
  const value = queryValue(query, name);
  if (value === undefined || value.trim() === '') {
    throw badRequest(`O parâmetro "${name}" é obrigatório.`);
  }
  return value;
}

/** Boolean query values travel as the strings `true` / `false`; anything else → 400. */
export function parseBooleanQuery(query: Query, name: string): boolean | undefined {
  const value = queryValue(query, name);
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw badRequest(`O parâmetro "${name}" deve ser "true" ou "false".`);
}

/** Non-negative integer query parameter within bounds; absent → undefined. */
export function parseIntegerQuery(query: Query, name: string, min: number, max: number): number | undefined {
  const value = queryValue(query, name);
  if (value === undefined) return undefined;
  if (!/^-?\d{1,9}$/.test(value)) throw badRequest(`O parâmetro "${name}" deve ser um número inteiro.`);
  const n = Number(value);
  if (n < min || n > max) throw badRequest(`O parâmetro "${name}" deve estar entre ${min} e ${max}.`);
  return n;
}

export type Ambiente = 'homologacao' | 'producao';

/** The required `ambiente` of document lists. */
export function parseAmbiente(query: Query): Ambiente {
  const value = requireQuery(query, 'ambiente');
  if (value !== 'homologacao' && value !== 'producao') {
    throw badRequest('O parâmetro "ambiente" deve ser "homologacao" ou "producao".');
  }
  return value;
}
