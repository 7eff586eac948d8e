import { z } from 'zod';

import { cpfCnpjSchema } from './company';

const ambiente = z.enum(['homologacao', 'producao'], { message: 'Escolha homologação ou produção.' });
/** CRT: 1 Simples Nacional, 2 Simples excesso de sublimite, 3 Regime normal, 4 MEI (CT-e 4.00). */
const crt = z.number().int().min(1, 'CRT de 1 a 4.').max(4, 'CRT de 1 a 4.');

export const serviceConfigSchemas = {
  cte: z.object({ CRT: crt.optional(), ambiente }),
  cteos: z.object({ CRT: crt.optional(), ambiente }),
  dce: z.object({ ambiente }),
  distnfe: z.object({
    ambiente,
    distribuicao_automatica: z.boolean().optional(),
    distribuicao_intervalo_horas: z.number().int().min(1, 'Intervalo mínimo de 1 hora.').max(24).optional(),
    ciencia_automatica: z.boolean().optional(),
  }),
  nfse: z.object({
    ambiente,
    incentivo_fiscal: z.boolean().optional(),
    regTrib: z
      .object({
        opSimpNac: z.number().int().optional(),
        regApTribSN: z.number().int().optional(),
        regEspTrib: z.number().int().optional(),
      })
      .optional(),
    rps: z.object({
      lote: z.number().int().min(0),
      serie: z.string().trim().min(1, 'Informe a série do RPS.').max(5),
      numero: z.number().int().min(0),
    }),
    prefeitura: z
      .object({ login: z.string().optional(), senha: z.string().optional(), token: z.string().optional() })
      .optional(),
  }),
} as const;

export const serviceKindSchema = z.enum(['cte', 'cteos', 'dce', 'distnfe', 'nfse']);
export type ServiceKind = z.infer<typeof serviceKindSchema>;

export const serviceConfigGetInputSchema = z
  .object({ cpfCnpj: cpfCnpjSchema, kind: serviceKindSchema })
  .strict();

export const serviceConfigSetInputSchema = z.discriminatedUnion('kind', [
  z.object({ cpfCnpj: cpfCnpjSchema, kind: z.literal('cte'), config: serviceConfigSchemas.cte }).strict(),
  z.object({ cpfCnpj: cpfCnpjSchema, kind: z.literal('cteos'), config: serviceConfigSchemas.cteos }).strict(),
  z.object({ cpfCnpj: cpfCnpjSchema, kind: z.literal('dce'), config: serviceConfigSchemas.dce }).strict(),
  z
    .object({ cpfCnpj: cpfCnpjSchema, kind: z.literal('distnfe'), config: serviceConfigSchemas.distnfe })
    .strict(),
  z.object({ cpfCnpj: cpfCnpjSchema, kind: z.literal('nfse'), config: serviceConfigSchemas.nfse }).strict(),
]);

/** The stored configuration (null when the service was never configured for the company). */
export const serviceConfigResultSchema = z.object({
  kind: serviceKindSchema,
  config: z.record(z.string(), z.unknown()).nullable(),
});

export const sefazStatusInputSchema = z
  .object({
    kind: z.enum(['cte', 'cteos', 'dce', 'mdfe']),
    cpfCnpj: cpfCnpjSchema,
    autorizador: z.string().max(10).optional(),
  })
  .strict();

export const sefazStatusSchema = z.object({
  kind: z.enum(['cte', 'cteos', 'dce', 'mdfe']),
  autorizador: z.string().nullish(),
  codigoStatus: z.number().nullish(),
  motivoStatus: z.string().nullish(),
  tempoMedioResposta: z.number().nullish(),
  consultadoEm: z.string().nullish(),
  /** 107 = serviço em operação; anything else is degraded. */
  degraded: z.boolean(),
});

export const emailListInputSchema = z
  .object({
    cpfCnpj: cpfCnpjSchema,
    naoEntregues: z.boolean().optional(),
    email: z.string().trim().max(200).optional(),
    top: z.number().int().min(1).max(100).default(20),
    skip: z.number().int().min(0).default(0),
  })
  .strict();

export const emailSummarySchema = z.object({
  id: z.string(),
  status: z.string().nullish(),
  sentAt: z.string().nullish(),
  to: z.array(z.string()),
  subject: z.string().nullish(),
  events: z.array(z.record(z.string(), z.unknown())),
});
export const emailListSchema = z.object({
  emails: z.array(emailSummarySchema),
  total: z.number().nullable(),
});
export const emailGetInputSchema = z.object({ id: z.string().min(1).max(100) }).strict();
