import { z } from 'zod';

import type { HttpClient } from '../http';
import type { PageRequest } from '../paging';
import { pageQuery } from '../paging';
import { parseAnswer } from '../parse';
import type { Ambiente } from '../schemas';
import {
  distribuicaoDocumentoSchema,
  distribuicaoEventoSchema,
  distribuicaoSchema,
  listSchema,
} from '../schemas';

export type DistribuicaoPedido =
  | { tipo_consulta: 'dist-nsu'; dist_nsu?: number }
  | { tipo_consulta: 'cons-nsu'; cons_nsu: number }
  | { tipo_consulta: 'cons-chave'; cons_chave: string };

export interface DocumentosFiltro {
  cpf_cnpj: string;
  ambiente: Ambiente;
  dist_nsu?: number;
  tipo_documento?: 'nota' | 'evento';
  forma_distribuicao?: 'resumida' | 'completa';
  chave_acesso?: string;
}

export const notaSemManifestacaoSchema = z.looseObject({
  chave_acesso: z.string().nullish(),
  numero_protocolo: z.string().nullish(),
  tipo_nfe: z.number().nullish(),
  data_emissao: z.string().nullish(),
  valor_nfe: z.number().nullish(),
  digest_value: z.string().nullish(),
  emitente_cpf_cnpj: z.string().nullish(),
  emitente_nome_razao_social: z.string().nullish(),
  emitente_inscricao_estadual: z.string().nullish(),
});

export function distribuicaoApi(http: HttpClient) {
  return {
    /**
     * One distribution request. Never sets `ignorar_tempo_espera` unless asked: the authority enforces
     * one hour between requests that found nothing (rejection 656).
     */
    async distribuir(
      cpfCnpj: string,
      ambiente: Ambiente,
      pedido: DistribuicaoPedido,
      options: { ufAutor?: string; ignorarTempoEspera?: boolean } = {},
    ) {
      const body = {
        cpf_cnpj: cpfCnpj,
        ambiente,
        ...pedido,
        ...(options.ufAutor ? { uf_autor: options.ufAutor } : {}),
        ...(options.ignorarTempoEspera ? { ignorar_tempo_espera: true } : {}),
      };
      const value = await http.json({ method: 'POST', path: '/distribuicao/nfe', body });
      return parseAnswer(distribuicaoSchema, value, 'distribuição de NF-e');
    },
    async consultarDistribuicao(id: string) {
      const value = await http.json({ method: 'GET', path: `/distribuicao/nfe/${encodeURIComponent(id)}` });
      return parseAnswer(distribuicaoSchema, value, 'distribuição de NF-e');
    },
    async listarDistribuicoes(filtro: { cpf_cnpj: string; ambiente: Ambiente }, page?: Partial<PageRequest>) {
      const value = await http.json({
        method: 'GET',
        path: '/distribuicao/nfe',
        query: { ...filtro, ...pageQuery(page) },
      });
      return parseAnswer(listSchema(distribuicaoSchema), value, 'distribuições de NF-e');
    },
    async documentos(filtro: DocumentosFiltro, page?: Partial<PageRequest>) {
      const value = await http.json({
        method: 'GET',
        path: '/distribuicao/nfe/documentos',
        query: { ...filtro, ...pageQuery(page) },
      });
      return parseAnswer(listSchema(distribuicaoDocumentoSchema), value, 'documentos distribuídos');
    },
    async documento(id: string) {
      const value = await http.json({
        method: 'GET',
        path: `/distribuicao/nfe/documentos/${encodeURIComponent(id)}`,
      });
      return parseAnswer(distribuicaoDocumentoSchema, value, 'documento distribuído');
    },
    xmlDocumento: (id: string) =>
      http.binary({ method: 'GET', path: `/distribuicao/nfe/documentos/${encodeURIComponent(id)}/xml` }),
    pdfDocumento: (id: string) =>
      http.binary({ method: 'GET', path: `/distribuicao/nfe/documentos/${encodeURIComponent(id)}/pdf` }),
    async manifestar(pedido: {
      cpf_cnpj: string;
      ambiente: Ambiente;
      chave_acesso: string;
      tipo_evento: string;
      justificativa?: string;
    }) {
      const value = await http.json({
        method: 'POST',
        path: '/distribuicao/nfe/manifestacoes',
        body: pedido,
      });
      return parseAnswer(distribuicaoEventoSchema, value, 'manifestação');
    },
    async manifestacoes(filtro: { cpf_cnpj: string; ambiente: Ambiente }, page?: Partial<PageRequest>) {
      const value = await http.json({
        method: 'GET',
        path: '/distribuicao/nfe/manifestacoes',
        query: { ...filtro, ...pageQuery(page) },
      });
      return parseAnswer(listSchema(distribuicaoEventoSchema), value, 'manifestações');
    },
    async manifestacao(id: string) {
      const value = await http.json({
        method: 'GET',
        path: `/distribuicao/nfe/manifestacoes/${encodeURIComponent(id)}`,
      });
      return parseAnswer(distribuicaoEventoSchema, value, 'manifestação');
    },
    async notasSemManifestacao(
      filtro: { cpf_cnpj: string; ambiente: Ambiente; conclusiva?: boolean },
      page?: Partial<PageRequest>,
    ) {
      const value = await http.json({
        method: 'GET',
        path: '/distribuicao/nfe/notas-sem-manifestacao',
        query: { ...filtro, ...pageQuery(page) },
      });
      return parseAnswer(listSchema(notaSemManifestacaoSchema), value, 'notas sem manifestação');
    },
  };
}
