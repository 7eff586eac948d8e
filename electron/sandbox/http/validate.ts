import type { z } from 'zod';
import { ApiError, badRequest } from './errors';

/** Dotted path of a zod issue (`endereco.cep`, `infCte.rem.IE`), as the hosted service names fields. */
function issuePath(pathParts: PropertyKey[]): string {
  return pathParts
    .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
    .join('.')
    .replace(/\.\[/g, '[');
}

function describe(issue: z.core.$ZodIssue): string {
  const where = issuePath(issue.path);
  const field = where ? `O campo '${where}'` : 'O corpo';
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? `${field} é obrigatório.`
        : `${field} tem tipo inválido (esperado ${issue.expected}).`;
    case 'too_big':
      return `${field} excede o tamanho máximo (${String(issue.maximum)}).`;
    case 'too_small':
      return `${field} é menor que o mínimo permitido (${String(issue.minimum)}).`;
    case 'invalid_value':
      return `${field} tem valor inválido (permitidos: ${issue.values.map(String).join(', ')}).`;
    default:
      return `${field} é inválido: ${issue.message}`;
  }
}

/**
 * Validates a JSON body: a missing/non-object body is a 400; schema failures are a 400
 * `ValidationFailed` whose message lists the fields, with `errors: [{ field, message }]`.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('O corpo da requisição deve ser um objeto JSON.');
  }
  const result = schema.safeParse(body, { reportInput: true });
  if (result.success) return result.data;
  const errors = result.error.issues
    .slice(0, 20)
    .map((issue) => ({ field: issuePath(issue.path), message: describe(issue) }));
  throw new ApiError(400, 'ValidationFailed', errors.map((e) => e.message).join(' '), { extra: { errors } });
}
