import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, unsupportedMediaType } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation has no `requestBody` in the API description (see `NO_BODY`). */
    noBody?: boolean;
    /** The operation's `requestBody` is not `required` in the API description (see `OPTIONAL_BODY`). */
    optionalBody?: boolean;
  }
  interface FastifyRequest {
    /** The Content-Type a bodyless operation's request declared, while its body is read. */
    sandboxDeclaredType?: string;
  }
}

/**
 * Route options of an operation the API description gives no `requestBody` (`DELETE
 * /empresas/{cpf_cnpj}`, `DELETE …/certificado`, `DELETE …/logotipo`, `POST …/sincronizar`).
 * Generated SDKs send `Content-Type: application/json` on every request, bodyless ones included:
 * such a route takes any content type with an empty body. A body that is present must still be
 * well formed (JSON is read and ignored; other types are 415).
 */
export const NO_BODY = { config: { noBody: true } } as const;

/**
 * Route options of an operation whose `requestBody` the description does not make `required`
 * (`POST …/cancelamento`: `{ justificativa? }`). A generated SDK called without the body sends the
 * JSON content type and nothing else: an empty body is taken as no body (the route's defaults
 * apply); a body that is present is read as usual.
 */
export const OPTIONAL_BODY = { config: { optionalBody: true } } as const;

/** Internal media type a bodyless operation's request is read as (never seen by clients). */
const READ_AS_NO_BODY = 'application/x-sandbox-no-body';

const isJson = (type: string) => /^application\/(?:[\w.+-]*\+)?json\b/i.test(type.trim());

/** Installs the `NO_BODY` behaviour; call on the root instance before registering routes. */
export function acceptBodylessOperations(app: FastifyInstance) {
  app.decorateRequest('sandboxDeclaredType', undefined);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    // An unknown path takes no body either: it is answered 404, whatever was sent.
    const { noBody, optionalBody } = request.routeOptions.config;
    if (!noBody && !optionalBody && !request.is404) return;
    const headers = request.raw.headers;
    const declared = headers['content-type'];
    if (declared === undefined) return;
    const empty =
      headers['transfer-encoding'] === undefined &&
      (headers['content-length'] === undefined || headers['content-length'] === '0');
    if (empty) {
      // Nothing to parse: the declared type describes no content.
      delete headers['content-type'];
      return;
    }
    // An optional body that is present is the route's to read, as any other.
    if (optionalBody && !noBody && !request.is404) return;
    // A body may follow (chunked, or a length): read it whatever its type, then judge it.
    request.sandboxDeclaredType = declared;
    headers['content-type'] = READ_AS_NO_BODY;
  });
  app.addContentTypeParser(READ_AS_NO_BODY, { parseAs: 'buffer' }, (request, body, done) => {
    const buffer = body as Buffer;
    if (buffer.length === 0) return done(null, undefined);
    if (!isJson(request.sandboxDeclaredType ?? '')) {
      return done(
        unsupportedMediaType('Tipo de conteúdo (Content-Type) não suportado por este endpoint.'),
        undefined,
      );
    }
    try {
      JSON.parse(buffer.toString('utf8'));
    } catch {
      return done(badRequest('O corpo da requisição não é um JSON válido.'), undefined);
    }
    // This operation takes no body: a well-formed one is ignored.
    return done(null, undefined);
  });
}
