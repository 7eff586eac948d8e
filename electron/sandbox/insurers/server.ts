// The averbadoras' test doubles on one local port: AT&M (SOAP /20/index.soap and REST /rest/*) and
// AverbePorto (/php/conn.php), written from the reference pack (../shared/reference/averbacao), with
// a control API under /_averbadoras (X-Sandbox-Secret, loopback only) for faults, reset and the
// registered documents. Started by the sandbox (embedded in demonstração and `npm run sandbox`).
import { timingSafeEqual } from 'node:crypto';

import Fastify from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { Clock } from '../clock';
import { createClock } from '../clock';
import type { SandboxStore } from '../store';
import { openStore } from '../store';
import type { AtmUser, DoublePolicy } from './atm-core';
import { atmRoutes } from './atm-routes';
import type { DoubleFaults } from './faults';
import { createDoubleFaults, insurerFaultSchema } from './faults';
import type { PortoUser } from './porto-routes';
import { portoRoutes } from './porto-routes';
import { InsurerRegistry } from './registry';

export const DEMO_INSURER_USER = 'carreta-demo';
export const DEMO_INSURER_PASSWORD = 'carreta-demo-secret';
/** The AT&M manual's own example code (REST manual §11). */
export const DEMO_CODATM = '11000000';

export const DEMO_POLICY: DoublePolicy = {
  nome: 'SEG DEMO',
  cnpj: '31487265000190',
  apolice: '0458712309',
  ramo: '54',
};

export interface InsurerDoublesOptions {
  port?: number;
  /** Shares the sandbox's database (and its reset); a fresh in-memory one when omitted. */
  store?: SandboxStore;
  clock?: Clock;
  atmUsers?: AtmUser[];
  portoUsers?: PortoUser[];
  /** Unlocks /_averbadoras (header X-Sandbox-Secret). */
  controlSecret?: string;
  policy?: DoublePolicy;
  /** REST token lifetime (seconds); the real one is not published (Q-ATM-2). Default 3600. */
  tokenTtlSeconds?: number;
  /** AverbePorto session lifetime (seconds); 1 week for API credentials (2024 manual). */
  sessionTtlSeconds?: number;
  /** Policy limit: values above are refused with 004. */
  limit?: number;
  /** Emitters the policy covers (others: 033); any when omitted. */
  emitters?: string[];
}

export interface RunningInsurerDoubles {
  url: string;
  port: number;
  close(): Promise<void>;
  control: { faults: DoubleFaults; registry: InsurerRegistry; clock: Clock };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function startInsurerDoubles(
  options: InsurerDoublesOptions = {},
): Promise<RunningInsurerDoubles> {
  const ownStore = options.store ? null : await openStore(null);
  const store = options.store ?? ownStore!;
  const clock = options.clock ?? createClock();
  const registry = await InsurerRegistry.open(store);
  const faults = createDoubleFaults();
  const controlSecret = options.controlSecret ?? DEMO_INSURER_PASSWORD;
  const app = Fastify({ logger: false, bodyLimit: 16 * 1024 * 1024, return503OnClosing: true });

  /** Latency and the two dropped-connection faults, per averbadora. */
  const before =
    (name: 'atm' | 'porto') =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
      const wait = faults.latency(name);
      if (wait > 0) await sleep(wait);
      if (faults.take('fora-do-ar', name)) {
        request.socket.destroy();
        void reply.hijack();
        return false;
      }
      if (faults.take('sem-resposta', name)) request.dropAnswer = true;
      return true;
    };
  app.decorateRequest('dropAnswer', false);
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.dropAnswer) {
      // Processed and committed; the client sees the connection die with no answer.
      reply.raw.socket?.destroy();
    }
    return payload;
  });

  await app.register(async (scope) =>
    atmRoutes(scope, {
      context: {
        clock,
        registry,
        faults,
        users: options.atmUsers ?? [
          { usuario: DEMO_INSURER_USER, senha: DEMO_INSURER_PASSWORD, codatm: DEMO_CODATM },
        ],
        policy: options.policy ?? DEMO_POLICY,
        prefix: '01234',
        ...(options.limit !== undefined ? { limit: options.limit } : {}),
        ...(options.emitters ? { emitters: options.emitters } : {}),
      },
      tokenTtlMs: (options.tokenTtlSeconds ?? 3600) * 1000,
      before: before('atm'),
    }),
  );
  await app.register(async (scope) =>
    portoRoutes(scope, {
      clock,
      registry,
      faults,
      users: options.portoUsers ?? [{ user: DEMO_INSURER_USER, pass: DEMO_INSURER_PASSWORD }],
      prefix: '05886',
      sessionTtlMs: (options.sessionTtlSeconds ?? 7 * 86_400) * 1000,
      maxFailures: 5,
      before: before('porto'),
    }),
  );
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      if (!LOOPBACK.has(request.socket.remoteAddress ?? ''))
        return reply.status(403).send({ erro: 'A API de controle só aceita conexões locais.' });
      if (!sameSecret(request.headers['x-sandbox-secret'], controlSecret))
        return reply.status(401).send({ erro: 'Cabeçalho "X-Sandbox-Secret" ausente ou incorreto.' });
    });
    scope.get('/_averbadoras/faults', async () => ({ faults: faults.list() }));
    scope.post('/_averbadoras/faults', async (request, reply) => {
      const parsed = insurerFaultSchema.safeParse(request.body);
      if (!parsed.success) return reply.status(400).send({ erro: z.prettifyError(parsed.error) });
      faults.add(parsed.data);
      return { faults: faults.list() };
    });
    scope.delete('/_averbadoras/faults', async () => {
      faults.clear();
      return { faults: [] };
    });
    scope.get('/_averbadoras/documentos', async () => ({ documentos: await registry.list() }));
    scope.post('/_averbadoras/reset', async () => {
      faults.clear();
      await registry.clear();
      return { ok: true };
    });
  });

  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    async close() {
      await app.close();
      await ownStore?.close();
    },
    control: { faults, registry, clock },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    dropAnswer?: boolean;
  }
}
