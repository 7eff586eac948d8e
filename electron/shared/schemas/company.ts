// The company (emitente) as the registration wizard edits it and the API stores it. The rules come
// from electron/fiscal (pure functions), so the renderer validates live with the same schema the
// main side enforces.
import { z } from 'zod';

import { FONE_DIGITS, LENGTHS } from '../../fiscal/lengths';
import { isUf } from '../../fiscal/uf';
import { ibgeMatchesUf } from '../../fiscal/ibge';
import { isValidCep, normalizeCep } from '../../fiscal/cep';
import { isValidCpfCnpj, normalizeCnpj } from '../../fiscal/cnpj';
import { isValidIe, normalizeIe } from '../../fiscal/ie';
import { phoneSchema } from './contact';
import { ALWAYS, xmlText } from './xml-text';

export const cpfCnpjSchema = z
  .string()
  .trim()
  .transform((value) => normalizeCnpj(value))
  .refine((value) => isValidCpfCnpj(value), 'CNPJ ou CPF inválido: confira os dígitos.');

export const cepSchema = z
  .string()
  .trim()
  .transform((value) => normalizeCep(value))
  .refine((value) => isValidCep(value), 'CEP inválido: informe os 8 dígitos.');

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `No máximo ${max} caracteres.`)
    .optional()
    .transform((value) => (value ? value : undefined));

export const companyAddressSchema = z.object({
  logradouro: z.string().trim().min(2, 'Informe o logradouro.').max(LENGTHS.logradouroApi),
  numero: z.string().trim().min(1, 'Informe o número (ou "S/N").').max(60),
  complemento: optionalText(60),
  bairro: z.string().trim().min(2, 'Informe o bairro.').max(60),
  codigo_municipio: z
    .string()
    .trim()
    .regex(/^\d{7}$/, 'Código IBGE do município deve ter 7 dígitos.'),
  cidade: z.string().trim().min(2, 'Informe o município.').max(60),
  uf: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => isUf(value), 'UF inválida.'),
  cep: cepSchema,
});

export const companyInputSchema = z
  .object({
    cpf_cnpj: cpfCnpjSchema,
    nome_razao_social: z
      .string()
      .trim()
      .min(2, 'Informe a razão social.')
      .max(60, 'No máximo 60 caracteres.'),
    nome_fantasia: optionalText(60),
    inscricao_estadual: optionalText(20),
    inscricao_municipal: optionalText(20),
    fone: phoneSchema(
      FONE_DIGITS.empresa.min,
      FONE_DIGITS.empresa.max,
      `Telefone com DDD: ${FONE_DIGITS.empresa.min} ou ${FONE_DIGITS.empresa.max} dígitos.`,
    ),
    email: z.string().trim().email('E-mail inválido.'),
    endereco: companyAddressSchema,
  })
  .superRefine((company, ctx) => {
    const { uf, codigo_municipio } = company.endereco;
    if (isUf(uf) && /^\d{7}$/.test(codigo_municipio) && !ibgeMatchesUf(codigo_municipio, uf)) {
      ctx.addIssue({
        code: 'custom',
        path: ['endereco', 'codigo_municipio'],
        message: `O código IBGE ${codigo_municipio} não é de um município de ${uf}.`,
      });
    }
    if (company.inscricao_estadual && isUf(uf) && !isValidIe(normalizeIe(company.inscricao_estadual), uf)) {
      ctx.addIssue({
        code: 'custom',
        path: ['inscricao_estadual'],
        message: `Inscrição estadual inválida para ${uf}: confira os dígitos (ou deixe em branco se a empresa não tem IE).`,
      });
    }
  })
  // The registration becomes the issuer group of every document (emit).
  .superRefine(xmlText, ALWAYS);
export type CompanyInput = z.input<typeof companyInputSchema>;
export type Company = z.output<typeof companyInputSchema>;

export const companySchema = z.object({
  cpf_cnpj: z.string(),
  nome_razao_social: z.string(),
  nome_fantasia: z.string().nullish(),
  inscricao_estadual: z.string().nullish(),
  inscricao_municipal: z.string().nullish(),
  fone: z.string().nullish(),
  email: z.string(),
  endereco: z.object({
    logradouro: z.string(),
    numero: z.string(),
    complemento: z.string().nullish(),
    bairro: z.string(),
    codigo_municipio: z.string(),
    cidade: z.string().nullish(),
    uf: z.string(),
    cep: z.string(),
  }),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type CompanyDto = z.infer<typeof companySchema>;

export const companyListInputSchema = z
  .object({
    cpfCnpj: z.string().trim().max(18).optional(),
    /** Prefix of the razão social or nome fantasia, case- and accent-insensitive. */
    nome: z.string().trim().max(60).optional(),
  })
  .strict();

/**
 * Set when the API could not be reached and the answer is what it gave earlier, kept on this
 * computer: `savedAt` is when (ISO instant). Omitted on a fresh answer.
 */
export const cacheMarkSchema = z.object({
  fromCache: z.literal(true).optional(),
  savedAt: z.string().datetime({ offset: true }).optional(),
  /** The cached answer came inside a restored backup and the API has not confirmed it since. */
  fromBackup: z.literal(true).optional(),
});

export const companyListSchema = z
  .object({ companies: z.array(companySchema) })
  .extend(cacheMarkSchema.shape);

/** One company, fresh or (offline) as last read. */
export const companyAnswerSchema = companySchema.extend(cacheMarkSchema.shape);

export const companyKeySchema = z.object({ cpfCnpj: cpfCnpjSchema }).strict();

export const cepLookupSchema = z.object({
  cep: z.string(),
  logradouro: z.string().nullish(),
  complemento: z.string().nullish(),
  bairro: z.string().nullish(),
  municipio: z.string().nullish(),
  codigo_ibge: z.string().nullish(),
  uf: z.string().nullish(),
});

/** A CNPJ lookup already mapped to the wizard's fields. */
export const cnpjLookupSchema = z.object({
  cnpj: z.string(),
  razao_social: z.string().nullish(),
  nome_fantasia: z.string().nullish(),
  situacao: z.string().nullish(),
  email: z.string().nullish(),
  fone: z.string().nullish(),
  endereco: z
    .object({
      logradouro: z.string().nullish(),
      numero: z.string().nullish(),
      complemento: z.string().nullish(),
      bairro: z.string().nullish(),
      codigo_municipio: z.string().nullish(),
      cidade: z.string().nullish(),
      uf: z.string().nullish(),
      cep: z.string().nullish(),
    })
    .nullish(),
});
export type CnpjLookup = z.infer<typeof cnpjLookupSchema>;

export const cnpjListInputSchema = z
  .object({
    cnae_principal: z
      .string()
      .trim()
      .regex(/^\d{7}$/, 'CNAE com 7 dígitos.'),
    municipio: z
      .string()
      .trim()
      .regex(/^\d{7}$/, 'Código IBGE do município com 7 dígitos.'),
    natureza_juridica: z
      .string()
      .trim()
      .regex(/^\d{4}$/, 'Natureza jurídica com 4 dígitos.'),
    top: z.number().int().min(1).max(100).default(20),
    skip: z.number().int().min(0).default(0),
  })
  .strict();

export const cnpjListSchema = z.object({ items: z.array(cnpjLookupSchema), hasMore: z.boolean() });

export const cepQuerySchema = z.object({ cep: cepSchema }).strict();
export const cnpjQuerySchema = z
  .object({
    cnpj: cpfCnpjSchema.refine((value) => value.length === 14, 'Informe um CNPJ (14 caracteres).'),
  })
  .strict();
