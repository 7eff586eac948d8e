import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { notFound } from '../http/errors';
import { parseId } from '../http/ids';
import { listEnvelope, parseListQuery } from '../http/paging';
import { asQuery } from '../http/query';
import { parseBody } from '../http/validate';
import { createDistribution } from '../nfe/distribution';
import { inboxOf } from '../nfe/inbox';
import { createManifestation } from '../nfe/manifestation';
import { parseStreamQuery, pedidoSchema, requireSigner } from '../nfe/requests';

/** `POST/GET /distribuicao/nfe` and `GET /distribuicao/nfe/{id}`: the distribution requests. */
export async function distribuicaoNfeRoutes(app: FastifyInstance, ctx: SandboxContext) {
  const inbox = await inboxOf(ctx);
  const distribution = createDistribution(ctx, inbox);
  const manifestation = createManifestation(ctx, inbox);

  app.post('/distribuicao/nfe', async (request) => {
    const pedido = parseBody(pedidoSchema, request.body);
    await requireSigner(ctx, pedido.cpf_cnpj);
    const answer = await distribution.request(pedido);
    await manifestation.autoCiencia(
      { cpfCnpj: pedido.cpf_cnpj, ambiente: pedido.ambiente },
      answer.documentos,
    );
    return answer;
  });

  app.get('/distribuicao/nfe', async (request) => {
    const query = asQuery(request.query);
    const list = parseListQuery(query);
    const { data, count } = await distribution.list(parseStreamQuery(query), list.top, list.skip);
    return listEnvelope(data, count, list);
  });

  app.get('/distribuicao/nfe/:id', async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const found = await distribution.get(id);
    if (!found) throw notFound(`Distribuição "${id}" não encontrada.`);
    await manifestation.autoCiencia(found.key, found.request.documentos);
    return found.request;
  });
}
