import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Every non-2xx answer of the sandbox has one body shape, `{ "error": { "code", "message",
 * "errors": [{ "code", "message", "path"? }] } }`: `code` and `message` are what clients of the
 * hosted service read; `errors` lists each problem (a validation failure names every member with
 * its `path`; any other error lists itself). Routes throw `ApiError`; the server's error handler
 * turns it (and anything else) into that body, never leaking a stack trace.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Extra fields merged into the `error` object (e.g. `details`). */
  readonly extra?: Record<string, unknown>;
  /** Extra response headers (e.g. `WWW-Authenticate`, `Retry-After`). */
  readonly headers?: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.extra = options.extra;
    this.headers = options.headers;
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new ApiError(400, 'BadRequest', message, { extra });
export const notFound = (message: string) => new ApiError(404, 'NotFound', message);
export const conflict = (message: string) => new ApiError(409, 'Conflict', message);
export const payloadTooLarge = (message: string) => new ApiError(413, 'PayloadTooLarge', message);
export const unsupportedMediaType = (message: string) => new ApiError(415, 'UnsupportedMediaType', message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new ApiError(429, 'TooManyRequests', message, {
    headers: retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : undefined,
  });

export function errorBody(code: string, message: string, extra?: Record<string, unknown>) {
  const { errors, ...rest } = extra ?? {};
  return { error: { code, message, errors: errors ?? [{ code, message }], ...rest } };
}

/** Portuguese messages for the framework's own 4xx errors (parsing, limits, routing). */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'BadRequest',
    message: 'O corpo da requisição não é um JSON válido.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'BadRequest',
    message: 'O corpo da requisição está vazio; envie um JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PayloadTooLarge',
    message: 'O corpo da requisição excede o tamanho máximo permitido.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UnsupportedMediaType',
    message: 'Tipo de conteúdo (Content-Type) não suportado por este endpoint.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BadRequest',
    message: 'O cabeçalho Content-Length não corresponde ao corpo enviado.',
  },
  FST_ERR_CTP_INVALID_TYPE: {
    status: 400,
    code: 'BadRequest',
    message: 'Tipo de conteúdo (Content-Type) inválido.',
  },
  FST_ERR_BAD_URL: { status: 400, code: 'BadRequest', message: 'Endereço (URL) inválido.' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'BadRequest', message: 'Requisição inválida.' },
};

/** Maps any thrown value to a safe `{ error }` answer; unexpected errors are logged, not shown. */
export function handleError(
  err: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
  log: (message: string, err: unknown) => void,
) {
  if (err instanceof ApiError) {
    if (err.headers) reply.headers(err.headers);
    return reply.status(err.status).send(errorBody(err.code, err.message, err.extra));
  }
  const code = (err as FastifyError).code;
  const known = code ? FRAMEWORK_ERRORS[code] : undefined;
  if (known) return reply.status(known.status).send(errorBody(known.code, known.message));
  const status = (err as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return reply.status(status).send(errorBody('BadRequest', 'Requisição inválida.'));
  }
  log(`erro interno em ${request.method} ${request.url}`, err);
  return reply
    .status(500)
    .send(errorBody('InternalServerError', 'Erro interno do servidor. Tente novamente mais tarde.'));
}
