// The averbação queue's SQL (migrations 0019, 0020): rows in, the answer on the same row once, the
// views the screens need (by key, the Painel's counts, the sequence per série, Documentos' badges).
import type {
  Averbadora,
  AverbacaoEstado,
  AverbacaoOperacao,
  AverbacaoRow,
  AverbacaoTipo,
} from '../../shared/schemas/averbacao';
import type { Database } from '../db';
import type { SqlValue } from '../../sqlite/database';
import type { Environment } from './types';

/** What names a queued averbação: the document, the operation and where it goes. */
interface QueueKey {
  company: string;
  environment: Environment;
  tipo: AverbacaoTipo;
  operacao: AverbacaoOperacao;
  chave: string;
  modelo: string;
  serie: number;
  numero: number;
  averbadora: Averbadora;
}

export interface QueueInsert extends QueueKey {
  autorizadoEm: string | null;
  /** `dispensado` for a cancellation that needs no sending; `pendente` otherwise. */
  estado?: 'pendente' | 'dispensado';
}

export interface QueueRow extends QueueKey {
  id: number;
  estado: AverbacaoEstado;
  autorizado_em: string | null;
  averbado_em: string | null;
  protocolo: string | null;
  numeros_json: string;
  seguradora_nome: string | null;
  seguradora_cnpj: string | null;
  apolice: string | null;
  ja_registrado: number;
  teste: number;
  tentativas: number;
  proxima_tentativa: string | null;
  erro_codigo: string | null;
  erro_mensagem: string | null;
  erro_detalhe: string | null;
  resposta: string | null;
  criado_em: string;
  atualizado_em: string;
}

/** What an answer (or its absence) writes on the row. */
export interface QueueSettlement {
  estado: Exclude<AverbacaoEstado, 'enviando'>;
  protocolo?: string | null;
  averbadoEm?: string | null;
  numeros?: string[];
  seguradora?: { nome: string | null; cnpj: string | null } | null;
  apolice?: string | null;
  jaRegistrado?: boolean;
  teste?: boolean;
  proximaTentativa?: string | null;
  erro?: { codigo: string | null; mensagem: string; detalhe: string | null } | null;
  resposta?: string | null;
  /** Logged as one attempt of the row's history. */
  attempt: {
    resultado: 'averbado' | 'ja_registrado' | 'recusado' | 'falha' | 'revisar';
    codigo?: string | null;
    mensagem?: string | null;
  };
}

export interface AttemptRow {
  at: string;
  resultado: string;
  codigo: string | null;
  mensagem: string | null;
}

const parseNumbers = (json: string): string[] => {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

export function toAverbacaoRow(r: QueueRow): AverbacaoRow {
  return {
    id: r.id,
    company: r.company,
    environment: r.environment,
    tipo: r.tipo,
    operacao: r.operacao,
    chave: r.chave,
    serie: r.serie,
    numero: r.numero,
    estado: r.estado,
    averbadora: r.averbadora,
    autorizadoEm: r.autorizado_em,
    averbadoEm: r.averbado_em,
    protocolo: r.protocolo,
    numeros: parseNumbers(r.numeros_json),
    seguradora:
      r.seguradora_nome || r.seguradora_cnpj
        ? { nome: r.seguradora_nome ?? '', cnpj: r.seguradora_cnpj ?? '' }
        : null,
    apolice: r.apolice,
    jaRegistrado: r.ja_registrado === 1,
    teste: r.teste === 1,
    tentativas: r.tentativas,
    proximaTentativa: r.proxima_tentativa,
    erro: r.erro_mensagem
      ? { codigo: r.erro_codigo, mensagem: r.erro_mensagem, detalhe: r.erro_detalhe }
      : null,
    atualizadoEm: r.atualizado_em,
  };
}

/** Documents whose averbação is still to be done (queued, failing, refused or waiting for review). */
export const NOT_AVERBADO_SQL = (alias: string) =>
  `EXISTS (SELECT 1 FROM averbacao_queue q WHERE q.environment = ${alias}.environment AND q.company = ${alias}.company
     AND q.chave = ${alias}.chave AND q.operacao = 'averbar' AND q.estado NOT IN ('averbado', 'dispensado'))`;

/** States that still have to reach the averbadora. */
export const OPEN_STATES: readonly AverbacaoEstado[] = ['pendente', 'enviando', 'falha'];

export interface SummaryCounts {
  pendentes: number;
  falhas: number;
  recusados: number;
  revisar: number;
  cancelamentosPendentes: number;
  averbadosMes: number;
}

export class AverbacaoRepository {
  constructor(private readonly db: Database) {}

  /** Adds the row once (the unique key makes a second enqueue a no-op); the row's id and whether it is new. */
  async enqueue(item: QueueInsert, now = new Date()): Promise<{ id: number; novo: boolean }> {
    const at = now.toISOString();
    const result = await this.db.run(
      `INSERT OR IGNORE INTO averbacao_queue (company, environment, tipo, operacao, chave, modelo, serie, numero,
         averbadora, estado, autorizado_em, criado_em, atualizado_em) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        item.company,
        item.environment,
        item.tipo,
        item.operacao,
        item.chave,
        item.modelo,
        item.serie,
        item.numero,
        item.averbadora,
        item.estado ?? 'pendente',
        item.autorizadoEm,
        at,
        at,
      ],
    );
    if (result.changes > 0) return { id: result.lastID, novo: true };
    const row = await this.db.get<{ id: number }>(
      'SELECT id FROM averbacao_queue WHERE environment = ? AND company = ? AND chave = ? AND operacao = ?',
      [item.environment, item.company, item.chave, item.operacao],
    );
    return { id: row?.id ?? 0, novo: false };
  }

  async get(id: number): Promise<QueueRow | undefined> {
    return this.db.get<QueueRow>('SELECT * FROM averbacao_queue WHERE id = ?', [id]);
  }

  async byChave(environment: Environment, company: string, chave: string): Promise<QueueRow[]> {
    return this.db.all<QueueRow>(
      'SELECT * FROM averbacao_queue WHERE environment = ? AND company = ? AND chave = ? ORDER BY id',
      [environment, company, chave],
    );
  }

  /** The averbar rows of these keys (Documentos' badges, the MDF-e's trip). */
  async byChaves(environment: Environment, company: string, chaves: readonly string[]): Promise<QueueRow[]> {
    const out: QueueRow[] = [];
    for (let i = 0; i < chaves.length; i += 500) {
      const slice = chaves.slice(i, i + 500);
      out.push(
        ...(await this.db.all<QueueRow>(
          `SELECT * FROM averbacao_queue WHERE environment = ? AND company = ? AND operacao = 'averbar'
             AND chave IN (${slice.map(() => '?').join(', ')})`,
          [environment, company, ...slice],
        )),
      );
    }
    return out;
  }

  /** Every row that still has to go out in this environment (the worker orders and holds them). */
  async open(environment: Environment): Promise<QueueRow[]> {
    return this.db.all<QueueRow>(
      `SELECT * FROM averbacao_queue WHERE environment = ? AND estado IN ('pendente', 'enviando', 'falha')
         ORDER BY company, modelo, serie, numero, id`,
      [environment],
    );
  }

  /** The averbar row of a document, when it exists. */
  async original(environment: Environment, company: string, chave: string): Promise<QueueRow | undefined> {
    return this.db.get<QueueRow>(
      "SELECT * FROM averbacao_queue WHERE environment = ? AND company = ? AND chave = ? AND operacao = 'averbar'",
      [environment, company, chave],
    );
  }

  /** A CT-e found to be a CT-e Simplificado once its XML was read. */
  async setTipo(id: number, tipo: AverbacaoTipo): Promise<void> {
    await this.db.run('UPDATE averbacao_queue SET tipo = ? WHERE id = ?', [tipo, id]);
  }

  async markSending(id: number, now = new Date()): Promise<void> {
    await this.db.run(
      "UPDATE averbacao_queue SET estado = 'enviando', tentativas = tentativas + 1, atualizado_em = ? WHERE id = ?",
      [now.toISOString(), id],
    );
  }

  /** Writes the outcome of one attempt and logs it, in one transaction. */
  async settle(id: number, s: QueueSettlement, now = new Date()): Promise<void> {
    const at = now.toISOString();
    const sets: string[] = ['estado = ?', 'atualizado_em = ?'];
    const params: SqlValue[] = [s.estado, at];
    const set = (column: string, value: SqlValue) => {
      sets.push(`${column} = ?`);
      params.push(value);
    };
    // An answer that brings a protocol replaces nothing already stored: the first one stays.
    if (s.protocolo !== undefined) set('protocolo', s.protocolo);
    if (s.averbadoEm !== undefined) set('averbado_em', s.averbadoEm);
    if (s.numeros !== undefined) set('numeros_json', JSON.stringify(s.numeros));
    if (s.seguradora !== undefined) {
      set('seguradora_nome', s.seguradora?.nome ?? null);
      set('seguradora_cnpj', s.seguradora?.cnpj ?? null);
    }
    if (s.apolice !== undefined) set('apolice', s.apolice);
    if (s.jaRegistrado !== undefined) set('ja_registrado', s.jaRegistrado ? 1 : 0);
    if (s.teste !== undefined) set('teste', s.teste ? 1 : 0);
    if (s.proximaTentativa !== undefined) set('proxima_tentativa', s.proximaTentativa);
    if (s.erro !== undefined) {
      set('erro_codigo', s.erro?.codigo ?? null);
      set('erro_mensagem', s.erro?.mensagem ?? null);
      set('erro_detalhe', s.erro?.detalhe ?? null);
    }
    if (s.resposta !== undefined) set('resposta', s.resposta === null ? null : s.resposta.slice(0, 20_000));
    await this.db.transaction(async (tx) => {
      await tx.run(`UPDATE averbacao_queue SET ${sets.join(', ')} WHERE id = ?`, [...params, id]);
      await tx.run(
        'INSERT INTO averbacao_attempts (queue_id, at, resultado, codigo, mensagem) VALUES (?, ?, ?, ?, ?)',
        [id, at, s.attempt.resultado, s.attempt.codigo ?? null, s.attempt.mensagem ?? null],
      );
    });
  }

  /** The clerk asks again: the row goes back to the queue, due now. */
  async requeue(id: number, now = new Date()): Promise<boolean> {
    const result = await this.db.run(
      `UPDATE averbacao_queue SET estado = 'pendente', proxima_tentativa = NULL, atualizado_em = ?
         WHERE id = ? AND estado IN ('falha', 'recusado', 'revisar', 'pendente')`,
      [now.toISOString(), id],
    );
    return result.changes > 0;
  }

  /** Sends these rows at the next turn (the "averbar agora" of the MDF-e form). */
  async dueNow(ids: readonly number[], now = new Date()): Promise<void> {
    for (const id of ids) await this.requeue(id, now);
  }

  /** Rows left `enviando` by a crash of this same database: back to the queue (a resend is harmless). */
  async resumeInterrupted(now = new Date()): Promise<number> {
    const result = await this.db.run(
      "UPDATE averbacao_queue SET estado = 'pendente', atualizado_em = ? WHERE estado = 'enviando'",
      [now.toISOString()],
    );
    return result.changes;
  }

  /**
   * The hook for a restored backup (or a database brought from another computer): its rows still in
   * flight wait for the clerk's review, never sent by themselves. Returns how many.
   */
  async holdInFlightForReview(now = new Date()): Promise<number> {
    const at = now.toISOString();
    return this.db.transaction(async (tx) => {
      const rows = await tx.all<{ id: number }>(
        "SELECT id FROM averbacao_queue WHERE estado IN ('pendente', 'enviando', 'falha')",
      );
      for (const { id } of rows) {
        await tx.run(
          `UPDATE averbacao_queue SET estado = 'revisar', proxima_tentativa = NULL, atualizado_em = ?,
             erro_codigo = NULL, erro_mensagem = ?, erro_detalhe = NULL WHERE id = ?`,
          [
            at,
            'Veio de uma cópia de segurança restaurada (ou de outro computador) antes de chegar à averbadora: confira e clique em "Enviar".',
            id,
          ],
        );
        await tx.run(
          "INSERT INTO averbacao_attempts (queue_id, at, resultado, mensagem) VALUES (?, ?, 'revisar', ?)",
          [id, at, 'cópia de segurança restaurada'],
        );
      }
      return rows.length;
    });
  }

  async attempts(id: number): Promise<AttemptRow[]> {
    return this.db.all<AttemptRow>(
      'SELECT at, resultado, codigo, mensagem FROM averbacao_attempts WHERE queue_id = ? ORDER BY at, id',
      [id],
    );
  }

  async counts(environment: Environment, company: string, monthStart: string): Promise<SummaryCounts> {
    const row = await this.db.get<SummaryCounts>(
      `SELECT
         sum(estado IN ('pendente', 'enviando', 'falha') AND operacao = 'averbar') AS pendentes,
         sum(estado = 'falha') AS falhas,
         sum(estado = 'recusado') AS recusados,
         sum(estado = 'revisar') AS revisar,
         sum(estado IN ('pendente', 'enviando', 'falha') AND operacao <> 'averbar') AS cancelamentosPendentes,
         sum(estado = 'averbado' AND operacao = 'averbar' AND averbado_em >= ?) AS averbadosMes
       FROM averbacao_queue WHERE environment = ? AND company = ?`,
      [monthStart, environment, company],
    );
    return {
      pendentes: row?.pendentes ?? 0,
      falhas: row?.falhas ?? 0,
      recusados: row?.recusados ?? 0,
      revisar: row?.revisar ?? 0,
      cancelamentosPendentes: row?.cancelamentosPendentes ?? 0,
      averbadosMes: row?.averbadosMes ?? 0,
    };
  }

  async list(
    environment: Environment,
    company: string,
    estados: readonly AverbacaoEstado[] | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: QueueRow[]; total: number }> {
    const where = ['environment = ?', 'company = ?'];
    const params: SqlValue[] = [environment, company];
    if (estados?.length) {
      where.push(`estado IN (${estados.map(() => '?').join(', ')})`);
      params.push(...estados);
    }
    const total = await this.db.get<{ n: number }>(
      `SELECT count(*) AS n FROM averbacao_queue WHERE ${where.join(' AND ')}`,
      params,
    );
    const rows = await this.db.all<QueueRow>(
      `SELECT * FROM averbacao_queue WHERE ${where.join(' AND ')} ORDER BY atualizado_em DESC, id DESC LIMIT ? OFFSET ?`,
      [...params, limit, offset],
    );
    return { rows, total: total?.n ?? 0 };
  }

  /** Every averbar row of the company, for the sequence check per model and série. */
  async sequence(environment: Environment, company: string): Promise<QueueRow[]> {
    return this.db.all<QueueRow>(
      `SELECT * FROM averbacao_queue WHERE environment = ? AND company = ? AND operacao = 'averbar'
         ORDER BY modelo, serie, numero`,
      [environment, company],
    );
  }

  /** Averbação rows in a period of authorization (the accountant's report). */
  async period(
    environment: Environment,
    company: string,
    from: string,
    toExclusive: string,
  ): Promise<QueueRow[]> {
    return this.db.all<QueueRow>(
      `SELECT * FROM averbacao_queue WHERE environment = ? AND company = ?
         AND coalesce(autorizado_em, criado_em) >= ? AND coalesce(autorizado_em, criado_em) < ?
         ORDER BY modelo, serie, numero, operacao`,
      [environment, company, from, toExclusive],
    );
  }

  async meta(key: string): Promise<string | null> {
    return (
      (await this.db.get<{ value: string }>('SELECT value FROM averbacao_meta WHERE key = ?', [key]))
        ?.value ?? null
    );
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.db.run('INSERT OR REPLACE INTO averbacao_meta (key, value) VALUES (?, ?)', [key, value]);
  }

  async addContingencia(
    environment: Environment,
    company: string,
    chaves: readonly string[],
    motivo: string,
    now = new Date(),
  ): Promise<{ id: number; registradoEm: string }> {
    const at = now.toISOString();
    const result = await this.db.run(
      'INSERT INTO averbacao_contingencias (company, environment, chaves_json, motivo, registrado_em) VALUES (?, ?, ?, ?, ?)',
      [company, environment, JSON.stringify([...chaves]), motivo, at],
    );
    return { id: result.lastID, registradoEm: at };
  }

  /** The latest contingency that names any of these CT-e keys (the MDF-e that carries them). */
  async contingenciaFor(
    environment: Environment,
    company: string,
    chaves: readonly string[],
  ): Promise<{ id: number; motivo: string; registradoEm: string; chaves: string[] } | null> {
    const rows = await this.db.all<{
      id: number;
      motivo: string;
      registrado_em: string;
      chaves_json: string;
    }>(
      'SELECT id, motivo, registrado_em, chaves_json FROM averbacao_contingencias WHERE environment = ? AND company = ? ORDER BY id DESC LIMIT 200',
      [environment, company],
    );
    const wanted = new Set(chaves);
    for (const row of rows) {
      const keys = parseNumbers(row.chaves_json);
      if (keys.some((k) => wanted.has(k)))
        return { id: row.id, motivo: row.motivo, registradoEm: row.registrado_em, chaves: keys };
    }
    return null;
  }
}
