import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { notFound } from '../http/errors';
import { parseId } from '../http/ids';

export async function debugRoutes(app: FastifyInstance, ctx: SandboxContext) {
  const binary = (data: Buffer) =>
    data.subarray(0, 1).toString() === '<' ? 'application/xml' : 'application/octet-stream';

  app.get('/debug/:id', async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const debug = await ctx.debug.get(id);
    if (!debug) throw notFound(`Documento "${id}" não encontrado.`);
    return debug;
  });

  app.get('/debug/:id/original-payload', async (request, reply) => {
    const id = parseId((request.params as { id: string }).id);
    const payload = await ctx.debug.originalPayload(id);
    if (!payload) throw notFound(`Payload original do documento "${id}" não encontrado.`);
    const type = /^\s*[[{]/.test(payload.subarray(0, 16).toString()) ? 'application/json' : binary(payload);
    return reply.type(type).send(payload);
  });

  app.get('/debug/http-requests/:id/request-content', async (request, reply) => {
    const id = parseId((request.params as { id: string }).id);
    const content = await ctx.debug.requestContent(id);
    if (!content) throw notFound(`Requisição "${id}" não encontrada.`);
    return reply.type(binary(content)).send(content);
  });

  app.get('/debug/http-requests/:id/response-content', async (request, reply) => {
    const id = parseId((request.params as { id: string }).id);
    const content = await ctx.debug.responseContent(id);
    if (!content) throw notFound(`Requisição "${id}" não encontrada.`);
    return reply.type(binary(content)).send(content);
  });
}
