import type { Database } from '../db';
import type { DocKind, Environment } from './types';

/** The models that are numbered and sent through the outbox: the documents' kinds and the MDF-e. */
export type NumberedKind = DocKind | 'mdfe';

export type OutboxState = 'queued' | 'sending' | 'sent' | 'failed' | 'abandoned';

export interface OutboxEntry {
  id: number;
  referencia: string;
  kind: NumberedKind;
  company: string;
  environment: Environment;
  serie: number | null;
  numero: number | null;
  payload: unknown;
  state: OutboxState;
  attempts: number;
  lastError: string | null;
  apiId: string | null;
  createdAt: string;
  updatedAt: string;
  /** Set when a restore held this open request for the clerk's review: never sent by itself. */
  heldAt: string | null;
}

interface OutboxRow {
  id: number;
  referencia: string;
  kind: NumberedKind;
  company: string;
  environment: Environment;
  serie: number | null;
  numero: number | null;
  payload_json: string;
  state: OutboxState;
  attempts: number;
  last_error: string | null;
  api_id: string | null;
  created_at: string;
  updated_at: string;
  held_at?: string | null;
}

const toEntry = (row: OutboxRow): OutboxEntry => ({
  id: row.id,
  referencia: row.referencia,
  kind: row.kind,
  company: row.company,
  environment: row.environment,
  serie: row.serie,
  numero: row.numero,
  payload: JSON.parse(row.payload_json) as unknown,
  state: row.state,
  attempts: row.attempts,
  lastError: row.last_error,
  apiId: row.api_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  heldAt: row.held_at ?? null,
});

/** Requests that may still become a document: the resolver sends them, unless a restore held them. */
const OPEN_STATES = "state IN ('queued', 'sending', 'failed')";

/** Issuing requests, committed before the POST; `referencia` is unique so a retry finds, never duplicates. */
export class OutboxRepository {
  constructor(private readonly db: Database) {}

  async add(entry: {
    referencia: string;
    kind: NumberedKind;
    company: string;
    environment: Environment;
    serie: number | null;
    numero: number | null;
    payload: unknown;
  }): Promise<OutboxEntry> {
    const now = new Date().toISOString();
    const [row] = await this.db.all<OutboxRow>(
      `INSERT INTO outbox (referencia, kind, company, environment, serie, numero, payload_json, state, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?) RETURNING *`,
      [
        entry.referencia,
        entry.kind,
        entry.company,
        entry.environment,
        entry.serie,
        entry.numero,
        JSON.stringify(entry.payload),
        now,
        now,
      ],
    );
    return toEntry(row);
  }

  async update(
    referencia: string,
    patch: { state: OutboxState; lastError?: string | null; apiId?: string | null; countAttempt?: boolean },
  ): Promise<void> {
    await this.db.run(
      `UPDATE outbox SET state = ?, last_error = ?, api_id = coalesce(?, api_id),
         attempts = attempts + ?, updated_at = ? WHERE referencia = ?`,
      [
        patch.state,
        patch.lastError ?? null,
        patch.apiId ?? null,
        patch.countAttempt ? 1 : 0,
        new Date().toISOString(),
        referencia,
      ],
    );
  }

  async byReferencia(referencia: string): Promise<OutboxEntry | null> {
    const row = await this.db.get<OutboxRow>('SELECT * FROM outbox WHERE referencia = ?', [referencia]);
    return row ? toEntry(row) : null;
  }

  /**
   * The newest sends of one environment (at most 200), for the outbox screen; `openOnly` keeps the
   * ones still to resolve. `kind` is the request variant when there is one (cte-simp).
   */
  async recent(filter: {
    environment: Environment;
    company?: string;
    openOnly?: boolean;
  }): Promise<Array<OutboxEntry & { variant: string | null }>> {
    const rows = await this.db.all<OutboxRow & { variant: string | null }>(
      `SELECT * FROM outbox WHERE environment = ? ${filter.company ? 'AND company = ?' : ''}
         ${filter.openOnly ? "AND state IN ('queued', 'sending', 'failed')" : ''} ORDER BY id DESC LIMIT 200`,
      filter.company ? [filter.environment, filter.company] : [filter.environment],
    );
    return rows.map((row) => ({ ...toEntry(row), variant: row.variant ?? null }));
  }

  /** The open requests the resolver may send: a held one waits for the clerk. */
  async open(company?: string): Promise<OutboxEntry[]> {
    const rows = await this.db.all<OutboxRow>(
      `SELECT * FROM outbox WHERE ${OPEN_STATES} AND held_at IS NULL ${company ? 'AND company = ?' : ''} ORDER BY id`,
      company ? [company] : [],
    );
    return rows.map(toEntry);
  }

  /**
   * Holds every open request (a restored backup's): from now on only the clerk's review sends or
   * closes them. Returns how many were held.
   */
  async holdOpen(now = new Date()): Promise<number> {
    const result = await this.db.run(
      `UPDATE outbox SET held_at = ? WHERE ${OPEN_STATES} AND held_at IS NULL`,
      [now.toISOString()],
    );
    return result.changes;
  }

  /** The requests waiting for the clerk's review ("pendentes de revisão"), oldest first. */
  async held(): Promise<Array<OutboxEntry & { variant: string | null }>> {
    const rows = await this.db.all<OutboxRow & { variant: string | null }>(
      `SELECT * FROM outbox WHERE held_at IS NOT NULL AND ${OPEN_STATES} ORDER BY id LIMIT 500`,
    );
    return rows.map((row) => ({ ...toEntry(row), variant: row.variant ?? null }));
  }

  async byId(id: number): Promise<(OutboxEntry & { variant: string | null }) | null> {
    const row = await this.db.get<OutboxRow & { variant: string | null }>(
      'SELECT * FROM outbox WHERE id = ?',
      [id],
    );
    return row ? { ...toEntry(row), variant: row.variant ?? null } : null;
  }

  /** The clerk reviewed it: the request is an ordinary one again (sent, found or closed next). */
  async release(id: number): Promise<void> {
    await this.db.run('UPDATE outbox SET held_at = NULL WHERE id = ?', [id]);
  }
}

export interface Draft {
  id: number;
  kind: string;
  company: string;
  title: string | null;
  data: unknown;
  createdAt: string;
  updatedAt: string;
}

/** Autosaved forms. */
export class DraftRepository {
  constructor(private readonly db: Database) {}

  async save(draft: {
    id?: number;
    kind: string;
    company: string;
    title?: string | null;
    data: unknown;
  }): Promise<number> {
    const now = new Date().toISOString();
    const json = JSON.stringify(draft.data);
    if (draft.id !== undefined) {
      const result = await this.db.run(
        'UPDATE drafts SET title = ?, data_json = ?, updated_at = ? WHERE id = ?',
        [draft.title ?? null, json, now, draft.id],
      );
      if (result.changes === 1) return draft.id;
    }
    const [row] = await this.db.all<{ id: number }>(
      'INSERT INTO drafts (kind, company, title, data_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
      [draft.kind, draft.company, draft.title ?? null, json, now, now],
    );
    return row.id;
  }

  async list(company: string, kind?: string): Promise<Draft[]> {
    const rows = await this.db.all<{
      id: number;
      kind: string;
      company: string;
      title: string | null;
      data_json: string;
      created_at: string;
      updated_at: string;
    }>(
      `SELECT * FROM drafts WHERE company = ? ${kind ? 'AND kind = ?' : ''} ORDER BY updated_at DESC`,
      kind ? [company, kind] : [company],
    );
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      company: row.company,
      title: row.title,
      data: JSON.parse(row.data_json) as unknown,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }

  async remove(id: number): Promise<void> {
    await this.db.run('DELETE FROM drafts WHERE id = ?', [id]);
  }
}

export interface Party {
  cpfCnpj: string;
  nome: string;
  inscricaoEstadual: string | null;
  uf: string | null;
  municipio: string | null;
  data: unknown;
  useCount: number;
}

/** Lowercase without diacritics ("João" → "joao"): what the address book's name search compares. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Parties already used by a company, for autocompletion. */
export class AddressBookRepository {
  constructor(private readonly db: Database) {}

  /** A party of an authorized document: stored, and one more use (most used come first). */
  remember(company: string, party: Omit<Party, 'useCount'>): Promise<void> {
    return this.upsert(company, party, true);
  }

  /** An entry edited in the catalogue: stored as typed, without counting as a use. */
  save(company: string, party: Omit<Party, 'useCount'>): Promise<void> {
    return this.upsert(company, party, false);
  }

  private async upsert(company: string, party: Omit<Party, 'useCount'>, used: boolean): Promise<void> {
    const now = new Date().toISOString();
    await this.db.run(
      `INSERT INTO address_book (company, cpf_cnpj, nome, nome_folded, inscricao_estadual, uf, municipio, data_json, use_count, last_used_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (company, cpf_cnpj) DO UPDATE SET nome = excluded.nome, nome_folded = excluded.nome_folded,
         inscricao_estadual = excluded.inscricao_estadual, uf = excluded.uf, municipio = excluded.municipio,
         data_json = excluded.data_json, use_count = use_count + excluded.use_count,
         last_used_at = COALESCE(excluded.last_used_at, last_used_at), updated_at = excluded.updated_at`,
      [
        company,
        party.cpfCnpj,
        party.nome,
        foldText(party.nome),
        party.inscricaoEstadual,
        party.uf,
        party.municipio,
        JSON.stringify(party.data),
        used ? 1 : 0,
        used ? now : null,
        now,
      ],
    );
  }

  /** The name the book has for a CNPJ/CPF (unmasked), or null. */
  async nameOf(company: string, cpfCnpj: string): Promise<string | null> {
    const row = await this.db.get<{ nome: string }>(
      'SELECT nome FROM address_book WHERE company = ? AND cpf_cnpj = ?',
      [company, cpfCnpj],
    );
    return row?.nome ?? null;
  }

  /** Any part of the name (accents and case ignored), or of the CNPJ/CPF with or without its mask. */
  async find(company: string, text: string, limit = 10): Promise<Party[]> {
    const escape = (v: string) => v.replace(/[%_\\]/g, (c) => `\\${c}`);
    const like = `%${escape(foldText(text))}%`;
    const doc = text.toUpperCase().replace(/[.\-/\s]/g, '');
    const docLike = doc ? `%${escape(doc)}%` : like;
    const rows = await this.db.all<{
      cpf_cnpj: string;
      nome: string;
      inscricao_estadual: string | null;
      uf: string | null;
      municipio: string | null;
      data_json: string;
      use_count: number;
    }>(
      `SELECT * FROM address_book WHERE company = ? AND (nome_folded LIKE ? ESCAPE '\\' OR cpf_cnpj LIKE ? ESCAPE '\\')
       ORDER BY use_count DESC, nome LIMIT ?`,
      [company, like, docLike, limit],
    );
    return rows.map((row) => ({
      cpfCnpj: row.cpf_cnpj,
      nome: row.nome,
      inscricaoEstadual: row.inscricao_estadual,
      uf: row.uf,
      municipio: row.municipio,
      data: JSON.parse(row.data_json) as unknown,
      useCount: row.use_count,
    }));
  }
}

/** Next número per company, kind, série and environment; `reserve` is atomic. */
export class SequenceRepository {
  constructor(private readonly db: Database) {}

  async peek(company: string, kind: NumberedKind, serie: number, environment: Environment): Promise<number> {
    const row = await this.db.get<{ next_numero: number }>(
      'SELECT next_numero FROM number_sequences WHERE company = ? AND kind = ? AND serie = ? AND environment = ?',
      [company, kind, serie, environment],
    );
    return row?.next_numero ?? 1;
  }

  /** Takes the next número (at least `atLeast`, e.g. one past the highest seen at the API) and advances. */
  reserve(
    company: string,
    kind: NumberedKind,
    serie: number,
    environment: Environment,
    atLeast = 1,
  ): Promise<number> {
    return this.db.transaction(async () => {
      const current = await this.peek(company, kind, serie, environment);
      const numero = Math.max(current, atLeast);
      await this.db.run(
        `INSERT INTO number_sequences (company, kind, serie, environment, next_numero, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (company, kind, serie, environment) DO UPDATE SET next_numero = excluded.next_numero,
           updated_at = excluded.updated_at`,
        [company, kind, serie, environment, numero + 1, new Date().toISOString()],
      );
      return numero;
    });
  }
}
