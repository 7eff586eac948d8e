import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxAuth, TokenInfo } from './auth';
import type { Clock } from './clock';
import type { CompanyRegistry, SigningCredentials } from './companies';
import type { DebugRecorder } from './debug-recorder';
import type { EmailRecorder } from './email-recorder';
import type { MdfeIssuer } from './mdfe/offload';
import type { SandboxFaults } from './faults';
import type { PdfHelper } from './pdf';
import type { SandboxPrinter } from './pdf-engine';
import type { QuotaName, SandboxQuotas } from './quotas';
import type { SandboxStore } from './store';

export interface SandboxLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, err?: unknown): void;
}

/**
 * Everything a route plugin needs, handed to each plugin listed in `routes/index.ts`.
 *
 * Conventions for route authors (see also `http/`):
 * - Authentication and scope checks happen before your handler (a global hook maps the path
 *   to its scope, see `scopes.ts`); `ctx.tokenOf(request)` gives the caller's token if needed.
 * - Throw `ApiError` (or `badRequest`, `notFound`… from `http/errors`) for 4xx answers; the
 *   server turns it into `{ "error": { "code", "message" } }`. Anything else becomes a 500
 *   without details.
 * - Lists: `parseListQuery` + `listEnvelope` from `http/paging`; required query parameters:
 *   `requireQuery`/`parseAmbiente`/`parseBooleanQuery` from `http/query`; ids in paths:
 *   `parseId` (`http/ids`), CPF/CNPJ in paths: `parseCpfCnpjParam` (`http/documents`);
 *   JSON bodies: `parseBody(zodSchema, request.body)` (`http/validate`).
 * - Keep state in `ctx.store` (your own tables via `store.migrate`, so `reset` recreates them)
 *   and read time only from `ctx.clock`.
 */
export interface SandboxContext {
  /** SQLite database of the sandbox (file under dataDir, or memory). */
  store: SandboxStore;
  /** Movable time source: use it for every timestamp and deadline. */
  clock: Clock;
  /** Token issuing/verification and the control-API secret check. */
  auth: SandboxAuth;
  /** Monthly quotas; `quotas.consume(name, n)` throws the 429 ApiError when exhausted. */
  quotas: SandboxQuotas;
  /** Shortcut for `quotas.consume`. */
  consume(name: QuotaName, n?: number): Promise<void>;
  /** Injected faults; document routes read `takePendingPolls`, `takeAuthorityRejection`, `cancelledAtAuthority`. */
  faults: SandboxFaults;
  /** What `/debug/{id}` serves: call `debug.record(docId, …)` on creation and per authority exchange. */
  debug: DebugRecorder;
  /** E-mails the sandbox "sends" (served by `/emails`). */
  emails: EmailRecorder;
  /** Minimal real PDF renderer for `/pdf` endpoints. */
  pdf: PdfHelper;
  /** DACTE/DACE/event printouts on a browser engine; `print` answers null when `pdf` must answer. */
  printer: SandboxPrinter;
  /** Validates and signs large MDF-e requests in a worker thread (mdfe/offload.ts). */
  mdfeIssuer: MdfeIssuer;
  /** Companies, their configurations, certificates and logos. */
  companies: CompanyRegistry;
  /** Private key + certificate (PEM) of the company, for signing XML; null without a certificate. */
  getSigningCredentials(cpfCnpj: string): Promise<SigningCredentials | null>;
  /** The verified token of an authenticated request (undefined on public paths). */
  tokenOf(request: FastifyRequest): TokenInfo | undefined;
  log: SandboxLogger;
}

/** A route module: registers its routes on the (encapsulated) Fastify instance it receives. */
export type SandboxRoutePlugin = (app: FastifyInstance, ctx: SandboxContext) => Promise<void> | void;
