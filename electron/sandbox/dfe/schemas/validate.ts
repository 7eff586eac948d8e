// Turns a zod failure into the API's 400 body. The message names JSON paths the way the real
// service does ("infCte.rem.enderReme.cMun"), so clients can map them back to form fields.
import type { z } from 'zod';

export interface ValidationFailure {
  error: { code: 'ValidationFailed'; message: string; fields: string[] };
}

export type Validated<T> = { ok: true; value: T } | { ok: false; status: 400; body: ValidationFailure };

export function jsonPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

function describe(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'campo obrigatório' : `tipo inválido (esperado ${issue.expected})`;
    case 'too_small':
      return issue.origin === 'array'
        ? `informe ao menos ${issue.minimum} item(ns)`
        : `valor/tamanho mínimo ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'array'
        ? `no máximo ${issue.maximum} item(ns)`
        : `valor/tamanho máximo ${issue.maximum}`;
    case 'invalid_value':
      return `valor não permitido (aceitos: ${issue.values.map(String).join(', ')})`;
    case 'unrecognized_keys':
      return `campo(s) não reconhecido(s): ${issue.keys.join(', ')}`;
    default:
      return issue.message;
  }
}

export function validate<T>(schema: z.ZodType<T>, input: unknown): Validated<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.slice(0, 10);
  const fields = issues.map((i) => jsonPath(i.path));
  const message = issues.map((i) => `${jsonPath(i.path) || '(corpo)'}: ${describe(i)}`).join('; ');
  return { ok: false, status: 400, body: { error: { code: 'ValidationFailed', message, fields } } };
}
