import { createHash } from 'node:crypto';

import { AppError } from '../shared/errors';
import type { Database } from './db';
import { migrations as bundledMigrations } from './migrations/index';

/**
 * One forward-only schema step. Migrations live in migrations/NNNN-name.ts and are listed in
 * migrations/index.ts. Once released a migration is never edited: the runner refuses to start
 * when the SQL of an applied migration no longer matches its recorded checksum. Fix mistakes
 * with a new migration.
 *
 * The SQL runs inside a transaction, so it must not contain statements SQLite refuses there
 * (VACUUM, `PRAGMA journal_mode`) and cannot rely on `PRAGMA foreign_keys` (a no-op inside a
 * transaction); the runner checks foreign keys with `PRAGMA foreign_key_check` before committing.
 */
export interface Migration {
  readonly id: number;
  readonly name: string;
  readonly sql: string;
}

export interface MigrationResult {
  /** Ids applied by this run, in order (empty when the schema was already current). */
  applied: number[];
  /** Highest applied id after the run (0 for an empty list). */
  version: number;
}

interface AppliedRow {
  id: number;
  name: string;
  checksum: string;
}

const UPDATE_FAILED =
  'Não foi possível atualizar o banco de dados local para esta versão do Carreta. ' +
  'Nenhuma alteração foi gravada. Tente novamente; se persistir, copie os detalhes e fale com o suporte.';

export function migrationLabel(migration: Pick<Migration, 'id' | 'name'>): string {
  return `${String(migration.id).padStart(4, '0')}-${migration.name}`;
}

/** sha256 of what runs. Line endings are normalised so a Windows checkout hashes like any other. */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n?/g, '\n'), 'utf8').digest('hex');
}

function listProblem(migration: Migration, previous: number): string | null {
  if (!Number.isSafeInteger(migration.id) || migration.id <= 0) return 'id must be a positive integer';
  if (migration.id <= previous) return `id ${migration.id} does not follow ${previous} (order or duplicate)`;
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(migration.name)) return `name "${migration.name}" must be kebab-case`;
  if (migration.sql.trim() === '') return 'sql is empty';
  return null;
}

/** Refuses a list that is not strictly increasing (duplicates included) or has malformed entries. */
export function checkMigrationList(list: readonly Migration[]): void {
  let previous = 0;
  for (const migration of list) {
    const problem = listProblem(migration, previous);
    if (problem !== null) {
      throw new AppError('cache_migration_invalid', UPDATE_FAILED, {
        detail: `Lista de migrações inválida em ${migrationLabel(migration)}: ${problem}`,
      });
    }
    previous = migration.id;
  }
}

/**
 * Brings the schema up to date: validates the list, refuses edited or unknown (newer) applied
 * migrations, then applies the pending ones in order, each in its own transaction together with
 * its schema_migrations row. Running it again applies nothing.
 */
export async function migrate(
  db: Database,
  migrations: readonly Migration[] = bundledMigrations,
): Promise<MigrationResult> {
  checkMigrationList(migrations);
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    checksum TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const appliedRows = await db.all<AppliedRow>(
    'SELECT id, name, checksum FROM schema_migrations ORDER BY id',
  );
  verifyApplied(appliedRows, migrations);

  const appliedIds = new Set(appliedRows.map((row) => row.id));
  const highestApplied = appliedRows.length > 0 ? appliedRows[appliedRows.length - 1].id : 0;
  const pending = migrations.filter((migration) => !appliedIds.has(migration.id));
  const late = pending.find((migration) => migration.id < highestApplied);
  if (late !== undefined) {
    throw new AppError('cache_migration_order', UPDATE_FAILED, {
      detail: `A migração ${migrationLabel(late)} é anterior à ${highestApplied}, já aplicada; crie uma migração nova com id maior.`,
    });
  }

  const applied: number[] = [];
  for (const migration of pending) {
    if (await applyOne(db, migration)) applied.push(migration.id);
  }
  const version = Math.max(highestApplied, ...applied, 0);
  return { applied, version };
}

function verifyApplied(rows: readonly AppliedRow[], migrations: readonly Migration[]): void {
  const known = new Map(migrations.map((migration) => [migration.id, migration]));
  const unknown = rows.filter((row) => !known.has(row.id));
  if (unknown.length > 0) {
    throw new AppError(
      'cache_newer_version',
      'O banco de dados local foi criado por uma versão mais nova do Carreta. ' +
        'Atualize o Carreta para a versão mais recente para continuar usando estes dados.',
      { detail: `Migrações desconhecidas por esta versão: ${unknown.map(migrationLabel).join(', ')}` },
    );
  }
  for (const row of rows) {
    const migration = known.get(row.id);
    if (migration === undefined) continue;
    const checksum = migrationChecksum(migration.sql);
    if (checksum !== row.checksum) {
      throw new AppError('cache_migration_edited', UPDATE_FAILED, {
        detail:
          `A migração ${migrationLabel(migration)} foi alterada depois de aplicada ` +
          `(checksum no banco ${row.checksum}, no aplicativo ${checksum}). Migrações aplicadas não podem ser editadas.`,
      });
    }
  }
}

/** Returns false when another process applied the same migration first. */
async function applyOne(db: Database, migration: Migration): Promise<boolean> {
  try {
    return await db.transaction(async () => {
      // Re-read under the write lock: a second instance starting at the same moment may have won.
      const done = await db.get('SELECT 1 AS done FROM schema_migrations WHERE id = ?', [migration.id]);
      if (done !== undefined) return false;
      await db.exec(migration.sql);
      const violations = await db.all<{ table: string }>('PRAGMA foreign_key_check');
      if (violations.length > 0) {
        const tables = [...new Set(violations.map((row) => row.table))].join(', ');
        throw new Error(`foreign key violations after migration in: ${tables}`);
      }
      await db.run('INSERT INTO schema_migrations (id, name, checksum, applied_at) VALUES (?, ?, ?, ?)', [
        migration.id,
        migration.name,
        migrationChecksum(migration.sql),
        new Date().toISOString(),
      ]);
      return true;
    });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    throw new AppError('cache_migration_failed', UPDATE_FAILED, {
      detail: `Falha na migração ${migrationLabel(migration)}: ${text}`,
      cause: error,
    });
  }
}
