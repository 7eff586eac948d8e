import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';

import { Database, LIMITS, MEMORY } from '../sqlite/database';
import { AppError } from '../shared/errors';
import { cacheCorruptError, openFailure } from './errors';

export type { RunResult, SqlParams, SqlValue } from '../sqlite/database';
export { Database, MEMORY, PreparedStatement } from '../sqlite/database';

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
    [LIMITS.attached, 0],
    [LIMITS.sqlLength, 1_000_000],
    [LIMITS.triggerDepth, 4],
    [LIMITS.exprDepth, 200],
  ] as const,
};

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
