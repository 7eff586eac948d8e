import { closeSync, openSync } from 'node:fs';

import { Database, MEMORY } from '../sqlite/database';
import type { SqlValue } from '../sqlite/database';

/** A row as sqlite3 hands it back. */
export type Row = Record<string, unknown>;
/** What a statement binds (electron/sqlite: no bigint, which the driver would bind as NULL). */
export type SqlParam = SqlValue;

/**
 * The sandbox's persistence: one SQLite database (a file under `dataDir`, or in memory) on the
 * app's one SQLite layer (electron/sqlite), so its transactions are serialised exactly as the
 * cache's. Modules own their tables and create them with `migrate` (idempotent `CREATE TABLE IF
 * NOT EXISTS …`), so routes added later (the DFe library) can keep their own tables in the same
 * database and be reset with the rest.
 */
export interface SandboxStore {
  run(sql: string, params?: SqlParam[]): Promise<{ changes: number; lastID: number }>;
  get<T = Row>(sql: string, params?: SqlParam[]): Promise<T | undefined>;
  all<T = Row>(sql: string, params?: SqlParam[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` inside BEGIN IMMEDIATE … COMMIT (ROLLBACK on throw). While it runs, statements
   * from other requests wait, so they can neither join nor be rolled back with it. Called inside
   * another transaction it is a savepoint of it.
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
  const db = await Database.connect(file ?? MEMORY);
  const migrations = new Map<string, string>();
  if (file) await db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000;');

  return {
    run: (sql, params) => db.run(sql, params),
    get: (sql, params) => db.get(sql, params),
    all: (sql, params) => db.all(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(() => fn()),
    async migrate(name, sql) {
      migrations.set(name, sql);
      await db.exec(sql);
    },
    async reset() {
      const tables = await db.all<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
      );
      for (const { name } of tables) await db.exec(`DROP TABLE IF EXISTS "${name.replace(/"/g, '""')}"`);
      for (const sql of migrations.values()) await db.exec(sql);
    },
    close: () => db.close(),
  };
}
