import { deflateRawSync, inflateRawSync } from 'node:zlib';

import type { Database } from '../db';
import type { SqlValue } from '../../sqlite/database';
import type { PackedFile } from './files';
import { FileRepository } from './files';
import { RECORD_DICTIONARY_V1 } from './xml-dictionary';
import type { ApiRecord, BrowseFields, DocFileKind, Environment, Scope } from './types';
import { brasiliaTimestamp, toCents } from './types';

/** One document of a sync batch: the API's record, and when already fetched its XML and fields. */
export interface DocumentUpsert extends Scope {
  record: ApiRecord;
  fields?: BrowseFields | null;
  files?: { kind: DocFileKind; file: PackedFile }[];
  /** The API said there is no processed XML to fetch (404 on a final document). */
  xmlUnavailable?: boolean;
  /** Marks the document as seen by this full-list run (see SyncStateRepository). */
  seenRun?: number;
}

export type UpsertOutcome = 'added' | 'changed' | 'unchanged';

export interface UpsertResult {
  id: number;
  outcome: UpsertOutcome;
  previousStatus: string | null;
}

/** Deterministic for a given zlib: equal records give equal bytes, which the outcome check relies on. */
export const packRecord = (record: ApiRecord): Buffer =>
  deflateRawSync(JSON.stringify(record), { level: 6, dictionary: RECORD_DICTIONARY_V1 });
export const unpackRecord = (bytes: Buffer): ApiRecord =>
  JSON.parse(inflateRawSync(bytes, { dictionary: RECORD_DICTIONARY_V1 }).toString('utf8')) as ApiRecord;

interface ExistingRow {
  id: number;
  api_id: string;
  status: string;
  api_record: Buffer;
  xml_state: string;
  missing_remote: number;
}

const COLUMNS = [
  'api_id',
  'environment',
  'ambiente',
  'company',
  'kind',
  'modelo',
  'serie',
  'numero',
  'chave',
  'referencia',
  'status',
  'data_emissao',
  'created_at',
  'tomador_nome',
  'tomador_doc',
  'remetente_nome',
  'remetente_doc',
  'destinatario_nome',
  'destinatario_doc',
  'uf_inicio',
  'municipio_inicio',
  'uf_fim',
  'municipio_fim',
  'valor_prestacao',
  'valor_icms',
  'api_record',
  'xml_state',
  'missing_remote',
  'seen_run',
  'synced_at',
] as const;
type Column = (typeof COLUMNS)[number];

/** Rows per INSERT: 30 values each, well under SQLite's 32,766 variables. */
const ROWS_PER_STATEMENT = 200;

const UPSERT_ROW = `(${COLUMNS.map(() => '?').join(', ')})`;
const UPSERT_TAIL = `
ON CONFLICT (environment, api_id) DO UPDATE SET
  ambiente = excluded.ambiente,
  modelo = coalesce(excluded.modelo, modelo),
  serie = coalesce(excluded.serie, serie),
  numero = coalesce(excluded.numero, numero),
  chave = coalesce(excluded.chave, chave),
  referencia = coalesce(excluded.referencia, referencia),
  status = CASE WHEN status = 'cancelado' AND excluded.status = 'autorizado' THEN status ELSE excluded.status END,
  data_emissao = coalesce(excluded.data_emissao, data_emissao),
  created_at = coalesce(excluded.created_at, created_at),
  tomador_nome = coalesce(excluded.tomador_nome, tomador_nome),
  tomador_doc = coalesce(excluded.tomador_doc, tomador_doc),
  remetente_nome = coalesce(excluded.remetente_nome, remetente_nome),
  remetente_doc = coalesce(excluded.remetente_doc, remetente_doc),
  destinatario_nome = coalesce(excluded.destinatario_nome, destinatario_nome),
  destinatario_doc = coalesce(excluded.destinatario_doc, destinatario_doc),
  uf_inicio = coalesce(excluded.uf_inicio, uf_inicio),
  municipio_inicio = coalesce(excluded.municipio_inicio, municipio_inicio),
  uf_fim = coalesce(excluded.uf_fim, uf_fim),
  municipio_fim = coalesce(excluded.municipio_fim, municipio_fim),
  valor_prestacao = coalesce(excluded.valor_prestacao, valor_prestacao),
  valor_icms = coalesce(excluded.valor_icms, valor_icms),
  api_record = excluded.api_record,
  xml_state = CASE WHEN excluded.xml_state = 'missing' THEN xml_state ELSE excluded.xml_state END,
  missing_remote = 0,
  seen_run = max(seen_run, excluded.seen_run),
  synced_at = excluded.synced_at
RETURNING id, environment, api_id`;

/** One statement for many rows: a round trip per batch instead of one per document. */
function upsertSql(rows: number): string {
  return `INSERT INTO documents (${COLUMNS.join(', ')}) VALUES ${Array(rows).fill(UPSERT_ROW).join(', ')}${UPSERT_TAIL}`;
}

function upsertValues(item: DocumentUpsert, now: string, packed: Buffer): SqlValue[] {
  const { record, fields } = item;
  const hasXml = item.files?.some((f) => f.kind === 'xml') ?? false;
  const values: Record<Column, SqlValue> = {
    api_id: record.id,
    environment: item.environment,
    ambiente: record.ambiente === 'producao' ? 'producao' : 'homologacao',
    company: item.company,
    kind: item.kind,
    modelo: record.modelo ?? null,
    serie: fields?.serie ?? record.serie ?? null,
    numero: fields?.numero ?? record.numero ?? null,
    chave: fields?.chave || record.chave || null,
    referencia: record.referencia ?? null,
    // A cancellation the XML proves is final (MOC Visão Geral: a cancelled CT-e is never
    // authorized again); a record that still says autorizado does not undo it (see the upsert).
    status: fields?.cancelledInXml && record.status === 'autorizado' ? 'cancelado' : record.status,
    data_emissao: brasiliaTimestamp(fields?.dataEmissao || record.data_emissao),
    created_at: record.created_at ?? null,
    tomador_nome: fields?.tomadorNome ?? null,
    tomador_doc: fields?.tomadorDoc ?? null,
    remetente_nome: fields?.remetenteNome ?? null,
    remetente_doc: fields?.remetenteDoc ?? null,
    destinatario_nome: fields?.destinatarioNome ?? null,
    destinatario_doc: fields?.destinatarioDoc ?? null,
    uf_inicio: fields?.ufInicio ?? null,
    municipio_inicio: fields?.municipioInicio ?? null,
    uf_fim: fields?.ufFim ?? null,
    municipio_fim: fields?.municipioFim ?? null,
    valor_prestacao: fields?.valorPrestacao ?? toCents(record.valor_total),
    valor_icms: fields?.valorIcms ?? null,
    api_record: packed,
    missing_remote: 0,
    xml_state: hasXml ? 'present' : item.xmlUnavailable ? 'unavailable' : 'missing',
    seen_run: item.seenRun ?? 0,
    synced_at: now,
  };
  return COLUMNS.map((column) => values[column]);
}

/** Writes and reads the cached documents. Every batch is one transaction. */
export class DocumentRepository {
  readonly files: FileRepository;

  constructor(private readonly db: Database) {
    this.files = new FileRepository(db);
  }

  /**
   * Upserts a batch in ONE transaction (joins the caller's when there is one, so a sync can commit
   * its cursor with the same batch). `extra` runs inside it, after the rows.
   */
  async upsertBatch(
    items: readonly DocumentUpsert[],
    extra?: (results: UpsertResult[]) => Promise<void>,
  ): Promise<UpsertResult[]> {
    const packed = items.map((item) => packRecord(item.record));
    return this.db.transaction(async () => {
      const now = new Date().toISOString();
      const existing = await this.existing(items);
      const ids = new Map<string, number>();
      for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT) {
        const chunk = items.slice(start, start + ROWS_PER_STATEMENT);
        const values = chunk.flatMap((item, i) => upsertValues(item, now, packed[start + i]));
        // RETURNING gives no order guarantee: rows are matched back by api_id.
        const rows = await this.db.all<{ id: number; environment: string; api_id: string }>(
          upsertSql(chunk.length),
          values,
        );
        for (const row of rows) ids.set(`${row.environment}\u0000${row.api_id}`, row.id);
      }
      await this.files.putParts(items.flatMap((item) => (item.files ?? []).map((f) => f.file)));
      const files: { docId: number; eventId: number; kind: DocFileKind; file: PackedFile }[] = [];
      const results: UpsertResult[] = [];
      for (const [index, item] of items.entries()) {
        const key = `${item.environment}\u0000${item.record.id}`;
        const id = ids.get(key);
        if (id === undefined) throw new Error(`Upsert returned no row for ${item.record.id}.`);
        for (const file of item.files ?? [])
          files.push({ docId: id, eventId: 0, kind: file.kind, file: file.file });
        const before = existing.get(key);
        results.push({
          id,
          outcome: outcomeOf(before, item, packed[index]),
          previousStatus: before?.status ?? null,
        });
      }
      await this.files.putMany(files);
      if (extra) await extra(results);
      return results;
    });
  }

  /** The rows a batch will touch, read in one query per environment. */
  private async existing(items: readonly DocumentUpsert[]): Promise<Map<string, ExistingRow>> {
    const found = new Map<string, ExistingRow>();
    const byEnvironment = new Map<string, string[]>();
    for (const item of items) {
      const list = byEnvironment.get(item.environment) ?? [];
      list.push(item.record.id);
      byEnvironment.set(item.environment, list);
    }
    for (const [environment, ids] of byEnvironment) {
      const rows = await this.db.all<ExistingRow>(
        `SELECT id, api_id, status, api_record, xml_state, missing_remote FROM documents
          WHERE environment = ? AND api_id IN (${ids.map(() => '?').join(', ')})`,
        [environment, ...ids],
      );
      for (const row of rows) found.set(`${environment}\u0000${row.api_id}`, row);
    }
    return found;
  }

  async byApiId(environment: Environment, apiId: string): Promise<DocumentRecordRow | undefined> {
    return this.db.get<DocumentRecordRow>('SELECT * FROM documents WHERE environment = ? AND api_id = ?', [
      environment,
      apiId,
    ]);
  }

  async byId(id: number): Promise<DocumentRecordRow | undefined> {
    return this.db.get<DocumentRecordRow>('SELECT * FROM documents WHERE id = ?', [id]);
  }

  /** Final documents whose processed XML was never fetched, by id after `afterId` (bounded). */
  async needingFiles(
    scope: Scope,
    statuses: readonly string[],
    afterId: number,
    limit: number,
  ): Promise<DocumentRecordRow[]> {
    const marks = statuses.map(() => '?').join(', ');
    return this.db.all<DocumentRecordRow>(
      `SELECT * FROM documents WHERE company = ? AND environment = ? AND kind = ? AND xml_state = 'missing'
         AND status IN (${marks}) AND id > ? ORDER BY id LIMIT ?`,
      [scope.company, scope.environment, scope.kind, ...statuses, afterId, limit],
    );
  }

  async cancelledWithoutEvent(scope: Scope): Promise<DocumentRecordRow[]> {
    return this.db.all<DocumentRecordRow>(
      `SELECT d.* FROM documents d WHERE d.company = ? AND d.environment = ? AND d.kind = ? AND d.status = 'cancelado'
         AND NOT EXISTS (SELECT 1 FROM document_events e WHERE e.doc_id = d.id AND e.type = 'cancelamento')
       ORDER BY d.id`,
      [scope.company, scope.environment, scope.kind],
    );
  }

  async withStatus(scope: Scope, statuses: readonly string[]): Promise<DocumentRecordRow[]> {
    const marks = statuses.map(() => '?').join(', ');
    return this.db.all<DocumentRecordRow>(
      `SELECT * FROM documents WHERE company = ? AND environment = ? AND kind = ? AND status IN (${marks}) ORDER BY id`,
      [scope.company, scope.environment, scope.kind, ...statuses],
    );
  }

  async markXmlUnavailable(id: number): Promise<void> {
    await this.db.run(
      "UPDATE documents SET xml_state = 'unavailable' WHERE id = ? AND xml_state = 'missing'",
      [id],
    );
  }

  /** Documents a complete run of the list did not see: kept, flagged. Returns how many were newly flagged. */
  async markMissing(scope: Scope, run: number): Promise<number> {
    const result = await this.db.run(
      `UPDATE documents SET missing_remote = 1 WHERE company = ? AND environment = ? AND kind = ?
         AND seen_run < ? AND missing_remote = 0`,
      [scope.company, scope.environment, scope.kind, run],
    );
    return result.changes;
  }

  async count(scope?: Partial<Scope>): Promise<number> {
    const where: string[] = [];
    const params: string[] = [];
    for (const key of ['company', 'environment', 'kind'] as const) {
      const value = scope?.[key];
      if (value !== undefined) {
        where.push(`${key} = ?`);
        params.push(value);
      }
    }
    const sql = `SELECT count(*) AS n FROM documents${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
    return (await this.db.get<{ n: number }>(sql, params))?.n ?? 0;
  }
}

function outcomeOf(existing: ExistingRow | undefined, item: DocumentUpsert, packed: Buffer): UpsertOutcome {
  if (existing === undefined) return 'added';
  if (existing.missing_remote === 1) return 'changed';
  if (existing.status !== item.record.status) return 'changed';
  if ((item.files?.length ?? 0) > 0 && existing.xml_state !== 'present') return 'changed';
  return existing.api_record.equals(packed) ? 'unchanged' : 'changed';
}

/** A documents row as stored. */
export interface DocumentRecordRow {
  id: number;
  api_id: string;
  environment: Environment;
  ambiente: string;
  company: string;
  kind: 'cte' | 'cteos' | 'dce';
  modelo: number | null;
  serie: number | null;
  numero: number | null;
  chave: string | null;
  referencia: string | null;
  status: string;
  data_emissao: string | null;
  created_at: string | null;
  tomador_nome: string | null;
  tomador_doc: string | null;
  remetente_nome: string | null;
  remetente_doc: string | null;
  destinatario_nome: string | null;
  destinatario_doc: string | null;
  uf_inicio: string | null;
  municipio_inicio: string | null;
  uf_fim: string | null;
  municipio_fim: string | null;
  valor_prestacao: number | null;
  valor_icms: number | null;
  api_record: Buffer;
  xml_state: 'missing' | 'present' | 'unavailable';
  missing_remote: number;
  seen_run: number;
  synced_at: string;
}
