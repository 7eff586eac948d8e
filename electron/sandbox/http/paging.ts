import type { Query } from './query';
import { parseBooleanQuery, parseIntegerQuery } from './query';

export interface ListQuery {
  /** `$top`: 1–100, default 10. */
  top: number;
  /** `$skip`: ≥ 0, default 0. */
  skip: number;
  /** `$inlinecount=true`: answer `@count`. */
  inlinecount: boolean;
}

/** Largest `$skip` accepted: beyond it a request is absurd rather than a page. */
const MAX_SKIP = 1_000_000;

/**
 * The paging parameters every list shares. `countable: false` is for lists that cannot count
 * (`GET /cnpj`): `$inlinecount` is still read (a value other than true/false is a 400) but ignored —
 * the answer has no `@count`. Clients generated from the 2.60 description send `true` there, and
 * the hosted service answers the list.
 */
export function parseListQuery(query: Query, options: { countable?: boolean } = {}): ListQuery {
  const top = parseIntegerQuery(query, '$top', 1, 100) ?? 10;
  const skip = parseIntegerQuery(query, '$skip', 0, MAX_SKIP) ?? 0;
  const asked = parseBooleanQuery(query, '$inlinecount') ?? false;
  return { top, skip, inlinecount: options.countable === false ? false : asked };
}

/** The list answer: `{ "@count"?, data }` (count only when `$inlinecount=true`). */
export function listEnvelope<T>(data: T[], count: number, list: Pick<ListQuery, 'inlinecount'>) {
  return list.inlinecount ? { '@count': count, data } : { data };
}
