// The NF-e inbox between the renderer and the main side: filters, notes, manifestation, files.
import { z } from 'zod';

import { ACCESS_KEY_PATTERN } from '../../fiscal/access-key';
import { JUSTIFICATIVA_MAX, JUSTIFICATIVA_MIN, justificativaFits } from '../../fiscal/events';
import { cpfCnpjSchema } from './company';

// An NF-e issued by a company with an alphanumeric CNPJ carries letters in its key: the form accepts
// such keys (isValidAccessKey), so the inbox commands must too.
const chaveSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(ACCESS_KEY_PATTERN, 'A chave de acesso tem 44 caracteres (só o CNPJ do emitente pode ter letras).');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data no formato aaaa-mm-dd.');

export const inboxTabSchema = z.enum(['transportador', 'destinatario']);
export type InboxTab = z.infer<typeof inboxTabSchema>;
export const noteStateSchema = z.enum(['resumo', 'ciencia', 'aguardando', 'completa']);
export type NoteState = z.infer<typeof noteStateSchema>;
export const manifestationFilterSchema = z.enum([
  'sem',
  'ciencia',
  'confirmada',
  'desconhecida',
  'nao_realizada',
]);
export const tipoManifestacaoSchema = z.enum(['210210', '210200', '210220', '210240']);
export type TipoManifestacao = z.infer<typeof tipoManifestacaoSchema>;

export const TIPO_MANIFESTACAO_LABEL: Record<string, string> = {
  '210210': 'Ciência da operação',
  '210200': 'Confirmação da operação',
  '210220': 'Desconhecimento da operação',
  '210240': 'Operação não realizada',
  '110110': 'Carta de correção',
  '110111': 'Cancelamento',
};

export const inboxCompanySchema = z.object({ company: cpfCnpjSchema }).strict();

export const inboxListInputSchema = z
  .object({
    company: cpfCnpjSchema,
    tab: inboxTabSchema,
    de: isoDate.optional(),
    ate: isoDate.optional(),
    emitente: z.string().trim().max(60).optional(),
    valorMin: z.number().min(0).optional(),
    valorMax: z.number().min(0).optional(),
    manifestacao: manifestationFilterSchema.optional(),
    tipoDocumento: z.enum(['nota', 'evento']).default('nota'),
    forma: z.enum(['resumida', 'completa']).optional(),
    chave: z.string().trim().max(44).optional(),
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(200).default(50),
  })
  .strict();
export type InboxListInput = z.input<typeof inboxListInputSchema>;

export const inboxNoteSchema = z.object({
  chave: z.string(),
  numero: z.number().nullable(),
  serie: z.number().nullable(),
  emitenteDoc: z.string().nullable(),
  emitenteNome: z.string().nullable(),
  dataEmissao: z.string().nullable(),
  dataAutorizacao: z.string().nullable(),
  /** Reais. */
  valor: z.number().nullable(),
  cancelada: z.boolean(),
  estado: noteStateSchema,
  manifestacao: z.string().nullable(),
  comoDestinatario: z.boolean(),
  comoTransportador: z.boolean(),
  /** Days left to register a conclusive manifestation; null when not applicable. */
  diasRestantes: z.number().nullable(),
  podeManifestar: z.boolean(),
});
export type InboxNote = z.infer<typeof inboxNoteSchema>;

export const inboxEventSchema = z.object({
  chave: z.string(),
  tipoEvento: z.string(),
  descricao: z.string(),
  sequencia: z.number(),
  dataEvento: z.string().nullable(),
  emitenteNome: z.string().nullable(),
});
export type InboxEvent = z.infer<typeof inboxEventSchema>;

export const inboxListSchema = z.object({
  notes: z.array(inboxNoteSchema),
  events: z.array(inboxEventSchema),
  total: z.number(),
});
export type InboxList = z.infer<typeof inboxListSchema>;

export const inboxCountsSchema = z.object({
  company: z.string(),
  novas: z.number(),
  prazoCurto: z.number(),
});
export type InboxCounts = z.infer<typeof inboxCountsSchema>;

export const inboxStatusSchema = z.object({
  ultimoNsu: z.number(),
  maxNsu: z.number().nullable(),
  ultimaConsulta: z.string().nullable(),
  proximaConsulta: z.string().nullable(),
  bloqueado656: z.boolean(),
  codigoStatus: z.number().nullable(),
  motivoStatus: z.string().nullable(),
  erro: z.string().nullable(),
  /** The service distributes by itself (distnfe config); null when the config could not be read. */
  automatica: z.boolean().nullable(),
  counts: inboxCountsSchema,
});
export type InboxStatus = z.infer<typeof inboxStatusSchema>;

export const inboxDistributeInputSchema = z
  .object({
    company: cpfCnpjSchema,
    /** Only from the "Avançado" action, after the user confirmed the risk of rejection 656. */
    ignorarTempoEspera: z.boolean().default(false),
  })
  .strict();

export const inboxDistributeResultSchema = z.object({
  documentos: z.number(),
  consultas: z.number(),
  codigoStatus: z.number().nullable(),
  motivoStatus: z.string().nullable(),
  proximaConsulta: z.string().nullable(),
  automatica: z.boolean(),
});
export type InboxDistributeResult = z.infer<typeof inboxDistributeResultSchema>;

export const inboxKeyInputSchema = z.object({ company: cpfCnpjSchema, chave: chaveSchema }).strict();

export const inboxNoteDetailSchema = z.object({
  note: inboxNoteSchema,
  events: z.array(inboxEventSchema),
});

export const inboxManifestInputSchema = z
  .object({
    company: cpfCnpjSchema,
    chaves: z.array(chaveSchema).min(1, 'Selecione ao menos uma nota.').max(200),
    tipoEvento: tipoManifestacaoSchema,
    justificativa: z.string().trim().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const j = value.justificativa ?? '';
    if (value.tipoEvento === '210240' && !justificativaFits(j)) {
      ctx.addIssue({
        code: 'custom',
        path: ['justificativa'],
        message: `Para "Operação não realizada" informe a justificativa, de ${JUSTIFICATIVA_MIN} a ${JUSTIFICATIVA_MAX} caracteres.`,
      });
    }
  });
export type InboxManifestInput = z.input<typeof inboxManifestInputSchema>;

export const inboxManifestResultSchema = z.object({
  results: z.array(
    z.object({
      chave: z.string(),
      ok: z.boolean(),
      /** 573: the same event was already registered; treated as done. */
      jaRegistrada: z.boolean(),
      codigoStatus: z.number().nullable(),
      message: z.string(),
    }),
  ),
  counts: inboxCountsSchema,
});
export type InboxManifestResult = z.infer<typeof inboxManifestResultSchema>;

export const inboxManifestationsInputSchema = z
  .object({
    company: cpfCnpjSchema,
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(200).default(50),
  })
  .strict();

export const inboxManifestationsSchema = z.object({
  manifestations: z.array(
    z.object({
      id: z.number(),
      chave: z.string(),
      emitenteNome: z.string().nullable(),
      tipoEvento: z.string(),
      descricao: z.string(),
      justificativa: z.string().nullable(),
      status: z.string(),
      protocolo: z.string().nullable(),
      erro: z.string().nullable(),
      criadaEm: z.string(),
    }),
  ),
  total: z.number(),
});

export const inboxPendingInputSchema = z
  .object({
    company: cpfCnpjSchema,
    conclusiva: z.boolean().default(false),
    top: z.number().int().min(1).max(100).default(50),
    skip: z.number().int().min(0).default(0),
  })
  .strict();

export const inboxPendingSchema = z.object({
  notes: z.array(
    z.object({
      chave: z.string().nullable(),
      emitenteNome: z.string().nullable(),
      emitenteDoc: z.string().nullable(),
      dataEmissao: z.string().nullable(),
      valor: z.number().nullable(),
    }),
  ),
  total: z.number().nullable(),
});

export const inboxFileInputSchema = z
  .object({ company: cpfCnpjSchema, chave: chaveSchema, kind: z.enum(['xml', 'pdf']) })
  .strict();

export const inboxFileSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  base64: z.string(),
});

export const inboxSaveResultSchema = z.object({
  fileName: z.string(),
  savedTo: z.string().nullable(),
  base64: z.string().nullable(),
  size: z.number(),
  cancelled: z.boolean(),
});

export const inboxNfeXmlInputSchema = z
  .object({ company: cpfCnpjSchema, chaves: z.array(chaveSchema).min(1).max(100) })
  .strict();

export const inboxNfeXmlSchema = z.object({
  notes: z.array(z.object({ chave: z.string(), xml: z.string() })),
});
