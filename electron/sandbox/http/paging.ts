import { badRequest } from './errors';
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
 * The paging parameters every list shares. `allowInlinecount: false` is for lists that cannot
 * count (`GET /cnpj`): they refuse `$inlinecount=true` and accept `false`.
 */
export function parseListQuery(query: Query, options: { allowInlinecount?: boolean } = {}): ListQuery {
  const top = parseIntegerQuery(query, '$top', 1, 100) ?? 10;
  const skip = parseIntegerQuery(query, '$skip', 0, MAX_SKIP) ?? 0;
  const inlinecount = parseBooleanQuery(query, '$inlinecount') ?? false;
  // `false` asks for nothing, and generated SDKs always send it; only `true` is refused.
  if (options.allowInlinecount === false && inlinecount) {
    throw badRequest('O parâmetro "$inlinecount" não é suportado nesta listagem.');
  }
  return { top, skip, inlinecount };
}

/** The list answer: `{ "@count"?, data }` (count only when `$inlinecount=true`). */
export function listEnvelope<T>(data: T[], count: number, list: Pick<ListQuery, 'inlinecount'>) {
  return list.inlinecount ? { '@count': count, data } : { data };
}
