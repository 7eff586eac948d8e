import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { addressOfCep } from '../data/cep-lookup';
import { badRequest, notFound } from '../http/errors';

export async function cepRoutes(app: FastifyInstance, ctx: SandboxContext) {
  app.get('/cep/:Cep', async (request) => {
    const cep = (request.params as { Cep: string }).Cep;
    if (!/^\d{8}$/.test(cep)) throw badRequest('CEP inválido: informe os 8 dígitos, sem máscara.');
    await ctx.consume('cep-consultas', 1);
    const address = await addressOfCep(cep);
    if (!address) throw notFound(`CEP ${cep} não encontrado.`);
    return address;
  });
}
