// Shapes of the fiscal API's answers, written from its description (openapi 2.58 + the README of
// what the service really does). Answers are parsed with these at the edge: every field the
// description lists is optional unless the description requires it, unknown fields are kept.
import { z } from 'zod';

import { ambienteSchema, eventoStatusSchema } from '../shared/schemas/dfe';

const str = z.string();
const opt = <T extends z.ZodType>(schema: T) => schema.nullish();

// The document and event shapes cross the contract to the renderer too (the issued-document screen):
// they live in electron/shared/schemas/dfe.ts, one schema for the API's answer and the screen.
export {
  ambienteSchema,
  dfeCartaCorrecaoSchema,
  dfeEventoSchema,
  dfeSchema,
  dfeStatusSchema,
  eventoStatusSchema,
} from '../shared/schemas/dfe';
export type { Ambiente, Dfe, DfeCartaCorrecao, DfeEvento, DfeStatus } from '../shared/schemas/dfe';

export const listSchema = <T extends z.ZodType>(item: T) =>
  z.looseObject({ '@count': opt(z.number()), data: z.array(item) });
export type Listagem<T> = { '@count'?: number | null; data: T[] };

export const contaCotaSchema = z.looseObject({ nome: str, consumo: z.number(), limite: z.number() });
export type ContaCota = z.infer<typeof contaCotaSchema>;

export const cepEnderecoSchema = z.looseObject({
  cep: opt(str),
  tipo_logradouro: opt(str),
  logradouro: opt(str),
  complemento: opt(str),
  bairro: opt(str),
  municipio: opt(str),
  codigo_ibge: opt(str),
  uf: opt(str),
});
export type CepEndereco = z.infer<typeof cepEnderecoSchema>;

export const cnpjEmpresaSchema = z.looseObject({
  cnpj: opt(str),
  razao_social: opt(str),
  nome_fantasia: opt(str),
  email: opt(str),
  matriz: opt(z.boolean()),
  natureza_juridica: opt(z.looseObject({ codigo: opt(str), descricao: opt(str) })),
  situacao_cadastral: opt(z.looseObject({ codigo: opt(str), descricao: opt(str), data: opt(str) })),
  atividade_principal: opt(z.looseObject({ codigo: opt(str), descricao: opt(str) })),
  endereco: opt(
    z.looseObject({
      tipo_logradouro: opt(str),
      logradouro: opt(str),
      numero: opt(str),
      complemento: opt(str),
      bairro: opt(str),
      cep: opt(str),
      uf: opt(str),
      municipio: opt(z.looseObject({ codigo_ibge: opt(str), descricao: opt(str) })),
    }),
  ),
  telefones: opt(z.array(z.looseObject({ ddd: opt(str), numero: opt(str) }))),
});
export type CnpjEmpresa = z.infer<typeof cnpjEmpresaSchema>;

export const empresaEnderecoSchema = z.looseObject({
  logradouro: str,
  numero: str,
  complemento: opt(str),
  bairro: str,
  codigo_municipio: str,
  cidade: opt(str),
  uf: str,
  codigo_pais: opt(str),
  pais: opt(str),
  cep: str,
});

export const empresaSchema = z.looseObject({
  cpf_cnpj: str,
  created_at: opt(str),
  updated_at: opt(str),
  inscricao_estadual: opt(str),
  inscricao_municipal: opt(str),
  nome_razao_social: str,
  nome_fantasia: opt(str),
  fone: opt(str),
  email: str,
  endereco: empresaEnderecoSchema,
});
export type Empresa = z.infer<typeof empresaSchema>;

export const empresaCertificadoSchema = z.looseObject({
  id: opt(str),
  created_at: opt(str),
  serial_number: opt(str),
  issuer_name: opt(str),
  not_valid_before: opt(str),
  not_valid_after: opt(str),
  thumbprint: opt(str),
  subject_name: opt(str),
  cpf_cnpj: opt(str),
  nome_razao_social: opt(str),
});
export type EmpresaCertificado = z.infer<typeof empresaCertificadoSchema>;

export const dfeSefazStatusSchema = z.looseObject({
  autorizador: opt(str),
  ambiente: opt(ambienteSchema),
  data_hora_consulta: opt(str),
  codigo_status: opt(z.number()),
  motivo_status: opt(str),
  tempo_medio_resposta: opt(z.number()),
  data_hora_retorno: opt(str),
});
export type DfeSefazStatus = z.infer<typeof dfeSefazStatusSchema>;

export const distribuicaoDocumentoSchema = z.looseObject({
  id: str,
  schema: str,
  created_at: opt(str),
  nsu: opt(z.number()),
  tipo_documento: opt(z.enum(['nota', 'evento'])),
  chave_acesso: opt(str),
  resumo: opt(z.boolean()),
  tipo_evento: opt(str),
  numero_sequencial: opt(z.number()),
  data_evento: opt(str),
  data_recebimento: opt(str),
  numero_protocolo: opt(str),
  tipo_nfe: opt(z.number()),
  valor_nfe: opt(z.number()),
  digest_value: opt(str),
  emitente_cpf_cnpj: opt(str),
  emitente_nome_razao_social: opt(str),
  emitente_inscricao_estadual: opt(str),
});
export type DistribuicaoDocumento = z.infer<typeof distribuicaoDocumentoSchema>;

export const distribuicaoSchema = z.looseObject({
  id: str,
  created_at: opt(str),
  status: z.enum(['processando', 'concluido', 'erro']),
  ambiente: ambienteSchema,
  uf_autor: opt(str),
  tipo_consulta: z.enum(['dist-nsu', 'cons-nsu', 'cons-chave']),
  dist_nsu: opt(z.number()),
  cons_nsu: opt(z.number()),
  cons_chave: opt(str),
  // Required but nullable in the description: a `processando` request has no answer yet.
  codigo_status: z.number().nullable(),
  motivo_status: opt(str),
  data_hora_resposta: str.nullable(),
  ultimo_nsu: z.number().nullable(),
  max_nsu: z.number().nullable(),
  documentos: opt(z.array(distribuicaoDocumentoSchema)),
});
export type Distribuicao = z.infer<typeof distribuicaoSchema>;

export const distribuicaoEventoSchema = z.looseObject({
  id: opt(str),
  created_at: opt(str),
  ambiente: opt(ambienteSchema),
  status: opt(eventoStatusSchema),
  cpf_cnpj_autor: opt(str),
  chave_acesso: opt(str),
  tipo_evento: opt(str),
  data_evento: opt(str),
  numero_sequencial: opt(z.number()),
  justificativa: opt(str),
  data_registro: opt(str),
  codigo_status: opt(z.number()),
  motivo_status: opt(str),
  numero_protocolo: opt(str),
});
export type DistribuicaoEvento = z.infer<typeof distribuicaoEventoSchema>;

export const emailSchema = z.looseObject({
  id: str,
  status: opt(str),
  sent_at: opt(str),
  to: opt(z.array(str)),
  cc: opt(z.array(str)),
  reply_to: opt(str),
  subject: opt(str),
  attachments: opt(z.array(z.looseObject({}))),
  events: opt(z.array(z.looseObject({}))),
});
export type Email = z.infer<typeof emailSchema>;
