import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EmpresaInput } from '../companies';
import type { SandboxContext } from '../context';
import { conflict, notFound } from '../http/errors';
import { isValidCpfCnpj, parseCpfCnpjParam } from '../http/documents';
import { listEnvelope, parseListQuery } from '../http/paging';
import { asQuery, queryValue } from '../http/query';
import { invalidMember, parseBody } from '../http/validate';
import { NO_BODY } from '../http/bodyless';

const text = (max?: number) => (max ? z.string().max(max) : z.string());
const required = (max?: number) => text(max).min(1);

/** The description's `Empresa` (read-only `created_at`/`updated_at` are ignored on input). */
export const empresaSchema = z.object({
  cpf_cnpj: z.string().regex(/^(\d{11}|[0-9A-Z]{12}\d{2})$/, 'CPF ou CNPJ sem máscara'),
  inscricao_estadual: text(50).optional(),
  inscricao_municipal: text(50).optional(),
  nome_razao_social: required(500),
  nome_fantasia: text(500).optional(),
  fone: text().optional(),
  email: required(),
  endereco: z.object({
    logradouro: required(255),
    numero: required(255),
    complemento: text(500).optional(),
    bairro: required(255),
    codigo_municipio: required(),
    cidade: text(255).optional(),
    uf: required(),
    codigo_pais: text().default('1058'),
    pais: text(255).default('Brasil'),
    cep: required(),
  }),
});

function parseEmpresa(body: unknown): EmpresaInput {
  const input = parseBody(empresaSchema, body);
  if (!isValidCpfCnpj(input.cpf_cnpj)) {
    throw invalidMember(
      'cpf_cnpj',
      'InvalidValue',
      `O campo 'cpf_cnpj' contém um ${input.cpf_cnpj.length === 11 ? 'CPF' : 'CNPJ'} inválido.`,
    );
  }
  return input;
}

export async function empresaRoutes(app: FastifyInstance, ctx: SandboxContext) {
  app.get('/empresas', async (request) => {
    const query = asQuery(request.query);
    const list = parseListQuery(query);
    const cpfCnpj = queryValue(query, 'cpf_cnpj');
    const { data, count } = await ctx.companies.list({
      cpfCnpj: cpfCnpj || undefined,
      top: list.top,
      skip: list.skip,
    });
    return listEnvelope(data, count, list);
  });

  app.post('/empresas', async (request) => {
    const input = parseEmpresa(request.body);
    const created = await ctx.companies.create(input);
    if (!created) throw conflict(`Já existe uma empresa cadastrada com o CPF/CNPJ ${input.cpf_cnpj}.`);
    return created;
  });

  app.get('/empresas/:cpf_cnpj', async (request) => {
    const cpfCnpj = parseCpfCnpjParam((request.params as { cpf_cnpj: string }).cpf_cnpj);
    const empresa = await ctx.companies.get(cpfCnpj);
    if (!empresa) throw notFound(`Empresa ${cpfCnpj} não encontrada.`);
    return empresa;
  });

  app.put('/empresas/:cpf_cnpj', async (request) => {
    const cpfCnpj = parseCpfCnpjParam((request.params as { cpf_cnpj: string }).cpf_cnpj);
    const input = parseEmpresa(request.body);
    if (input.cpf_cnpj !== cpfCnpj) {
      throw invalidMember(
        'cpf_cnpj',
        'InvalidValue',
        `O campo 'cpf_cnpj' (${input.cpf_cnpj}) difere do CPF/CNPJ do endereço (${cpfCnpj}).`,
      );
    }
    const updated = await ctx.companies.update(input);
    if (!updated) throw notFound(`Empresa ${cpfCnpj} não encontrada.`);
    return updated;
  });

  app.delete('/empresas/:cpf_cnpj', NO_BODY, async (request, reply) => {
    const cpfCnpj = parseCpfCnpjParam((request.params as { cpf_cnpj: string }).cpf_cnpj);
    if (!(await ctx.companies.remove(cpfCnpj))) throw notFound(`Empresa ${cpfCnpj} não encontrada.`);
    return reply.status(204).send();
  });
}

/** Resolves the `{cpf_cnpj}` of a company sub-resource, 404 when the company is unknown. */
export async function requireCompany(ctx: SandboxContext, params: unknown): Promise<string> {
  const cpfCnpj = parseCpfCnpjParam((params as { cpf_cnpj?: string }).cpf_cnpj);
  if (!(await ctx.companies.get(cpfCnpj))) throw notFound(`Empresa ${cpfCnpj} não encontrada.`);
  return cpfCnpj;
}
