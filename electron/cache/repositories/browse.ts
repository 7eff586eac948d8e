import type { Database } from '../db';
import type { SqlValue } from '../../sqlite/database';
import type {
  BrowseRow,
  DocumentFilter,
  DocumentRow,
  DocumentSortField,
  DocumentTotals,
} from '../../shared/schemas/documents';
import type { DocumentRecordRow } from './documents';
import type { FtsColumn } from './fts-query';
import { asCpfCnpj, ftsQuery } from './fts-query';
import { NOT_AVERBADO_SQL } from './averbacao';
import { MdfeBrowser } from './mdfe-browse';
import type { Environment } from './types';
import { fromCents, toCents } from './types';

export type BrowseFilter = DocumentFilter & { environment: Environment };

export interface BrowseQuery {
  filter: BrowseFilter;
  sort: { field: DocumentSortField; dir: 'asc' | 'desc' };
  offset: number;
  limit: number;
  /** Restricts to these rows (detail view). */
  ids?: readonly number[];
}

const sortColumns: Record<DocumentSortField, string> = {
  dataEmissao: 'd.data_emissao',
  numero: 'd.numero',
  valorPrestacao: 'd.valor_prestacao',
  tomadorNome: 'd.tomador_nome COLLATE NOCASE',
  status: 'd.status',
};

const partyColumns = {
  tomador: ['tomador'],
  remetente: ['remetente'],
  destinatario: ['destinatario'],
  any: ['tomador', 'remetente', 'destinatario'],
} as const satisfies Record<string, readonly FtsColumn[]>;

/** WHERE clause and parameters of a filter, over `documents d`, and its full-text query apart. */
export function whereOf(filter: BrowseFilter): { sql: string; params: SqlValue[]; match: string | null } {
  const where = ['d.company = ?', 'd.environment = ?'];
  const params: SqlValue[] = [filter.company, filter.environment];
  const add = (clause: string, value: SqlValue) => {
    where.push(clause);
    params.push(value);
  };
  const inList = (column: string, values: readonly string[] | undefined) => {
    if (!values || values.length === 0) return;
    where.push(`${column} IN (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  };
  inList('d.kind', filter.kinds);
  inList('d.status', filter.statuses);
  // data_emissao starts with the issuer's calendar day, so plain text comparison selects whole days.
  if (filter.from) add('d.data_emissao >= ?', filter.from);
  if (filter.to) add('d.data_emissao < ?', nextDay(filter.to));
  if (filter.ufInicio) add('d.uf_inicio = ?', filter.ufInicio);
  if (filter.ufFim) add('d.uf_fim = ?', filter.ufFim);
  if (filter.serie !== undefined) add('d.serie = ?', filter.serie);
  if (filter.numeroFrom !== undefined) add('d.numero >= ?', filter.numeroFrom);
  if (filter.numeroTo !== undefined) add('d.numero <= ?', filter.numeroTo);
  if (filter.valorMin !== undefined) add('d.valor_prestacao >= ?', toCents(filter.valorMin));
  if (filter.valorMax !== undefined) add('d.valor_prestacao <= ?', toCents(filter.valorMax));
  if (filter.missingRemote !== undefined) add('d.missing_remote = ?', filter.missingRemote ? 1 : 0);
  if (filter.averbacao === 'nao_averbados') where.push(NOT_AVERBADO_SQL('d'));

  const matches: string[] = [];
  if (filter.party) {
    const doc = asCpfCnpj(filter.party.value);
    const role = filter.party.role;
    if (doc !== null && role !== 'any') {
      where.push(`d.${role}_doc = ?`);
      params.push(doc);
    } else if (doc !== null) {
      where.push('(d.tomador_doc = ? OR d.remetente_doc = ? OR d.destinatario_doc = ?)');
      params.push(doc, doc, doc);
    } else {
      const query = ftsQuery(filter.party.value, partyColumns[role]);
      if (query !== null) matches.push(query);
    }
  }
  if (filter.text) {
    const query = ftsQuery(filter.text);
    if (query !== null) matches.push(query);
  }
  const match = matches.length > 0 ? matches.map((m) => `(${m})`).join(' AND ') : null;
  return { sql: where.join(' AND '), params, match };
}

/** SQLite's order for the list's sort fields: NULL first, text by code point (tomador without case). */
function compareBy(field: DocumentSortField, a: BrowseRow, b: BrowseRow): number {
  const key = (row: BrowseRow): string | number | null => {
    if (field === 'tomadorNome') return row.tomadorNome?.toLowerCase() ?? null;
    return row[field];
  };
  const x = key(a);
  const y = key(b);
  if (x === y) return 0;
  if (x === null) return -1;
  if (y === null) return 1;
  return x < y ? -1 : 1;
}

/** Below this many full-text matches, reading them first beats walking the browse index. */
const FEW_MATCHES = 3_000;

interface Source {
  from: string;
  where: string;
  params: SqlValue[];
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

const ROW_COLUMNS = `d.id, d.api_id, d.environment, d.company, d.kind, d.modelo, d.serie, d.numero, d.chave,
  d.referencia, d.status, d.data_emissao, d.tomador_nome, d.tomador_doc, d.remetente_nome, d.remetente_doc,
  d.destinatario_nome, d.destinatario_doc, d.uf_inicio, d.municipio_inicio, d.uf_fim, d.municipio_fim,
  d.valor_prestacao, d.valor_icms, d.xml_state, d.missing_remote, d.synced_at`;

export function toDocumentRow(
  row: Omit<DocumentRecordRow, 'api_record' | 'ambiente' | 'created_at' | 'seen_run'>,
): DocumentRow {
  return {
    id: row.id,
    apiId: row.api_id,
    environment: row.environment,
    company: row.company,
    kind: row.kind,
    modelo: row.modelo,
    serie: row.serie,
    numero: row.numero,
    chave: row.chave,
    referencia: row.referencia,
    status: row.status,
    dataEmissao: row.data_emissao,
    tomadorNome: row.tomador_nome,
    tomadorDoc: row.tomador_doc,
    remetenteNome: row.remetente_nome,
    remetenteDoc: row.remetente_doc,
    destinatarioNome: row.destinatario_nome,
    destinatarioDoc: row.destinatario_doc,
    ufInicio: row.uf_inicio,
    municipioInicio: row.municipio_inicio,
    ufFim: row.uf_fim,
    municipioFim: row.municipio_fim,
    valorPrestacao: fromCents(row.valor_prestacao),
    valorIcms: fromCents(row.valor_icms),
    hasXml: row.xml_state === 'present',
    missingRemote: row.missing_remote === 1,
    syncedAt: row.synced_at,
  };
}

/**
 * The documents whose value is freight: authorized CT-e and CT-e OS. A cancelled or rejected
 * CT-e earns nothing, and a DC-e's value is the declared value of the goods, never freight.
 */
const FREIGHT = "d.kind IN ('cte', 'cteos') AND d.status IN ('autorizado', 'encerrado')";
/** Authorized DC-e: their value is shown apart as "valor declarado". */
const DECLARED = "d.kind = 'dce' AND d.status IN ('autorizado', 'encerrado')";

/** The one aggregate every screen's totals come from (Documentos, Painel, accounting export). */
const TOTALS_SELECT = `count(*) AS n,
  sum(CASE WHEN ${FREIGHT} THEN d.valor_prestacao END) AS v,
  sum(CASE WHEN ${FREIGHT} THEN d.valor_icms END) AS i,
  sum(CASE WHEN ${DECLARED} THEN d.valor_prestacao END) AS dv`;

/** Browse queries over the cache: one page of rows, and totals of the whole filtered set. */
export class DocumentBrowser {
  private readonly mdfe: MdfeBrowser;

  constructor(private readonly db: Database) {
    this.mdfe = new MdfeBrowser(db);
  }

  /**
   * FROM/WHERE of a filter. A text search matching few documents drives the query from the FTS
   * index (CROSS JOIN keeps that order); a common word instead walks the browse index and tests
   * each row against the match set, which finds a page of 50 long before the end.
   */
  private async source(filter: BrowseFilter): Promise<Source> {
    const { sql, params, match } = whereOf(filter);
    if (match === null) return { from: 'documents d', where: sql, params };
    const counted = await this.db.get<{ n: number }>(
      'SELECT count(*) AS n FROM (SELECT rowid FROM documents_fts WHERE documents_fts MATCH ? LIMIT ?)',
      [match, FEW_MATCHES],
    );
    if ((counted?.n ?? 0) < FEW_MATCHES) {
      return {
        from: 'documents_fts f CROSS JOIN documents d ON d.id = f.rowid',
        where: `documents_fts MATCH ? AND ${sql}`,
        params: [match, ...params],
      };
    }
    return {
      from: 'documents d',
      where: `${sql} AND d.id IN (SELECT rowid FROM documents_fts WHERE documents_fts MATCH ?)`,
      params: [...params, match],
    };
  }

  async page(query: BrowseQuery): Promise<DocumentRow[]> {
    const source = await this.source(query.filter);
    let sql = source.where;
    const params = [...source.params];
    if (query.ids) {
      sql += ` AND d.id IN (${query.ids.map(() => '?').join(', ') || 'NULL'})`;
      params.push(...query.ids);
    }
    const dir = query.sort.dir === 'asc' ? 'ASC' : 'DESC';
    const order = `${sortColumns[query.sort.field]} ${dir}, d.id ${dir}`;
    // Choose the page's ids from the covering index first, then read only those rows: sorting a
    // month (thousands of rows) by full rows costs tens of milliseconds, by index entries a few.
    const rows = await this.db.all<DocumentRecordRow>(
      `SELECT ${ROW_COLUMNS} FROM documents d
        WHERE d.id IN (SELECT d.id FROM ${source.from} WHERE ${sql} ORDER BY ${order} LIMIT ? OFFSET ?)
        ORDER BY ${order}`,
      [...params, query.limit, query.offset],
    );
    return rows.map(toDocumentRow);
  }

  async totals(filter: BrowseFilter): Promise<DocumentTotals> {
    const source = await this.source(filter);
    const row = await this.db.get<{ n: number; v: number | null; i: number | null; dv: number | null }>(
      `SELECT ${TOTALS_SELECT} FROM ${source.from} WHERE ${source.where}`,
      source.params,
    );
    return {
      count: row?.n ?? 0,
      valorPrestacao: (row?.v ?? 0) / 100,
      valorIcms: (row?.i ?? 0) / 100,
      valorDeclarado: (row?.dv ?? 0) / 100,
    };
  }

  /**
   * One page of the Documentos list: the documents and the MDF-e of the filter in one order. The
   * MDF-e (one per trip, few) are read up to the page's end and merged with the documents' rows
   * up to the same point; without MDF-e the documents' page is read alone.
   */
  async browse(query: Omit<BrowseQuery, 'ids'>): Promise<BrowseRow[]> {
    const end = query.offset + query.limit;
    const mdfe = await this.mdfe.rows(query.filter, query.sort, end);
    if (mdfe.length === 0) return this.page(query);
    const kinds = query.filter.kinds;
    const docs =
      kinds?.length && kinds.every((k) => k === 'mdfe')
        ? []
        : await this.page({ ...query, offset: 0, limit: end });
    const sign = query.sort.dir === 'asc' ? 1 : -1;
    const merged = [...docs, ...mdfe].sort((a, b) => sign * compareBy(query.sort.field, a, b));
    return merged.slice(query.offset, end);
  }

  /** Rows and totals of the list; MDF-e count as documents but never add to the money totals. */
  async search(query: BrowseQuery): Promise<{ rows: BrowseRow[]; totals: DocumentTotals }> {
    const [rows, totals, mdfe] = await Promise.all([
      this.browse(query),
      this.totals(query.filter),
      this.mdfe.count(query.filter),
    ]);
    return { rows, totals: { ...totals, count: totals.count + mdfe } };
  }

  /** Every document of a period, in issue order, for the accounting export. */
  exportRows(request: { company: string; environment: Environment; from: string; to: string }) {
    return this.db.all<DocumentRecordRow>(
      `SELECT * FROM documents WHERE company = ? AND environment = ? AND data_emissao >= ? AND data_emissao < ?
        ORDER BY data_emissao, id`,
      [request.company, request.environment, request.from, nextDay(request.to)],
    );
  }

  /** The month's documents by status, its totals (the same query as Documentos) and top tomadores. */
  async dashboard(company: string, environment: Environment, month: string) {
    const from = `${month}-01`;
    const [year, mon] = month.split('-').map(Number);
    const last = new Date(Date.UTC(year, mon, 0)).toISOString().slice(0, 10);
    const base = 'd.company = ? AND d.environment = ? AND d.data_emissao >= ? AND d.data_emissao < ?';
    const params = [company, environment, from, nextDay(last)];
    const byStatus = await this.db.all<{ status: string; count: number }>(
      `SELECT d.status, count(*) AS count FROM documents d WHERE ${base} GROUP BY d.status ORDER BY count DESC`,
      params,
    );
    const totals = await this.totals({ company, environment, from, to: last });
    const top = await this.db.all<{
      doc: string | null;
      nome: string | null;
      count: number;
      v: number | null;
    }>(
      `SELECT d.tomador_doc AS doc, max(d.tomador_nome) AS nome, count(*) AS count, sum(d.valor_prestacao) AS v
         FROM documents d WHERE ${base} AND ${FREIGHT} AND d.tomador_doc IS NOT NULL
        GROUP BY d.tomador_doc ORDER BY v DESC, count DESC LIMIT 5`,
      params,
    );
    const mdfe = await this.db.get<{ n: number; open: number }>(
      `SELECT
         (SELECT count(*) FROM mdfe_documents WHERE company = ? AND environment = ? AND data_emissao >= ? AND data_emissao < ?) AS n,
         (SELECT count(*) FROM mdfe_documents WHERE company = ? AND environment = ? AND status = 'autorizado') AS open`,
      [...params, company, environment],
    );
    return {
      month,
      mdfe: { count: mdfe?.n ?? 0, abertos: mdfe?.open ?? 0 },
      byStatus,
      count: totals.count,
      valorPrestacao: totals.valorPrestacao,
      valorIcms: totals.valorIcms,
      valorDeclarado: totals.valorDeclarado,
      topTomadores: top.map((row) => ({
        doc: row.doc,
        nome: row.nome,
        count: row.count,
        valorPrestacao: (row.v ?? 0) / 100,
      })),
    };
  }
}
