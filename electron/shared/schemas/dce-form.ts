// The clerk's DC-e form (Declaração de Conteúdo eletrônica issued by the carrier, tpEmit 3) and the
// dce:* command inputs and outputs. Messages are Portuguese, issue paths stable (`remetente.cpfCnpj`,
// `itens.0.ncm`…): the renderer highlights fields by these paths.
import { z } from 'zod';

import { FONE_DIGITS, LENGTHS } from '../../fiscal/lengths';
import { isValidCpfCnpj } from '../../fiscal/cnpj';
import { ibgeMatchesUf } from '../../fiscal/ibge';
import { isUf, UF_SIGLAS } from '../../fiscal/uf';
import { municipioSchema } from './cte-form';
import { dfeEventoSchema, dfeSchema } from './dfe';
import { issueOutcomeSchema, justificativaSchema } from './issuing';
import { optionalEmailSchema, phoneSchema } from './contact';
import { ALWAYS, xmlText } from './xml-text';

/** Item and declaration totals, the builder's own rule (the form shows what will be sent). */
export { dceTotal, itemTotal } from '../../fiscal/payload/dce';

const hasDecimals = (places: number) => (v: number) =>
  Math.abs(Math.round(v * 10 ** places) - v * 10 ** places) < 1e-6;

const text = (min: number, max: number, label: string) => {
  const filled = z
    .string({ message: `informe ${label}` })
    .trim()
    .min(1, { message: `informe ${label}` });
  return (min > 1 ? filled.min(min, { message: `${label}: ao menos ${min} caracteres` }) : filled).max(max, {
    message: `${label}: no máximo ${max} caracteres`,
  });
};
const optText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label}: no máximo ${max} caracteres` })
    .optional()
    .transform((v) => (v ? v : undefined));

/** Brazilian addresses only: the DC-e emitter must be in Brazil and the CEP is required. */
export const dceAddressSchema = z
  .object({
    xLgr: text(2, LENGTHS.endereco, 'o logradouro'),
    nro: text(1, LENGTHS.endereco, 'o número'),
    xCpl: optText(LENGTHS.endereco, 'o complemento'),
    xBairro: text(2, LENGTHS.endereco, 'o bairro'),
    cMun: z
      .string({ message: 'informe o código IBGE do município' })
      .trim()
      .min(1, { message: 'informe o código IBGE do município' })
      .pipe(municipioSchema),
    xMun: text(2, LENGTHS.endereco, 'o município'),
    uf: z
      .string({ message: 'informe a UF' })
      .trim()
      .toUpperCase()
      .min(1, { message: 'informe a UF' })
      .pipe(z.enum(UF_SIGLAS, { message: 'UF inválida' })),
    cep: z
      .string({ message: 'informe o CEP' })
      .trim()
      .min(1, { message: 'informe o CEP' })
      .transform((v) => v.replace(/\D/g, ''))
      .refine((v) => /^\d{8}$/.test(v), { message: 'o CEP tem 8 dígitos' }),
  })
  .superRefine((a, ctx) => {
    if (isUf(a.uf) && !ibgeMatchesUf(a.cMun, a.uf)) {
      ctx.addIssue({ code: 'custom', path: ['cMun'], message: `o município não pertence à UF ${a.uf}` });
    }
  });

/** Remetente or destinatário: CPF or CNPJ, numeric only (the DC-e 1.00 key has no room for letters). */
export const dcePartySchema = z.object({
  cpfCnpj: z
    .string({ message: 'informe o CPF ou CNPJ' })
    .trim()
    .min(1, { message: 'informe o CPF ou CNPJ' })
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v.length === 11 || v.length === 14, { message: 'o CPF tem 11 dígitos e o CNPJ 14' })
    .refine(isValidCpfCnpj, { message: 'CPF ou CNPJ inválido (confira os dígitos)' }),
  xNome: text(2, LENGTHS.xNome, 'o nome'),
  fone: phoneSchema(FONE_DIGITS.dce.min, FONE_DIGITS.dce.max),
  email: optionalEmailSchema(LENGTHS.email),
  endereco: dceAddressSchema,
});
export type DcePartyForm = z.infer<typeof dcePartySchema>;

export const dceItemSchema = z.object({
  xProd: text(1, LENGTHS.xProd, 'a descrição do item'),
  /** The NCM chapter (2 digits) is enough for a declaration; the full code (8) is accepted. */
  ncm: z
    .string({ message: 'informe o NCM' })
    .trim()
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => /^(\d{2}|\d{8})$/.test(v), { message: 'NCM: o capítulo (2 dígitos) ou o código (8)' }),
  qCom: z
    .number({ message: 'informe a quantidade' })
    .positive({ message: 'a quantidade deve ser maior que zero' })
    .max(999_999_999, { message: 'quantidade grande demais' })
    .refine(hasDecimals(4), { message: 'quantidade: no máximo 4 casas decimais' }),
  vUnCom: z
    .number({ message: 'informe o valor unitário' })
    .min(0, { message: 'o valor não pode ser negativo' })
    .max(9_999_999_999, { message: 'valor grande demais' })
    .refine(hasDecimals(2), { message: 'use no máximo duas casas decimais' }),
  infAdProd: optText(500, 'a informação do item'),
});
export type DceItemForm = z.infer<typeof dceItemSchema>;

const dceFormObject = z.object({
  remetente: dcePartySchema,
  destinatario: dcePartySchema,
  itens: z
    .array(dceItemSchema, { message: 'informe os itens' })
    .min(1, { message: 'informe ao menos um item' })
    .max(999, { message: 'no máximo 999 itens' }),
  /** 1 por conta própria, 2 por empresa transportadora (the carrier's usual case). */
  modTrans: z
    .union([z.literal(1), z.literal(2)], { message: 'escolha a modalidade do transporte' })
    .default(2),
  dhEmi: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)$/.test(v), {
      message: 'data e hora de emissão inválidas',
    }),
  observacoes: optText(LENGTHS.infCpl, 'as observações'),
  solicitacao: optText(2000, 'a solicitação'),
});
export const dceFormSchema = dceFormObject.superRefine(xmlText, ALWAYS);
export type DceForm = z.infer<typeof dceFormSchema>;

const company = z.string().trim().min(11, { message: 'informe a empresa' }).max(14);
/** A request body as the payload builder makes it (the preview and the debug view show it as is). */
const jsonObject = z.record(z.string(), z.unknown());
const apiId = z.string().min(1).max(100);

export const dceIssueInputSchema = z.object({
  company,
  serie: z
    .number()
    .int()
    .min(0, { message: 'série de 0 a 999' })
    .max(999, { message: 'série de 0 a 999' })
    .optional(),
  numero: z.number().int().min(1, { message: 'número a partir de 1' }).max(999_999_999).optional(),
  form: dceFormSchema,
});
export type DceIssueInput = z.infer<typeof dceIssueInputSchema>;
export const dceIssueOutcomeSchema = issueOutcomeSchema;
export const dcePreviewSchema = z.object({ payload: jsonObject, html: z.string() });

export const dceRefSchema = z.object({ id: apiId });
export const dceRecordSchema = z.object({
  document: dfeSchema,
  cacheId: z.number().nullable(),
  cancellable: z.boolean(),
  hoursLeft: z.number().nullable(),
  reason: z.string().nullable(),
});
export const dceCancelInputSchema = dceRefSchema.extend({
  justificativa: justificativaSchema,
});
export const dceCancelOutputSchema = z.object({ event: dfeEventoSchema, hoursLeft: z.number().nullable() });

/** xml = dceProc; xml_enviado = the declaration as sent; xml_protocolo; pdf = DACE from the API. */
export const dceFileKindSchema = z.enum(['xml', 'xml_enviado', 'xml_protocolo', 'pdf', 'cancelamento_xml']);
export const dceFileInputSchema = dceRefSchema.extend({ file: dceFileKindSchema });
export const dceFileOutputSchema = z.object({
  name: z.string(),
  contentType: z.string(),
  base64: z.string(),
});

export const dceListInputSchema = z.object({
  company,
  limit: z.number().int().min(1).max(500).default(100),
});
export const dceSummarySchema = z.object({
  cacheId: z.number(),
  apiId: z.string().nullable(),
  chave: z.string().nullable(),
  serie: z.number().nullable(),
  numero: z.number().nullable(),
  status: z.string(),
  emitidoEm: z.string().nullable(),
  destinatario: z.string().nullable(),
  valor: z.number().nullable(),
});
export type DceSummary = z.infer<typeof dceSummarySchema>;
export const dceListSchema = z.object({ items: z.array(dceSummarySchema) });
export const dceKeysInputSchema = z.object({ company });
export const dceDebugOutputSchema = z.object({
  payload: z.unknown().nullable(),
  outbox: jsonObject.nullable(),
  api: z.unknown().nullable(),
});
