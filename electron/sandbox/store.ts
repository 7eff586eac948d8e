import { closeSync, openSync } from 'node:fs';
import { AsyncLocalStorage } from 'node:async_hooks';
import sqlite3 from 'sqlite3';

/** A row as sqlite3 hands it back. */
export type Row = Record<string, unknown>;
export type SqlParam = string | number | bigint | null | Buffer;

/**
 * The sandbox's persistence: one SQLite database (a file under `dataDir`, or in memory).
 * A thin promise wrapper over `sqlite3`; modules own their tables and create them with
 * `migrate` (idempotent `CREATE TABLE IF NOT EXISTS …`), so routes added later (the DFe
 * library) can keep their own tables in the same database and be reset with the rest.
 */
export interface SandboxStore {
  run(sql: string, params?: SqlParam[]): Promise<{ changes: number; lastID: number }>;
  get<T = Row>(sql: string, params?: SqlParam[]): Promise<T | undefined>;
  all<T = Row>(sql: string, params?: SqlParam[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` inside BEGIN IMMEDIATE … COMMIT (ROLLBACK on throw). While it runs, statements
   * from other requests wait, so they can neither join nor be rolled back with it.
   */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /** Registers a schema script (run now and again after `reset`). */
  migrate(name: string, sql: string): Promise<void>;
  /** Drops every table and re-runs all registered schema scripts. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function openStore(file: string | null): Promise<SandboxStore> {
  // Private to the user (POSIX; Windows ignores the mode); SQLite's -wal/-shm files follow it.
  if (file) closeSync(openSync(file, 'a', 0o600));
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const handle = new sqlite3.Database(file ?? ':memory:', (err) => (err ? reject(err) : resolve(handle)));
  });
  const migrations = new Map<string, string>();
  // One connection serves every request: statements are queued so that a transaction in
  // progress owns the connection; statements issued inside it (same async context) run directly.
  const inTransaction = new AsyncLocalStorage<boolean>();
  let tail: Promise<unknown> = Promise.resolve();
  function enqueue<T>(fn: () => Promise<T>): Promise<T> {
    if (inTransaction.getStore()) return fn();
    const next = tail.then(fn);
    tail = next.catch(() => undefined);
    return next;
  }

  const rawRun = (sql: string, params: SqlParam[] = []) =>
    new Promise<{ changes: number; lastID: number }>((resolve, reject) => {
      db.run(sql, params, function (this: sqlite3.RunResult, err: Error | null) {
        if (err) reject(err);
        else resolve({ changes: this.changes, lastID: this.lastID });
      });
    });
  const rawGet = <T>(sql: string, params: SqlParam[] = []) =>
    new Promise<T | undefined>((resolve, reject) => {
      db.get(sql, params, (err: Error | null, row: T | undefined) => (err ? reject(err) : resolve(row)));
    });
  const rawAll = <T>(sql: string, params: SqlParam[] = []) =>
    new Promise<T[]>((resolve, reject) => {
      db.all(sql, params, (err: Error | null, rows: T[]) => (err ? reject(err) : resolve(rows)));
    });
  const rawExec = (sql: string) =>
    new Promise<void>((resolve, reject) => db.exec(sql, (err) => (err ? reject(err) : resolve())));

  const run = (sql: string, params?: SqlParam[]) => enqueue(() => rawRun(sql, params));
  const get = <T>(sql: string, params?: SqlParam[]) => enqueue(() => rawGet<T>(sql, params));
  const all = <T>(sql: string, params?: SqlParam[]) => enqueue(() => rawAll<T>(sql, params));
  const exec = (sql: string) => enqueue(() => rawExec(sql));

  if (file) await exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000;');

  return {
    run,
    get,
    all,
    exec,
    transaction<T>(fn: () => Promise<T>): Promise<T> {
      if (inTransaction.getStore()) return fn();
      return enqueue(() =>
        inTransaction.run(true, async () => {
          await rawExec('BEGIN IMMEDIATE');
          try {
            const result = await fn();
            await rawExec('COMMIT');
            return result;
          } catch (err) {
            await rawExec('ROLLBACK').catch(() => undefined);
            throw err;
          }
        }),
      );
    },
    async migrate(name, sql) {
      migrations.set(name, sql);
      await exec(sql);
    },
    async reset() {
      const tables = await all<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
      );
      for (const { name } of tables) await exec(`DROP TABLE IF EXISTS "${name.replace(/"/g, '""')}"`);
      for (const sql of migrations.values()) await exec(sql);
    },
    close: () => new Promise<void>((resolve, reject) => db.close((err) => (err ? reject(err) : resolve()))),
  };
}
