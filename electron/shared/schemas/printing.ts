// Printing of cached documents (DACTE, DACTE OS, DACE and event printouts): preview, print, PDF
// and batches. Everything reads the offline cache only.
import { z } from 'zod';

import { producedFileSchema } from './documents';

const docId = z.number().int().positive();
const printerName = z.string().trim().min(1).max(200);

export const printPreviewInputSchema = z
  .object({
    id: docId,
    /** 0 (default) for the document itself, or an event id from documents:get. */
    eventId: z.number().int().min(0).default(0),
  })
  .strict();

export const printPreviewSchema = z.object({
  html: z.string(),
  kind: z.string(),
  pages: z.number().int(),
  fileName: z.string(),
});

export const printInputSchema = z
  .object({
    id: docId,
    eventId: z.number().int().min(0).default(0),
    /** A printer name prints directly to it; absent opens the system print dialog. */
    printer: printerName.optional(),
    /** Keep the printer for the next time (Configurações). */
    remember: z.boolean().default(false),
  })
  .strict();

/** What a print asked of the host: printed, sent to the browser (web host), or cancelled in the dialog. */
export const printResultSchema = z.object({
  mode: z.enum(['printed', 'browser', 'cancelled']),
  /** Web host: the PDF to open in the browser, where the user prints it. */
  file: z.object({ fileName: z.string(), base64: z.string() }).nullable(),
});

export const printPdfInputSchema = z
  .object({ id: docId, eventId: z.number().int().min(0).default(0) })
  .strict();

export const printBatchInputSchema = z
  .object({
    ids: z
      .array(docId)
      .min(1, 'Selecione ao menos um documento.')
      .max(500, 'Selecione no máximo 500 documentos por vez.'),
    action: z.enum(['print', 'pdf']),
    printer: printerName.optional(),
    /** Chosen by the renderer so it can match the progress events to its dialog. */
    jobId: z.string().trim().min(1).max(64),
  })
  .strict();

export const printFailureSchema = z.object({ id: z.number().int(), label: z.string(), message: z.string() });

export const printBatchResultSchema = z.object({
  jobId: z.string(),
  total: z.number().int(),
  done: z.number().int(),
  failures: z.array(printFailureSchema),
  /** pdf: one ZIP with a PDF per document (saved by the host or for a browser download). */
  file: producedFileSchema.nullable(),
  mode: z.enum(['printed', 'browser', 'saved']),
});
export type PrintBatchResult = z.infer<typeof printBatchResultSchema>;

export const printProgressSchema = z.object({
  jobId: z.string(),
  done: z.number().int(),
  total: z.number().int(),
  failed: z.number().int(),
  current: z.string().nullable(),
  phase: z.enum(['running', 'done']),
});
export type PrintProgress = z.infer<typeof printProgressSchema>;

export const printerInfoSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  isDefault: z.boolean(),
});
export type PrinterInfo = z.infer<typeof printerInfoSchema>;

export const printersSchema = z.object({
  /** False in the web host: printing opens the PDF in the browser. */
  canPrint: z.boolean(),
  printers: z.array(printerInfoSchema),
  remembered: z.string().nullable(),
});
