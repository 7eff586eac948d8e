// The offline document cache as the renderer sees it: browse filters, rows, detail, files, sync,
// accounting export, dashboard and backups. One schema per command input and output.
import { z } from 'zod';

import { environmentSchema } from './app';
import { averbacaoBadgeSchema } from './averbacao';
import { cpfCnpjSchema } from './company';

export const docKindSchema = z.enum(['cte', 'cteos', 'dce']);
export type DocKind = z.infer<typeof docKindSchema>;
/** What the Documentos list browses: the CT-e/DC-e documents and the MDF-e (their own table). */
export const browseKindSchema = z.enum(['cte', 'cteos', 'dce', 'mdfe']);
export type BrowseKind = z.infer<typeof browseKindSchema>;

export const docStatusSchema = z.enum([
  'pendente',
  'autorizado',
  'rejeitado',
  'denegado',
  'encerrado',
  'cancelado',
  'erro',
]);
export type DocStatus = z.infer<typeof docStatusSchema>;

export const docFileKindSchema = z.enum(['xml', 'xml_enviado', 'xml_protocolo', 'pdf']);
export type DocFileKind = z.infer<typeof docFileKindSchema>;

const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Informe a data no formato aaaa-mm-dd.');

const money = z.number().finite().min(0, 'O valor não pode ser negativo.').max(1e12);
const docNumber = z.number().int().min(0).max(999_999_999);

export const partyRoleSchema = z.enum(['any', 'tomador', 'remetente', 'destinatario']);

export const documentFilterSchema = z
  .object({
    company: cpfCnpjSchema,
    /** Defaults to the environment the app is working in. */
    environment: environmentSchema.optional(),
    kinds: z.array(browseKindSchema).max(4).optional(),
    statuses: z.array(docStatusSchema).max(7).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    /** A name (or part of one) or a CNPJ/CPF, of the given role. */
    party: z
      .object({ role: partyRoleSchema.default('any'), value: z.string().trim().min(1).max(120) })
      .strict()
      .optional(),
    ufInicio: z.string().trim().toUpperCase().length(2, 'UF com 2 letras.').optional(),
    ufFim: z.string().trim().toUpperCase().length(2, 'UF com 2 letras.').optional(),
    serie: docNumber.optional(),
    numeroFrom: docNumber.optional(),
    numeroTo: docNumber.optional(),
    valorMin: money.optional(),
    valorMax: money.optional(),
    /** Free text: chave, número, referência, names and CNPJs of the parties. */
    text: z.string().trim().max(200).optional(),
    missingRemote: z.boolean().optional(),
    /** "não averbados": documents the averbação queue still has to register (not averbado). */
    averbacao: z.enum(['nao_averbados']).optional(),
  })
  .strict();
export type DocumentFilter = z.output<typeof documentFilterSchema>;

export const documentSortFieldSchema = z.enum([
  'dataEmissao',
  'numero',
  'valorPrestacao',
  'tomadorNome',
  'status',
]);
export type DocumentSortField = z.infer<typeof documentSortFieldSchema>;

export const documentSearchInputSchema = z
  .object({
    filter: documentFilterSchema,
    sort: z
      .object({ field: documentSortFieldSchema, dir: z.enum(['asc', 'desc']) })
      .strict()
      .default({ field: 'dataEmissao', dir: 'desc' }),
    offset: z.number().int().min(0).max(10_000_000).default(0),
    limit: z.number().int().min(1).max(500).default(50),
  })
  .strict();
export type DocumentSearchInput = z.output<typeof documentSearchInputSchema>;

export const documentRowSchema = z.object({
  id: z.number().int(),
  apiId: z.string(),
  environment: environmentSchema,
  company: z.string(),
  kind: docKindSchema,
  modelo: z.number().nullable(),
  serie: z.number().nullable(),
  numero: z.number().nullable(),
  chave: z.string().nullable(),
  referencia: z.string().nullable(),
  status: z.string(),
  dataEmissao: z.string().nullable(),
  tomadorNome: z.string().nullable(),
  tomadorDoc: z.string().nullable(),
  remetenteNome: z.string().nullable(),
  remetenteDoc: z.string().nullable(),
  destinatarioNome: z.string().nullable(),
  destinatarioDoc: z.string().nullable(),
  ufInicio: z.string().nullable(),
  municipioInicio: z.string().nullable(),
  ufFim: z.string().nullable(),
  municipioFim: z.string().nullable(),
  /** In reais. */
  valorPrestacao: z.number().nullable(),
  valorIcms: z.number().nullable(),
  hasXml: z.boolean(),
  /** The API no longer lists this document; the local copy is kept. */
  missingRemote: z.boolean(),
  syncedAt: z.string(),
});
export type DocumentRow = z.infer<typeof documentRowSchema>;

/**
 * A row of the Documentos list: a document, or an MDF-e (kind 'mdfe', id of the MDF-e cache; it
 * opens the MDF-e screen). An MDF-e carries no freight: its value is null, never summed.
 */
export const browseRowSchema = documentRowSchema.extend({
  kind: browseKindSchema,
  /** MDF-e: the tractor's plate. */
  placa: z.string().nullable().optional(),
  /** The averbação of the document (not of its cancellation); null when it is not in the queue. */
  averbacao: averbacaoBadgeSchema.nullable().optional(),
});
export type BrowseRow = z.infer<typeof browseRowSchema>;

/**
 * Totals of a set of documents. Freight (`valorPrestacao`, `valorIcms`) counts only authorized
 * CT-e and CT-e OS; a DC-e carries no freight, only the declared value of the goods
 * (`valorDeclarado`, authorized DC-e only).
 */
export const documentTotalsSchema = z.object({
  count: z.number().int(),
  valorPrestacao: z.number(),
  valorIcms: z.number(),
  valorDeclarado: z.number(),
});
export type DocumentTotals = z.infer<typeof documentTotalsSchema>;

export const documentSearchResultSchema = z.object({
  rows: z.array(browseRowSchema),
  totals: documentTotalsSchema,
  offset: z.number().int(),
  limit: z.number().int(),
});

export const documentIdSchema = z.object({ id: z.number().int().positive() }).strict();

export const documentEventSchema = z.object({
  id: z.number().int(),
  apiId: z.string().nullable(),
  type: z.enum(['cancelamento', 'carta_correcao', 'outro']),
  sequence: z.number().int(),
  status: z.string().nullable(),
  protocolo: z.string().nullable(),
  dataEvento: z.string().nullable(),
  files: z.array(docFileKindSchema),
});

export const documentFileInfoSchema = z.object({
  kind: docFileKindSchema,
  eventId: z.number().int(),
  size: z.number().int(),
  contentType: z.string(),
});

export const documentDetailSchema = z.object({
  document: documentRowSchema,
  /**
   * The processed XML parsed for display (the documents/ view model: its other groups cross as they
   * are), null before it is fetched. The screen reads the authorization protocol from it.
   */
  view: z
    .looseObject({
      protocol: z
        .object({ nProt: z.string(), dhRecbto: z.string(), cStat: z.string(), xMotivo: z.string() })
        .optional(),
    })
    .nullable(),
  events: z.array(documentEventSchema),
  files: z.array(documentFileInfoSchema),
});

export const documentFileInputSchema = z
  .object({
    id: z.number().int().positive(),
    kind: docFileKindSchema,
    /** 0 (default) for the document itself, or an event id from documents:get. */
    eventId: z.number().int().min(0).default(0),
  })
  .strict();

export const documentFileSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  base64: z.string(),
});

export const documentSyncInputSchema = z
  .object({
    company: cpfCnpjSchema.optional(),
    kinds: z.array(docKindSchema).max(3).optional(),
    /** Walk the whole list (finds cancellations of old documents and documents gone from the API). */
    full: z.boolean().default(false),
  })
  .strict();

export const syncRunSummarySchema = z.object({
  company: z.string(),
  kind: docKindSchema,
  environment: environmentSchema,
  listed: z.number().int(),
  added: z.number().int(),
  changed: z.number().int(),
  files: z.number().int(),
  missing: z.number().int(),
  error: z.string().nullable(),
});
export type SyncRunSummary = z.infer<typeof syncRunSummarySchema>;

export const documentSyncResultSchema = z.object({ runs: z.array(syncRunSummarySchema) });

export const syncProgressSchema = z.object({
  company: z.string(),
  kind: docKindSchema,
  environment: environmentSchema,
  phase: z.enum(['listing', 'files', 'refreshing', 'done', 'offline', 'error']),
  done: z.number().int(),
  total: z.number().int().optional(),
  message: z.string().optional(),
});
export type SyncProgress = z.infer<typeof syncProgressSchema>;

export const documentExportInputSchema = z
  .object({
    company: cpfCnpjSchema,
    environment: environmentSchema.optional(),
    from: isoDay,
    to: isoDay,
  })
  .strict()
  .refine((value) => value.from <= value.to, {
    message: 'A data inicial vem depois da final.',
    path: ['to'],
  });

/** Where a produced file went: saved by the host (Electron) or handed back for a browser download. */
export const producedFileSchema = z.object({
  fileName: z.string(),
  savedTo: z.string().nullable(),
  base64: z.string().nullable(),
  size: z.number().int(),
  cancelled: z.boolean(),
});

export const documentExportResultSchema = producedFileSchema.extend({
  documents: z.number().int(),
  events: z.number().int(),
  /** Files the package should hold but could not (not cached and not fetched), and why. */
  missing: z.array(
    z.object({
      documento: z.string(),
      chave: z.string().nullable(),
      arquivo: z.string(),
      motivo: z.string(),
    }),
  ),
});

export const dashboardInputSchema = z
  .object({
    company: cpfCnpjSchema,
    environment: environmentSchema.optional(),
    month: z
      .string()
      .regex(/^\d{4}-\d{2}$/, 'Informe o mês como aaaa-mm.')
      .optional(),
  })
  .strict();

export const dashboardSchema = z.object({
  month: z.string(),
  byStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
  count: z.number().int(),
  valorPrestacao: z.number(),
  valorIcms: z.number(),
  valorDeclarado: z.number(),
  topTomadores: z.array(
    z.object({
      doc: z.string().nullable(),
      nome: z.string().nullable(),
      count: z.number().int(),
      valorPrestacao: z.number(),
    }),
  ),
  lastSync: z.string().nullable(),
  /** The month's MDF-e (issued in it) and those open now; never part of the freight totals. */
  mdfe: z.object({ count: z.number().int(), abertos: z.number().int() }).default({ count: 0, abertos: 0 }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The largest backup file accepted (compressed); larger ones are refused before reading them. */
export const MAX_BACKUP_FILE_BYTES = 256 * 1024 * 1024;
/** The largest database a backup may inflate to: years of a small carrier's XML fit well below. */
export const MAX_BACKUP_DATABASE_BYTES = 1024 * 1024 * 1024;
const MAX_BACKUP_BASE64 = Math.ceil((MAX_BACKUP_FILE_BYTES * 4) / 3) + 8;

export const backupCreateResultSchema = producedFileSchema.extend({ createdAt: z.string() });

export const backupManifestSchema = z.object({
  format: z.literal('carreta-backup'),
  formatVersion: z.literal(1),
  appVersion: z.string(),
  schemaVersion: z.number().int(),
  createdAt: z.string(),
  databaseSha256: z.string(),
  databaseSize: z.number().int().min(0),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

/**
 * The settings a backup could change on this computer, each a proposal the user ticks on its own
 * (none ticked by default). Secrets are never among them: a backup holds none.
 */
export const settingChangeKeySchema = z.enum([
  'environment',
  'hosts.sandbox',
  'hosts.producao',
  'scopes',
  'selectedCompany',
  'printer',
  'series',
  'companyDefaults',
  'cteosRodo',
  'smtp',
  'smtp.from',
  'smtp.replyTo',
  'smtp.cc',
  'smtp.bcc',
  'smtp.message',
  'averbacao',
]);
export type SettingChangeKey = z.infer<typeof settingChangeKeySchema>;

export const settingChangeSchema = z.object({
  key: settingChangeKeySchema,
  label: z.string(),
  /** As this machine has it now (null: not configured). */
  current: z.string().nullable(),
  /** As the backup has it. */
  backup: z.string().nullable(),
});
export type SettingChange = z.infer<typeof settingChangeSchema>;

/** What a restore from a kept copy names: a file of the kept folder, nothing else. */
const keptNameSchema = z
  .string()
  .max(80)
  .regex(/^carreta-antes-da-restauracao-[0-9_-]+\.db$/, 'Banco guardado inválido.');

export const backupRestoreInputSchema = z
  .object({
    /** The backup's bytes, for small files (tests); the browser host streams files to `upload`. */
    base64: z
      .string()
      .max(MAX_BACKUP_BASE64, 'O arquivo de backup é grande demais (máximo 256 MB).')
      .optional(),
    /** A file the browser host received through its streamed upload route (web host only). */
    upload: z
      .string()
      .regex(/^[0-9a-f-]{36}$/, 'Envio inválido.')
      .optional(),
    /** A database kept by an earlier restore: going back to it. */
    kept: keptNameSchema.optional(),
    /** A token from an earlier call that validated the file and asked for confirmation. */
    token: z.string().max(100).optional(),
    confirm: z.boolean().default(false),
    /** The setting changes the user ticked; every other setting stays this machine's. */
    acceptSettingChanges: z
      .array(settingChangeKeySchema)
      .max(settingChangeKeySchema.options.length)
      .default([]),
  })
  .strict();

export const backupRestoreResultSchema = z.object({
  state: z.enum(['needs_confirm', 'restored', 'cancelled']),
  token: z.string().nullable(),
  manifest: backupManifestSchema.nullable(),
  /** Where the replaced database was kept (restored). */
  previousKeptAt: z.string().nullable(),
  /** The folder of the databases kept by restores, to say where they are. */
  keptDir: z.string().default(''),
  /** Settings the backup would change (needs_confirm), or that were taken (restored). */
  settingChanges: z.array(settingChangeSchema).default([]),
  /** Sends that were open in the backup: they wait for the clerk's review, never sent by themselves. */
  held: z.number().int().min(0).default(0),
});

export const keptCopySchema = z.object({ name: z.string(), keptAt: z.string(), size: z.number().int() });

export const backupStatusSchema = z.object({
  lastBackupAt: z.string().nullable(),
  reminderDue: z.boolean(),
  /** The cache could not be opened; only restoring a backup (or starting over) helps. */
  degraded: z.boolean(),
  cacheError: z.string().nullable(),
  /** The databases replaced by restores, newest first, and their folder. */
  kept: z.array(keptCopySchema).default([]),
  keptDir: z.string().default(''),
  /** Sends from a restored backup waiting for the clerk's review. */
  held: z.number().int().min(0).default(0),
});
