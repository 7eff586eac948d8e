// Where an MDF-e request is validated, built and signed. For a handful of documents that is a few
// milliseconds; for thousands it is seconds of C14N, digest and schema checks during which the
// process hosting the sandbox (the Electron main process in demonstração, the web host) answered
// nothing. Large requests go to one worker thread, kept warm between them; small ones stay in
// place, where a round trip to the worker would cost more than it saves.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

import type { SandboxLogger } from '../context';
import { LargeJsonBody, NOT_A_JSON_OBJECT, parseJsonText } from '../http/large-json';
import type { ValidationItem } from '../http/validate';
import { validate } from '../http/validate';
import { issueMdfe, type MdfeIssueEnv, type MdfeIssueOutcome } from './issue';
import type { WorkerReply, WorkerRequest } from './offload-protocol';
import { mdfePedidoEmissao, type MdfePedidoEmissao } from '../../fiscal/requests/mdfe';

/** From this many documents (CT-e, NF-e and MDF-e keys together) a request goes to the worker. */
export const OFFLOAD_MIN_DOCUMENTS = 50;
/** The worker as Vite builds it, beside the main bundle (vite.config.ts). */
export const WORKER_BUNDLE = 'mdfe-issue-worker.js';

/** Documents of a request body as received (not validated yet: anything else counts as none). */
export function documentCount(input: unknown): number {
  const list = (value: unknown) => (Array.isArray(value) ? value.length : 0);
  const inf = (input as { infMDFe?: { infDoc?: { infMunDescarga?: unknown } } } | null)?.infMDFe;
  const municipios = inf?.infDoc?.infMunDescarga;
  if (!Array.isArray(municipios)) return 0;
  let count = 0;
  for (const m of municipios as Array<Record<string, unknown> | null>)
    count += list(m?.infCTe) + list(m?.infNFe) + list(m?.infMDFeTransp);
  return count;
}

/**
 * The worker. In the built app it is plain JavaScript next to the chunk this module was bundled
 * into (dist-electron/main/). From source (tsx, vitest, the web host) it is TypeScript: a small
 * bootstrap registers tsx's loader in the worker (a test runner's own loader does not reach it,
 * and Node 20 does not apply `--import` hooks to a worker's entry) and then imports it.
 */
function newWorker(): Worker {
  const here = fileURLToPath(import.meta.url);
  const dir = path.dirname(here);
  if (!here.endsWith('.ts')) return new Worker(path.join(dir, WORKER_BUNDLE));
  // The ES module build of tsx's API sits beside the CommonJS one `require.resolve` finds.
  const tsxApi = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const entry = pathToFileURL(path.join(dir, 'issue-worker.ts')).href;
  const bootstrap =
    `import { register } from ${JSON.stringify(pathToFileURL(tsxApi).href)};\n` +
    `register();\nawait import(${JSON.stringify(entry)});\n`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`));
}

/** A valid request, ready to be issued once the sandbox has looked up its company. */
export interface PreparedMdfe {
  /** The request; validated in the worker, without its document lists (they stay there). */
  readonly body: MdfePedidoEmissao;
  issue(env: MdfeIssueEnv): Promise<MdfeIssueOutcome>;
  /** Forgets it without issuing (refused after validation: unknown company, referencia taken…). */
  release(): void;
}

export type Preparation =
  | { ok: true; prepared: PreparedMdfe }
  /** Refused by the schema: one item per problem. */
  | { ok: false; errors: ValidationItem[] }
  /** Not a JSON object at all: the 400's message. */
  | { ok: false; malformed: string };

export interface MdfeIssuer {
  /**
   * Validates a request body — in the worker when it is large; a `LargeJsonBody` (kept as text by
   * the route) is parsed there too.
   */
  prepare(input: unknown): Promise<Preparation>;
  /** A request validated elsewhere (POST /mdfe/lotes validates its envelope itself). */
  prepared(body: MdfePedidoEmissao): PreparedMdfe;
  /** Stops the worker; requests still in it are refused (the sandbox is closing). */
  close(): Promise<void>;
  /** Where requests were signed: in the worker, in place (small), in place after a worker failure. */
  readonly stats: { inWorker: number; inPlace: number; fallbacks: number };
}

/** The worker went away with the call: the caller does the work in place. */
class WorkerLost extends Error {}

const inPlace = (body: MdfePedidoEmissao): PreparedMdfe => ({
  body,
  issue: async (env) => issueMdfe(body, env),
  release: () => undefined,
});

function validateInPlace(input: unknown): Preparation {
  if (input instanceof LargeJsonBody) {
    const parsed = parseJsonText(input.text);
    if (!parsed.ok) return { ok: false, malformed: parsed.message };
    input = parsed.value;
  }
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    return { ok: false, malformed: NOT_A_JSON_OBJECT };
  const result = validate(mdfePedidoEmissao, input);
  return result.ok ? { ok: true, prepared: inPlace(result.value) } : { ok: false, errors: result.errors };
}

export interface MdfeIssuerOptions {
  /** From this many documents a request goes to the worker (default OFFLOAD_MIN_DOCUMENTS). */
  minDocuments?: number;
  /** Makes the worker (tests: one that dies, to see the work go on in place). */
  startWorker?: () => Worker;
}

export function createMdfeIssuer(log: SandboxLogger, options: MdfeIssuerOptions = {}): MdfeIssuer {
  const minDocuments = options.minDocuments ?? OFFLOAD_MIN_DOCUMENTS;
  const stats = { inWorker: 0, inPlace: 0, fallbacks: 0 };
  const waiting = new Map<number, { resolve(reply: WorkerReply): void; reject(error: Error): void }>();
  let worker: Worker | null = null;
  /** Which worker kept a validated request: a replaced one has forgotten it. */
  let generation = 0;
  let nextId = 1;
  let closed = false;

  const lost = (dead: Worker, error: unknown) => {
    if (worker !== dead) return;
    worker = null;
    const calls = [...waiting.values()];
    waiting.clear();
    if (calls.length > 0 && !closed)
      log.error('MDF-e: o processo auxiliar de assinatura parou; o trabalho segue no principal', error);
    for (const call of calls)
      call.reject(closed ? new Error('o sandbox foi fechado durante o MDF-e') : new WorkerLost());
  };

  const current = (): Worker => {
    if (worker) return worker;
    const started = (options.startWorker ?? newWorker)();
    generation += 1;
    // Never what keeps the process alive: the request waiting for it does that.
    started.unref();
    started.on('message', (reply: WorkerReply) => {
      const call = waiting.get(reply.id);
      waiting.delete(reply.id);
      call?.resolve(reply);
    });
    started.on('error', (error) => lost(started, error));
    started.on('exit', (code) => lost(started, new Error(`saiu com o código ${code}`)));
    worker = started;
    return started;
  };

  const ask = (request: WorkerRequest): Promise<WorkerReply> =>
    new Promise((resolve, reject) => {
      if (closed) return reject(new Error('o sandbox está fechando'));
      waiting.set(request.id, { resolve, reject });
      try {
        current().postMessage(request);
      } catch (error) {
        // No worker could be started, or it could not take the message: in place, this time.
        waiting.delete(request.id);
        log.error(
          'MDF-e: o processo auxiliar de assinatura não iniciou; o trabalho segue no principal',
          error,
        );
        reject(new WorkerLost());
      }
    });

  const issued = (reply: WorkerReply): MdfeIssueOutcome => {
    if (reply.type === 'issued') return reply.outcome;
    if (reply.type === 'failed') throw Object.assign(new Error(reply.message), { stack: reply.stack });
    throw new Error(`resposta inesperada do processo auxiliar: ${reply.type}`);
  };

  /** Signs in the worker; if it is lost, in place from `fallback` (the request as validated here). */
  const issueAway = async (
    request: Extract<WorkerRequest, { type: 'issue' }>,
    env: MdfeIssueEnv,
    fallback: () => MdfePedidoEmissao,
  ): Promise<MdfeIssueOutcome> => {
    try {
      const outcome = issued(await ask(request));
      stats.inWorker += 1;
      return outcome;
    } catch (error) {
      if (!(error instanceof WorkerLost)) throw error;
      stats.fallbacks += 1;
      return issueMdfe(fallback(), env);
    }
  };

  const portable = (env: MdfeIssueEnv) => {
    const { random: _random, ...rest } = env;
    return rest;
  };

  return {
    stats,
    async prepare(input) {
      if (closed) throw new Error('o sandbox está fechando');
      const text = input instanceof LargeJsonBody ? input.text : undefined;
      if (text === undefined && documentCount(input) < minDocuments) {
        stats.inPlace += 1;
        return validateInPlace(input);
      }
      const id = nextId++;
      let reply: WorkerReply;
      try {
        reply = await ask(
          text === undefined ? { type: 'validate', id, input } : { type: 'validate', id, text },
        );
      } catch (error) {
        if (!(error instanceof WorkerLost)) throw error;
        stats.fallbacks += 1;
        return validateInPlace(input);
      }
      if (reply.type === 'invalid') return { ok: false, errors: reply.errors };
      if (reply.type === 'malformed') return { ok: false, malformed: reply.message };
      if (reply.type !== 'valid') throw new Error(`resposta inesperada do processo auxiliar: ${reply.type}`);
      const keptBy = generation;
      // The worker that kept the request may be gone by the time it is issued: validated again here.
      const again = () => {
        const result = validateInPlace(input);
        if (!result.ok) throw new Error('o pedido deixou de ser válido');
        return result.prepared.body;
      };
      return {
        ok: true,
        prepared: {
          body: reply.head,
          issue: async (env) => {
            if (env.random === undefined && worker && keptBy === generation)
              return issueAway({ type: 'issue', id, env: portable(env) }, env, again);
            // A function cannot cross to the worker; a replaced worker has forgotten the request.
            if (env.random === undefined) stats.fallbacks += 1;
            else stats.inPlace += 1;
            worker?.postMessage({ type: 'drop', id });
            return issueMdfe(again(), env);
          },
          release: () => {
            if (worker && keptBy === generation) worker.postMessage({ type: 'drop', id });
          },
        },
      };
    },
    prepared(body) {
      if (documentCount(body) < minDocuments) {
        stats.inPlace += 1;
        return inPlace(body);
      }
      return {
        body,
        issue: async (env) => {
          if (env.random === undefined)
            return issueAway({ type: 'issue', id: nextId++, env: portable(env), body }, env, () => body);
          stats.inPlace += 1;
          return issueMdfe(body, env);
        },
        release: () => undefined,
      };
    },
    async close() {
      closed = true;
      const running = worker;
      if (running) {
        lost(running, null);
        await running.terminate();
      }
    },
  };
}
