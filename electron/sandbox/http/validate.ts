import type { z } from 'zod';
import { ApiError, badRequest } from './errors';

/** Dotted path of a zod issue (`endereco.cep`, `infCte.rem.IE`), as the hosted service names fields. */
function issuePath(pathParts: PropertyKey[]): string {
  return pathParts
    .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
    .join('.')
    .replace(/\.\[/g, '[');
}

/** An issue as the hosted service words it (messages seen in the wild), with a short code. */
function describe(issue: z.core.$ZodIssue): { code: string; message: string } {
  const where = issuePath(issue.path);
  const field = where ? `O campo '${where}'` : 'O corpo';
  const unit = (origin: string) =>
    origin === 'string' ? ' caractere(s)' : origin === 'array' ? ' item(ns)' : '';
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? { code: 'Required', message: `${field} é obrigatório.` }
        : { code: 'InvalidType', message: `${field} tem tipo inválido (esperado ${issue.expected}).` };
    case 'too_big':
      return {
        code: 'MaxLength',
        message: `${field} deve ter no máximo ${String(issue.maximum)}${unit(issue.origin)}.`,
      };
    case 'too_small':
      return {
        code: 'MinLength',
        message: `${field} deve ter pelo menos ${String(issue.minimum)}${unit(issue.origin)}.`,
      };
    case 'invalid_value':
      return {
        code: 'InvalidValue',
        message: `${field} tem valor inválido (permitidos: ${issue.values.map(String).join(', ')}).`,
      };
    case 'invalid_format':
      return {
        code: 'InvalidFormat',
        message: `${field} não corresponde ao formato esperado${'pattern' in issue && issue.pattern ? ` ${String(issue.pattern)}` : ''}.`,
      };
    default:
      return { code: 'Invalid', message: `${field} é inválido: ${issue.message}` };
  }
}

/**
 * Validates a JSON body: a missing/non-object body is a 400; schema failures are a 400
 * `ValidationFailed` shaped as the hosted service answers it — `message` "Validation failed: …"
 * and `errors: [{ code, message }]` — plus `fields` (JSON paths) for clients that map errors to forms.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('O corpo da requisição deve ser um objeto JSON.');
  }
  const result = schema.safeParse(body, { reportInput: true });
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 20);
  const errors = issues.map(describe);
  throw new ApiError(
    400,
    'ValidationFailed',
    `Validation failed: ${errors.map((e) => e.message).join(' ')}`,
    {
      extra: { errors, fields: [...new Set(issues.map((i) => issuePath(i.path)))] },
    },
  );
}
