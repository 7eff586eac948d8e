// A restored database is data, not code or intent. Before anything runs on the copy it is opened
// with SQLite's settings for untrusted files, checked page by page, and its schema compared with
// the one this app's own migrations create for the version it says it is: a trigger, a view, an
// extra table or index, a table swapped for a view or with other SQL is refused. Only then are
// an older backup's migrations run (on the copy), and whatever the file held as intent is
// neutralised: open sends wait for the clerk, remembered API answers lose any future date.
import { migrate, openDatabase } from '../../cache';
import type { Database } from '../../cache';
import type { Migration } from '../../cache/migrations';
import { migrations as bundledMigrations } from '../../cache/migrations/index';
import { AverbacaoRepository, KnownCompaniesRepository, OutboxRepository } from '../../cache/repositories';
import type { SchemaDifference, SchemaObject } from '../../cache/schema-check';
import { appliedMigrations, compareSchema, expectedSchema, readSchema } from '../../cache/schema-check';
import { AppError } from '../../shared/errors';
import { invalid } from './archive';

export interface PreparedDatabase {
  /** The highest migration the file had before it was brought up to date. */
  schemaVersion: number;
  /** Open sends held for the clerk's review. */
  held: number;
}

export interface PrepareOptions {
  /** The version the manifest declares; it must be the file's own. Null: no manifest (a kept copy). */
  declaredVersion: number | null;
  /** When the backup says it was made; remembered answers are never dated after it (nor after now). */
  createdAt: string | null;
  now: Date;
  migrations?: readonly Migration[];
}

const TYPE_NAMES: Record<string, string> = {
  table: 'tabela',
  index: 'índice',
  trigger: 'gatilho',
  view: 'visão',
};
const typeName = (object: SchemaObject) => TYPE_NAMES[object.type] ?? `objeto (${object.type})`;

/** One difference in words, for the message and its detail. */
export function describeDifference(difference: SchemaDifference): string {
  const { object } = difference;
  const named = `${typeName(object)} “${object.name}”`;
  if (difference.kind === 'unexpected') return `${named} que o Carreta não cria`;
  if (difference.kind === 'missing') return `${named} ausente`;
  if (difference.expected.type !== object.type)
    return `${typeName(difference.expected)} “${object.name}” trocada por ${typeName(object)}`;
  return `${named} com definição diferente da do Carreta`;
}

function foreignSchema(differences: SchemaDifference[]): AppError {
  const words = differences.map(describeDifference);
  const shown = words.slice(0, 3).join('; ') + (words.length > 3 ? `; e mais ${words.length - 3}` : '');
  return new AppError(
    'backup_foreign_schema',
    `Esta cópia de segurança tem no banco de dados algo que o Carreta não cria (${shown}). ` +
      'Ela pode ter sido alterada fora do Carreta e, por segurança, não será restaurada: nada foi ' +
      'alterado neste computador. Use outra cópia de segurança.',
    { detail: words.join('\n') },
  );
}

const newerVersion = (detail: string) =>
  new AppError(
    'backup_newer_version',
    'Esta cópia de segurança foi feita por uma versão mais nova do Carreta. Atualize o Carreta e tente de novo.',
    { detail },
  );

/** The file's schema is exactly what its migrations create; returns how many it ran. */
async function checkSchema(
  db: Database,
  list: readonly Migration[],
  declaredVersion: number | null,
): Promise<number> {
  const actual = await readSchema(db);
  const applied = await appliedMigrations(db, actual, list);
  if (!applied.ok) {
    if (applied.reason === 'newer') throw newerVersion(applied.detail);
    throw invalid(`migrações: ${applied.detail}`);
  }
  const version = list[applied.count - 1]!.id;
  if (declaredVersion !== null && declaredVersion !== version)
    throw invalid(`o manifesto diz versão ${declaredVersion}; o banco está na ${version}`);
  const differences = compareSchema(actual, await expectedSchema(list, applied.count));
  if (differences.length > 0) throw foreignSchema(differences);
  const orphans = await db.all<{ table: string }>('PRAGMA foreign_key_check');
  if (orphans.length > 0)
    throw invalid(`referências quebradas em ${[...new Set(orphans.map((row) => row.table))].join(', ')}`);
  return version;
}

/** The newest instant a remembered answer may carry: the backup's date, never after now. */
function ceilingOf(createdAt: string | null, now: Date): Date {
  const made = createdAt === null ? NaN : Date.parse(createdAt);
  return Number.isFinite(made) && made <= now.getTime() ? new Date(made) : now;
}

/**
 * Checks a restored database file and makes it safe to put in place (see the top of this file).
 * Any failure is an AppError with a Portuguese message; the file is then the caller's to delete.
 */
export async function prepareRestoredDatabase(
  file: string,
  options: PrepareOptions,
): Promise<PreparedDatabase> {
  const list = options.migrations ?? bundledMigrations;
  let db: Database;
  try {
    db = await openDatabase(file, { untrusted: true });
  } catch (error) {
    throw invalid(`banco: ${error instanceof AppError ? (error.detail ?? error.message) : String(error)}`);
  }
  try {
    // Nothing is written while the file is being judged.
    await db.exec('PRAGMA query_only = ON');
    const schemaVersion = await checkSchema(db, list, options.declaredVersion);
    await db.exec('PRAGMA query_only = OFF');
    try {
      await migrate(db, list);
    } catch (error) {
      throw invalid(`atualização do banco: ${error instanceof Error ? error.message : String(error)}`);
    }
    // Up to date, the schema must be this version's exactly (a migration cannot add what is not ours).
    const after = compareSchema(await readSchema(db), await expectedSchema(list, list.length));
    if (after.length > 0) throw foreignSchema(after);
    const held = await new OutboxRepository(db).holdOpen(options.now);
    // Averbações in flight wait for the clerk too (issue 25): the restored file is another day's
    // intent, and an averbação sent from it could register a document out of its number sequence.
    await new AverbacaoRepository(db).holdInFlightForReview(options.now);
    await new KnownCompaniesRepository(db).markFromBackup(ceilingOf(options.createdAt, options.now));
    await db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    return { schemaVersion, held };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid(`banco: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await db.close().catch(() => undefined);
  }
}
