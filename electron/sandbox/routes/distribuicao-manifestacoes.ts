import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { notFound } from '../http/errors';
import { parseId } from '../http/ids';
import { listEnvelope, parseListQuery } from '../http/paging';
import { asQuery, parseBooleanQuery } from '../http/query';
import { parseBody } from '../http/validate';
import { inboxOf } from '../nfe/inbox';
import { createManifestation } from '../nfe/manifestation';
import { manifestacaoSchema, parseStreamQuery, requireSigner } from '../nfe/requests';

/** Recipient manifestation (`/distribuicao/nfe/manifestacoes`) and `/notas-sem-manifestacao`. */
export async function distribuicaoManifestacaoRoutes(app: FastifyInstance, ctx: SandboxContext) {
  const inbox = await inboxOf(ctx);
  const manifestation = createManifestation(ctx, inbox);

  app.post('/distribuicao/nfe/manifestacoes', async (request) => {
    const pedido = parseBody(manifestacaoSchema, request.body);
    const key = await requireSigner(ctx, pedido.cpf_cnpj);
    return manifestation.manifest(pedido, key);
  });

  app.get('/distribuicao/nfe/manifestacoes', async (request) => {
    const query = asQuery(request.query);
    const list = parseListQuery(query);
    const { data, count } = await manifestation.list(parseStreamQuery(query), list.top, list.skip);
    return listEnvelope(data, count, list);
  });

  app.get('/distribuicao/nfe/manifestacoes/:id', async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const found = await manifestation.get(id);
    if (!found) throw notFound(`Manifestação "${id}" não encontrada.`);
    return found;
  });

  app.get('/distribuicao/nfe/notas-sem-manifestacao', async (request) => {
    const query = asQuery(request.query);
    const list = parseListQuery(query);
    const key = parseStreamQuery(query);
    const conclusiva = parseBooleanQuery(query, 'conclusiva') ?? false;
    await inbox.open(key);
    const { data, count } = await manifestation.withoutManifestation(key, conclusiva, list.top, list.skip);
    return listEnvelope(data, count, list);
  });
}
