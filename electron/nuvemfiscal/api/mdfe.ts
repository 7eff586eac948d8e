// The `Mdfe` tag of the API description 2.60 (../shared/reference/mdfe): issue (one by one or in a
// lote), read, files, the events (cancelamento, encerramento, inclusão de condutor and de DF-e),
// synchronization, the MDF-e still open at the authority and SEFAZ's status. Answers are parsed at
// the edge (loose: unknown members kept); the event requests are checked before they leave, so a
// bad value is a typed error in Portuguese instead of a round trip.
import { z } from 'zod';

import { UF_SIGLAS } from '../../fiscal/uf';
import { AppError } from '../../shared/errors';
import type { HttpClient } from '../http';
import type { PageRequest } from '../paging';
import { pageQuery } from '../paging';
import { parseAnswer } from '../parse';
import type { Ambiente } from '../schemas';
import { ambienteSchema, dfeEventoSchema, dfeSchema, dfeSefazStatusSchema, listSchema } from '../schemas';
import { dfeSincronizacaoSchema, isReferenciaDuplicada } from './dfe';

const str = z.string();
const opt = <T extends z.ZodType>(schema: T) => schema.nullish();

/** MdfeEncerramento: the event plus the closing's UF, municipality and date. */
export const mdfeEncerramentoSchema = dfeEventoSchema.extend({
  data_encerramento: opt(str),
  uf: opt(str),
  codigo_municipio: opt(str),
});
export type MdfeEncerramento = z.infer<typeof mdfeEncerramentoSchema>;

/** MdfeInclusaoCondutor. */
export const mdfeInclusaoCondutorSchema = dfeEventoSchema.extend({
  nome_condutor: opt(str),
  cpf_condutor: opt(str),
});
export type MdfeInclusaoCondutor = z.infer<typeof mdfeInclusaoCondutorSchema>;

const documentoVinculadoSchema = z.looseObject({
  codigo_municipio_descarga: opt(str),
  municipio_descarga: opt(str),
  chave_acesso_nfe: opt(str),
});

/** MdfeInclusaoDfe. */
export const mdfeInclusaoDfeSchema = dfeEventoSchema.extend({
  codigo_municipio_carrega: opt(str),
  municipio_carrega: opt(str),
  documentos: opt(z.array(documentoVinculadoSchema)),
});
export type MdfeInclusaoDfe = z.infer<typeof mdfeInclusaoDfeSchema>;

/** MdfeNaoEncerrados: SEFAZ's answer (cStat 111 some found / 112 none) with the keys and protocols. */
export const mdfeNaoEncerradosSchema = z.looseObject({
  tpAmb: opt(z.number()),
  verAplic: opt(str),
  cStat: z.number(),
  xMotivo: opt(str),
  cUF: opt(z.number()),
  infMDFe: opt(z.array(z.looseObject({ chMDFe: opt(str), nProt: opt(str) }))),
});
export type MdfeNaoEncerrados = z.infer<typeof mdfeNaoEncerradosSchema>;

/** DfeLote. */
export const dfeLoteSchema = z.looseObject({
  id: str,
  created_at: opt(str),
  status: opt(z.enum(['pendente', 'processado', 'erro'])),
  ambiente: opt(ambienteSchema),
  referencia: opt(str),
  id_lote: opt(str),
  recibo: opt(
    z.looseObject({
      numero: opt(str),
      codigo_status: opt(z.number()),
      motivo_status: opt(str),
      data_recebimento: opt(str),
      codigo_mensagem: opt(z.number()),
      mensagem: opt(str),
    }),
  ),
  documentos: opt(z.array(dfeSchema)),
});
export type DfeLote = z.infer<typeof dfeLoteSchema>;

export const empresaConfigMdfeSchema = z.looseObject({ ambiente: ambienteSchema });
export type EmpresaConfigMdfe = z.infer<typeof empresaConfigMdfeSchema>;

const ufs = [...UF_SIGLAS, 'EX'] as const;

/** MdfePedidoEncerramento (uf and codigo_municipio required; the date defaults to today at the API). */
export const mdfePedidoEncerramentoSchema = z.strictObject({
  uf: z.enum(ufs, { message: 'UF de encerramento inválida' }),
  codigo_municipio: z.string().regex(/^\d{7}$/, 'código IBGE do município com 7 dígitos'),
  data_encerramento: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'data no formato AAAA-MM-DD')
    .nullish(),
});
export type MdfePedidoEncerramento = z.infer<typeof mdfePedidoEncerramentoSchema>;

/** MdfePedidoInclusaoCondutor (nome 2–60). */
export const mdfePedidoInclusaoCondutorSchema = z.strictObject({
  nome_condutor: z.string().min(2, 'nome do condutor com ao menos 2 letras').max(60),
  cpf_condutor: z.string().regex(/^\d{11}$/, 'CPF com 11 dígitos, sem máscara'),
});
export type MdfePedidoInclusaoCondutor = z.infer<typeof mdfePedidoInclusaoCondutorSchema>;

/** MdfePedidoInclusaoDfe. */
export const mdfePedidoInclusaoDfeSchema = z.strictObject({
  protocolo_autorizacao: z
    .string()
    .regex(/^\d{15}$/, 'protocolo com 15 dígitos')
    .optional(),
  codigo_municipio_carrega: z.string().regex(/^\d{7}$/, 'código IBGE do município com 7 dígitos'),
  municipio_carrega: z.string().min(2).max(60),
  documentos: z
    .array(
      z.strictObject({
        codigo_municipio_descarga: z.string().regex(/^\d{7}$/, 'código IBGE do município com 7 dígitos'),
        municipio_descarga: z.string().min(2).max(60),
        chave_acesso_nfe: z.string().regex(/^\d{6}[A-Z0-9]{12}\d{26}$/, 'chave de acesso com 44 posições'),
      }),
    )
    .min(1, 'informe ao menos uma NF-e'),
});
export type MdfePedidoInclusaoDfe = z.infer<typeof mdfePedidoInclusaoDfeSchema>;

/** The request body of POST /mdfe: `infMDFe` is the SEFAZ layout as JSON (built by fiscal/payload). */
export interface MdfePedidoEmissao {
  ambiente: Ambiente;
  referencia?: string | null;
  infMDFe: Record<string, unknown>;
  infMDFeSupl?: { qrCodMDFe?: string | null } | null;
}

export interface MdfeListFilter {
  cpf_cnpj: string;
  ambiente: Ambiente;
  referencia?: string;
  chave?: string;
  serie?: string | number;
}

/** A request that breaks its schema never leaves: the caller gets the field and what is wrong. */
function checked<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(corpo)'}: ${issue.message}`)
    .join('; ');
  // Nothing was sent: the error names the fields so the form can point at them.
  throw new AppError('invalid_input', `Dados inválidos para ${what}: ${issues}`, {
    fields: result.error.issues.map((issue) => issue.path.join('.')),
  });
}

export function mdfeApi(http: HttpClient) {
  const byId = (id: string, rest = '') => `/mdfe/${encodeURIComponent(id)}${rest}`;
  const evento = (id: string, rest = '') => `/mdfe/eventos/${encodeURIComponent(id)}${rest}`;

  const api = {
    async listar(filter: MdfeListFilter, page?: Partial<PageRequest>) {
      const value = await http.json({
        method: 'GET',
        path: '/mdfe',
        query: { ...filter, ...pageQuery(page) },
      });
      return parseAnswer(listSchema(dfeSchema), value, 'lista de MDF-e');
    },
    async consultar(id: string) {
      return parseAnswer(dfeSchema, await http.json({ method: 'GET', path: byId(id) }), 'MDF-e');
    },
    async porReferencia(filter: Omit<MdfeListFilter, 'referencia'>, referencia: string) {
      const page = await api.listar({ ...filter, referencia }, { top: 1 });
      return page.data[0] ?? null;
    },
    /**
     * Issues an MDF-e. With a `referencia` the POST is safe to repeat: when a repeat meets "referencia
     * already used", the first attempt did reach the API, and the manifest is looked up instead.
     */
    async emitir(body: MdfePedidoEmissao, lookup?: Omit<MdfeListFilter, 'referencia'>) {
      const referencia = typeof body.referencia === 'string' ? body.referencia : undefined;
      try {
        const value = await http.json({
          method: 'POST',
          path: '/mdfe',
          body,
          idempotent: referencia !== undefined,
        });
        return parseAnswer(dfeSchema, value, 'MDF-e');
      } catch (error) {
        if (referencia && lookup && isReferenciaDuplicada(error)) {
          const found = await api.porReferencia(lookup, referencia);
          if (found) return found;
        }
        throw error;
      }
    },
    async emitirLote(lote: {
      id_lote: string;
      ambiente: Ambiente;
      referencia?: string;
      documentos: MdfePedidoEmissao[];
    }) {
      const value = await http.json({ method: 'POST', path: '/mdfe/lotes', body: lote });
      return parseAnswer(dfeLoteSchema, value, 'lote de MDF-e');
    },
    async listarLotes(
      filter: { cpf_cnpj: string; ambiente: Ambiente; referencia?: string },
      page?: Partial<PageRequest>,
    ) {
      const value = await http.json({
        method: 'GET',
        path: '/mdfe/lotes',
        query: { ...filter, ...pageQuery(page) },
      });
      return parseAnswer(listSchema(dfeLoteSchema), value, 'lotes de MDF-e');
    },
    async consultarLote(id: string) {
      const value = await http.json({ method: 'GET', path: `/mdfe/lotes/${encodeURIComponent(id)}` });
      return parseAnswer(dfeLoteSchema, value, 'lote de MDF-e');
    },
    async naoEncerrados(cpfCnpj: string) {
      const value = await http.json({
        method: 'GET',
        path: '/mdfe/nao-encerrados',
        query: { cpf_cnpj: cpfCnpj },
      });
      return parseAnswer(mdfeNaoEncerradosSchema, value, 'MDF-e não encerrados');
    },
    async statusSefaz(cpfCnpj: string, autorizador?: string) {
      const value = await http.json({
        method: 'GET',
        path: '/mdfe/sefaz/status',
        query: { cpf_cnpj: cpfCnpj, autorizador },
      });
      return parseAnswer(dfeSefazStatusSchema, value, 'status do autorizador');
    },
    async sincronizar(id: string) {
      const value = await http.json({ method: 'POST', path: byId(id, '/sincronizar'), body: {} });
      return parseAnswer(dfeSincronizacaoSchema, value, 'sincronização');
    },

    async cancelar(id: string, justificativa?: string) {
      const value = await http.json({
        method: 'POST',
        path: byId(id, '/cancelamento'),
        body: justificativa ? { justificativa } : {},
      });
      return parseAnswer(dfeEventoSchema, value, 'cancelamento');
    },
    async cancelamento(id: string) {
      const value = await http.json({ method: 'GET', path: byId(id, '/cancelamento') });
      return parseAnswer(dfeEventoSchema, value, 'cancelamento');
    },
    async encerrar(id: string, pedido: MdfePedidoEncerramento) {
      const body = checked(mdfePedidoEncerramentoSchema, pedido, 'o encerramento');
      const value = await http.json({ method: 'POST', path: byId(id, '/encerramento'), body });
      return parseAnswer(mdfeEncerramentoSchema, value, 'encerramento');
    },
    async encerramento(id: string) {
      const value = await http.json({ method: 'GET', path: byId(id, '/encerramento') });
      return parseAnswer(mdfeEncerramentoSchema, value, 'encerramento');
    },
    async incluirCondutor(id: string, pedido: MdfePedidoInclusaoCondutor) {
      const body = checked(mdfePedidoInclusaoCondutorSchema, pedido, 'a inclusão de condutor');
      const value = await http.json({ method: 'POST', path: byId(id, '/inclusao-condutor'), body });
      return parseAnswer(mdfeInclusaoCondutorSchema, value, 'inclusão de condutor');
    },
    async incluirDfe(id: string, pedido: MdfePedidoInclusaoDfe) {
      const body = checked(mdfePedidoInclusaoDfeSchema, pedido, 'a inclusão de DF-e');
      const value = await http.json({ method: 'POST', path: byId(id, '/inclusao-dfe'), body });
      return parseAnswer(mdfeInclusaoDfeSchema, value, 'inclusão de DF-e');
    },
    async evento(eventoId: string) {
      return parseAnswer(
        dfeEventoSchema,
        await http.json({ method: 'GET', path: evento(eventoId) }),
        'evento',
      );
    },

    /** mdfeProc (authorized or denied only). */
    xml: (id: string) => http.binary({ method: 'GET', path: byId(id, '/xml') }),
    /** The MDFe as sent, also when rejected. */
    xmlManifesto: (id: string) => http.binary({ method: 'GET', path: byId(id, '/xml/manifesto') }),
    xmlProtocolo: (id: string) => http.binary({ method: 'GET', path: byId(id, '/xml/protocolo') }),
    /** The DAMDFE. */
    pdf: (id: string, options: { logotipo?: boolean } = {}) =>
      http.binary({ method: 'GET', path: byId(id, '/pdf'), query: { logotipo: options.logotipo } }),
    xmlCancelamento: (id: string) => http.binary({ method: 'GET', path: byId(id, '/cancelamento/xml') }),
    pdfCancelamento: (id: string) => http.binary({ method: 'GET', path: byId(id, '/cancelamento/pdf') }),
    xmlEncerramento: (id: string) => http.binary({ method: 'GET', path: byId(id, '/encerramento/xml') }),
    pdfEncerramento: (id: string) => http.binary({ method: 'GET', path: byId(id, '/encerramento/pdf') }),
    xmlEvento: (eventoId: string) => http.binary({ method: 'GET', path: evento(eventoId, '/xml') }),
    pdfEvento: (eventoId: string) => http.binary({ method: 'GET', path: evento(eventoId, '/pdf') }),

    async config(cpfCnpj: string) {
      const value = await http.json({ method: 'GET', path: `/empresas/${encodeURIComponent(cpfCnpj)}/mdfe` });
      return parseAnswer(empresaConfigMdfeSchema, value, 'configuração de MDF-e');
    },
    async alterarConfig(cpfCnpj: string, config: EmpresaConfigMdfe) {
      const value = await http.json({
        method: 'PUT',
        path: `/empresas/${encodeURIComponent(cpfCnpj)}/mdfe`,
        body: config,
      });
      return parseAnswer(empresaConfigMdfeSchema, value, 'configuração de MDF-e');
    },
  };
  return api;
}

export type MdfeApi = ReturnType<typeof mdfeApi>;
