// The MDF-e rows of the Documentos list: the same filter as the documents (kind, status, dates,
// UFs, série and número, free text over mdfe_fts — chave, número, plates, UFs and unloading
// municipalities), shaped as list rows. Filters an MDF-e cannot meet (a party, a value, "gone from
// the API") leave it out. An MDF-e has no freight: its value is null and it is never summed.
import type { Database } from '../db';
import type { SqlValue } from '../../sqlite/database';
import type { BrowseRow, DocumentSortField } from '../../shared/schemas/documents';
import type { BrowseFilter } from './browse';
import { NOT_AVERBADO_SQL } from './averbacao';
import type { CachedMdfe } from './mdfe';
import { ftsQuery } from './fts-query';

/** Whether an MDF-e can match the filter at all. */
export function mdfeCanMatch(filter: BrowseFilter): boolean {
  if (filter.kinds && filter.kinds.length > 0 && !filter.kinds.includes('mdfe')) return false;
  if (filter.party || filter.valorMin !== undefined || filter.valorMax !== undefined) return false;
  if (filter.missingRemote === true) return false;
  return true;
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function whereOfMdfe(filter: BrowseFilter): { sql: string; params: SqlValue[] } | null {
  if (!mdfeCanMatch(filter)) return null;
  const where = ['m.company = ?', 'm.environment = ?'];
  const params: SqlValue[] = [filter.company, filter.environment];
  const add = (clause: string, value: SqlValue) => {
    where.push(clause);
    params.push(value);
  };
  if (filter.statuses && filter.statuses.length > 0) {
    where.push(`m.status IN (${filter.statuses.map(() => '?').join(', ')})`);
    params.push(...filter.statuses);
  }
  if (filter.from) add('m.data_emissao >= ?', filter.from);
  if (filter.to) add('m.data_emissao < ?', nextDay(filter.to));
  if (filter.ufInicio) add('m.uf_inicio = ?', filter.ufInicio);
  if (filter.ufFim) add('m.uf_fim = ?', filter.ufFim);
  if (filter.serie !== undefined) add('m.serie = ?', filter.serie);
  if (filter.numeroFrom !== undefined) add('m.numero >= ?', filter.numeroFrom);
  if (filter.numeroTo !== undefined) add('m.numero <= ?', filter.numeroTo);
  if (filter.text) {
    const match = ftsQuery(filter.text);
    if (match !== null) add('m.id IN (SELECT rowid FROM mdfe_fts WHERE mdfe_fts MATCH ?)', match);
  }
  if (filter.averbacao === 'nao_averbados') where.push(NOT_AVERBADO_SQL('m'));
  return { sql: where.join(' AND '), params };
}

const SORT: Record<DocumentSortField, string> = {
  dataEmissao: 'm.data_emissao',
  numero: 'm.numero',
  // No freight nor tomador: these sort as empty, like a document without them.
  valorPrestacao: 'NULL',
  tomadorNome: 'NULL',
  status: 'm.status',
};

export function toMdfeRow(row: CachedMdfe): BrowseRow {
  const descargas = row.municipios_descarga?.split(', ') ?? [];
  return {
    id: row.id,
    apiId: row.api_id,
    environment: row.environment,
    company: row.company,
    kind: 'mdfe',
    modelo: 58,
    serie: row.serie,
    numero: row.numero,
    chave: row.chave,
    referencia: row.referencia,
    status: row.status,
    dataEmissao: row.data_emissao,
    tomadorNome: null,
    tomadorDoc: null,
    remetenteNome: null,
    remetenteDoc: null,
    destinatarioNome: null,
    destinatarioDoc: null,
    ufInicio: row.uf_inicio,
    municipioInicio: null,
    ufFim: row.uf_fim,
    municipioFim: descargas.at(-1) ?? null,
    valorPrestacao: null,
    valorIcms: null,
    hasXml: row.xml_state === 'present',
    missingRemote: false,
    syncedAt: row.synced_at,
    placa: row.placa,
  };
}

export class MdfeBrowser {
  constructor(private readonly db: Database) {}

  /** The first `limit` MDF-e of the filter in the list's order. */
  async rows(
    filter: BrowseFilter,
    sort: { field: DocumentSortField; dir: 'asc' | 'desc' },
    limit: number,
  ): Promise<BrowseRow[]> {
    const where = whereOfMdfe(filter);
    if (!where) return [];
    const dir = sort.dir === 'asc' ? 'ASC' : 'DESC';
    const rows = await this.db.all<CachedMdfe>(
      `SELECT * FROM mdfe_documents m WHERE ${where.sql} ORDER BY ${SORT[sort.field]} ${dir}, m.id ${dir} LIMIT ?`,
      [...where.params, limit],
    );
    return rows.map(toMdfeRow);
  }

  async count(filter: BrowseFilter): Promise<number> {
    const where = whereOfMdfe(filter);
    if (!where) return 0;
    const row = await this.db.get<{ n: number }>(
      `SELECT count(*) AS n FROM mdfe_documents m WHERE ${where.sql}`,
      where.params,
    );
    return row?.n ?? 0;
  }
}
