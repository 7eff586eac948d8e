// A draft on its way to a command: the form schema the main side parses it with decides whether it
// is that command's input, so the draft's loose shape (empty strings, nulls while unfilled) needs no
// cast to be typed. The form only sends once its own validation (the same schema) is clean, so the
// refusal here is a guard, not a path the clerk takes.
import type { z } from 'zod';

function isInputOf<S extends z.ZodType>(schema: S, value: unknown): value is z.input<S> {
  return schema.safeParse(value).success;
}

/** `value` as the schema's input, or an error in Portuguese when it is not one. */
export function formInput<S extends z.ZodType>(schema: S, value: unknown): z.input<S> {
  if (!isInputOf(schema, value)) throw new Error('O formulário tem campos a corrigir antes do envio.');
  return value;
}
