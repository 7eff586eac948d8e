// An issued document (DF-e) and its events as the fiscal API answers them, written from its
// description (openapi 2.58). The API client parses its answers with these, and the contract
// carries the same shape to the renderer: every field the description lists is optional unless it
// requires it, unknown fields are kept.
import { z } from 'zod';

import { docStatusSchema } from './documents';

const str = z.string();
const opt = <T extends z.ZodType>(schema: T) => schema.nullish();

export const ambienteSchema = z.enum(['homologacao', 'producao']);
export type Ambiente = z.infer<typeof ambienteSchema>;

/** A document's status: the cache keeps the API's own values. */
export const dfeStatusSchema = docStatusSchema;
export type DfeStatus = z.infer<typeof dfeStatusSchema>;

export const eventoStatusSchema = z.enum(['pendente', 'registrado', 'rejeitado', 'erro']);

export const dfeEventoSchema = z.looseObject({
  id: opt(str),
  ambiente: opt(ambienteSchema),
  status: opt(eventoStatusSchema),
  autor: opt(z.looseObject({ cpf_cnpj: opt(str) })),
  chave_acesso: opt(str),
  data_evento: opt(str),
  numero_sequencial: opt(z.number()),
  data_recebimento: opt(str),
  codigo_status: opt(z.number()),
  motivo_status: opt(str),
  numero_protocolo: opt(str),
  codigo_mensagem: opt(z.number()),
  mensagem: opt(str),
  tipo_evento: opt(str),
  justificativa: opt(str),
});
export type DfeEvento = z.infer<typeof dfeEventoSchema>;

export const dfeSchema = z.looseObject({
  id: str,
  ambiente: opt(ambienteSchema),
  created_at: opt(str),
  status: dfeStatusSchema,
  referencia: opt(str),
  data_emissao: opt(str),
  modelo: opt(z.number()),
  serie: opt(z.number()),
  numero: opt(z.number()),
  tipo_emissao: opt(z.number()),
  valor_total: opt(z.number()),
  chave: opt(str),
  autorizacao: opt(dfeEventoSchema),
});
export type Dfe = z.infer<typeof dfeSchema>;

/** DfeCartaCorrecao: the event with the corrections it carries (CT-e and CT-e OS). */
export const dfeCartaCorrecaoSchema = dfeEventoSchema.extend({
  correcoes: opt(
    z.array(
      z.looseObject({
        grupo_alterado: str,
        campo_alterado: str,
        valor_alterado: str,
        numero_item_alterado: opt(z.number()),
      }),
    ),
  ),
});
export type DfeCartaCorrecao = z.infer<typeof dfeCartaCorrecaoSchema>;
