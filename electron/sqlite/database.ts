import path from 'node:path';

import sqlite3 from 'sqlite3';

import { copyDatabase } from './backup';
import type { TransactionScope } from './gate';
import { ConnectionGate } from './gate';
import type { RunResult, SqlParams, SqlValue } from './statement';
import { PreparedStatement } from './statement';

export type { RunResult, SqlParams, SqlValue } from './statement';
export { PreparedStatement } from './statement';

export const MEMORY = ':memory:';

/** SQLite's run-time limits (`sqlite3.LIMIT_*`), for a database from elsewhere. */
export const LIMITS = {
  attached: sqlite3.LIMIT_ATTACHED,
  sqlLength: sqlite3.LIMIT_SQL_LENGTH,
  triggerDepth: sqlite3.LIMIT_TRIGGER_DEPTH,
  exprDepth: sqlite3.LIMIT_EXPR_DEPTH,
} as const;

const NO_PARAMS: readonly SqlValue[] = [];

/**
 * The one SQLite access layer of the app: a thin promise wrapper over one node-sqlite3
 * connection, used by the offline cache (electron/cache) and the sandbox (electron/sandbox).
 * Every method may be called from anywhere; inside `transaction(fn)` calls join the
 * transaction, elsewhere they wait for it (gate.ts). See README.md for why sqlite3.
 */
export class Database {
  private readonly gate = new ConnectionGate();
  private readonly statements = new Set<PreparedStatement>();
  private savepoints = 0;
  private closed = false;

  private constructor(
    private readonly raw: sqlite3.Database,
    /** Absolute path of the file, or ':memory:'. */
    readonly file: string,
  ) {}

  /** Opens the connection only; the caller sets the pragmas it needs (cache/db.ts, sandbox/store.ts). */
  static async connect(
    file: string,
    limits: ReadonlyArray<readonly [number, number]> = [],
  ): Promise<Database> {
    const raw = await new Promise<sqlite3.Database>((resolve, reject) => {
      const db: sqlite3.Database = new sqlite3.Database(file, (error) =>
        error ? reject(error) : resolve(db),
      );
    });
    // Execute in the order issued: a write started before a read is seen by it even when the
    // caller did not await in between. One connection cannot run two statements at once anyway.
    raw.serialize();
    for (const [id, value] of limits) raw.configure('limit', id, value);
    return new Database(raw, file);
  }

  run(sql: string, params: SqlParams = NO_PARAMS): Promise<RunResult> {
    return this.schedule(
      () =>
        new Promise<RunResult>((resolve, reject) => {
          this.raw.run(sql, params, function (this: sqlite3.RunResult, error: Error | null) {
            if (error) reject(error);
            else resolve({ changes: this.changes, lastID: this.lastID });
          });
        }),
    );
  }

  get<T>(sql: string, params: SqlParams = NO_PARAMS): Promise<T | undefined> {
    return this.schedule(
      () =>
        new Promise<T | undefined>((resolve, reject) => {
          this.raw.get<T>(sql, params, (error: Error | null, row?: T) =>
            error ? reject(error) : resolve(row),
          );
        }),
    );
  }

  all<T>(sql: string, params: SqlParams = NO_PARAMS): Promise<T[]> {
    return this.schedule(
      () =>
        new Promise<T[]>((resolve, reject) => {
          this.raw.all<T>(sql, params, (error: Error | null, rows: T[]) =>
            error ? reject(error) : resolve(rows),
          );
        }),
    );
  }

  /** Streams rows to `onRow` without holding them all in memory; resolves with the row count. */
  each<T>(sql: string, params: SqlParams, onRow: (row: T) => void): Promise<number> {
    return this.schedule(
      () =>
        new Promise<number>((resolve, reject) => {
          let failure: unknown = null;
          this.raw.each<T>(
            sql,
            params,
            (error: Error | null, row: T) => {
              if (failure !== null) return;
              if (error) {
                failure = error;
                return;
              }
              try {
                onRow(row);
              } catch (thrown) {
                failure = thrown;
              }
            },
            (error: Error | null, count: number) => {
              if (error) reject(error);
              else if (failure !== null) reject(failure);
              else resolve(count);
            },
          );
        }),
    );
  }

  /** Runs one or more statements separated by semicolons, without parameters (schema, pragmas). */
  exec(sql: string): Promise<void> {
    return this.schedule(() => this.rawExec(sql));
  }

  /** Compiles `sql` once for a hot loop. */
  prepare(sql: string): Promise<PreparedStatement> {
    return this.schedule(
      () =>
        new Promise<PreparedStatement>((resolve, reject) => {
          const raw: sqlite3.Statement = this.raw.prepare(sql, (error: Error | null) => {
            if (error) return reject(error);
            const statement = new PreparedStatement(raw, this.gate, (s) => this.statements.delete(s));
            this.statements.add(statement);
            resolve(statement);
          });
        }),
    );
  }

  /**
   * Runs `fn` inside `BEGIN IMMEDIATE … COMMIT`; any error rolls every write back and is
   * rethrown. Called again inside `fn` it opens a SAVEPOINT, so a failing inner step can be
   * caught and the outer transaction continue. Every query `fn` starts must be awaited before
   * it returns: nothing issued after COMMIT belongs to the transaction.
   */
  async transaction<T>(fn: (db: Database) => Promise<T>): Promise<T> {
    this.assertOpen();
    const parent = this.gate.current();
    if (parent !== undefined) return this.savepoint(parent, fn);
    return this.gate.exclusive(async () => {
      const scope = this.gate.newScope(undefined);
      await this.rawExec('BEGIN IMMEDIATE');
      let result: T;
      try {
        result = await this.gate.runInScope(scope, () => fn(this));
        scope.open = false;
        await this.rawExec('COMMIT');
      } catch (error) {
        scope.open = false;
        // SQLite may already have rolled back by itself (disk full, a failed COMMIT): ignore that.
        await this.rawExec('ROLLBACK').catch(() => undefined);
        throw error;
      }
      return result;
    });
  }

  /**
   * Copies the whole database to `destFile` with SQLite's online backup API, consistent even
   * while the app keeps running: it waits for the open transaction, if any, and holds writers
   * back while it copies (about 1 s for 400 MB). An interrupted backup never replaces an older one.
   */
  async backup(destFile: string): Promise<void> {
    this.assertOpen();
    const target = path.resolve(destFile);
    if (target === this.file) throw new Error('A database cannot be backed up onto itself.');
    await this.gate.exclusive(() => copyDatabase(this.raw, target));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.gate.exclusive(async () => {
      await Promise.all([...this.statements].map((statement) => statement.finalize()));
      await new Promise<void>((resolve, reject) =>
        this.raw.close((error) => (error ? reject(error) : resolve())),
      );
    });
  }

  /** True when called from code running inside a transaction of this database. */
  get inTransaction(): boolean {
    return this.gate.current() !== undefined;
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  private async savepoint<T>(parent: TransactionScope, fn: (db: Database) => Promise<T>): Promise<T> {
    if (parent.child !== null) {
      throw new Error('Nested transactions of one transaction must run one after another, not concurrently.');
    }
    const scope = this.gate.newScope(parent);
    parent.child = scope;
    const name = `sp_${++this.savepoints}`;
    try {
      await this.rawExec(`SAVEPOINT ${name}`);
      try {
        const result = await this.gate.runInScope(scope, () => fn(this));
        scope.open = false;
        await this.rawExec(`RELEASE ${name}`);
        return result;
      } catch (error) {
        scope.open = false;
        await this.rawExec(`ROLLBACK TO ${name}`).catch(() => undefined);
        await this.rawExec(`RELEASE ${name}`).catch(() => undefined);
        throw error;
      }
    } finally {
      scope.open = false;
      parent.child = null;
    }
  }

  private schedule<T>(op: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error(`The database ${this.file} is closed.`));
    return this.gate.schedule(op);
  }

  private rawExec(sql: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.raw.exec(sql, (error: Error | null) => (error ? reject(error) : resolve()));
    });
  }

  private assertOpen(): void {
    if (this.closed) throw new Error(`The database ${this.file} is closed.`);
  }
}
