// The next número per company, model, série and environment. The API keeps no sequence, so the
// app does: reconciled with the newest documents of the série at the API and in the cache before
// each reservation, a rejected número given back for reuse, an authorized one never.
import type { Repositories } from '../../cache/repositories';
import type { NumberingScope } from './kinds';
import { SPENT_STATUSES } from './kinds';

/** The highest spent número the API knows for the scope (null when it cannot be asked). */
export type RemoteMax = (scope: NumberingScope) => Promise<number | null>;

export interface Reservation {
  numero: number;
  /** Reused after a rejection rather than taken from the sequence. */
  reused: boolean;
  remoteMax: number | null;
  cacheMax: number | null;
}

export interface NumberingState {
  next: number;
  released: number[];
  highestSpent: number | null;
}

const scopeArgs = (s: NumberingScope) => [s.company, s.kind, s.serie, s.environment] as const;
/** Where the scope's issued documents are cached: the MDF-e have their own table (no kind column). */
const issued = (s: NumberingScope) =>
  s.kind === 'mdfe'
    ? "mdfe_documents WHERE company = ? AND ? = 'mdfe'"
    : 'documents WHERE company = ? AND kind = ?';

export class Numbering {
  constructor(
    private readonly repos: () => Repositories,
    private readonly remoteMax: RemoteMax,
  ) {}

  /** Highest número of the scope the cache holds as spent (authorized, cancelled, denied…). */
  async cacheMax(scope: NumberingScope): Promise<number | null> {
    const marks = SPENT_STATUSES.map(() => '?').join(', ');
    const row = await this.repos().db.get<{ n: number | null }>(
      `SELECT max(numero) AS n FROM ${issued(scope)} AND serie = ? AND environment = ?
         AND status IN (${marks})`,
      [...scopeArgs(scope), ...SPENT_STATUSES],
    );
    return row?.n ?? null;
  }

  private async isSpent(scope: NumberingScope, numero: number): Promise<boolean> {
    const marks = SPENT_STATUSES.map(() => '?').join(', ');
    const row = await this.repos().db.get<{ n: number }>(
      `SELECT count(*) AS n FROM ${issued(scope)} AND serie = ? AND environment = ?
         AND numero = ? AND status IN (${marks})`,
      [...scopeArgs(scope), numero, ...SPENT_STATUSES],
    );
    return (row?.n ?? 0) > 0;
  }

  /**
   * Takes a número in one transaction: the smallest released one that is still free, else the
   * sequence's next, at least one past the highest spent número seen at the API and in the cache.
   */
  async reserve(scope: NumberingScope): Promise<Reservation> {
    const remoteMax = await this.remoteMax(scope).catch(() => null);
    const cacheMax = await this.cacheMax(scope);
    const floor = Math.max(remoteMax ?? 0, cacheMax ?? 0) + 1;
    const repos = this.repos();
    return repos.db.transaction(async (db) => {
      const released = await db.all<{ numero: number }>(
        `SELECT numero FROM released_numbers WHERE company = ? AND kind = ? AND serie = ? AND environment = ?
           ORDER BY numero`,
        [...scopeArgs(scope)],
      );
      for (const { numero } of released) {
        await db.run(
          'DELETE FROM released_numbers WHERE company = ? AND kind = ? AND serie = ? AND environment = ? AND numero = ?',
          [...scopeArgs(scope), numero],
        );
        // A released número authorized meanwhile (another workstation, a late answer) is dropped.
        if (!(await this.isSpent(scope, numero))) return { numero, reused: true, remoteMax, cacheMax };
      }
      const numero = await repos.sequences.reserve(
        scope.company,
        scope.kind,
        scope.serie,
        scope.environment,
        floor,
      );
      return { numero, reused: false, remoteMax, cacheMax };
    });
  }

  /** Gives a número back after a rejection (or a request the API refused): the next send reuses it. */
  async release(scope: NumberingScope, numero: number): Promise<void> {
    if (await this.isSpent(scope, numero)) return;
    await this.repos().db.run(
      `INSERT OR IGNORE INTO released_numbers (company, kind, serie, environment, numero, released_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
      [...scopeArgs(scope), numero, new Date().toISOString()],
    );
  }

  /** The número is spent elsewhere (rejection 539): never hand it out again. */
  async skipPast(scope: NumberingScope, numero: number): Promise<void> {
    const db = this.repos().db;
    await db.transaction(async () => {
      await db.run(
        'DELETE FROM released_numbers WHERE company = ? AND kind = ? AND serie = ? AND environment = ? AND numero <= ?',
        [...scopeArgs(scope), numero],
      );
      await this.raiseNext(scope, numero + 1);
    });
  }

  private async raiseNext(scope: NumberingScope, next: number): Promise<void> {
    await this.repos().db.run(
      `INSERT INTO number_sequences (company, kind, serie, environment, next_numero, updated_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (company, kind, serie, environment) DO UPDATE SET
         next_numero = max(next_numero, excluded.next_numero), updated_at = excluded.updated_at`,
      [...scopeArgs(scope), next, new Date().toISOString()],
    );
  }

  async state(scope: NumberingScope): Promise<NumberingState> {
    const repos = this.repos();
    const next = await repos.sequences.peek(scope.company, scope.kind, scope.serie, scope.environment);
    const released = await repos.db.all<{ numero: number }>(
      `SELECT numero FROM released_numbers WHERE company = ? AND kind = ? AND serie = ? AND environment = ?
         ORDER BY numero`,
      [...scopeArgs(scope)],
    );
    const highestSpent = await this.cacheMax(scope);
    return {
      next: Math.max(next, (highestSpent ?? 0) + 1),
      released: released.map((r) => r.numero),
      highestSpent,
    };
  }

  /**
   * The user sets the next número (a new série, numbers issued by another program). Allowed, with
   * a warning when it leaves a gap or goes back below a número already spent (those are skipped).
   */
  async setNext(scope: NumberingScope, next: number): Promise<{ next: number; warnings: string[] }> {
    const warnings: string[] = [];
    const remote = await this.remoteMax(scope).catch(() => null);
    const spent = Math.max(remote ?? 0, (await this.cacheMax(scope)) ?? 0);
    if (next <= spent) {
      warnings.push(
        `O número ${next} já foi usado nesta série (o maior autorizado é ${spent}). ` +
          `O próximo envio usará o número ${spent + 1}.`,
      );
    } else if (next > spent + 1) {
      warnings.push(
        `Os números de ${spent + 1} a ${next - 1} ficarão sem uso nesta série; ` +
          'se não forem usados por outro programa, será preciso inutilizá-los na SEFAZ.',
      );
    }
    const db = this.repos().db;
    await db.transaction(async () => {
      await db.run(
        `INSERT INTO number_sequences (company, kind, serie, environment, next_numero, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (company, kind, serie, environment) DO UPDATE SET next_numero = excluded.next_numero,
           updated_at = excluded.updated_at`,
        [...scopeArgs(scope), next, new Date().toISOString()],
      );
      await db.run(
        'DELETE FROM released_numbers WHERE company = ? AND kind = ? AND serie = ? AND environment = ? AND numero >= ?',
        [...scopeArgs(scope), next],
      );
    });
    return { next: Math.max(next, spent + 1), warnings };
  }
}
