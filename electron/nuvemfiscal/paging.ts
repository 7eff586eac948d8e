import type { Listagem } from './schemas';

export interface PageRequest {
  top: number;
  skip: number;
  inlinecount?: boolean;
}

export type PageFetcher<T> = (page: PageRequest) => Promise<Listagem<T>>;

/**
 * Walks a list endpoint with `$top`/`$skip` until a short page (the API's lists are newest first, so
 * callers that only want what is new can stop early by breaking out of the loop).
 */
export async function* paginate<T>(
  fetchPage: PageFetcher<T>,
  options: { pageSize?: number; maxItems?: number } = {},
): AsyncGenerator<T> {
  const top = Math.min(100, Math.max(1, options.pageSize ?? 100));
  const max = options.maxItems ?? Number.POSITIVE_INFINITY;
  let skip = 0;
  let yielded = 0;
  for (;;) {
    const page = await fetchPage({ top, skip });
    for (const item of page.data) {
      if (yielded >= max) return;
      yield item;
      yielded++;
    }
    if (page.data.length < top) return;
    skip += page.data.length;
  }
}

/** Collects every item of a paged list (bounded by `maxItems`). */
export async function collect<T>(
  fetchPage: PageFetcher<T>,
  options?: { pageSize?: number; maxItems?: number },
) {
  const items: T[] = [];
  for await (const item of paginate(fetchPage, options)) items.push(item);
  return items;
}

/** The query parameters of one page, as the API names them. */
export function pageQuery(
  page: Partial<PageRequest> | undefined,
): Record<string, number | boolean | undefined> {
  return { $top: page?.top, $skip: page?.skip, $inlinecount: page?.inlinecount };
}
