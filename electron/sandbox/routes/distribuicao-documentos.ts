import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { badRequest, notFound } from '../http/errors';
import { parseId } from '../http/ids';
import { listEnvelope, parseListQuery } from '../http/paging';
import { asQuery, parseIntegerQuery, queryValue } from '../http/query';
import { danfeContent } from '../nfe/danfe';
import { isNfeKey, parseStreamQuery } from '../nfe/requests';
import { nfeServicesOf } from '../nfe/services';
import { SCHEMAS } from '../nfe/stream';

function oneOf<T extends string>(
  value: string | undefined,
  name: string,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined || value === '') return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw badRequest(`O parâmetro "${name}" deve ser ${allowed.map((a) => `"${a}"`).join(' ou ')}.`);
  }
  return value as T;
}

/** `/distribuicao/nfe/documentos`: the documents distributed to a company, their XML and PDF. */
export async function distribuicaoDocumentosRoutes(app: FastifyInstance, ctx: SandboxContext) {
  const { inbox, automatic } = await nfeServicesOf(ctx);

  async function find(params: unknown) {
    const id = parseId((params as { id: string }).id);
    const found = await inbox.stream.byId(id);
    if (!found) throw notFound(`Documento "${id}" não encontrado.`);
    return found;
  }

  app.get('/distribuicao/nfe/documentos', async (request) => {
    const query = asQuery(request.query);
    const list = parseListQuery(query);
    const key = parseStreamQuery(query);
    const chave = queryValue(query, 'chave_acesso') || undefined;
    if (chave !== undefined && !isNfeKey(chave))
      throw badRequest('O parâmetro "chave_acesso" não é uma chave de NF-e válida.');
    const filter = {
      distNsu: parseIntegerQuery(query, 'dist_nsu', 0, 999_999_999),
      tipo: oneOf(queryValue(query, 'tipo_documento'), 'tipo_documento', ['nota', 'evento'] as const),
      forma: oneOf(queryValue(query, 'forma_distribuicao'), 'forma_distribuicao', [
        'resumida',
        'completa',
      ] as const),
      chave,
      top: list.top,
      skip: list.skip,
    };
    await inbox.open(key);
    // Listed are the documents the service delivered: by the company's requests, or by its own
    // automatic distribution, which runs here once its interval has passed on the sandbox clock.
    await automatic.catchUp(key);
    const { data, count } = await inbox.stream.list(key, filter);
    return listEnvelope(data, count, list);
  });

  app.get('/distribuicao/nfe/documentos/:id', async (request) => (await find(request.params)).doc);

  app.get('/distribuicao/nfe/documentos/:id/xml', async (request, reply) => {
    const { doc, xml } = await find(request.params);
    return reply
      .type('application/xml')
      .header('content-disposition', `attachment; filename="${doc.chave_acesso ?? doc.id}-${doc.nsu}.xml"`)
      .send(xml);
  });

  app.get('/distribuicao/nfe/documentos/:id/pdf', async (request, reply) => {
    const { doc, key } = await find(request.params);
    if (doc.schema !== SCHEMAS.procNFe || !doc.chave_acesso) {
      throw badRequest(
        `O PDF só está disponível para documentos ${SCHEMAS.procNFe} (NF-e completa); este documento é ${doc.schema}.`,
      );
    }
    const note = await inbox.stream.note(key, doc.chave_acesso);
    if (!note) throw notFound(`NF-e ${doc.chave_acesso} não encontrada.`);
    return reply.type('application/pdf').send(await ctx.pdf.render(danfeContent(note)));
  });
}
