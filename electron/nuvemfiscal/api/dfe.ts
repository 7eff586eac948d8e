import { z } from 'zod';

import { ApiError } from '../errors';
import type { HttpClient } from '../http';
import type { PageRequest } from '../paging';
import { pageQuery } from '../paging';
import { parseAnswer } from '../parse';
import type { Ambiente } from '../schemas';
import {
  dfeCartaCorrecaoSchema,
  dfeEventoSchema,
  dfeSchema,
  dfeSefazStatusSchema,
  listSchema,
} from '../schemas';

/** The three document families share one shape of endpoints. */
export type DfeKind = 'cte' | 'cteos' | 'dce';

export interface DfeListFilter {
  cpf_cnpj: string;
  ambiente: Ambiente;
  referencia?: string;
  chave?: string;
  serie?: string | number;
}

export interface CteCorrecao {
  grupo_alterado: string;
  campo_alterado: string;
  valor_alterado: string;
  numero_item_alterado?: number;
}

export const dfeSincronizacaoSchema = z.looseObject({
  status: z.enum(['pendente', 'sincronizado', 'erro']).nullish(),
  codigo_status: z.number().nullish(),
  motivo_status: z.string().nullish(),
  data_recebimento: z.string().nullish(),
  chave: z.string().nullish(),
});

/** The message the API gives when a `referencia` was already used (seen in the wild). */
export function isReferenciaDuplicada(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.kind === 'http' &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    /referencia/i.test(error.apiMessage ?? '') &&
    /(único|unico|unique|já|ja existe|duplicad)/i.test(error.apiMessage ?? '')
  );
}

export function dfeApi(http: HttpClient, kind: DfeKind) {
  const base = `/${kind}`;
  const byId = (id: string, rest = '') => `${base}/${encodeURIComponent(id)}${rest}`;
  const xmlDeclaracao = kind === 'dce' ? '/xml/declaracao' : '/xml/conhecimento';

  const api = {
    async listar(filter: DfeListFilter, page?: Partial<PageRequest>) {
      const value = await http.json({ method: 'GET', path: base, query: { ...filter, ...pageQuery(page) } });
      return parseAnswer(listSchema(dfeSchema), value, `lista de ${kind}`);
    },
    async consultar(id: string) {
      return parseAnswer(dfeSchema, await http.json({ method: 'GET', path: byId(id) }), kind);
    },
    async porReferencia(filter: Omit<DfeListFilter, 'referencia'>, referencia: string) {
      const page = await api.listar({ ...filter, referencia }, { top: 1 });
      return page.data[0] ?? null;
    },
    /**
     * Emits a document. With a `referencia` the POST is safe to repeat: when a repeat meets "referencia
     * already used", the first attempt did reach the API, and the document is looked up instead.
     */
    async emitir(body: Record<string, unknown>, lookup?: Omit<DfeListFilter, 'referencia'>, path = base) {
      const referencia = typeof body.referencia === 'string' ? body.referencia : undefined;
      try {
        const value = await http.json({ method: 'POST', path, body, idempotent: referencia !== undefined });
        return parseAnswer(dfeSchema, value, kind);
      } catch (error) {
        if (referencia && lookup && isReferenciaDuplicada(error)) {
          const found = await api.porReferencia(lookup, referencia);
          if (found) return found;
        }
        throw error;
      }
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
      return parseAnswer(
        dfeEventoSchema,
        await http.json({ method: 'GET', path: byId(id, '/cancelamento') }),
        'cancelamento',
      );
    },
    async sincronizar(id: string) {
      const value = await http.json({ method: 'POST', path: byId(id, '/sincronizar'), body: {} });
      return parseAnswer(dfeSincronizacaoSchema, value, 'sincronização');
    },
    async statusSefaz(cpfCnpj: string, autorizador?: string) {
      const value = await http.json({
        method: 'GET',
        path: `${base}/sefaz/status`,
        query: { cpf_cnpj: cpfCnpj, autorizador },
      });
      return parseAnswer(dfeSefazStatusSchema, value, 'status do autorizador');
    },
    xml: (id: string) => http.binary({ method: 'GET', path: byId(id, '/xml') }),
    xmlEnviado: (id: string) => http.binary({ method: 'GET', path: byId(id, xmlDeclaracao) }),
    xmlProtocolo: (id: string) => http.binary({ method: 'GET', path: byId(id, '/xml/protocolo') }),
    pdf: (id: string, options: { logotipo?: boolean } = {}) =>
      http.binary({ method: 'GET', path: byId(id, '/pdf'), query: { logotipo: options.logotipo } }),
    xmlCancelamento: (id: string) => http.binary({ method: 'GET', path: byId(id, '/cancelamento/xml') }),
  };
  return api;
}

/** Events specific to CT-e and CT-e OS: correction letters and the generic events endpoints. */
export function cteEventosApi(http: HttpClient, kind: 'cte' | 'cteos') {
  const base = `/${kind}`;
  const byId = (id: string, rest = '') => `${base}/${encodeURIComponent(id)}${rest}`;
  return {
    async corrigir(id: string, correcoes: CteCorrecao[]) {
      const value = await http.json({
        method: 'POST',
        path: byId(id, '/carta-correcao'),
        body: { correcoes },
      });
      return parseAnswer(dfeCartaCorrecaoSchema, value, 'carta de correção');
    },
    async cartaCorrecao(id: string) {
      const value = await http.json({ method: 'GET', path: byId(id, '/carta-correcao') });
      return parseAnswer(dfeCartaCorrecaoSchema, value, 'carta de correção');
    },
    xmlCartaCorrecao: (id: string) => http.binary({ method: 'GET', path: byId(id, '/carta-correcao/xml') }),
    pdfCartaCorrecao: (id: string) => http.binary({ method: 'GET', path: byId(id, '/carta-correcao/pdf') }),
    pdfCancelamento: (id: string) => http.binary({ method: 'GET', path: byId(id, '/cancelamento/pdf') }),
    async evento(eventoId: string) {
      const value = await http.json({
        method: 'GET',
        path: `${base}/eventos/${encodeURIComponent(eventoId)}`,
      });
      return parseAnswer(dfeEventoSchema, value, 'evento');
    },
    xmlEvento: (eventoId: string) =>
      http.binary({ method: 'GET', path: `${base}/eventos/${encodeURIComponent(eventoId)}/xml` }),
    pdfEvento: (eventoId: string) =>
      http.binary({ method: 'GET', path: `${base}/eventos/${encodeURIComponent(eventoId)}/pdf` }),
  };
}
