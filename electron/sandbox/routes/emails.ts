import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { notFound } from '../http/errors';
import { parseCpfCnpjParam } from '../http/documents';
import { parseId } from '../http/ids';
import { listEnvelope, parseListQuery } from '../http/paging';
import { asQuery, parseBooleanQuery, queryValue, requireQuery } from '../http/query';

export async function emailRoutes(app: FastifyInstance, ctx: SandboxContext) {
  app.get('/emails', async (request) => {
    const query = asQuery(request.query);
    const list = parseListQuery(query);
    const cpfCnpj = parseCpfCnpjParam(requireQuery(query, 'cpf_cnpj'));
    const { data, count } = await ctx.emails.list({
      cpfCnpj,
      undelivered: parseBooleanQuery(query, 'undelivered'),
      email: queryValue(query, 'email') || undefined,
      top: list.top,
      skip: list.skip,
    });
    return listEnvelope(data, count, list);
  });

  app.get('/emails/:id', async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const email = await ctx.emails.get(id);
    if (!email) throw notFound(`E-mail "${id}" não encontrado.`);
    return email;
  });
}
