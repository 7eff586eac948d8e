import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ConfigKind } from '../companies';
import type { SandboxContext } from '../context';
import { notFound } from '../http/errors';
import { parseBody } from '../http/validate';
import { requireCompany } from './empresas';
import { LENGTHS } from '../../fiscal/lengths';

const ambiente = z.enum(['homologacao', 'producao']);
const nullableInt = z.number().int().nullable().optional();

/** Shapes of the description's `EmpresaConfig*` schemas. */
const schemas: Record<ConfigKind, z.ZodType<object>> = {
  cte: z.object({ CRT: z.number().int().optional(), ambiente }),
  cteos: z.object({ CRT: z.number().int().optional(), ambiente }),
  dce: z.object({ ambiente }),
  mdfe: z.object({ ambiente }),
  distnfe: z.object({
    distribuicao_automatica: z.boolean().nullable().default(false),
    distribuicao_intervalo_horas: z.number().int().min(1).max(24).nullable().optional(),
    ciencia_automatica: z.boolean().nullable().default(false),
    ambiente,
  }),
  nfse: z.object({
    regTrib: z
      .object({ opSimpNac: nullableInt, regApTribSN: nullableInt, regEspTrib: nullableInt })
      .optional(),
    rps: z.object({ lote: z.number().int(), serie: z.string().max(20), numero: z.number().int() }),
    prefeitura: z
      .object({
        login: z.string().max(LENGTHS.credencialPrefeitura).optional(),
        senha: z.string().max(LENGTHS.credencialPrefeitura).optional(),
        token: z.string().max(LENGTHS.credencialPrefeitura).optional(),
      })
      .optional(),
    incentivo_fiscal: z.boolean().default(false),
    ambiente,
  }),
};

const LABELS: Record<ConfigKind, string> = {
  cte: 'CT-e',
  cteos: 'CT-e OS',
  dce: 'DC-e',
  mdfe: 'MDF-e',
  distnfe: 'distribuição de NF-e',
  nfse: 'NFS-e',
};

export async function empresaConfigRoutes(app: FastifyInstance, ctx: SandboxContext) {
  for (const kind of Object.keys(schemas) as ConfigKind[]) {
    app.get(`/empresas/:cpf_cnpj/${kind}`, async (request) => {
      const cpfCnpj = await requireCompany(ctx, request.params);
      const config = await ctx.companies.getConfig(cpfCnpj, kind);
      if (!config) throw notFound(`A empresa ${cpfCnpj} não tem configuração de ${LABELS[kind]} cadastrada.`);
      return config;
    });
    app.put(`/empresas/:cpf_cnpj/${kind}`, async (request) => {
      const cpfCnpj = await requireCompany(ctx, request.params);
      const config = parseBody(schemas[kind], request.body);
      await ctx.companies.setConfig(cpfCnpj, kind, config);
      return config;
    });
  }
}
