import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { CNPJ_BY_NUMBER, CNPJ_COMPANIES } from '../data/companies';
import { badRequest, notFound } from '../http/errors';
import { isValidCnpj } from '../http/documents';
import { listEnvelope, parseListQuery } from '../http/paging';
import { asQuery, requireQuery } from '../http/query';

export async function cnpjRoutes(app: FastifyInstance, ctx: SandboxContext) {
  app.get('/cnpj', async (request) => {
    const query = asQuery(request.query);
    // This list never answers `@count`: `$inlinecount=true` (what generated SDKs may send) is ignored.
    const list = parseListQuery(query, { countable: false });
    const cnae = requireQuery(query, 'cnae_principal');
    const municipio = requireQuery(query, 'municipio');
    const natureza = requireQuery(query, 'natureza_juridica');
    if (!/^\d{7}$/.test(cnae))
      throw badRequest('O parâmetro "cnae_principal" deve ter 7 dígitos, sem máscara.');
    if (!/^\d{4}(\d{3})?$/.test(municipio)) {
      throw badRequest(
        'O parâmetro "municipio" deve ser o código IBGE (7 dígitos) ou TOM (4 dígitos), sem máscara.',
      );
    }
    if (!/^\d{4}$/.test(natureza))
      throw badRequest('O parâmetro "natureza_juridica" deve ter 4 dígitos, sem máscara.');
    const matches = CNPJ_COMPANIES.filter(
      (c) =>
        c.situacao_cadastral.codigo === '02' &&
        c.atividade_principal.codigo === cnae &&
        c.natureza_juridica.codigo === natureza &&
        (c.endereco.municipio.codigo_ibge === municipio || c.endereco.municipio.codigo_tom === municipio),
    );
    const data = matches.slice(list.skip, list.skip + list.top);
    // "1 unidade por estabelecimento listado ou requisição".
    await ctx.consume('cnpj-listagem', Math.max(1, data.length));
    // The list answer of every listing; `countable: false` above leaves `@count` out.
    return listEnvelope(data, matches.length, list);
  });

  app.get('/cnpj/:Cnpj', async (request) => {
    const cnpj = (request.params as { Cnpj: string }).Cnpj.toUpperCase();
    if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj)) {
      throw badRequest('CNPJ inválido: informe os 14 caracteres, sem máscara.');
    }
    if (!isValidCnpj(cnpj)) throw badRequest(`CNPJ ${cnpj} inválido: dígitos verificadores não conferem.`);
    await ctx.consume('cnpj-consultas', 1);
    const company = CNPJ_BY_NUMBER.get(cnpj);
    if (!company) throw notFound(`CNPJ ${cnpj} não encontrado na base da Receita Federal.`);
    return company;
  });
}
