import path from 'node:path';
import { mkdirSync } from 'node:fs';
import Fastify from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createAuth } from './auth';
import type { TokenInfo } from './auth';
import { createClock } from './clock';
import type { Clock } from './clock';
import { createCompanyRegistry } from './companies';
import type { KeyVault } from './key-vault';
import type { SandboxContext, SandboxLogger } from './context';
import { createDebugRecorder } from './debug-recorder';
import { createEmailRecorder } from './email-recorder';
import { createFaults } from './faults';
import { createMdfeIssuer } from './mdfe/offload';
import { acceptBodylessOperations } from './http/bodyless';
import { ApiError, errorBody, handleError } from './http/errors';
import { answerOversizedBodies } from './http/oversized';
import { pdfHelper } from './pdf';
import { createSandboxPrinter } from './pdf-engine';
import type { PdfEngine } from '../documents/pdf';
import { createQuotas } from './quotas';
import type { QuotaLimits } from './quotas';
import type { RunningInsurerDoubles } from './insurers/server';
import { startInsurerDoubles } from './insurers/server';
import { controlRoutes } from './routes/control';
import { controlNfeRoutes } from './routes/control-nfe';
import { sandboxRoutes } from './routes/index';
import { scopeForPath } from './scopes';
import { openStore } from './store';

export const DEFAULT_CLIENT_ID = 'carreta-demo';
export const DEFAULT_CLIENT_SECRET = 'carreta-demo-secret';

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Only loopback is accepted: the sandbox is a local peer, never a network service. */
  host?: '127.0.0.1';
  /** Folder for `sandbox.sqlite`; in memory when omitted. */
  dataDir?: string;
  clientId?: string;
  /** Also the value of the `X-Sandbox-Secret` header that unlocks the control API. */
  clientSecret?: string;
  /** Default 2,592,000 (30 days, as observed on the hosted service). */
  tokenTtlSeconds?: number;
  /** Default 30. */
  tokenRequestsPerMinute?: number;
  /** Failed token requests or control-API secrets per source per minute before 429; default 10. */
  failedAttemptsPerMinute?: number;
  quotas?: Partial<QuotaLimits>;
  /** Largest request body accepted, in bytes (default 2 MiB); larger → 413. */
  bodyLimit?: number;
  /** Start time of the clock (epoch ms); real time by default. */
  clockStart?: number;
  logger?: SandboxLogger;
  /**
   * Engine for the rich DACTE/DACE/event PDFs. Omitted: a headless Chromium (CARRETA_CHROMIUM,
   * /usr/bin/chromium or one on PATH) starts on the first PDF and closes with the sandbox. The
   * Electron host hands its own engine (it stays the host's to close). `null`: plain PDFs only.
   */
  pdfEngine?: PdfEngine | null;
  /**
   * Seals the certificates' private keys in `sandbox.sqlite` (the embedded sandbox's key lives in
   * the app's secret store). Omitted: kept as given — fine in memory and for a test peer.
   */
  keyVault?: KeyVault;
  /**
   * The averbadoras' test doubles (AT&M, AverbePorto) on their own port, sharing this database and
   * clock: started by default (`false` leaves them out). `password` is the AT&M/AverbePorto
   * password of the user `carreta-demo` (default `carreta-demo-secret`).
   */
  insurers?: false | { port?: number; password?: string };
}

export interface RunningSandbox {
  url: string;
  port: number;
  close(): Promise<void>;
  /** In-process control surface (same powers as the `/_sandbox` HTTP API). */
  control: {
    context: SandboxContext;
    clock: Clock;
    reset(): Promise<void>;
  };
  /** The averbadoras' doubles (`insurers/server.ts`), or null when left out. */
  insurers: RunningInsurerDoubles | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    sandboxToken?: TokenInfo;
    sandboxDrop?: boolean;
  }
}

const silentLogger: SandboxLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

const pathOf = (request: FastifyRequest) => request.url.split('?')[0];

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const log = options.logger ?? silentLogger;
  let file: string | null = null;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    file = path.join(options.dataDir, 'sandbox.sqlite');
  }
  const store = await openStore(file);
  const clock = createClock(options.clockStart);
  const auth = await createAuth(store, clock, {
    clientId: options.clientId ?? DEFAULT_CLIENT_ID,
    clientSecret: options.clientSecret ?? DEFAULT_CLIENT_SECRET,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 2_592_000,
    tokenRequestsPerMinute: options.tokenRequestsPerMinute ?? 30,
    failedAttemptsPerMinute: options.failedAttemptsPerMinute ?? 10,
  });
  const quotas = await createQuotas(store, clock, options.quotas);
  const companies = await createCompanyRegistry(store, clock, options.keyVault ?? null);
  const ctx: SandboxContext = {
    store,
    clock,
    auth,
    quotas,
    consume: (name, n) => quotas.consume(name, n),
    faults: createFaults(() => clock.now()),
    debug: await createDebugRecorder(store, clock),
    emails: await createEmailRecorder(store, clock),
    pdf: pdfHelper,
    printer: createSandboxPrinter(options.pdfEngine, log),
    companies,
    mdfeIssuer: createMdfeIssuer(log),
    getSigningCredentials: (cpfCnpj) => companies.getSigningCredentials(cpfCnpj),
    tokenOf: (request) => request.sandboxToken,
    log,
  };

  const app = Fastify({
    logger: false,
    bodyLimit: options.bodyLimit ?? 2 * 1024 * 1024,
    return503OnClosing: true,
  });
  // JSON is the only body the API takes outside multipart/form uploads, which their routes add.
  app.removeContentTypeParser('text/plain');
  acceptBodylessOperations(app);
  answerOversizedBodies(app);
  app.decorateRequest('sandboxToken', undefined);
  app.decorateRequest('sandboxDrop', false);
  app.setErrorHandler((err, request, reply) => handleError(err as Error, request, reply, log.error));
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(errorBody('NotFound', `Recurso não encontrado: ${request.method} ${pathOf(request)}.`)),
  );

  app.addHook('onRequest', async (request) => {
    const pathname = pathOf(request);
    // Scopes follow the route Fastify matched (after percent-decoding), never the raw URL:
    // `/%63onta/cotas` is `/conta/cotas` and needs `conta`. Unmatched paths answer 404 after auth.
    const routed = request.routeOptions.url ?? pathname;
    if (routed.startsWith('/_sandbox')) return;
    await applyHttpFaults(ctx, request, pathname);
    if (routed === '/oauth/token') return;
    await authenticate(ctx, request, routed);
  });
  let closing = false;
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    // A request answered while the sandbox closes is the connection's last: a keep-alive client
    // would otherwise hold the close for its idle timeout (Node's agents: 5 s).
    if (closing) reply.header('connection', 'close');
    if (reply.statusCode < 400 && !pathOf(request).startsWith('/_sandbox')) {
      if (ctx.faults.takeDrop(request.method, pathOf(request))) {
        // The handler has committed; the client sees the connection die with no answer.
        reply.raw.socket?.destroy();
      }
    }
    return payload;
  });

  await app.register(async (scope) => controlRoutes(scope, ctx, { reset }));
  await app.register(async (scope) => controlNfeRoutes(scope, ctx));
  for (const plugin of sandboxRoutes) await app.register(async (scope) => plugin(scope, ctx));

  async function reset() {
    await store.reset();
    ctx.faults.clear();
    insurers?.control.faults.clear();
    clock.set(options.clockStart ?? null);
  }

  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const insurers =
    options.insurers === false
      ? null
      : await startInsurerDoubles({
          port: options.insurers?.port ?? 0,
          store,
          clock,
          controlSecret: options.clientSecret ?? DEFAULT_CLIENT_SECRET,
          ...(options.insurers?.password
            ? {
                atmUsers: [{ usuario: 'carreta-demo', senha: options.insurers.password, codatm: '11000000' }],
                portoUsers: [{ user: 'carreta-demo', pass: options.insurers.password }],
              }
            : {}),
        });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    async close() {
      closing = true;
      await insurers?.close();
      await app.close();
      await ctx.mdfeIssuer.close();
      await ctx.printer.close();
      await store.close();
    },
    control: { context: ctx, clock, reset },
    insurers,
  };
}

async function applyHttpFaults(ctx: SandboxContext, request: FastifyRequest, pathname: string) {
  const latency = ctx.faults.takeLatency(request.method, pathname);
  if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
  const status = ctx.faults.takeStatus(request.method, pathname);
  if (status === 429) {
    throw new ApiError(
      429,
      'TooManyRequests',
      'Muitas requisições. Aguarde alguns instantes e tente novamente.',
      {
        headers: { 'retry-after': '1' },
      },
    );
  }
  if (status !== null) {
    throw new ApiError(
      status,
      status === 500 ? 'InternalServerError' : 'ServiceUnavailable',
      'Serviço temporariamente indisponível. Tente novamente em alguns instantes.',
    );
  }
}

async function authenticate(ctx: SandboxContext, request: FastifyRequest, pathname: string) {
  const header = request.headers.authorization;
  const challenge = { 'www-authenticate': 'Bearer' };
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) {
    throw new ApiError(
      401,
      'Unauthorized',
      'Token de acesso ausente. Envie o cabeçalho "Authorization: Bearer <token>".',
      {
        headers: challenge,
      },
    );
  }
  const token = await ctx.auth.verify(match[1]);
  if (!token) {
    throw new ApiError(401, 'Unauthorized', 'Token de acesso inválido ou expirado. Solicite um novo token.', {
      headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
    });
  }
  request.sandboxToken = token;
  const scope = scopeForPath(pathname);
  if (scope && !token.scopes.includes(scope)) {
    throw new ApiError(403, 'Forbidden', `O token não tem o escopo "${scope}" exigido por este recurso.`, {
      extra: { scope },
      headers: { 'www-authenticate': `Bearer error="insufficient_scope", scope="${scope}"` },
    });
  }
}
