import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { ApiError } from '../http/errors';
import { WEB_PAGE_REFUSED, webPageOrigin } from '../http/web-page';
import type { Scope } from '../scopes';
import { KNOWN_SCOPES } from '../scopes';

/** RFC 6749 §5.2 error answer (this endpoint does not use the API's `{ error: { … } }` shape). */
function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  if (status === 401) reply.header('www-authenticate', 'Basic realm="oauth"');
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send({ error, error_description: description });
}

/** Client credentials from HTTP Basic (RFC 6749 §2.3.1: form-urlencoded id and secret). */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null | 'malformed' {
  if (!header || !/^Basic\s/i.test(header)) return null;
  const decoded = Buffer.from(header.replace(/^Basic\s+/i, '').trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    };
  } catch {
    return 'malformed';
  }
}

export async function oauthRoutes(app: FastifyInstance, ctx: SandboxContext) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const params = new URLSearchParams(String(body));
    const fields: Record<string, string | string[]> = {};
    for (const key of new Set(params.keys())) {
      const all = params.getAll(key);
      fields[key] = all.length === 1 ? all[0] : all;
    }
    done(null, fields);
  });
  // Any other body type reaches the handler as "not a form", to answer in RFC 6749 terms.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, _body, done) => done(null, undefined));
  app.setErrorHandler((err, _request, reply) => {
    if (err instanceof ApiError && err.status >= 500) {
      return oauthError(reply, err.status, 'temporarily_unavailable', err.message);
    }
    if (err instanceof ApiError && err.status === 429) {
      if (err.headers) reply.headers(err.headers);
      return oauthError(reply, 429, 'too_many_requests', err.message);
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413)
      return oauthError(reply, 413, 'invalid_request', 'Corpo da requisição grande demais.');
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return oauthError(reply, 400, 'invalid_request', 'Requisição de token inválida.');
    }
    ctx.log.error('erro interno em POST /oauth/token', err);
    return oauthError(reply, 500, 'server_error', 'Erro interno do servidor. Tente novamente mais tarde.');
  });

  app.post('/oauth/token', async (request: FastifyRequest, reply) => {
    try {
      // Before anything is read or counted: a page's requests must not spend the client's allowance.
      const page = webPageOrigin(request, `http://127.0.0.1:${request.socket.localPort}`);
      if (page) {
        ctx.log.warn(`POST /oauth/token recusado: pedido de uma página da web (${page})`);
        throw new OAuthFailure(403, 'invalid_request', WEB_PAGE_REFUSED);
      }
      const form = readForm(request);
      const grantType = form.grant_type;
      if (!grantType)
        throw new OAuthFailure(400, 'invalid_request', 'O parâmetro "grant_type" é obrigatório.');
      const source = request.socket.remoteAddress ?? '';
      const named = claimedClientId(request, form);
      const wait = ctx.auth.failureWait('token', source, named);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new OAuthFailure(
          429,
          'too_many_requests',
          'Muitas tentativas com credenciais inválidas. Aguarde um minuto e confira o client id e o client secret.',
        );
      }
      let client: { id: string; secret: string };
      try {
        client = clientOf(request, form);
      } catch (error) {
        if (error instanceof OAuthFailure && error.status === 401)
          ctx.auth.recordFailure('token', source, named);
        throw error;
      }
      if (!ctx.auth.checkClient(client.id, client.secret)) {
        ctx.auth.recordFailure('token', source, client.id);
        throw new OAuthFailure(401, 'invalid_client', 'Credenciais do cliente inválidas.');
      }
      if (grantType !== 'client_credentials') {
        throw new OAuthFailure(
          400,
          'unsupported_grant_type',
          `Tipo de concessão "${grantType}" não suportado.`,
        );
      }
      if (!ctx.auth.allowTokenRequest(client.id)) {
        reply.header('retry-after', '60');
        throw new OAuthFailure(
          429,
          'too_many_requests',
          'Muitas solicitações de token em pouco tempo. Reutilize o token até perto de expirar.',
        );
      }
      const token = await ctx.auth.issue(client.id, scopesOf(form.scope));
      return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(token);
    } catch (err) {
      if (err instanceof OAuthFailure) return oauthError(reply, err.status, err.error, err.message);
      throw err;
    }
  });
}

/** An RFC 6749 §5.2 refusal. */
class OAuthFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}

function readForm(request: FastifyRequest): Record<string, string | undefined> {
  const contentType = String(request.headers['content-type'] ?? '');
  if (!/^application\/x-www-form-urlencoded\b/i.test(contentType) || !request.body) {
    throw new OAuthFailure(
      400,
      'invalid_request',
      'Envie os parâmetros como application/x-www-form-urlencoded.',
    );
  }
  const form = request.body as Record<string, string | string[]>;
  const repeated = Object.entries(form).find(([, v]) => Array.isArray(v));
  if (repeated) throw new OAuthFailure(400, 'invalid_request', `Parâmetro "${repeated[0]}" repetido.`);
  return form as Record<string, string | undefined>;
}

/** The client id a request names (Basic or body), whatever its secret: what failures count against. */
function claimedClientId(request: FastifyRequest, form: Record<string, string | undefined>) {
  const basic = basicCredentials(request.headers.authorization);
  return basic && basic !== 'malformed' ? basic.id : form.client_id;
}

/** Client credentials from HTTP Basic or the body — never both (RFC 6749 §2.3). */
function clientOf(request: FastifyRequest, form: Record<string, string | undefined>) {
  const basic = basicCredentials(request.headers.authorization);
  if (basic === 'malformed')
    throw new OAuthFailure(401, 'invalid_client', 'Cabeçalho de autenticação Basic inválido.');
  if (
    basic &&
    (form.client_secret !== undefined || (form.client_id !== undefined && form.client_id !== basic.id))
  ) {
    throw new OAuthFailure(400, 'invalid_request', 'Use apenas um método de autenticação do cliente.');
  }
  const id = basic?.id ?? form.client_id;
  const secret = basic?.secret ?? form.client_secret;
  if (!id || secret === undefined) {
    throw new OAuthFailure(
      401,
      'invalid_client',
      'Credenciais do cliente ausentes (client_id e client_secret).',
    );
  }
  return { id, secret };
}

/** Requested scopes; all known scopes when the parameter is absent. */
function scopesOf(requested: string | undefined): Scope[] {
  if (requested === undefined) return [...KNOWN_SCOPES];
  const names = [...new Set(requested.split(' ').filter((s) => s !== ''))];
  const unknown = names.filter((s) => !(KNOWN_SCOPES as readonly string[]).includes(s));
  if (names.length === 0) throw new OAuthFailure(400, 'invalid_scope', 'O parâmetro "scope" está vazio.');
  if (unknown.length > 0) {
    throw new OAuthFailure(400, 'invalid_scope', `Escopo(s) desconhecido(s): ${unknown.join(', ')}.`);
  }
  return names as Scope[];
}
