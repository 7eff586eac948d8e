// The events of an issued CT-e/CT-e OS as its detail shows them: correction letters (sequence and
// corrected fields; the last one prevails) and the cancellation, from the cache and the API.
import { z } from 'zod';

import { dfeSchema } from './dfe';
import { cancelOutputSchema, correctOutputSchema, documentRecordSchema } from './issuing';

export const docEventCorrectionSchema = z.object({
  grupo_alterado: z.string(),
  campo_alterado: z.string(),
  valor_alterado: z.string(),
  numero_item_alterado: z.number().nullable(),
});

export const docEventSchema = z.object({
  type: z.enum(['cancelamento', 'carta_correcao', 'outro']),
  sequence: z.number(),
  /** The API's event status: registrado, rejeitado, pendente… (null when unknown). */
  status: z.string().nullable(),
  protocolo: z.string().nullable(),
  dataEvento: z.string().nullable(),
  /** The SEFAZ answer ("Evento registrado e vinculado a CT-e"), shown beside a rejection. */
  motivo: z.string().nullable(),
  justificativa: z.string().nullable(),
  correcoes: z.array(docEventCorrectionSchema),
});
export type DocEvent = z.infer<typeof docEventSchema>;

/**
 * cte:get and cte:sync: the document, its cache id and its events, oldest first; `offline` when the
 * API could not be reached and all of it comes from this computer's copy.
 */
/** The CT-e/CT-e OS detail: the API's document, typed by the same schema the API client parses it with. */
export const cteRecordSchema = documentRecordSchema.extend({
  document: dfeSchema,
  events: z.array(docEventSchema),
  offline: z.boolean().optional(),
});

/** cte:cancel answers with the updated document and its events: the screen needs no sync after it. */
export const cteCancelOutputSchema = cancelOutputSchema.extend({ detail: cteRecordSchema });
/** cte:correct likewise. */
export const cteCorrectOutputSchema = correctOutputSchema.extend({ detail: cteRecordSchema });
