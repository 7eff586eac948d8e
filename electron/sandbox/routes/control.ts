import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { ApiError, notFound } from '../http/errors';
import { parseId } from '../http/ids';
import { parseBody } from '../http/validate';
import { WEB_PAGE_REFUSED, webPageOrigin } from '../http/web-page';
import { QUOTA_NAMES } from '../quotas';
import { DEFAULT_REJECTION } from '../faults';
import type { Fault } from '../faults';
import { NO_BODY } from '../http/bodyless';
import { LENGTHS } from '../../fiscal/lengths';

const path = z.string().min(1).max(300);
const method = z
  .string()
  .regex(/^[A-Za-z]+$/)
  .optional();
const count = z.number().int().min(1).max(10_000);

const faultSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('latency'),
    path,
    method,
    ms: z.number().int().min(1).max(120_000),
    count: count.optional(),
  }),
  z.object({
    type: z.literal('status'),
    path,
    method,
    status: z.union([z.literal(429), z.literal(500), z.literal(502), z.literal(503), z.literal(504)]),
    count: count.default(1),
  }),
  z.object({ type: z.literal('drop'), path, method, count: count.default(1) }),
  z.object({
    type: z.literal('pendente'),
    polls: z.number().int().min(1).max(1000),
    documents: count.default(1),
  }),
  z.object({
    type: z.literal('rejeicao'),
    count: count.default(1),
    // TStat is [0-9]{3,4} in the MDF-e (NT 2025.001) and CT-e (PL_CTe_400_RTC) layouts: 4 digits too.
    codigo_status: z.number().int().min(100).max(9999).default(DEFAULT_REJECTION.codigo_status),
    motivo_status: z.string().min(1).max(LENGTHS.xMotivo).default(DEFAULT_REJECTION.motivo_status),
  }),
  z.object({
    type: z.literal('cancelamento-autoridade'),
    id: z.string().min(1).max(100),
    at: z.iso.datetime().optional(),
  }),
]);

const clockSchema = z
  .object({
    advance_seconds: z.number().finite().optional(),
    set: z.union([z.iso.datetime({ offset: true }), z.null()]).optional(),
  })
  .refine((v) => v.advance_seconds !== undefined || v.set !== undefined, {
    message: 'informe "advance_seconds" ou "set"',
  });

const emailSchema = z.object({
  cpf_cnpj: z.string().min(11).max(14),
  to: z.array(z.string().email()).min(1).max(50),
  cc: z.array(z.string().email()).max(50).optional(),
  reply_to: z.string().email().optional(),
  subject: z.string().min(1).max(500),
  attachments: z
    .array(z.object({ content_type: z.string().max(100), filename: z.string().max(LENGTHS.fileName) }))
    .max(20)
    .optional(),
});
const emailEventSchema = z.object({
  event_type: z.string().min(1).max(50),
  message: z.string().max(1000).nullable().optional(),
});
const quotaSchema = z.object({ limite: z.number().int().min(0).max(100_000_000) });

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The control API's guard, for every plugin that adds `/_sandbox/…` routes: loopback only, and
 * `X-Sandbox-Secret: <client secret>` on every call. Use as `app.addHook('onRequest', controlGuard(ctx))`.
 */
export function controlGuard(ctx: SandboxContext) {
  return async (request: FastifyRequest) => {
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) {
      throw new ApiError(403, 'Forbidden', 'A API de controle só aceita conexões locais.');
    }
    // A page's requests (which never carry the secret header) must not spend the allowance.
    if (webPageOrigin(request, `http://127.0.0.1:${request.socket.localPort}`))
      throw new ApiError(403, 'Forbidden', WEB_PAGE_REFUSED);
    const source = request.socket.remoteAddress ?? '';
    const wait = ctx.auth.failureWait('control', source);
    if (wait > 0) {
      throw new ApiError(
        429,
        'TooManyRequests',
        'Muitas tentativas com o segredo de controle incorreto. Aguarde um minuto.',
        { headers: { 'retry-after': String(wait) } },
      );
    }
    const secret = request.headers['x-sandbox-secret'];
    if (!ctx.auth.checkControlSecret(typeof secret === 'string' ? secret : undefined)) {
      ctx.auth.recordFailure('control', source);
      throw new ApiError(401, 'Unauthorized', 'Cabeçalho "X-Sandbox-Secret" ausente ou incorreto.');
    }
  };
}

/**
 * Control API of the sandbox, outside the public description: reset, faults, clock, e-mail
 * events, quota limits (see `controlGuard` for access).
 */
export async function controlRoutes(
  app: FastifyInstance,
  ctx: SandboxContext,
  control: { reset(): Promise<void> },
) {
  app.addHook('onRequest', controlGuard(ctx));

  app.post('/_sandbox/reset', async (_request, reply) => {
    await control.reset();
    return reply.status(204).send();
  });

  app.get('/_sandbox/faults', async () => ({ data: ctx.faults.list() }));
  app.post('/_sandbox/faults', async (request, reply) => {
    const fault = parseBody(faultSchema, request.body) as Fault;
    ctx.faults.add(fault);
    return reply.status(201).send(fault);
  });
  app.delete('/_sandbox/faults', NO_BODY, async (_request, reply) => {
    ctx.faults.clear();
    return reply.status(204).send();
  });

  app.get('/_sandbox/clock', async () => ({ now: ctx.clock.now().toISOString() }));
  app.post('/_sandbox/clock', async (request) => {
    const body = parseBody(clockSchema, request.body);
    if (body.set !== undefined) ctx.clock.set(body.set === null ? null : Date.parse(body.set));
    if (body.advance_seconds !== undefined) ctx.clock.advance(body.advance_seconds * 1000);
    return { now: ctx.clock.now().toISOString() };
  });

  app.post('/_sandbox/emails', async (request, reply) => {
    const body = parseBody(emailSchema, request.body);
    const email = await ctx.emails.send({
      cpfCnpj: body.cpf_cnpj,
      to: body.to,
      cc: body.cc,
      replyTo: body.reply_to,
      subject: body.subject,
      attachments: body.attachments,
    });
    return reply.status(201).send(email);
  });
  app.post('/_sandbox/emails/:id/events', async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const body = parseBody(emailEventSchema, request.body);
    const email = await ctx.emails.addEvent(id, body.event_type, body.message ?? null);
    if (!email) throw notFound(`E-mail "${id}" não encontrado.`);
    return email;
  });

  app.put('/_sandbox/quotas/:nome', async (request) => {
    const nome = (request.params as { nome: string }).nome;
    const quota = QUOTA_NAMES.find((q) => q === nome);
    if (!quota) throw notFound(`Cota "${nome}" não existe.`);
    ctx.quotas.setLimit(quota, parseBody(quotaSchema, request.body).limite);
    return ctx.quotas.get(quota);
  });
}
