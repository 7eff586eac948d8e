// Reads of the cached inbox (work offline) and the small writes outside ingestion: distribution
// state, manifestation records, downloaded files.
import { BRASILIA_TO_UTC_SQL } from '../../fiscal/brasilia';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';

import type { Database } from '../../cache';
import { unpackFile } from '../../cache/repositories/files';
import {
  DISTRIBUICAO_WAIT_MS,
  MANIFESTACAO_DEADLINE_DAYS,
  MANIFESTACAO_NEAR_DAYS,
} from '../../fiscal/nfe-inbox';
import type { InboxScope } from './ingest';

const inflateAsync = promisify(inflateRaw);
export const DAY_MS = 86_400_000;
export {
  MANIFESTACAO_DEADLINE_DAYS as DEADLINE_DAYS,
  MANIFESTACAO_NEAR_DAYS as SHORT_DEADLINE_DAYS,
  DISTRIBUICAO_WAIT_MS as WAIT_MS,
};

export interface DistributionState {
  ultimo_nsu: number;
  max_nsu: number | null;
  last_empty_at: string | null;
  blocked_at: string | null;
  last_run_at: string | null;
  last_error: string | null;
  last_codigo: number | null;
  last_motivo: string | null;
}

export interface NoteRow {
  id: number;
  chave: string;
  nsu: number | null;
  api_id: string | null;
  emitente_doc: string | null;
  emitente_nome: string | null;
  data_emissao: string | null;
  data_autorizacao: string | null;
  valor: number | null;
  situacao: string | null;
  resumo: number;
  manifestacao: string | null;
  as_dest: number;
  as_carrier: number;
  numero: number | null;
  serie: number | null;
  ciencia_at: string | null;
  estado: 'resumo' | 'ciencia' | 'aguardando' | 'completa';
}

export const STATE_SQL = `CASE WHEN n.resumo = 0 THEN 'completa' WHEN n.manifestacao IS NULL THEN 'resumo'
  WHEN s.last_run_at IS NOT NULL AND s.last_run_at > COALESCE(n.ciencia_at, n.updated_at) THEN 'aguardando'
  ELSE 'ciencia' END`;

const NOTE_COLUMNS = `n.id, n.chave, n.nsu, n.api_id, n.emitente_doc, n.emitente_nome, n.data_emissao, n.data_autorizacao,
  n.valor, n.situacao, n.resumo, n.manifestacao, n.as_dest, n.as_carrier, n.numero, n.serie, n.ciencia_at,
  ${STATE_SQL} AS estado`;

/**
 * The real instant of a stored date-time, as a julian day, for ordering. NF-e times carry their
 * issuer's offset (tiposBasico_v4.00.xsd TDateTimeUTC: AAAA-MM-DDThh:mm:ssTZD, TZD ±hh:mm — -03:00
 * in Brasília, -04:00 or -05:00 in the west) and the API's answer may be UTC ('Z'), so their text
 * does not sort by time; SQLite's julianday() reads the offset. A time written without one is
 * Brasília wall time, as the period filter reads it. Unreadable text gives NULL: last when newest
 * comes first. For data_emissao this is the expression of the indexes inbox_notes_dest and
 * inbox_notes_carrier (cache migration 0023): change both or the list sorts every note again.
 */
export function instantSql(column: string): string {
  return `(CASE WHEN ${column} GLOB '*[+-][0-9][0-9]:[0-9][0-9]' OR ${column} GLOB '*Z'
    THEN julianday(${column}) ELSE julianday(${column}, '${BRASILIA_TO_UTC_SQL}') END)`;
}

export const NOTE_FROM = `inbox_notes n LEFT JOIN inbox_distribution_state s
  ON s.company = n.company AND s.environment = n.environment`;

/** The instant when the 1-hour rule allows the next distribution request; null when now. */
export function nextAllowedAt(state: DistributionState | null): string | null {
  if (!state) return null;
  const times = [state.last_empty_at, state.blocked_at].filter((t): t is string => t !== null);
  if (times.length === 0) return null;
  const last = Math.max(...times.map((t) => Date.parse(t)));
  return new Date(last + DISTRIBUICAO_WAIT_MS).toISOString();
}

/** Whole days left of the 180-day window from the authorization (rounded down); null when unknown. */
export function daysLeft(dataAutorizacao: string | null, now: number): number | null {
  const ms = msLeft(dataAutorizacao, now);
  return ms === null ? null : Math.floor(ms / DAY_MS);
}

export function msLeft(dataAutorizacao: string | null, now: number): number | null {
  if (!dataAutorizacao) return null;
  const auth = Date.parse(dataAutorizacao);
  if (!Number.isFinite(auth)) return null;
  return auth + MANIFESTACAO_DEADLINE_DAYS * DAY_MS - now;
}

export class InboxStore {
  constructor(readonly db: Database) {}

  async state(scope: InboxScope): Promise<DistributionState | null> {
    return (
      (await this.db.get<DistributionState>(
        `SELECT ultimo_nsu, max_nsu, last_empty_at, blocked_at, last_run_at, last_error, last_codigo, last_motivo
         FROM inbox_distribution_state WHERE company = ? AND environment = ?`,
        [scope.company, scope.environment],
      )) ?? null
    );
  }

  /** Stores the outcome of a request that brought no documents (137, 656, error). */
  async recordAnswer(
    scope: InboxScope,
    answer: {
      codigo: number | null;
      motivo: string | null;
      error?: string | null;
      ultimoNsu?: number | null;
    },
    now: string,
  ): Promise<void> {
    const empty = answer.codigo === 137 ? now : null;
    const blocked = answer.codigo === 656 ? now : null;
    await this.db.run(
      `INSERT INTO inbox_distribution_state (company, environment, ultimo_nsu, last_empty_at, blocked_at, last_run_at,
         last_error, last_codigo, last_motivo)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (company, environment) DO UPDATE SET
         ultimo_nsu = MAX(inbox_distribution_state.ultimo_nsu, excluded.ultimo_nsu),
         last_empty_at = COALESCE(excluded.last_empty_at, inbox_distribution_state.last_empty_at),
         blocked_at = COALESCE(excluded.blocked_at, inbox_distribution_state.blocked_at),
         last_run_at = excluded.last_run_at, last_error = excluded.last_error,
         last_codigo = excluded.last_codigo, last_motivo = excluded.last_motivo`,
      [
        scope.company,
        scope.environment,
        answer.ultimoNsu ?? 0,
        empty,
        blocked,
        now,
        answer.error ?? null,
        answer.codigo,
        answer.motivo,
      ],
    );
  }

  /** Documents were found: the 1-hour rule no longer applies. */
  async clearWait(scope: InboxScope, codigo: number, motivo: string | null): Promise<void> {
    await this.db.run(
      `UPDATE inbox_distribution_state SET last_empty_at = NULL, blocked_at = NULL, last_error = NULL,
         last_codigo = ?, last_motivo = ? WHERE company = ? AND environment = ?`,
      [codigo, motivo, scope.company, scope.environment],
    );
  }

  async note(scope: InboxScope, chave: string): Promise<NoteRow | null> {
    return (
      (await this.db.get<NoteRow>(
        `SELECT ${NOTE_COLUMNS} FROM ${NOTE_FROM} WHERE n.company = ? AND n.environment = ? AND n.chave = ?`,
        [scope.company, scope.environment, chave],
      )) ?? null
    );
  }

  async noteXml(noteId: number): Promise<string | null> {
    const file = await this.file(noteId, 'xml');
    return file ? file.bytes.toString('utf8') : null;
  }

  async events(scope: InboxScope, chave: string) {
    return this.db.all<{
      tipo_evento: string;
      sequence: number;
      data_evento: string | null;
      nsu: number | null;
    }>(
      `SELECT tipo_evento, sequence, data_evento, nsu FROM inbox_events
       WHERE company = ? AND environment = ? AND chave = ? ORDER BY ${instantSql('data_evento')}, id`,
      [scope.company, scope.environment, chave],
    );
  }

  async markHandled(scope: InboxScope, chaves: readonly string[], now: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const chave of chaves) {
        await tx.run(
          'UPDATE inbox_notes SET handled_at = COALESCE(handled_at, ?) WHERE company = ? AND environment = ? AND chave = ?',
          [now, scope.company, scope.environment, chave],
        );
      }
    });
  }

  /** New notes (nothing done yet) and recipient notes whose conclusive deadline ends within 15 days. */
  async counts(scope: InboxScope, now: number): Promise<{ novas: number; prazoCurto: number }> {
    const row = await this.db.get<{ novas: number; prazo: number }>(
      `SELECT
         SUM(CASE WHEN (as_dest = 1 AND manifestacao IS NULL) OR (as_carrier = 1 AND as_dest = 0 AND handled_at IS NULL)
             THEN 1 ELSE 0 END) AS novas,
         SUM(CASE WHEN as_dest = 1 AND COALESCE(manifestacao, '') NOT IN ('210200', '210220', '210240')
             AND data_autorizacao IS NOT NULL
             AND julianday(data_autorizacao) + ${MANIFESTACAO_DEADLINE_DAYS} - julianday($now) > 0
             AND julianday(data_autorizacao) + ${MANIFESTACAO_DEADLINE_DAYS} - julianday($now) < ${MANIFESTACAO_NEAR_DAYS + 1}
             THEN 1 ELSE 0 END) AS prazo
       FROM inbox_notes WHERE company = $company AND environment = $environment
         AND COALESCE(situacao, '') <> 'cancelada'`,
      { $now: new Date(now).toISOString(), $company: scope.company, $environment: scope.environment },
    );
    return { novas: row?.novas ?? 0, prazoCurto: row?.prazo ?? 0 };
  }

  async addManifestation(
    noteId: number,
    m: {
      tipo: string;
      justificativa: string | null;
      state: string;
      apiId: string | null;
      protocolo: string | null;
      error: string | null;
      json: unknown;
    },
    now: string,
  ): Promise<void> {
    await this.db.run(
      `INSERT INTO inbox_manifestations (note_id, tipo_evento, justificativa, state, api_id, protocolo, last_error, api_json, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        noteId,
        m.tipo,
        m.justificativa,
        m.state,
        m.apiId,
        m.protocolo,
        m.error,
        JSON.stringify(m.json ?? null),
        now,
        now,
      ],
    );
  }

  async manifestations(scope: InboxScope, offset: number, limit: number) {
    const where = 'n.company = ? AND n.environment = ?';
    const params = [scope.company, scope.environment];
    const total =
      (
        await this.db.get<{ c: number }>(
          `SELECT COUNT(*) AS c FROM inbox_manifestations m JOIN inbox_notes n ON n.id = m.note_id WHERE ${where}`,
          params,
        )
      )?.c ?? 0;
    const rows = await this.db.all<{
      id: number;
      chave: string;
      emitente_nome: string | null;
      tipo_evento: string;
      justificativa: string | null;
      state: string;
      protocolo: string | null;
      last_error: string | null;
      created_at: string;
    }>(
      `SELECT m.id, n.chave, n.emitente_nome, m.tipo_evento, m.justificativa, m.state, m.protocolo, m.last_error, m.created_at
       FROM inbox_manifestations m JOIN inbox_notes n ON n.id = m.note_id WHERE ${where}
       ORDER BY m.id DESC LIMIT ? OFFSET ?`,
      [...params, limit, offset],
    );
    return { rows, total };
  }

  async file(noteId: number, kind: 'xml' | 'pdf'): Promise<{ bytes: Buffer; contentType: string } | null> {
    const row = await this.db.get<{ codec: string; content: Buffer; content_type: string }>(
      'SELECT codec, content, content_type FROM inbox_files WHERE note_id = ? AND kind = ?',
      [noteId, kind],
    );
    if (!row) return null;
    const bytes =
      row.codec === 'deflate' ? await inflateAsync(row.content) : await unpackFile(row.codec, row.content);
    return { bytes, contentType: row.content_type };
  }

  async putFile(
    noteId: number,
    kind: 'xml' | 'pdf',
    bytes: Buffer,
    contentType: string,
    sha256: string,
    now: string,
  ) {
    await this.db.run(
      `INSERT INTO inbox_files (note_id, kind, codec, content, sha256, size, content_type, fetched_at)
       VALUES (?, ?, 'identity', ?, ?, ?, ?, ?)
       ON CONFLICT (note_id, kind) DO UPDATE SET content = excluded.content, sha256 = excluded.sha256,
         size = excluded.size, content_type = excluded.content_type, fetched_at = excluded.fetched_at`,
      [noteId, kind, bytes, sha256, bytes.length, contentType, now],
    );
  }
}
