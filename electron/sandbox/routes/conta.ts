import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { notFound } from '../http/errors';
import { isQuotaName } from '../quotas';

export async function contaRoutes(app: FastifyInstance, ctx: SandboxContext) {
  app.get('/conta/cotas', async () => {
    const data = await ctx.quotas.list();
    return { '@count': data.length, data };
  });
  app.get('/conta/cotas/:nome', async (request) => {
    const nome = (request.params as { nome: string }).nome;
    if (!isQuotaName(nome)) throw notFound(`Cota "${nome}" não encontrada.`);
    return ctx.quotas.get(nome);
  });
}
