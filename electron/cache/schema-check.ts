// The schema a database of this app may have is the one its own migrations create: nothing
// else. A file from elsewhere (a restored backup) is compared object by object — every table,
// index, trigger and view, by type, name, table and SQL — with the schema the migrations it says
// it ran produce on an empty database. The expected schema is derived from the migrations list,
// so a new migration is covered without touching this file.
import type { Database } from './db';
import { MEMORY, openDatabase } from './db';
import type { Migration } from './migrations';
import { migrate } from './migrations';

export interface SchemaObject {
  type: string;
  name: string;
  tblName: string;
  sql: string | null;
}

export type SchemaDifference =
  /** An object the app does not create (a trigger, a view, a table, an index). */
  | { kind: 'unexpected'; object: SchemaObject }
  /** An object the app creates that the file lacks. */
  | { kind: 'missing'; object: SchemaObject }
  /** Same name, another type (a table replaced by a view) or other SQL. */
  | { kind: 'changed'; object: SchemaObject; expected: SchemaObject };

export type AppliedCheck =
  { ok: true; count: number } | { ok: false; reason: 'not_ours' | 'newer' | 'foreign'; detail: string };

const MIGRATIONS_TABLE = 'schema_migrations';

/** Every object of the main database's schema, in a stable order. */
export async function readSchema(db: Database): Promise<SchemaObject[]> {
  return db.all<SchemaObject>(
    `SELECT type, name, tbl_name AS tblName, sql FROM main.sqlite_schema ORDER BY name, type`,
  );
}

const expectedCache = new WeakMap<readonly Migration[], Map<number, Promise<SchemaObject[]>>>();

/**
 * The schema the first `count` migrations of `list` create on an empty database (0: only the
 * migrations table). Built once per list and count, in memory.
 */
export function expectedSchema(list: readonly Migration[], count: number): Promise<SchemaObject[]> {
  let byCount = expectedCache.get(list);
  if (!byCount) expectedCache.set(list, (byCount = new Map()));
  let built = byCount.get(count);
  if (!built) {
    built = (async () => {
      const db = await openDatabase(MEMORY);
      try {
        await migrate(db, list.slice(0, count));
        return await readSchema(db);
      } finally {
        await db.close();
      }
    })();
    // A failure is not remembered: the next call tries again.
    built.catch(() => byCount.delete(count));
    byCount.set(count, built);
  }
  return built;
}

const key = (object: SchemaObject) => object.name.toLowerCase();

/** What differs between a database's schema and the expected one (empty: the same). */
export function compareSchema(actual: SchemaObject[], expected: SchemaObject[]): SchemaDifference[] {
  const wanted = new Map(expected.map((object) => [key(object), object]));
  const differences: SchemaDifference[] = [];
  const seen = new Set<string>();
  for (const object of actual) {
    const name = key(object);
    const match = wanted.get(name);
    if (!match || seen.has(name)) differences.push({ kind: 'unexpected', object });
    else if (match.type !== object.type || match.tblName !== object.tblName || match.sql !== object.sql)
      differences.push({ kind: 'changed', object, expected: match });
    seen.add(name);
  }
  for (const object of expected) if (!seen.has(key(object))) differences.push({ kind: 'missing', object });
  return differences;
}

/**
 * Which migrations the file says it ran: they must be the first N of `list`, by id and name, and
 * its migrations table must be the one the app creates. Read before anything else runs on it.
 */
export async function appliedMigrations(
  db: Database,
  actual: SchemaObject[],
  list: readonly Migration[],
): Promise<AppliedCheck> {
  const [table] = await expectedSchema(list, 0);
  const found = actual.find((object) => key(object) === MIGRATIONS_TABLE);
  if (!table || !found || found.type !== 'table' || found.sql !== table.sql)
    return { ok: false, reason: 'not_ours', detail: `${MIGRATIONS_TABLE} ausente ou diferente` };
  const rows = await db.all<{ id: unknown; name: unknown }>(
    `SELECT id, name FROM main.${MIGRATIONS_TABLE} ORDER BY id`,
  );
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const migration = list[i];
    if (!migration) {
      return { ok: false, reason: 'newer', detail: `migração ${String(row.id)} desconhecida` };
    }
    if (row.id !== migration.id || row.name !== migration.name) {
      const newer = typeof row.id === 'number' && !list.some((m) => m.id === row.id);
      return {
        ok: false,
        reason: newer ? 'newer' : 'foreign',
        detail: `migração ${String(row.id)} ${String(row.name)} no lugar de ${migration.id} ${migration.name}`,
      };
    }
  }
  if (rows.length === 0) return { ok: false, reason: 'not_ours', detail: 'nenhuma migração aplicada' };
  return { ok: true, count: rows.length };
}
