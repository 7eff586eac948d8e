// The sandbox's DF-e tables: documents (CT-e, CT-e OS, DC-e) and their events, in the shared
// SQLite store (registered with `migrate`, so a sandbox reset recreates them).
import { columns, nextCounter, updateRow } from '../sql-rows';
import type { SandboxStore, SqlParam } from '../store';

export type DfeKind = 'cte' | 'cteos' | 'dce';
export type DfeStatus =
  'pendente' | 'autorizado' | 'rejeitado' | 'denegado' | 'encerrado' | 'cancelado' | 'erro';

export interface DocumentRow {
  id: string;
  kind: DfeKind;
  cpf_cnpj: string;
  ambiente: 'homologacao' | 'producao';
  status: DfeStatus;
  referencia: string | null;
  created_at: string;
  data_emissao: string;
  modelo: number;
  serie: number;
  numero: number;
  tipo_emissao: number;
  valor_total: number;
  chave: string;
  codigo_status: number;
  motivo_status: string;
  numero_protocolo: string | null;
  data_recebimento: string;
  digest_value: string;
  /** Consultations left before the final status shows (pending fault). */
  pending_polls: number;
  xml_documento: string;
  xml_proc: string | null;
  tp_emit: number | null;
}

export interface EventRow {
  id: string;
  document_id: string;
  kind: 'cancelamento' | 'carta-correcao';
  tipo_evento: string;
  ambiente: 'homologacao' | 'producao';
  status: 'pendente' | 'registrado' | 'rejeitado' | 'erro';
  autor: string;
  chave: string;
  data_evento: string;
  numero_sequencial: number;
  data_recebimento: string;
  codigo_status: number;
  motivo_status: string;
  numero_protocolo: string | null;
  justificativa: string | null;
  correcoes: string | null;
  xml_evento: string;
  xml_proc: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS dfe_documents (
  id TEXT PRIMARY KEY, kind TEXT NOT NULL, cpf_cnpj TEXT NOT NULL, ambiente TEXT NOT NULL, status TEXT NOT NULL,
  referencia TEXT, created_at TEXT NOT NULL, data_emissao TEXT NOT NULL, modelo INTEGER NOT NULL,
  serie INTEGER NOT NULL, numero INTEGER NOT NULL, tipo_emissao INTEGER NOT NULL, valor_total REAL NOT NULL,
  chave TEXT NOT NULL, codigo_status INTEGER NOT NULL, motivo_status TEXT NOT NULL, numero_protocolo TEXT,
  data_recebimento TEXT NOT NULL, digest_value TEXT NOT NULL, pending_polls INTEGER NOT NULL DEFAULT 0,
  xml_documento TEXT NOT NULL, xml_proc TEXT, tp_emit INTEGER
);
CREATE UNIQUE INDEX IF NOT EXISTS dfe_documents_referencia ON dfe_documents(referencia) WHERE referencia IS NOT NULL;
CREATE INDEX IF NOT EXISTS dfe_documents_list ON dfe_documents(kind, cpf_cnpj, ambiente, created_at);
CREATE TABLE IF NOT EXISTS dfe_events (
  id TEXT PRIMARY KEY, document_id TEXT NOT NULL, kind TEXT NOT NULL, tipo_evento TEXT NOT NULL,
  ambiente TEXT NOT NULL, status TEXT NOT NULL, autor TEXT NOT NULL, chave TEXT NOT NULL, data_evento TEXT NOT NULL,
  numero_sequencial INTEGER NOT NULL, data_recebimento TEXT NOT NULL, codigo_status INTEGER NOT NULL,
  motivo_status TEXT NOT NULL, numero_protocolo TEXT, justificativa TEXT, correcoes TEXT,
  xml_evento TEXT NOT NULL, xml_proc TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS dfe_events_document ON dfe_events(document_id, kind, numero_sequencial);
CREATE TABLE IF NOT EXISTS dfe_counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
`;

export interface ListFilter {
  kind: DfeKind;
  cpfCnpj: string;
  ambiente: string;
  referencia?: string;
  chave?: string;
  serie?: number;
  top: number;
  skip: number;
}

export interface DfeRepository {
  nextSequence(name: string): Promise<number>;
  insertDocument(row: DocumentRow): Promise<void>;
  updateDocument(id: string, changes: Partial<DocumentRow>): Promise<void>;
  getDocument(kind: DfeKind, id: string): Promise<DocumentRow | null>;
  referenciaTaken(referencia: string): Promise<boolean>;
  findAuthorized(
    kind: DfeKind,
    cpfCnpj: string,
    ambiente: string,
    serie: number,
    numero: number,
  ): Promise<DocumentRow | null>;
  list(filter: ListFilter): Promise<{ data: DocumentRow[]; count: number }>;
  insertEvent(row: EventRow): Promise<void>;
  getEvent(id: string): Promise<EventRow | null>;
  events(documentId: string, kind: EventRow['kind']): Promise<EventRow[]>;
}

export async function openDfeRepository(store: SandboxStore): Promise<DfeRepository> {
  await store.migrate('dfe', SCHEMA);
  return {
    nextSequence: (name) => nextCounter(store, 'dfe_counters', name),
    async insertDocument(row) {
      const c = columns(row);
      await store.run(`INSERT INTO dfe_documents (${c.names}) VALUES (${c.marks})`, c.values);
    },
    updateDocument: (id, changes) => updateRow(store, 'dfe_documents', id, changes),
    async getDocument(kind, id) {
      return (
        (await store.get<DocumentRow>('SELECT * FROM dfe_documents WHERE kind = ? AND id = ?', [kind, id])) ??
        null
      );
    },
    async referenciaTaken(referencia) {
      return !!(await store.get('SELECT 1 FROM dfe_documents WHERE referencia = ?', [referencia]));
    },
    async findAuthorized(kind, cpfCnpj, ambiente, serie, numero) {
      const row = await store.get<DocumentRow>(
        `SELECT * FROM dfe_documents WHERE kind = ? AND cpf_cnpj = ? AND ambiente = ? AND serie = ? AND numero = ?
         AND status IN ('autorizado', 'cancelado', 'encerrado') LIMIT 1`,
        [kind, cpfCnpj, ambiente, serie, numero],
      );
      return row ?? null;
    },
    async list(f) {
      const where = ['kind = ?', 'cpf_cnpj = ?', 'ambiente = ?'];
      const params: SqlParam[] = [f.kind, f.cpfCnpj, f.ambiente];
      if (f.referencia !== undefined) {
        where.push('referencia = ?');
        params.push(f.referencia);
      }
      if (f.chave !== undefined) {
        where.push('chave = ?');
        params.push(f.chave);
      }
      if (f.serie !== undefined) {
        where.push('serie = ?');
        params.push(f.serie);
      }
      const clause = where.join(' AND ');
      const total = await store.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM dfe_documents WHERE ${clause}`,
        params,
      );
      const data = await store.all<DocumentRow>(
        `SELECT * FROM dfe_documents WHERE ${clause} ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
        [...params, f.top, f.skip],
      );
      return { data, count: total?.n ?? 0 };
    },
    async insertEvent(row) {
      const c = columns(row);
      await store.run(`INSERT INTO dfe_events (${c.names}) VALUES (${c.marks})`, c.values);
    },
    async getEvent(id) {
      return (await store.get<EventRow>('SELECT * FROM dfe_events WHERE id = ?', [id])) ?? null;
    },
    async events(documentId, kind) {
      return store.all<EventRow>(
        'SELECT * FROM dfe_events WHERE document_id = ? AND kind = ? ORDER BY numero_sequencial, rowid',
        [documentId, kind],
      );
    },
  };
}
