// Averbação of cargo insurance: the averbadora a company sends its documents to (per environment,
// kept in the settings without the password), the queue's rows as the screens see them, the Painel's
// summary, the MDF-e's view of its trip, and the commands' inputs. One source per shape.
import { z } from 'zod';

import { isValidAccessKey, normalizeAccessKey } from '../../fiscal/access-key';
import { isValidCnpj, isValidCpfCnpj, normalizeCnpj } from '../../fiscal/cnpj';
import { environmentSchema } from './app';
import { cpfCnpjSchema } from './company';
import { isSafeApiUrl } from './url-safety';

export { NAVER_CONTINGENCIA } from '../../fiscal/averbacao';

/** The services Carreta talks to (an averbadora with two channels counts twice). */
export const averbadoraSchema = z.enum(['atm-soap', 'atm-rest', 'porto'], {
  message: 'Escolha a averbadora.',
});
export type Averbadora = z.infer<typeof averbadoraSchema>;

export interface AverbadoraInfo {
  nome: string;
  /** The production address (AT&M WS 2.0: 02-atm.md §1; AverbePorto: 03-porto.md §1). */
  urlPadrao: string;
  /** AT&M identifies the caller by user, password and its 8-digit AT&M code (02-atm.md §2). */
  codatm: boolean;
  /**
   * Whether the service has a homologação: AT&M registers a tpAmb 2 document as a test on any host
   * (02-atm.md §2 [C]); AverbePorto documents none (03-porto.md §3, Q-PORTO-6).
   */
  homologacao: boolean;
}

export const AVERBADORAS: Record<Averbadora, AverbadoraInfo> = {
  'atm-soap': {
    nome: 'AT&M (web service SOAP)',
    urlPadrao: 'https://webserver.averba.com.br',
    codatm: true,
    homologacao: true,
  },
  'atm-rest': {
    nome: 'AT&M (web service REST)',
    urlPadrao: 'https://webserver.averba.com.br',
    codatm: true,
    homologacao: true,
  },
  porto: {
    nome: 'Porto Seguro (AverbePorto)',
    urlPadrao: 'https://apis.averbeporto.com.br',
    codatm: false,
    homologacao: false,
  },
};

const isoDay = z
  .string({ message: 'Informe a data (dd/mm/aaaa).' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Informe a data no formato dd/mm/aaaa.');

/** A CNPJ that says "obrigatório" when empty and "inválido" only when typed wrong. */
const requiredCnpj = (label: string) =>
  z
    .string()
    .trim()
    .transform((v) => normalizeCnpj(v))
    .refine((v) => v !== '', { message: `${label}: obrigatório.` })
    .refine((v) => v === '' || isValidCnpj(v), { message: `${label}: CNPJ inválido, confira os dígitos.` });

/** What the clerk chooses per company: which documents the policy covers besides the CT-e. */
export const insurerCoverageSchema = z.object({
  /** CT-e OS (modelo 67): only when the policy covers it. */
  cteos: z.boolean().default(false),
  /** CT-e Simplificado (modelo 57, tpCTe 5): a CT-e, so covered by default. */
  cteSimp: z.boolean().default(true),
  /** NF-e of own cargo carried under an MDF-e of the company (Q-LEG-6: depends on the policy). */
  nfeCargaPropria: z.boolean().default(false),
  /** The MDF-e after the CT-e (CNSP 361/2018 art. 21 § único; AT&M declaraMDFe). */
  mdfe: z.boolean().default(true),
});
export type InsurerCoverage = z.infer<typeof insurerCoverageSchema>;

/**
 * One company's averbadora in one environment. The password is not here: it lives in the secret
 * store, bound to the averbadora, address, user and AT&M code it was typed for.
 */
export const insurerSettingsSchema = z
  .object({
    ativo: z.boolean().default(true),
    averbadora: averbadoraSchema,
    usuario: z
      .string({ message: 'Usuário da averbadora: obrigatório.' })
      .trim()
      .min(1, 'Usuário da averbadora: obrigatório.')
      .max(120, 'Usuário da averbadora: no máximo 120 caracteres.'),
    codatm: z.string().trim().max(12, 'Código AT&M: no máximo 12 dígitos.').default(''),
    /** Empty: the averbadora's own address. Another one only over https (or this computer). */
    url: z
      .string()
      .trim()
      .max(300)
      .refine((v) => v === '' || isSafeApiUrl(v), {
        message:
          'Endereço da averbadora: deve começar com https:// (http:// só para um simulador neste computador, 127.0.0.1).',
      })
      .default(''),
    /** seg/nApol of the MDF-e: the RCTR-C policy number. */
    apolice: z
      .string({ message: 'Número da apólice: obrigatório.' })
      .trim()
      .min(1, 'Número da apólice: obrigatório.')
      .max(20, 'Número da apólice: no máximo 20 caracteres.'),
    /** seg/infSeg/xSeg: the insurer's name (1–30). */
    seguradora: z
      .string({ message: 'Nome da seguradora: obrigatório.' })
      .trim()
      .min(1, 'Nome da seguradora: obrigatório.')
      .max(30, 'Nome da seguradora: no máximo 30 caracteres (como sai no MDF-e).'),
    cnpjSeguradora: requiredCnpj('CNPJ da seguradora'),
    /** seg/infResp/respSeg: 1 the MDF-e's emitter, 2 the contratante. */
    responsavel: z.union([z.literal(1), z.literal(2)]).default(1),
    cobertura: insurerCoverageSchema.default({
      cteos: false,
      cteSimp: true,
      nfeCargaPropria: false,
      mdfe: true,
    }),
    /** Documents authorized from this day on (Brasília) are averbados by themselves. */
    desde: isoDay,
  })
  .superRefine((s, ctx) => {
    if (AVERBADORAS[s.averbadora].codatm && !/^\d{1,12}$/.test(s.codatm))
      ctx.addIssue({
        code: 'custom',
        path: ['codatm'],
        message: s.codatm
          ? 'Código AT&M: só números (o código de 8 dígitos que a AT&M forneceu).'
          : 'Código AT&M: obrigatório.',
      });
  });
export type InsurerSettings = z.infer<typeof insurerSettingsSchema>;

export const insurerCompanySchema = z.object({ company: cpfCnpjSchema }).strict();

export const insurerSettingsViewSchema = z.object({
  environment: environmentSchema,
  settings: insurerSettingsSchema.nullable(),
  /** A password typed for exactly this averbadora, address, user and code is stored. */
  senhaConfigurada: z.boolean(),
  /** Demonstração: the averbadora is the local simulator, with its own credentials. */
  simulador: z.boolean(),
});
export type InsurerSettingsView = z.infer<typeof insurerSettingsViewSchema>;

const password = z.string().max(256, 'Senha: no máximo 256 caracteres.');

export const insurerSettingsInputSchema = z
  .object({
    company: cpfCnpjSchema,
    settings: insurerSettingsSchema,
    /** Typed now; absent keeps the stored one (when it still belongs to the same server and login). */
    senha: password.min(1, 'Senha: informe a senha ou deixe em branco para manter.').optional(),
    limparSenha: z.boolean().optional(),
  })
  .strict();

export const insurerRemoveInputSchema = insurerCompanySchema;

export const insurerTestInputSchema = z
  .object({ company: cpfCnpjSchema, settings: insurerSettingsSchema, senha: password.optional() })
  .strict();

export const insurerTestResultSchema = z.object({
  ok: z.boolean(),
  /** In words: what worked or what is wrong and what to do. */
  message: z.string(),
  /** The averbadora's own answer, when there is one. */
  detail: z.string().optional(),
});
export type InsurerTestResult = z.infer<typeof insurerTestResultSchema>;

// The queue -----------------------------------------------------------------------------------

export const averbacaoEstadoSchema = z.enum([
  'pendente',
  'enviando',
  'averbado',
  'falha',
  'recusado',
  'revisar',
  'dispensado',
]);
export type AverbacaoEstado = z.infer<typeof averbacaoEstadoSchema>;

export const AVERBACAO_ESTADO_LABELS: Record<AverbacaoEstado, string> = {
  pendente: 'Aguardando envio',
  enviando: 'Enviando',
  averbado: 'Averbado',
  falha: 'Falha (tentando de novo)',
  recusado: 'Recusado pela averbadora',
  revisar: 'Aguardando conferência',
  dispensado: 'Não precisa',
};

export const averbacaoOperacaoSchema = z.enum(['averbar', 'cancelar', 'encerrar']);
export type AverbacaoOperacao = z.infer<typeof averbacaoOperacaoSchema>;
export const averbacaoTipoSchema = z.enum(['cte', 'cteos', 'cte-simp', 'mdfe', 'nfe']);
export type AverbacaoTipo = z.infer<typeof averbacaoTipoSchema>;

export const averbacaoRowSchema = z.object({
  id: z.number().int(),
  company: z.string(),
  environment: environmentSchema,
  tipo: averbacaoTipoSchema,
  operacao: averbacaoOperacaoSchema,
  chave: z.string(),
  serie: z.number().int(),
  numero: z.number().int(),
  estado: averbacaoEstadoSchema,
  averbadora: averbadoraSchema,
  /** When SEFAZ authorized the document (or registered the event): kept while offline. */
  autorizadoEm: z.string().nullable(),
  /** When the averbadora registered it (its clock, Brasília). */
  averbadoEm: z.string().nullable(),
  protocolo: z.string().nullable(),
  /** The averbação numbers that go into the MDF-e's nAver. */
  numeros: z.array(z.string()),
  seguradora: z.object({ nome: z.string(), cnpj: z.string() }).nullable(),
  apolice: z.string().nullable(),
  /** The averbadora said it was already registered (a resend): the original protocol is kept. */
  jaRegistrado: z.boolean(),
  /** Registered as a test (homologação): AT&M's protocol "TESTE". */
  teste: z.boolean(),
  tentativas: z.number().int(),
  proximaTentativa: z.string().nullable(),
  erro: z
    .object({
      codigo: z.string().nullable(),
      /** What happened and what to do, in words. */
      mensagem: z.string(),
      /** The averbadora's own words (code, description, expected and informed values). */
      detalhe: z.string().nullable(),
    })
    .nullable(),
  atualizadoEm: z.string(),
});
export type AverbacaoRow = z.infer<typeof averbacaoRowSchema>;

/** The state Documentos shows beside a document (its averbação, not its cancellation). */
export const averbacaoBadgeSchema = z.object({
  estado: averbacaoEstadoSchema,
  protocolo: z.string().nullable(),
  teste: z.boolean(),
});
export type AverbacaoBadge = z.infer<typeof averbacaoBadgeSchema>;

export const averbacaoGapSchema = z.object({
  tipo: averbacaoTipoSchema,
  serie: z.number().int(),
  numero: z.number().int(),
  chave: z.string().nullable(),
  lacuna: z.enum(['nao_averbado', 'fora_de_ordem']),
});
export type AverbacaoGap = z.infer<typeof averbacaoGapSchema>;

export const averbacaoSummarySchema = z.object({
  configurada: z.boolean(),
  averbadora: z.string().nullable(),
  pendentes: z.number().int(),
  falhas: z.number().int(),
  recusados: z.number().int(),
  revisar: z.number().int(),
  cancelamentosPendentes: z.number().int(),
  averbadosMes: z.number().int(),
  lacunas: z.array(averbacaoGapSchema),
  /** The rows that need the clerk (refused, failing, waiting for review), newest first, at most 20. */
  problemas: z.array(averbacaoRowSchema),
  /** Why nothing can be sent now (no password for this server, …), in words; null when it can. */
  parada: z.string().nullable(),
});
export type AverbacaoSummary = z.infer<typeof averbacaoSummarySchema>;

const chaveSchema = z
  .string()
  .transform((v) => normalizeAccessKey(v))
  .refine(isValidAccessKey, { message: 'chave de acesso inválida' });

export const averbacaoListInputSchema = z
  .object({
    company: cpfCnpjSchema,
    estados: z.array(averbacaoEstadoSchema).max(7).optional(),
    limit: z.number().int().min(1).max(500).default(50),
    offset: z.number().int().min(0).max(10_000_000).default(0),
  })
  .strict();
export const averbacaoListSchema = z.object({ rows: z.array(averbacaoRowSchema), total: z.number().int() });

export const averbacaoDocInputSchema = z.object({ company: cpfCnpjSchema, chave: chaveSchema }).strict();
export const averbacaoDocSchema = z.object({
  rows: z.array(averbacaoRowSchema),
  /** An MDF-e issued with ANTT's 99999: the reason the clerk gave, and when. */
  contingencia: z.object({ motivo: z.string(), registradoEm: z.string() }).nullable().default(null),
});

export const averbacaoRetryInputSchema = z
  .object({ company: cpfCnpjSchema, id: z.number().int().positive() })
  .strict();

export const averbacaoTripInputSchema = z
  .object({
    company: cpfCnpjSchema,
    chaves: z.array(chaveSchema).min(1, 'selecione ao menos um documento').max(2000),
  })
  .strict();

/** The MDF-e's `seg` proposed from the averbadora's answers and the company's settings. */
export const seguroPropostoSchema = z.object({
  responsavel: z.union([z.literal(1), z.literal(2)]),
  cpfCnpjResponsavel: z.string(),
  seguradora: z.string(),
  cnpjSeguradora: z.string(),
  apolice: z.string(),
  averbacoes: z.array(z.string()),
});
export type SeguroProposto = z.infer<typeof seguroPropostoSchema>;

export const averbacaoTripSchema = z.object({
  documentos: z.array(
    z.object({
      chave: z.string(),
      serie: z.number().int().nullable(),
      numero: z.number().int().nullable(),
      /** null: not in the averbação (out of the policy's cover, or before the averbadora was set). */
      estado: averbacaoEstadoSchema.nullable(),
      numeros: z.array(z.string()),
      motivo: z.string().nullable(),
    }),
  ),
  /** The trip's documents whose averbação is not done ("averbe antes de emitir o MDF-e"). */
  faltando: z.array(z.string()),
  seguro: seguroPropostoSchema.nullable(),
  /** ANTT's 99999 is offered only when the averbadora cannot answer now; the reason in words. */
  contingencia: z.object({ permitida: z.boolean(), motivo: z.string().nullable() }),
});
export type AverbacaoTrip = z.infer<typeof averbacaoTripSchema>;

export const averbacaoContingenciaInputSchema = z
  .object({
    company: cpfCnpjSchema,
    chaves: z.array(chaveSchema).min(1).max(2000),
    motivo: z
      .string({ message: 'Informe o motivo.' })
      .trim()
      .min(10, 'Motivo: descreva em ao menos 10 caracteres por que a averbadora não respondeu.')
      .max(500, 'Motivo: no máximo 500 caracteres.'),
  })
  .strict();
export const averbacaoContingenciaSchema = z.object({ id: z.number().int(), registradoEm: z.string() });

/** The company's last MDF-e as the start of the next one (issue #26): RNTRC and its insurance. */
export const mdfeDefaultsSchema = z.object({
  rntrc: z.string(),
  /** The last trip's truck (plates, found again in the registries) and drivers. */
  veiculo: z
    .object({
      placa: z.string(),
      reboques: z.array(z.string()),
      condutores: z.array(z.object({ nome: z.string(), cpf: z.string() })),
    })
    .nullable()
    .default(null),
  seguro: seguroPropostoSchema.omit({ averbacoes: true }).nullable(),
  /** Where the insurance came from: the last MDF-e, or the averbadora's settings. */
  origem: z.enum(['ultimo-mdfe', 'averbadora']).nullable(),
});
export type MdfeDefaults = z.infer<typeof mdfeDefaultsSchema>;

export const averbacaoChangedSchema = z.object({ company: z.string(), environment: environmentSchema });

/** A responsible's document as the MDF-e takes it ('' = the emitter). */
export function isValidResponsavelDoc(value: string): boolean {
  const doc = normalizeCnpj(value);
  return doc === '' || isValidCpfCnpj(doc);
}
