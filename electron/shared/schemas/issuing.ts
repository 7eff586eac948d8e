// Inputs and outputs of the issuing commands (cte:*, numbering:*, outbox:*, drafts:*, addressBook:*).
import { z } from 'zod';

import {
  CORRECTION_LIMITS,
  JUSTIFICATIVA_MAX,
  JUSTIFICATIVA_MIN,
  MAX_CORRECTIONS_PER_LETTER,
} from '../../fiscal/events';
import { cteFormSchema } from './cte-form';
import { cteSimpFormSchema } from './cte-simp-form';
import { cteOsFormSchema } from './cteos-form';
import { dfeCartaCorrecaoSchema, dfeEventoSchema, dfeSchema } from './dfe';
import { ALWAYS, xmlText } from './xml-text';
import { LENGTHS } from '../../fiscal/lengths';

const company = z.string().trim().min(11, { message: 'informe a empresa' }).max(14);
const serie = z
  .number()
  .int()
  .min(0, { message: 'série de 0 a 999' })
  .max(999, { message: 'série de 0 a 999' });
const numero = z.number().int().min(1, { message: 'número a partir de 1' }).max(999_999_999);
/** Numbering families: cte-simp numbers with cte (model 57). */
export const numberingKindSchema = z.enum(['cte', 'cteos', 'dce', 'mdfe']);
export const docApiKindSchema = z.enum(['cte', 'cteos']);

export const cteIssueInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('cte'),
    company,
    serie: serie.optional(),
    numero: numero.optional(),
    form: cteFormSchema,
  }),
  z.object({
    kind: z.literal('cteos'),
    company,
    serie: serie.optional(),
    numero: numero.optional(),
    form: cteOsFormSchema,
  }),
  z.object({
    kind: z.literal('cte-simp'),
    company,
    serie: serie.optional(),
    numero: numero.optional(),
    form: cteSimpFormSchema,
  }),
]);
export type CteIssueInput = z.infer<typeof cteIssueInputSchema>;

/** A request body as the payload builders make it (previews and the debug view show it as is). */
const jsonObject = z.record(z.string(), z.unknown());

/** The document is the API's answer, typed by the schema the API client parses it with. */
export const issueOutcomeSchema = z.object({
  outboxId: z.number(),
  referencia: z.string(),
  kind: z.string(),
  serie: z.number(),
  numero: z.number(),
  status: z.string(),
  document: dfeSchema.nullable(),
  cacheId: z.number().nullable(),
  rejection: z
    .object({
      /** The SEFAZ cStat; null when the fiscal API itself refused the request (a 400). */
      codigo: z.number().nullable(),
      /** In the clerk's words: what is wrong and what to do. */
      motivo: z.string().nullable(),
      /** The form paths named (highlighted on the form). */
      fields: z.array(z.string()),
      /** Each problem in words with the form field it names (null: not on this form, e.g. the emitente). */
      problems: z.array(z.object({ field: z.string().nullable(), message: z.string() })).default([]),
      /** The API's or the SEFAZ's own text, shown beside the words. */
      detail: z.string().nullable().default(null),
    })
    .nullable(),
  warnings: z.array(z.string()),
});

export const ctePreviewSchema = z.object({ payload: jsonObject, html: z.string() });

export const docRefSchema = z.object({ kind: docApiKindSchema, id: z.string().min(1).max(100) });
export const documentRecordSchema = z.object({ document: dfeSchema, cacheId: z.number().nullable() });

/** xJust of a cancellation: the length rule of electron/fiscal/events.ts. */
export const justificativaSchema = z
  .string({ message: 'informe a justificativa' })
  .trim()
  .min(JUSTIFICATIVA_MIN, { message: `a justificativa precisa de ao menos ${JUSTIFICATIVA_MIN} caracteres` })
  .max(JUSTIFICATIVA_MAX, { message: `a justificativa pode ter no máximo ${JUSTIFICATIVA_MAX} caracteres` })
  .superRefine(xmlText, ALWAYS);

export const cancelInputSchema = docRefSchema.extend({ justificativa: justificativaSchema });
export const cancelOutputSchema = z.object({ event: dfeEventoSchema, hoursLeft: z.number().nullable() });
/** The MDF-e (authorized, open or closed) that carries a CT-e: while it stands the CT-e cannot be cancelled. */
export const cteOnMdfeSchema = z.object({
  id: z.number().int(),
  company: z.string(),
  serie: z.number().int().nullable(),
  numero: z.number().int().nullable(),
  encerrado: z.boolean(),
  /** The MDF-e itself can still be cancelled (authorized, not closed, within 24 h). */
  cancelavel: z.boolean(),
});
export type CteOnMdfe = z.infer<typeof cteOnMdfeSchema>;

export const cancelWindowSchema = z.object({
  cancellable: z.boolean(),
  hoursLeft: z.number().nullable(),
  reason: z.string().nullable(),
  /** A CT-e on an MDF-e not cancelled: the authority refuses its cancellation (528) until the MDF-e is cancelled. */
  mdfe: cteOnMdfeSchema.nullable().optional(),
});

export const correctionSchema = z
  .object({
    grupo_alterado: z.string().trim().min(1, { message: 'informe o grupo' }).max(CORRECTION_LIMITS.grupo),
    campo_alterado: z.string().trim().min(1, { message: 'informe o campo' }).max(CORRECTION_LIMITS.campo),
    valor_alterado: z
      .string()
      .trim()
      .min(1, { message: 'informe o novo valor' })
      .max(CORRECTION_LIMITS.valor),
    numero_item_alterado: z.number().int().min(1).max(CORRECTION_LIMITS.itemMax).optional(),
  })
  .superRefine(xmlText, ALWAYS);
export const correctInputSchema = docRefSchema.extend({
  correcoes: z
    .array(correctionSchema)
    .min(1, { message: 'informe ao menos uma correção' })
    .max(MAX_CORRECTIONS_PER_LETTER),
});
export const correctOutputSchema = z.object({
  event: dfeCartaCorrecaoSchema,
  history: z.array(dfeCartaCorrecaoSchema),
});

export const cteFileKindSchema = z.enum([
  'xml',
  'xml_enviado',
  'xml_protocolo',
  'pdf',
  'cancelamento_xml',
  'carta_correcao_xml',
  'carta_correcao_pdf',
]);
export const cteFileInputSchema = docRefSchema.extend({ file: cteFileKindSchema });
export const cteFileOutputSchema = z.object({
  name: z.string(),
  contentType: z.string(),
  base64: z.string(),
});

export const cteDebugOutputSchema = z.object({
  payload: z.unknown().nullable(),
  outbox: jsonObject.nullable(),
  api: z.unknown().nullable(),
});

export const numberingScopeInputSchema = z.object({
  company,
  kind: numberingKindSchema,
  serie: serie.optional(),
});
export const numberingSetInputSchema = numberingScopeInputSchema.extend({ next: numero });
export const numberingStateSchema = z.object({
  next: z.number(),
  released: z.array(z.number()),
  highestSpent: z.number().nullable(),
  warnings: z.array(z.string()),
});

export const outboxListInputSchema = z.object({
  company: company.optional(),
  openOnly: z.boolean().default(false),
});
export const outboxListSchema = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      referencia: z.string(),
      kind: z.string(),
      company: z.string(),
      serie: z.number().nullable(),
      numero: z.number().nullable(),
      state: z.string(),
      attempts: z.number(),
      lastError: z.string().nullable(),
      apiId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});

/** One NF-e XML file: even a note with hundreds of items stays well under this. */
export const MAX_NFE_XML_BYTES = 5 * 1024 * 1024;
/** All the files of one import together. */
export const MAX_NFE_IMPORT_BYTES = 20 * 1024 * 1024;
const base64Length = (bytes: number) => Math.ceil((bytes * 4) / 3) + 8;

export const prefillInputSchema = z.object({
  files: z
    .array(
      z.object({
        name: z.string().max(LENGTHS.fileName),
        base64: z
          .string()
          .max(base64Length(MAX_NFE_XML_BYTES), 'Arquivo XML grande demais (máximo 5 MB por arquivo).'),
      }),
    )
    .min(1)
    .max(50)
    .refine(
      (files) =>
        files.reduce((sum, file) => sum + file.base64.length, 0) <= base64Length(MAX_NFE_IMPORT_BYTES),
      'Arquivos XML grandes demais juntos (máximo 20 MB por importação).',
    ),
  company: company.optional(),
});
/** cte:nfeInUse — which NF-e keys of the form are already on a CT-e of the company. */
export const nfeInUseInputSchema = z.object({
  company,
  chaves: z.array(z.string().regex(/^[0-9]{6}[A-Z0-9]{12}[0-9]{26}$/, 'chave de acesso inválida')).max(200),
});
export const nfeInUseOutputSchema = z.object({
  usos: z.array(
    z.object({
      chave: z.string(),
      documento: z.string(),
      situacao: z.enum(['autorizado', 'em envio']),
    }),
  ),
});
const optStr = z.string().optional();
/** A party of an NF-e in the issuing forms' party shape (a buyer abroad has the zero CNPJ, UF EX). */
export const prefillPartySchema = z.object({
  cpfCnpj: z.string(),
  ie: optStr,
  xNome: z.string(),
  xFant: optStr,
  fone: optStr,
  email: optStr,
  endereco: z.object({
    xLgr: z.string(),
    nro: z.string(),
    xCpl: optStr,
    xBairro: z.string(),
    cMun: z.string(),
    xMun: z.string(),
    uf: z.string(),
    cep: optStr,
    xPais: optStr,
  }),
});
export type PrefillParty = z.infer<typeof prefillPartySchema>;

export const prefillOutputSchema = z.object({
  remetente: prefillPartySchema.nullable(),
  destinatario: prefillPartySchema.nullable(),
  carga: z.object({
    vCarga: z.number(),
    pesoBruto: z.number(),
    pesoLiquido: z.number(),
    volumes: z.number(),
  }),
  chaves: z.array(z.string()),
  /** NF-e transp/modFrete of the notes (X02); null when absent. */
  modFrete: z.enum(['0', '1', '2', '3', '4', '9']).nullable().default(null),
  /** The CT-e tomador (toma3) the freight mode names: 0 remetente, 3 destinatário; null: ask. */
  toma: z
    .union([z.literal(0), z.literal(3)])
    .nullable()
    .default(null),
  /** The newest authorized CT-e between the same remetente and destinatário, to repeat. */
  repeat: z
    .object({
      numero: z.number().nullable(),
      serie: z.number().nullable(),
      dataEmissao: z.string().nullable(),
      cfop: z.string(),
      natOp: z.string(),
      componentes: z.array(z.object({ xNome: z.string(), vComp: z.number() })),
      vTPrest: z.number(),
      vRec: z.number(),
      proPred: z.string(),
      xObs: z.string(),
      icms: z
        .object({ situacao: z.string(), pICMS: z.number().optional(), pRedBC: z.number().optional() })
        .nullable(),
    })
    .nullable()
    .default(null),
  problems: z.array(z.object({ name: z.string(), message: z.string() })),
  warnings: z.array(z.string()),
});

const draftKind = z.enum(['cte', 'cteos', 'cte-simp', 'dce', 'mdfe']);
export const draftSaveInputSchema = z.object({
  id: z.number().int().optional(),
  kind: draftKind,
  company,
  title: z.string().max(120).optional(),
  data: z.unknown(),
});
export const draftSchema = z.object({
  id: z.number(),
  kind: z.string(),
  company: z.string(),
  title: z.string().nullable(),
  data: z.unknown(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** A copy of an issued document: its draft, what it copies and the NF-e keys left out of it. */
export const draftCopySchema = draftSchema.extend({
  copia: z.object({ de: z.string(), nfeRemovidas: z.array(z.string()) }),
});
export const draftIdSchema = z.object({ id: z.number().int() });
export const draftListInputSchema = z.object({ company, kind: draftKind.optional() });
export const draftListSchema = z.object({ drafts: z.array(draftSchema) });
export const draftDuplicateInputSchema = z.object({
  company,
  kind: docApiKindSchema,
  id: z.string().min(1).max(100),
});

export const addressSearchInputSchema = z.object({
  company,
  text: z.string().max(60).default(''),
  limit: z.number().int().min(1).max(50).default(10),
});
const text = z.string().nullish();
/**
 * A party in the issuing forms' shape as a source for filling a form: an address-book entry (learnt
 * from an issued document or saved in Parceiros), an NF-e's party. Every field may be missing.
 */
export const partyRecordSchema = z.looseObject({
  cpfCnpj: text,
  ie: text,
  xNome: text,
  xFant: text,
  fone: text,
  email: text,
  endereco: z
    .looseObject({
      xLgr: text,
      nro: text,
      xCpl: text,
      xBairro: text,
      cMun: text,
      xMun: text,
      uf: text,
      cep: text,
      xPais: text,
    })
    .nullish(),
});
export type PartyRecord = z.infer<typeof partyRecordSchema>;

export const addressEntrySchema = z.object({
  cpfCnpj: z.string(),
  nome: z.string(),
  inscricaoEstadual: z.string().nullable(),
  uf: z.string().nullable(),
  municipio: z.string().nullable(),
  data: partyRecordSchema,
  useCount: z.number(),
});
export const addressListSchema = z.object({ entries: z.array(addressEntrySchema) });
export const addressSaveInputSchema = z.object({ company, party: z.unknown() });
export const addressDeleteInputSchema = z.object({ company, cpfCnpj: z.string().min(11).max(14) });
export const okSchema = z.object({ ok: z.literal(true) });

export const outboxResolveInputSchema = z.object({ company: company.optional() });
export const outboxResolveSchema = z.object({ items: z.array(issueOutcomeSchema) });
