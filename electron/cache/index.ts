import type { Database, OpenOptions } from './db';
import { openDatabase } from './db';
import type { Migration } from './migrations';
import { migrate } from './migrations';
import { migrations as bundledMigrations } from './migrations/index';

export type { Database, OpenOptions, PreparedStatement, RunResult, SqlParams, SqlValue } from './db';
export { MEMORY, openDatabase } from './db';
export type { Migration, MigrationResult } from './migrations';
export { migrate } from './migrations';

export interface CacheOptions extends OpenOptions {
  /** Replaces the bundled migrations (tests). */
  migrations?: readonly Migration[];
}

/** Opens the offline cache and brings its schema up to date; the database is closed on failure. */
export async function openCache(file: string, options: CacheOptions = {}): Promise<Database> {
  const db = await openDatabase(file, options);
  try {
    await migrate(db, options.migrations ?? bundledMigrations);
    return db;
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
