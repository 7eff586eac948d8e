// Row helpers the sandbox's repositories share: an INSERT's column list from a row object, an
// UPDATE of the members given, and a named counter bumped in one transaction.
import type { SandboxStore, SqlParam } from './store';

/**
 * From this length a text is bound as its UTF-8 bytes and cast back to TEXT by SQLite: the
 * driver's own conversion of a JS string takes several times as long on the event loop (an
 * MDF-e of thousands of documents carries two such XML texts, 0.8 MB each).
 */
const LARGE_TEXT = 64 * 1024;

export function columns<T extends object>(row: T): { names: string; marks: string; values: SqlParam[] } {
  const keys = Object.keys(row);
  const values = keys.map((k) => (row as Record<string, SqlParam>)[k] ?? null);
  const large = values.map((v) => typeof v === 'string' && v.length >= LARGE_TEXT);
  return {
    names: keys.join(', '),
    marks: large.map((isLarge) => (isLarge ? 'CAST(? AS TEXT)' : '?')).join(', '),
    values: values.map((v, i) => (large[i] ? Buffer.from(v as string, 'utf8') : v)),
  };
}

/** `UPDATE table SET …` of the members in `changes` (none: nothing is written). */
export async function updateRow(
  store: SandboxStore,
  table: string,
  id: string,
  changes: object,
): Promise<void> {
  const keys = Object.keys(changes);
  if (keys.length === 0) return;
  const values = keys.map((k) => (changes as Record<string, SqlParam>)[k] ?? null);
  await store.run(`UPDATE ${table} SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`, [
    ...values,
    id,
  ]);
}

/** The next value of a named counter in `table` (name, value), starting at 1. */
export function nextCounter(store: SandboxStore, table: string, name: string): Promise<number> {
  return store.transaction(async () => {
    await store.run(
      `INSERT INTO ${table}(name, value) VALUES (?, 1) ON CONFLICT(name) DO UPDATE SET value = value + 1`,
      [name],
    );
    const row = await store.get<{ value: number }>(`SELECT value FROM ${table} WHERE name = ?`, [name]);
    return row!.value;
  });
}
