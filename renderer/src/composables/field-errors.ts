// The dispatcher answers invalid input with `fields` (zod paths) and a message of the form
// "Dados inválidos: hosts.sandbox.api: <problema>; scopes: <problema>". This maps each named field to
// its own problem so a form can show it next to the input.
import { CommandError } from '../bridge';

export type FieldErrors = Record<string, string>;

const fallback = 'Valor inválido.';

export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof CommandError) || !error.fields?.length) return {};
  const body = error.message.replace(/^[^:]*inválidos:\s*/i, '');
  const segments = body.split(/;\s+/);
  const result: FieldErrors = {};
  for (const field of error.fields) {
    const segment = segments.find((item) => item.startsWith(`${field}: `));
    result[field] = segment ? segment.slice(field.length + 2).trim() : (result[field] ?? fallback);
  }
  return result;
}
