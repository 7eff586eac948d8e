// The sandbox's MDF-e tables: manifests (those issued through the API and, marked `external`, the
// ones the authority knows from "another system"), their events and the lotes, in the shared
// SQLite store (registered with `migrate`, so a sandbox reset recreates them).
import type { DocumentRow } from '../dfe/repository';
import { columns, nextCounter, updateRow } from '../sql-rows';
import type { SandboxStore, SqlParam } from '../store';
import type { MdfeEventKind } from './events-xml';

export interface MdfeRow extends Omit<DocumentRow, 'kind'> {
  /** Main plate (veicTracao/placa): the key of the open-manifest rules. */
  placa: string;
  uf_ini: string;
  /** UFFim: the unloading UF. */
  uf_fim: string;
  /** UFs de percurso, comma-separated in order. */
  percurso: string;
  /** 1: known to the authority only (issued by another system, through the control API). */
  external: number;
  /** The request's road block facts the printout and events need (JSON: modal, municipalities). */
  resumo: string;
}

export interface MdfeEventRow {
  id: string;
  document_id: string;
  kind: MdfeEventKind;
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
  /** The API members of this event type (justificativa, uf/codigo_municipio/data_encerramento…), JSON. */
  detalhe: string;
  xml_evento: string;
  xml_proc: string;
}

export interface MdfeLoteRow {
  id: string;
  cpf_cnpj: string;
  ambiente: 'homologacao' | 'producao';
  created_at: string;
  referencia: string | null;
  id_lote: string;
  recibo: string;
  data_recebimento: string;
  /** Document ids, JSON array. */
  documentos: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS mdfe_documents (
  id TEXT PRIMARY KEY, cpf_cnpj TEXT NOT NULL, ambiente TEXT NOT NULL, status TEXT NOT NULL,
  referencia TEXT, created_at TEXT NOT NULL, data_emissao TEXT NOT NULL, modelo INTEGER NOT NULL,
  serie INTEGER NOT NULL, numero INTEGER NOT NULL, tipo_emissao INTEGER NOT NULL, valor_total REAL NOT NULL,
  chave TEXT NOT NULL, codigo_status INTEGER NOT NULL, motivo_status TEXT NOT NULL, numero_protocolo TEXT,
  data_recebimento TEXT NOT NULL, digest_value TEXT NOT NULL, pending_polls INTEGER NOT NULL DEFAULT 0,
  xml_documento TEXT NOT NULL, xml_proc TEXT, tp_emit INTEGER, placa TEXT NOT NULL, uf_ini TEXT NOT NULL,
  uf_fim TEXT NOT NULL, percurso TEXT NOT NULL, external INTEGER NOT NULL DEFAULT 0, resumo TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS mdfe_documents_referencia ON mdfe_documents(referencia) WHERE referencia IS NOT NULL;
CREATE INDEX IF NOT EXISTS mdfe_documents_list ON mdfe_documents(cpf_cnpj, ambiente, created_at);
CREATE INDEX IF NOT EXISTS mdfe_documents_open ON mdfe_documents(status, ambiente, placa);
CREATE TABLE IF NOT EXISTS mdfe_events (
  id TEXT PRIMARY KEY, document_id TEXT NOT NULL, kind TEXT NOT NULL, tipo_evento TEXT NOT NULL,
  ambiente TEXT NOT NULL, status TEXT NOT NULL, autor TEXT NOT NULL, chave TEXT NOT NULL, data_evento TEXT NOT NULL,
  numero_sequencial INTEGER NOT NULL, data_recebimento TEXT NOT NULL, codigo_status INTEGER NOT NULL,
  motivo_status TEXT NOT NULL, numero_protocolo TEXT, detalhe TEXT NOT NULL,
  xml_evento TEXT NOT NULL, xml_proc TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS mdfe_events_document ON mdfe_events(document_id, kind, numero_sequencial);
CREATE TABLE IF NOT EXISTS mdfe_lotes (
  id TEXT PRIMARY KEY, cpf_cnpj TEXT NOT NULL, ambiente TEXT NOT NULL, created_at TEXT NOT NULL,
  referencia TEXT, id_lote TEXT NOT NULL, recibo TEXT NOT NULL, data_recebimento TEXT NOT NULL,
  documentos TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS mdfe_counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS mdfe_lotes_list ON mdfe_lotes(cpf_cnpj, ambiente, created_at);
`;

const baseOf = (cpfCnpj: string) => (cpfCnpj.length === 14 ? cpfCnpj.slice(0, 8) : cpfCnpj);

export interface MdfeRepository {
  /** Protocol numbers (the MDF-e's and its events'), one sequence. */
  nextSequence(name: string): Promise<number>;
  insert(row: MdfeRow): Promise<void>;
  update(id: string, changes: Partial<MdfeRow>): Promise<void>;
  get(id: string): Promise<MdfeRow | null>;
  byChave(chave: string): Promise<MdfeRow | null>;
  referenciaTaken(referencia: string): Promise<boolean>;
  findAuthorized(cpfCnpj: string, ambiente: string, serie: number, numero: number): Promise<MdfeRow | null>;
  /** An MDF-e authorized (open or closed, not cancelled) that lists the CT-e key; the newest. */
  holdingCte(chCTe: string, ambiente: string): Promise<MdfeRow | null>;
  /** Authorized, not closed nor cancelled, of the same CNPJ base (CPF) in this environment; oldest first. */
  openOf(cpfCnpj: string, ambiente: string): Promise<MdfeRow[]>;
  list(filter: {
    cpfCnpj: string;
    ambiente: string;
    referencia?: string;
    chave?: string;
    serie?: number;
    top: number;
    skip: number;
  }): Promise<{ data: MdfeRow[]; count: number }>;
  insertEvent(row: MdfeEventRow): Promise<void>;
  getEvent(id: string): Promise<MdfeEventRow | null>;
  events(documentId: string, kind: MdfeEventKind): Promise<MdfeEventRow[]>;
  insertLote(row: MdfeLoteRow): Promise<void>;
  getLote(id: string): Promise<MdfeLoteRow | null>;
  lotes(filter: {
    cpfCnpj: string;
    ambiente: string;
    referencia?: string;
    top: number;
    skip: number;
  }): Promise<{ data: MdfeLoteRow[]; count: number }>;
}

export async function openMdfeRepository(store: SandboxStore): Promise<MdfeRepository> {
  await store.migrate('mdfe', SCHEMA);
  async function page<T>(table: string, where: string[], params: SqlParam[], top: number, skip: number) {
    const clause = where.join(' AND ');
    const total = await store.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM ${table} WHERE ${clause}`,
      params,
    );
    const data = await store.all<T>(
      `SELECT * FROM ${table} WHERE ${clause} ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
      [...params, top, skip],
    );
    return { data, count: total?.n ?? 0 };
  }
  return {
    nextSequence: (name) => nextCounter(store, 'mdfe_counters', name),
    async insert(row) {
      const c = columns(row);
      await store.run(`INSERT INTO mdfe_documents (${c.names}) VALUES (${c.marks})`, c.values);
    },
    update: (id, changes) => updateRow(store, 'mdfe_documents', id, changes),
    async get(id) {
      return (
        (await store.get<MdfeRow>('SELECT * FROM mdfe_documents WHERE id = ? AND external = 0', [id])) ?? null
      );
    },
    async byChave(chave) {
      return (await store.get<MdfeRow>('SELECT * FROM mdfe_documents WHERE chave = ?', [chave])) ?? null;
    },
    async referenciaTaken(referencia) {
      return !!(await store.get('SELECT 1 FROM mdfe_documents WHERE referencia = ?', [referencia]));
    },
    async findAuthorized(cpfCnpj, ambiente, serie, numero) {
      const row = await store.get<MdfeRow>(
        `SELECT * FROM mdfe_documents WHERE cpf_cnpj = ? AND ambiente = ? AND serie = ? AND numero = ?
         AND status IN ('autorizado', 'cancelado', 'encerrado') LIMIT 1`,
        [cpfCnpj, ambiente, serie, numero],
      );
      return row ?? null;
    },
    async holdingCte(chCTe, ambiente) {
      const row = await store.get<MdfeRow>(
        `SELECT * FROM mdfe_documents WHERE status IN ('autorizado', 'encerrado') AND ambiente = ?
           AND instr(xml_documento, ?) > 0 ORDER BY data_recebimento DESC, rowid DESC LIMIT 1`,
        [ambiente, `<chCTe>${chCTe}</chCTe>`],
      );
      return row ?? null;
    },
    async openOf(cpfCnpj, ambiente) {
      const rows = await store.all<MdfeRow>(
        `SELECT * FROM mdfe_documents WHERE status = 'autorizado' AND ambiente = ? AND pending_polls = 0
         ORDER BY data_recebimento, rowid`,
        [ambiente],
      );
      return rows.filter((r) => baseOf(r.cpf_cnpj) === baseOf(cpfCnpj));
    },
    async list(f) {
      const where = ['external = 0', 'cpf_cnpj = ?', 'ambiente = ?'];
      const params: SqlParam[] = [f.cpfCnpj, f.ambiente];
      for (const [column, value] of [
        ['referencia', f.referencia],
        ['chave', f.chave],
        ['serie', f.serie],
      ] as const) {
        if (value === undefined) continue;
        where.push(`${column} = ?`);
        params.push(value);
      }
      return page<MdfeRow>('mdfe_documents', where, params, f.top, f.skip);
    },
    async insertEvent(row) {
      const c = columns(row);
      await store.run(`INSERT INTO mdfe_events (${c.names}) VALUES (${c.marks})`, c.values);
    },
    async getEvent(id) {
      return (await store.get<MdfeEventRow>('SELECT * FROM mdfe_events WHERE id = ?', [id])) ?? null;
    },
    async events(documentId, kind) {
      return store.all<MdfeEventRow>(
        'SELECT * FROM mdfe_events WHERE document_id = ? AND kind = ? ORDER BY numero_sequencial, rowid',
        [documentId, kind],
      );
    },
    async insertLote(row) {
      const c = columns(row);
      await store.run(`INSERT INTO mdfe_lotes (${c.names}) VALUES (${c.marks})`, c.values);
    },
    async getLote(id) {
      return (await store.get<MdfeLoteRow>('SELECT * FROM mdfe_lotes WHERE id = ?', [id])) ?? null;
    },
    async lotes(f) {
      const where = ['cpf_cnpj = ?', 'ambiente = ?'];
      const params: SqlParam[] = [f.cpfCnpj, f.ambiente];
      if (f.referencia !== undefined) {
        where.push('referencia = ?');
        params.push(f.referencia);
      }
      return page<MdfeLoteRow>('mdfe_lotes', where, params, f.top, f.skip);
    },
  };
}
