// The DF-e bodies are checked like every other body (`http/validate`): the 400 answer names JSON
// paths the way the hosted service does ("infCte.rem.enderReme.cMun"), so clients can map them
// back to form fields.
import type { z } from 'zod';
import { validate as validateInput, validationFailed } from '../../http/validate';
import type { ValidationItem } from '../../http/validate';

export interface ValidationFailure {
  error: { code: 'ValidationFailed'; message: string; errors: ValidationItem[] };
}

export type Validated<T> = { ok: true; value: T } | { ok: false; status: 400; body: ValidationFailure };

export function validate<T>(schema: z.ZodType<T>, input: unknown): Validated<T> {
  const result = validateInput(schema, input);
  if (result.ok) return result;
  const { message } = validationFailed(result.errors);
  return {
    ok: false,
    status: 400,
    body: { error: { code: 'ValidationFailed', message, errors: result.errors } },
  };
}
