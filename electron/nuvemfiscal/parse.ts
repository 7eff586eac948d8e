import type { z } from 'zod';

import { ApiError } from './errors';

/** Validates an answer of the API at the edge; a shape we do not understand is a typed error. */
export function parseAnswer<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(raiz)'}: ${issue.message}`)
    .join('; ');
  throw new ApiError({
    kind: 'invalid_response',
    message: `A API fiscal respondeu num formato inesperado (${what}).`,
    raw: `${issues} — ${JSON.stringify(value)?.slice(0, 1500)}`,
  });
}
