// The MDF-e commands' data: the cached manifest as the screens see it, its lifecycle actions
// (cancel, close, include a driver), the open ones, files and printing, and the trip registries
// (vehicles and drivers). Limits follow the MDF-e 3.00 layout (MOC, PL_MDFe_300b).
import { z } from 'zod';

import { isValidAccessKey } from '../../fiscal/access-key';
import { isValidCpf, isValidCpfCnpj } from '../../fiscal/cnpj';
import { JUSTIFICATIVA_MAX, JUSTIFICATIVA_MIN } from '../../fiscal/events';
import { brasiliaDayOf, isNationalPlate, mdfeClosingDateProblem } from '../../fiscal/mdfe-rules';
import { UF_SIGLAS } from '../../fiscal/uf';
import { unnumberedInfMDFe } from '../../fiscal/requests/mdfe';
import { isIsoDate, isoToDateBr } from '../format';
import { cpfCnpjSchema } from './company';
import { dfeEventoSchema } from './dfe';
import { printResultSchema } from './printing';
import { issueOutcomeSchema } from './issuing';
import { ALWAYS, xmlText } from './xml-text';

/** Vehicle UF: the 27 UFs or EX (foreign plate), TUF of the XSD. */
export const ufSchema = z.enum(UF_SIGLAS, { message: 'UF inválida.' });
const vehicleUfSchema = z.enum([...UF_SIGLAS, 'EX'], { message: 'Escolha a UF.' });

/** The cache row id of an MDF-e. */
const mdfeId = z.number().int().positive();
const placaSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase().replace(/[^A-Z0-9]/g, ''))
  .refine(isNationalPlate, 'Placa inválida: use o formato ABC1234 ou ABC1D23.');
const cpfSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/\D/g, ''))
  .refine(isValidCpf, 'CPF inválido.');
const nomeSchema = z
  .string()
  .trim()
  .min(2, 'Informe o nome (2 a 60 caracteres).')
  .max(60, 'Nome com mais de 60 caracteres.');

export const mdfeSummarySchema = z.object({
  cacheId: z.number().int(),
  apiId: z.string(),
  company: z.string(),
  chave: z.string().nullable(),
  serie: z.number().nullable(),
  numero: z.number().nullable(),
  status: z.string(),
  emitidoEm: z.string().nullable(),
  autorizadoEm: z.string().nullable(),
  encerradoEm: z.string().nullable(),
  placa: z.string().nullable(),
  reboques: z.array(z.string()),
  ufInicio: z.string().nullable(),
  ufFim: z.string().nullable(),
  percurso: z.array(z.string()),
  municipiosDescarga: z.string().nullable(),
  condutores: z.string().nullable(),
  qtdCte: z.number().nullable(),
  qtdNfe: z.number().nullable(),
  valorCarga: z.number().nullable(),
  /** The processed XML is in the cache: prints and exports offline. */
  xmlCached: z.boolean(),
  /** Days since the authorization while open (null when closed, cancelled or unknown). */
  diasEmAberto: z.number().nullable(),
});
export type MdfeSummary = z.infer<typeof mdfeSummarySchema>;

export const mdfeEventSummarySchema = z.object({
  id: z.number().int(),
  type: z.enum(['cancelamento', 'encerramento', 'inclusao_condutor', 'inclusao_dfe']),
  sequence: z.number().int(),
  status: z.string().nullable(),
  protocolo: z.string().nullable(),
  dataEvento: z.string().nullable(),
  xmlCached: z.boolean(),
  /** What the event did, in words (the driver, the closing place, the documents added). */
  descricao: z.string().nullable(),
  /** SEFAZ's answer (cStat xMotivo), shown beside a rejection. */
  motivo: z.string().nullable(),
});
export type MdfeEventSummary = z.infer<typeof mdfeEventSummarySchema>;

const placeSchema = z.object({ codigo: z.string(), nome: z.string() });

/** The trip as the cached mdfeProc tells it (null until the XML is on this computer). */
export const mdfeTripSchema = z.object({
  protocolo: z.string().nullable(),
  tpEmit: z.string(),
  indCarregaPosterior: z.boolean(),
  carregamento: z.array(placeSchema),
  descargas: z.array(
    placeSchema.extend({ documentos: z.array(z.object({ tipo: z.string(), chave: z.string() })) }),
  ),
  /** The drivers of the XML and those included by event 110114, in order. */
  condutores: z.array(z.object({ nome: z.string(), cpf: z.string(), incluido: z.boolean() })),
  veiculo: z.object({ placa: z.string(), uf: z.string(), reboques: z.array(z.string()) }).nullable(),
});
export type MdfeTrip = z.infer<typeof mdfeTripSchema>;

export const mdfeDetailSchema = z.object({
  mdfe: mdfeSummarySchema,
  events: z.array(mdfeEventSummarySchema),
  viagem: mdfeTripSchema.nullable(),
  /** Cancellation: 24 h from the authorization and only before the closing (MOC MDF-e 3.00). */
  cancel: z.object({
    cancellable: z.boolean(),
    msLeft: z.number().nullable(),
    reason: z.string().nullable(),
  }),
});
export type MdfeDetail = z.infer<typeof mdfeDetailSchema>;

export const mdfeListInputSchema = z
  .object({
    company: cpfCnpjSchema,
    limit: z.number().int().min(1).max(500).default(50),
    offset: z.number().int().min(0).default(0),
  })
  .strict();
export const mdfeListSchema = z.object({ items: z.array(mdfeSummarySchema) });
export const mdfeRefSchema = z.object({ id: mdfeId }).strict();
export const mdfeCompanySchema = z.object({ company: cpfCnpjSchema }).strict();

export const mdfeOpenSchema = z.object({
  items: z.array(mdfeSummarySchema),
  /** Open at SEFAZ (nao-encerrados) but not in the cache: issued by another system. */
  outros: z.array(z.object({ chave: z.string(), protocolo: z.string().nullable() })),
  /** false: SEFAZ could not be asked now; the list is the cache's alone. */
  consultadoNaSefaz: z.boolean(),
  aviso: z.string().nullable(),
});

export const mdfeRefreshSchema = z.object({
  listed: z.number().int(),
  added: z.number().int(),
  changed: z.number().int(),
  files: z.number().int(),
  events: z.number().int(),
  error: z.string().nullable(),
});

/**
 * Issue: the `infMDFe` the form builds (ide, emit, infModal, infDoc, seg, tot…), checked here with
 * the API's own request schema (fiscal/requests/mdfe.ts), so a malformed body is refused at the edge
 * with the field's path before a number is reserved; the app fills the série, número, dhEmi and tpAmb
 * from the workstation's numbering and the target, and sends it through the outbox with a `referencia`.
 */
export const mdfeIssueInputSchema = z
  .object({
    company: cpfCnpjSchema,
    serie: z.number().int().min(0).max(999).optional(),
    numero: z.number().int().min(1).max(999_999_999).optional(),
    infMDFe: unnumberedInfMDFe,
    /** Issue even when an open MDF-e of the same truck and unloading UF is in the cache. */
    ignorarAbertos: z.boolean().default(false),
  })
  .strict();
export type MdfeIssueInput = z.infer<typeof mdfeIssueInputSchema>;
export const mdfeIssueOutcomeSchema = issueOutcomeSchema.extend({ mdfe: mdfeSummarySchema.nullable() });

const JUSTIFICATIVA_LENGTH_MESSAGE = `A justificativa precisa de ${JUSTIFICATIVA_MIN} a ${JUSTIFICATIVA_MAX} caracteres.`;
export const mdfeCancelInputSchema = z
  .object({
    id: mdfeId,
    justificativa: z
      .string()
      .trim()
      .min(JUSTIFICATIVA_MIN, JUSTIFICATIVA_LENGTH_MESSAGE)
      .max(JUSTIFICATIVA_MAX, JUSTIFICATIVA_LENGTH_MESSAGE)
      .superRefine(xmlText, ALWAYS),
  })
  .strict();
const FUTURE_CLOSING =
  'A data de encerramento não pode ser futura: informe o dia em que a viagem terminou (hoje ou antes).';

export const mdfeCloseInputSchema = z
  .object({
    id: mdfeId,
    uf: ufSchema,
    codigoMunicipio: z.string().regex(/^\d{7}$/, 'Código IBGE do município com 7 dígitos.'),
    /** aaaa-mm-dd; today at the API when absent. Never in the future (the authority's 635). */
    data: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data no formato aaaa-mm-dd.')
      .refine(isIsoDate, 'Data de encerramento inválida: confira o dia e o mês.')
      .refine((v) => mdfeClosingDateProblem(v, null, new Date()) !== 635, FUTURE_CLOSING)
      .optional(),
  })
  .strict();

/**
 * The clerk's words for a closing date the authority would refuse (MOC MDF-e 3.00: 615 before the
 * authorization, 635 in the future; the rule is `mdfeClosingDateProblem` of fiscal/mdfe-rules), or
 * null. `autorizadoEm` is the manifest's authorization (ISO), `now` the workstation's clock.
 */
export function closingDateProblem(data: string, autorizadoEm: string | null, now: Date): string | null {
  const authorizedAt = autorizadoEm ? new Date(autorizadoEm) : null;
  const code = mdfeClosingDateProblem(data, authorizedAt, now);
  if (code === 635) return `${FUTURE_CLOSING} Hoje é ${isoToDateBr(brasiliaDayOf(now))}.`;
  if (code === 615 && authorizedAt)
    return (
      'A data de encerramento não pode ser anterior à autorização do MDF-e ' +
      `(${isoToDateBr(brasiliaDayOf(authorizedAt))}).`
    );
  return null;
}
export const mdfeDriverInputSchema = z.object({ id: mdfeId, nome: nomeSchema, cpf: cpfSchema }).strict();
/**
 * Inclusão de DF-e (event 110115, MDF-e issued with indCarregaPosterior): the NF-e loaded after the
 * issue, with where they were loaded and where each is unloaded (XSD evInclusaoDFeMDFe_v3.00).
 */
export const mdfeIncludeDfeInputSchema = z
  .object({
    id: mdfeId,
    carregamento: z
      .object({
        codigo: z.string().regex(/^\d{7}$/, 'Código IBGE do município de carregamento com 7 dígitos.'),
        nome: z.string().trim().min(2, 'Informe o município de carregamento.').max(60),
      })
      .strict(),
    documentos: z
      .array(
        z
          .object({
            codigoMunicipio: z
              .string()
              .regex(/^\d{7}$/, 'Código IBGE do município de descarga com 7 dígitos.'),
            municipio: z.string().trim().min(2, 'Informe o município de descarga.').max(60),
            chave: z
              .string()
              .trim()
              .transform((v) => v.replace(/\s/g, '').toUpperCase())
              .refine(
                isValidAccessKey,
                'Chave de acesso da NF-e inválida (44 posições e dígito verificador).',
              )
              .refine((v) => v.slice(20, 22) === '55', 'A chave informada não é de uma NF-e (modelo 55).'),
          })
          .strict(),
      )
      .min(1, 'Informe ao menos uma NF-e.')
      .max(2000, 'No máximo 2000 NF-e por inclusão.'),
  })
  .strict();
export type MdfeIncludeDfeInput = z.infer<typeof mdfeIncludeDfeInputSchema>;

/** An event's answer carries the updated manifest and its events: the screen needs no sync after it. */
export const mdfeEventOutcomeSchema = mdfeDetailSchema.extend({
  event: dfeEventoSchema,
});

export const mdfeXmlInputSchema = z
  .object({ id: mdfeId, eventId: z.number().int().min(0).default(0) })
  .strict();
export const mdfeXmlSchema = z.object({ fileName: z.string(), base64: z.string() });
export const mdfePrintInputSchema = mdfeXmlInputSchema.extend({
  printer: z.string().trim().min(1).max(200).optional(),
  remember: z.boolean().default(false),
});
export const mdfePrintSchema = printResultSchema;

// Registries ---------------------------------------------------------------------------------

export const vehicleOwnerSchema = z
  .object({
    cpfCnpj: z
      .string()
      .trim()
      .transform((v) => v.replace(/[^0-9A-Za-z]/g, '').toUpperCase())
      .refine(isValidCpfCnpj, 'CPF ou CNPJ do proprietário inválido.'),
    nome: nomeSchema,
    rntrc: z.string().regex(/^\d{8}$/, 'RNTRC do proprietário com 8 dígitos.'),
    ie: z.string().trim().max(14).nullable().default(null),
    uf: vehicleUfSchema,
    tpProp: z.enum(['0', '1', '2']),
  })
  .strict();

export const vehicleSchema = z
  .object({
    placa: placaSchema,
    tipo: z.enum(['tracao', 'reboque']),
    renavam: z
      .string()
      .regex(/^[0-9A-Z]{9,11}$/, 'RENAVAM com 9 a 11 caracteres.')
      .nullable()
      .default(null),
    /** kg, up to 6 digits (TPeso of veicTracao/veicReboque). */
    tara: z
      .number({ message: 'Informe a tara do veículo (kg).' })
      .int('Tara do veículo: em kg, sem casas decimais.')
      .min(0, 'Tara do veículo: não pode ser negativa.')
      .max(999_999, 'Tara do veículo: no máximo 999.999 kg.'),
    capKg: z
      .number({ message: 'Capacidade do veículo (kg): informe um número.' })
      .int('Capacidade do veículo: em kg, sem casas decimais.')
      .min(0, 'Capacidade do veículo: não pode ser negativa.')
      .max(999_999, 'Capacidade do veículo: no máximo 999.999 kg.')
      .nullable()
      .default(null),
    capM3: z
      .number({ message: 'Capacidade do veículo (m³): informe um número.' })
      .int('Capacidade em m³: sem casas decimais.')
      .min(0, 'Capacidade em m³: não pode ser negativa.')
      .max(999, 'Capacidade em m³: no máximo 999.')
      .nullable()
      .default(null),
    /** tpRod 01 truck, 02 toco, 03 cavalo mecânico, 04 VAN, 05 utilitário, 06 outros (tração only). */
    tpRod: z
      .enum(['01', '02', '03', '04', '05', '06'], { message: 'Escolha o tipo de rodado.' })
      .nullable()
      .default(null),
    /** tpCar 00 não aplicável, 01 aberta, 02 fechada/baú, 03 granelera, 04 porta container, 05 sider. */
    tpCar: z.enum(['00', '01', '02', '03', '04', '05'], { message: 'Escolha o tipo de carroceria.' }),
    uf: vehicleUfSchema,
    proprietario: vehicleOwnerSchema.nullable().default(null),
  })
  .strict()
  .refine((v) => v.tipo === 'reboque' || v.tpRod !== null, {
    message: 'Informe o tipo de rodado do veículo de tração.',
    path: ['tpRod'],
  })
  .refine((v) => v.tipo === 'tracao' || v.capKg !== null || v.capM3 !== null, {
    message: 'Informe a capacidade (kg ou m³) do reboque.',
    path: ['capKg'],
  });
export type VehicleInput = z.infer<typeof vehicleSchema>;
export const storedVehicleSchema = z.object({
  id: z.number().int(),
  placa: z.string(),
  tipo: z.enum(['tracao', 'reboque']),
  renavam: z.string().nullable(),
  tara: z.number(),
  capKg: z.number().nullable(),
  capM3: z.number().nullable(),
  tpRod: z.string().nullable(),
  tpCar: z.string(),
  uf: z.string(),
  proprietario: z
    .object({
      cpfCnpj: z.string(),
      nome: z.string(),
      rntrc: z.string(),
      ie: z.string().nullable(),
      uf: z.string(),
      tpProp: z.string(),
    })
    .nullable(),
  useCount: z.number().int(),
  lastUsedAt: z.string().nullable(),
});
export const vehicleListInputSchema = z
  .object({ company: cpfCnpjSchema, tipo: z.enum(['tracao', 'reboque']).optional() })
  .strict();
export const vehicleListSchema = z.object({ items: z.array(storedVehicleSchema) });
export const vehicleSaveInputSchema = z.object({ company: cpfCnpjSchema, vehicle: vehicleSchema }).strict();
export const vehicleDeleteInputSchema = z.object({ company: cpfCnpjSchema, placa: placaSchema }).strict();

export const driverSchema = z.object({ cpf: cpfSchema, nome: nomeSchema }).strict();
export const storedDriverSchema = z.object({
  id: z.number().int(),
  cpf: z.string(),
  nome: z.string(),
  useCount: z.number().int(),
  lastUsedAt: z.string().nullable(),
});
export const driverListSchema = z.object({ items: z.array(storedDriverSchema) });
export const driverSaveInputSchema = z.object({ company: cpfCnpjSchema, driver: driverSchema }).strict();
export const driverDeleteInputSchema = z.object({ company: cpfCnpjSchema, cpf: cpfSchema }).strict();
export const registryOkSchema = z.object({ ok: z.boolean() });

/** Who receives the freight of the company's MDF-e and where (infPag/infBanc), last used first. */
export const storedPayeeSchema = z.object({
  cpfCnpj: z.string(),
  nome: z.string(),
  banco: z.string(),
  agencia: z.string(),
  pix: z.string(),
  useCount: z.number().int(),
  lastUsedAt: z.string(),
});
export type StoredPayeeDto = z.infer<typeof storedPayeeSchema>;
export const payeeListSchema = z.object({ items: z.array(storedPayeeSchema) });
export const payeeDeleteInputSchema = z
  .object({
    company: cpfCnpjSchema,
    cpfCnpj: z
      .string()
      .trim()
      .regex(/^[0-9A-Z]{11,14}$/),
  })
  .strict();
