// Input checks shared by the /distribuicao/nfe routes: bodies (zod), list queries, the company.
import { z } from 'zod';
import { isValidAccessKey, ufBySigla } from '../../fiscal';
import type { SandboxContext } from '../context';
import type { SigningKey } from '../dfe/sign';
import { ApiError, badRequest, notFound } from '../http/errors';
import { isValidCpfCnpj, parseCpfCnpjParam } from '../http/documents';
import { parseAmbiente, requireQuery } from '../http/query';
import type { Query } from '../http/query';
import type { StreamKey } from './stream';
import { TIPOS_MANIFESTACAO } from './manifestation';
import { JUSTIFICATIVA_MAX, JUSTIFICATIVA_MIN } from '../../fiscal/events';

const cpfCnpj = z
  .string()
  .regex(/^(\d{11}|[0-9A-Z]{12}\d{2})$/, 'informe o CPF (11 dígitos) ou CNPJ (14 caracteres) sem máscara')
  .refine(isValidCpfCnpj, 'CPF/CNPJ com dígitos verificadores inválidos');
const ambiente = z.enum(['homologacao', 'producao']);
const nsu = z.number().int().min(0).max(999_999_999_999_999);

/** A 44-character NF-e (model 55) key with a valid check digit. */
export function isNfeKey(value: string): boolean {
  return isValidAccessKey(value) && value.slice(20, 22) === '55';
}
const nfeKey = z
  .string()
  .refine(isNfeKey, 'chave de acesso de NF-e inválida (44 caracteres, modelo 55, dígito verificador)');

export const pedidoSchema = z
  .object({
    cpf_cnpj: cpfCnpj,
    ambiente,
    tipo_consulta: z.enum(['dist-nsu', 'cons-nsu', 'cons-chave']),
    dist_nsu: nsu.nullable().optional(),
    cons_nsu: nsu.nullable().optional(),
    cons_chave: nfeKey.nullable().optional(),
    uf_autor: z
      .string()
      .refine((v) => ufBySigla(v) !== null, 'sigla de UF inválida')
      .nullable()
      .optional(),
    ignorar_tempo_espera: z.boolean().default(false),
  })
  .superRefine((v, issue) => {
    const need = { 'dist-nsu': 'dist_nsu', 'cons-nsu': 'cons_nsu', 'cons-chave': 'cons_chave' } as const;
    const field = need[v.tipo_consulta];
    if (v[field] === undefined || v[field] === null) {
      issue.addIssue({
        code: 'custom',
        path: [field],
        message: `obrigatório quando "tipo_consulta" for "${v.tipo_consulta}"`,
      });
    }
  });

export const manifestacaoSchema = z
  .object({
    cpf_cnpj: cpfCnpj,
    ambiente,
    chave_acesso: nfeKey,
    tipo_evento: z.enum(TIPOS_MANIFESTACAO),
    justificativa: z.string().trim().min(JUSTIFICATIVA_MIN).max(JUSTIFICATIVA_MAX).nullable().optional(),
  })
  .superRefine((v, issue) => {
    if (v.tipo_evento === '210240' && !v.justificativa) {
      issue.addIssue({
        code: 'custom',
        path: ['justificativa'],
        message: `obrigatório (${JUSTIFICATIVA_MIN} a ${JUSTIFICATIVA_MAX} caracteres) para o evento 210240 (operação não realizada)`,
      });
    }
  });

/** `cpf_cnpj` + `ambiente`, required by every list of the service. */
export function parseStreamQuery(query: Query): StreamKey {
  return { cpfCnpj: parseCpfCnpjParam(requireQuery(query, 'cpf_cnpj')), ambiente: parseAmbiente(query) };
}

/**
 * The service talks to the authority with the company's certificate: an unknown company is a
 * 404, one without a certificate a 400, as for the documents the company issues.
 */
export async function requireSigner(ctx: SandboxContext, cpf: string): Promise<SigningKey> {
  if (!(await ctx.companies.get(cpf))) throw notFound(`Empresa ${cpf} não encontrada.`);
  const credentials = await ctx.getSigningCredentials(cpf);
  if (!credentials) {
    throw new ApiError(
      400,
      'CertificateNotFound',
      `Certificado não encontrado: a empresa ${cpf} não possui certificado digital cadastrado; ele é necessário para consultar a SEFAZ e assinar eventos.`,
    );
  }
  return credentials;
}

export const badNumber = (name: string) =>
  badRequest(`O parâmetro "${name}" deve ser um número inteiro não negativo.`);
