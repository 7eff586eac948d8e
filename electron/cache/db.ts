import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';

import sqlite3 from 'sqlite3';

import { AppError } from '../shared/errors';
import { copyDatabase } from './backup';
import { cacheCorruptError, openFailure } from './errors';
import type { TransactionScope } from './gate';
import { ConnectionGate } from './gate';
import type { RunResult, SqlParams, SqlValue } from './statement';
import { PreparedStatement } from './statement';

export type { RunResult, SqlParams, SqlValue } from './statement';
export { PreparedStatement } from './statement';

export const MEMORY = ':memory:';

export interface OpenOptions {
  /** How long a statement waits for a lock held by another connection. Default 5000 ms. */
  busyTimeoutMs?: number;
  /**
   * Run `PRAGMA quick_check` on open (files only; default true). It reads every page of the
   * file — roughly linear in its size — so it costs a few hundred milliseconds on a cache of
   * 100,000 documents; in exchange a damaged file is reported at start-up, with the offer to
   * restore a backup, instead of failing halfway through some later screen.
   */
  quickCheck?: boolean;
  /**
   * The file comes from elsewhere (a restored backup): opened with SQLite's settings for untrusted
   * databases (sqlite.org/security.html) and checked with the full `integrity_check`. See UNTRUSTED.
   */
  untrusted?: boolean;
}

/**
 * What a database from elsewhere is opened with, before anything reads its schema. node-sqlite3
 * does not expose sqlite3_db_config, so SQLITE_DBCONFIG_DEFENSIVE cannot be set; its aims are met
 * here instead: no function of the file's schema may have side effects (`trusted_schema`), no
 * other database can be attached, page cells are bounds-checked, nothing is memory-mapped, temp
 * data stays in memory (never in a folder outside the app's), and schema SQL and trigger nesting
 * are capped far below the defaults.
 */
const UNTRUSTED = {
  pragmas: [
    'PRAGMA trusted_schema = OFF',
    'PRAGMA cell_size_check = ON',
    'PRAGMA mmap_size = 0',
    'PRAGMA recursive_triggers = OFF',
    'PRAGMA temp_store = MEMORY',
  ],
  limits: [
    [sqlite3.LIMIT_ATTACHED, 0],
    [sqlite3.LIMIT_SQL_LENGTH, 1_000_000],
    [sqlite3.LIMIT_TRIGGER_DEPTH, 4],
    [sqlite3.LIMIT_EXPR_DEPTH, 200],
  ] as const,
};

const NO_PARAMS: readonly SqlValue[] = [];

/**
 * A thin promise wrapper over one node-sqlite3 connection. Every method may be called from
 * anywhere; inside `transaction(fn)` calls join the transaction, elsewhere they wait for it.
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

  /** Use openDatabase(). */
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

/**
 * Opens (creating when missing) a SQLite file, or an in-memory database with ':memory:', and
 * sets it up: WAL journal, foreign keys on, busy timeout, synchronous=NORMAL, quick_check.
 * Failures become AppError: 'cache_corrupt', 'cache_locked' or 'cache_unavailable'.
 */
export async function openDatabase(file: string, options: OpenOptions = {}): Promise<Database> {
  const memory = file === MEMORY;
  const target = memory ? MEMORY : path.resolve(file);
  let db: Database | undefined;
  try {
    if (!memory) {
      // Private to the user (POSIX modes; Windows ignores them): SQLite gives its -wal and -shm
      // files the database file's permissions, so creating it 0600 covers all three.
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      closeSync(openSync(target, 'a', 0o600));
    }
    db = await Database.connect(target, options.untrusted ? UNTRUSTED.limits : []);
    await configure(db, memory, options);
    return db;
  } catch (error) {
    await db?.close().catch(() => undefined);
    throw openFailure(target, error);
  }
}

async function configure(db: Database, memory: boolean, options: OpenOptions): Promise<void> {
  if (options.untrusted) {
    // First of all: the schema is parsed by the first statement that reads the file.
    for (const pragma of UNTRUSTED.pragmas) await db.exec(pragma);
    const trusted = await db.get<{ trusted_schema: number }>('PRAGMA trusted_schema');
    if (trusted?.trusted_schema !== 0) throw new Error('PRAGMA trusted_schema could not be turned off.');
  }
  await db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000))}`);
  if (!memory && (options.quickCheck ?? true)) {
    // A file from elsewhere gets the full check: quick_check does not compare indexes with their
    // tables, and an index that lies about a UNIQUE column (outbox.referencia) is not harmless.
    const check = options.untrusted ? 'integrity_check' : 'quick_check';
    const rows = await db.all<Record<string, string>>(`PRAGMA ${check}`);
    const problems = rows.map((row) => row[check]).filter((text) => text !== 'ok');
    if (problems.length > 0) throw cacheCorruptError(db.file, new Error(problems.slice(0, 5).join('; ')));
  }
  // Takes effect only on a new, empty file (and must precede WAL): 8 KB pages hold five ~1.4 KB
  // compressed XML rows where 4 KB pages hold two, which cuts the cache file by about a fifth.
  await db.exec('PRAGMA page_size = 8192');
  const journal = await db.get<{ journal_mode: string }>('PRAGMA journal_mode = WAL');
  const expected = memory ? 'memory' : 'wal';
  if (journal?.journal_mode !== expected) {
    throw new AppError(
      'cache_unavailable',
      'Não foi possível preparar o banco de dados local (modo de gravação segura indisponível). ' +
        'Verifique se a pasta de dados do Carreta fica num disco local e tente novamente.',
      { detail: `${db.file}: journal_mode = ${journal?.journal_mode ?? '(nenhum)'}, esperado ${expected}` },
    );
  }
  await db.exec('PRAGMA foreign_keys = ON');
  const foreignKeys = await db.get<{ foreign_keys: number }>('PRAGMA foreign_keys');
  if (foreignKeys?.foreign_keys !== 1) throw new Error('PRAGMA foreign_keys could not be enabled.');
  await db.exec('PRAGMA synchronous = NORMAL');
}
