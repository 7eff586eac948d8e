// MDF-e rows → the API's JSON: Dfe for the manifest (the shared presenter), DfeCancelamento,
// MdfeEncerramento, MdfeInclusaoCondutor, MdfeInclusaoDfe for its events, DfeEvento for
// GET /mdfe/eventos/{id}, DfeLote for the lotes.
import { presentDocument } from '../dfe/present';
import type { MdfeEventRow, MdfeLoteRow, MdfeRow } from './repository';

const iso = (text: string) => new Date(text).toISOString();

export function presentMdfe(row: MdfeRow) {
  return presentDocument(row);
}

/** The members every event shares (DfeEvento); nothing the description does not make nullable is null. */
export function presentGenericMdfeEvent(row: MdfeEventRow) {
  return {
    id: row.id,
    ambiente: row.ambiente,
    status: row.status,
    autor: { cpf_cnpj: row.autor },
    chave_acesso: row.chave,
    data_evento: iso(row.data_evento),
    numero_sequencial: row.numero_sequencial,
    data_recebimento: iso(row.data_recebimento),
    codigo_status: row.codigo_status,
    motivo_status: row.motivo_status,
    ...(row.numero_protocolo ? { numero_protocolo: row.numero_protocolo } : {}),
    tipo_evento: row.tipo_evento,
  };
}

/** The event with the members of its type (justificativa; uf/codigo_municipio/data_encerramento…). */
export function presentMdfeEvent(row: MdfeEventRow) {
  return { ...presentGenericMdfeEvent(row), ...(JSON.parse(row.detalhe) as Record<string, unknown>) };
}

export function presentLote(row: MdfeLoteRow, documents: MdfeRow[]) {
  return {
    id: row.id,
    created_at: row.created_at,
    status: 'processado',
    ambiente: row.ambiente,
    referencia: row.referencia,
    id_lote: row.id_lote,
    recibo: JSON.parse(row.recibo) as Record<string, unknown>,
    documentos: documents.map(presentMdfe),
  };
}
