// The sends a restored backup held for the clerk's review ("pendentes de revisão"): listed, and
// resolved one by one — always looked up by `referencia` first, so a document the API already has
// is recognised and never sent again.
import { z } from 'zod';

import { environmentSchema } from './app';

export const heldSendSchema = z.object({
  id: z.number().int(),
  referencia: z.string(),
  /** The request variant when there is one (cte-simp), else the model. */
  kind: z.string(),
  company: z.string(),
  environment: environmentSchema,
  serie: z.number().nullable(),
  numero: z.number().nullable(),
  /** The state it had in the backup. */
  state: z.string(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** When the restore held it (ISO instant). */
  heldAt: z.string(),
});
export type HeldSend = z.infer<typeof heldSendSchema>;

export const heldListSchema = z.object({ items: z.array(heldSendSchema) });

export const heldReviewActionSchema = z.enum(['conferir', 'enviar', 'descartar']);

export const heldReviewInputSchema = z
  .object({ id: z.number().int().positive(), action: heldReviewActionSchema })
  .strict();

export const heldReviewResultSchema = z.object({
  outcome: z.enum(['encontrado', 'nao_encontrado', 'enviado', 'descartado']),
  status: z.string().nullable(),
  message: z.string(),
});
