import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { notFound } from '../http/errors';
import { parseId } from '../http/ids';
import { listEnvelope, parseListQuery } from '../http/paging';
import { asQuery } from '../http/query';
import { parseBody } from '../http/validate';
import { parseStreamQuery, pedidoSchema, requireSigner } from '../nfe/requests';
import { nfeServicesOf } from '../nfe/services';

/** `POST/GET /distribuicao/nfe` and `GET /distribuicao/nfe/{id}`: the distribution requests. */
export async function distribuicaoNfeRoutes(app: FastifyInstance, ctx: SandboxContext) {
  const { distribution, manifestation, automatic } = await nfeServicesOf(ctx);

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
    const key = parseStreamQuery(query);
    // The service's own requests (distribuicao_automatica) show up here once they are due.
    await automatic.catchUp(key);
    const { data, count } = await distribution.list(key, list.top, list.skip);
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
