import type { z } from 'zod';
import { firstInvalidXmlChar } from '../../fiscal/xml-text';
import { ApiError, badRequest } from './errors';

/** One problem of a refused request: `path` names the member (`infCte.rem.IE`, `endereco.cep`). */
export interface ValidationItem {
  code: string;
  message: string;
  path?: string;
}

/** Dotted path of a zod issue (`endereco.cep`, `infCte.rem.IE`, `infDoc.infNFe[0].chave`). */
export function issuePath(pathParts: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of pathParts) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

/** "O campo 'x'": the hosted service's wording ("O campo 'referencia' deve ser único"). */
export const fieldLabel = (path: string) => (path ? `O campo '${path}'` : 'O corpo');

const unit = (origin: string) =>
  origin === 'string' ? ' caractere(s)' : origin === 'array' ? ' item(ns)' : '';

/**
 * The message of every issue zod words itself in the sandbox's parses. A schema's own message
 * (`.refine(…, 'obrigatório …')`, `{ error: … }`) takes precedence over the parse's error map, so
 * any other message is the schema's.
 */
const ZOD_DEFAULT = '\u0000zod-default';

/**
 * An issue in the hosted service's words, with a short code. A member that is absent (or null
 * where a value is required) is "obrigatório" whatever the rule it missed (a type, an enum, a
 * literal, a union).
 */
function describe(issue: z.core.$ZodIssue): ValidationItem[] {
  const path = issuePath(issue.path);
  const field = fieldLabel(path);
  const at = (code: string, message: string): ValidationItem[] => [
    path ? { code, message, path } : { code, message },
  ];
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => {
      const member = path ? `${path}.${key}` : key;
      return {
        code: 'UnknownMember',
        message: `O campo '${member}' não existe neste recurso.`,
        path: member,
      };
    });
  }
  // A rule the schema words itself ("obrigatório … para o evento 210240") keeps its words; zod's
  // own messages come back as ZOD_DEFAULT (the parse's error map, which a schema's message
  // overrides), whatever locale the process configured (the app sets Portuguese for its forms).
  const own = issue.message !== ZOD_DEFAULT;
  if (issue.code === 'custom' && own)
    return at(/^obrigatório/.test(issue.message) ? 'Required' : 'Invalid', `${field}: ${issue.message}.`);
  // Absent, or null where a value is required: the member is missing.
  if (issue.input === undefined || (issue.input === null && issue.code === 'invalid_type'))
    return at('Required', `${field} é obrigatório.`);
  if (own)
    return at(issue.code === 'invalid_format' ? 'InvalidFormat' : 'Invalid', `${field}: ${issue.message}.`);
  switch (issue.code) {
    case 'invalid_type':
      return at('InvalidType', `${field} tem tipo inválido (esperado ${issue.expected}).`);
    case 'too_big':
      return issue.origin === 'number' || issue.origin === 'bigint'
        ? at('Maximum', `${field} deve ser no máximo ${String(issue.maximum)}.`)
        : at('MaxLength', `${field} deve ter no máximo ${String(issue.maximum)}${unit(issue.origin)}.`);
    case 'too_small':
      return issue.origin === 'number' || issue.origin === 'bigint'
        ? at('Minimum', `${field} deve ser no mínimo ${String(issue.minimum)}.`)
        : at('MinLength', `${field} deve ter pelo menos ${String(issue.minimum)}${unit(issue.origin)}.`);
    case 'invalid_value':
      return at(
        'InvalidValue',
        `${field} tem valor não permitido (aceitos: ${issue.values.map(String).join(', ')}).`,
      );
    case 'invalid_format':
      return at(
        'InvalidFormat',
        `${field} não corresponde ao formato esperado${'pattern' in issue && issue.pattern ? ` ${String(issue.pattern)}` : ''}.`,
      );
    case 'invalid_union':
      return at('InvalidValue', `${field} tem valor inválido.`);
    default:
      return at('Invalid', `${field} é inválido.`);
  }
}

/** The refusal of an invalid request: `{ error: { code: 'ValidationFailed', message, errors } }`. */
export function validationFailed(errors: ValidationItem[], message?: string): ApiError {
  return new ApiError(
    400,
    'ValidationFailed',
    message ?? `Validation failed: ${errors.map((e) => e.message).join(' ')}`,
    { extra: { errors } },
  );
}

/** One invalid member: the common case of a rule checked after the schema. */
export const invalidMember = (path: string, code: string, message: string) =>
  validationFailed([{ code, message, path }], message);

/**
 * A valid body, and the members it carried that the description does not name (`ignored`, JSON
 * paths): they were dropped before anything was read, as the hosted service's JSON reader ignores
 * them; the emission routes list them in the document's debug record.
 */
export type Validated<T> =
  { ok: true; value: T; ignored: string[] } | { ok: false; errors: ValidationItem[] };

/** Nesting of unknown members removed one level at a time, at most (a body is a few levels deep). */
const MAX_STRIP_ROUNDS = 8;

/**
 * Checks `input` against a schema; the problems (at most 20) are `ValidationItem`s. Members the
 * schema does not describe are accepted and ignored (the description never forbids them, and
 * generated SDKs and other clients send extras); the text of what is kept must be XML 1.0
 * characters (fiscal/xml-text.ts), as every body ends up in a document or event XML.
 */
export function validate<T>(schema: z.ZodType<T>, input: unknown): Validated<T> {
  let current = input;
  const ignored: string[] = [];
  for (let round = 0; ; round += 1) {
    const result = schema.safeParse(current, { reportInput: true, error: () => ZOD_DEFAULT });
    if (result.success) {
      const bad = invalidXmlText(result.data);
      return bad.length
        ? { ok: false, errors: bad.slice(0, 20) }
        : { ok: true, value: result.data, ignored: ignored.sort() };
    }
    const unknown = result.error.issues.filter((i) => i.code === 'unrecognized_keys');
    if (unknown.length === 0 || round >= MAX_STRIP_ROUNDS) {
      return { ok: false, errors: result.error.issues.flatMap(describe).slice(0, 20) };
    }
    current = structuredClone(current);
    for (const issue of unknown) {
      const holder = issue.path.reduce<unknown>(
        (node, key) =>
          node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined,
        current,
      );
      if (holder === null || typeof holder !== 'object') continue;
      for (const key of issue.keys) {
        delete (holder as Record<string, unknown>)[key];
        const at = issuePath(issue.path);
        ignored.push(at ? `${at}.${key}` : key);
      }
    }
  }
}

/** The members of `input` the schema does not describe (what `validate` ignores); [] when invalid. */
export function ignoredMembers(schema: z.ZodType, input: unknown): string[] {
  const result = validate(schema, input);
  return result.ok ? result.ignored : [];
}

/** Every string of a parsed body with a character XML 1.0 refuses, as a `ValidationItem`. */
function invalidXmlText(value: unknown, path: PropertyKey[] = []): ValidationItem[] {
  if (typeof value === 'string') {
    const found = firstInvalidXmlChar(value);
    if (!found) return [];
    const at = issuePath(path);
    return [
      {
        code: 'InvalidCharacter',
        message: `${fieldLabel(at)} contém um caractere que o XML não aceita: ${found.code} na posição ${found.position}.`,
        ...(at ? { path: at } : {}),
      },
    ];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => invalidXmlText(v, [...path, i]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => invalidXmlText(v, [...path, k]));
  }
  return [];
}

/**
 * Validates a JSON body: a missing/non-object body is a 400; schema failures are a 400
 * `ValidationFailed` with `message` "Validation failed: …" and `errors: [{ code, message, path }]`.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('O corpo da requisição deve ser um objeto JSON.');
  }
  const result = validate(schema, body);
  if (result.ok) return result.value as z.infer<T>;
  throw validationFailed(result.errors);
}
