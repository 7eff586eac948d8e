import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import type { Database } from '../../electron/cache/db';
import { MEMORY, openDatabase } from '../../electron/cache/db';
import { openCache } from '../../electron/cache/index';
import type { Migration } from '../../electron/cache/migrations';
import { checkMigrationList, migrate, migrationChecksum } from '../../electron/cache/migrations';
import { migrations as bundled } from '../../electron/cache/migrations/index';
import { AppError } from '../../electron/shared/errors';
import { projectRoot } from '../support/shared';
import { useTempDir } from './temp-dir';

const temp = useTempDir();

const m1: Migration = {
  id: 1,
  name: 'customers',
  sql: 'CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT);',
};
const m2: Migration = { id: 2, name: 'customer-cnpj', sql: 'ALTER TABLE customer ADD COLUMN cnpj TEXT;' };
const m3: Migration = {
  id: 3,
  name: 'orders',
  sql: `CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(id));
        CREATE INDEX orders_customer ON orders(customer_id);`,
};

async function memory(): Promise<Database> {
  return temp.track(await openDatabase(MEMORY));
}

async function tables(db: Database): Promise<string[]> {
  const rows = await db.all<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  return rows.map((row) => row.name);
}

async function appliedIds(db: Database): Promise<number[]> {
  const rows = await db.all<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id');
  return rows.map((row) => row.id);
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('migration runner', () => {
  it('applies pending migrations in order and records each with its sha256 checksum', async () => {
    const db = await memory();
    const result = await migrate(db, [m1, m2, m3]);
    expect(result).toEqual({ applied: [1, 2, 3], version: 3 });
    expect(await tables(db)).toEqual(['customer', 'orders', 'orders_customer', 'schema_migrations']);
    const rows = await db.all<{ id: number; name: string; checksum: string; applied_at: string }>(
      'SELECT * FROM schema_migrations ORDER BY id',
    );
    expect(rows.map((row) => row.name)).toEqual(['customers', 'customer-cnpj', 'orders']);
    expect(rows[2].checksum).toBe(createHash('sha256').update(m3.sql).digest('hex'));
    expect(Number.isNaN(Date.parse(rows[0].applied_at))).toBe(false);
  });

  it('is idempotent and applies only what is new', async () => {
    const db = await memory();
    await migrate(db, [m1]);
    expect(await migrate(db, [m1])).toEqual({ applied: [], version: 1 });
    expect(await migrate(db, [m1, m2, m3])).toEqual({ applied: [2, 3], version: 3 });
    expect(await migrate(db, [m1, m2, m3])).toEqual({ applied: [], version: 3 });
    expect(await appliedIds(db)).toEqual([1, 2, 3]);
  });

  it('refuses out-of-order, duplicate and malformed lists before touching the database', async () => {
    for (const list of [
      [m2, m1],
      [m1, m1],
      [m1, { ...m2, id: 0 }],
      [m1, { ...m2, name: 'Bad Name' }],
      [{ ...m1, sql: ' ' }],
    ]) {
      expect(() => checkMigrationList(list)).toThrow(AppError);
      const db = await memory();
      const error = await rejection(migrate(db, list));
      expect(error.code).toBe('cache_migration_invalid');
      expect(await tables(db)).toEqual([]);
    }
    expect(() => checkMigrationList([m1, m3])).not.toThrow();
  });

  it('refuses to start when an applied migration was edited, naming it', async () => {
    const db = await memory();
    await migrate(db, [m1, m2]);
    const edited = { ...m2, sql: 'ALTER TABLE customer ADD COLUMN cpf TEXT;' };
    const error = await rejection(migrate(db, [m1, edited, m3]));
    expect(error.code).toBe('cache_migration_edited');
    expect(error.message).toMatch(/banco de dados local/);
    expect(error.detail).toContain('0002-customer-cnpj');
    expect(await appliedIds(db)).toEqual([1, 2]);
  });

  it('treats a CRLF checkout of the same SQL as unchanged', async () => {
    const db = await memory();
    await migrate(db, [m3]);
    const crlf = { ...m3, sql: m3.sql.replace(/\n/g, '\r\n') };
    expect(crlf.sql).not.toBe(m3.sql);
    expect(migrationChecksum(crlf.sql)).toBe(migrationChecksum(m3.sql));
    await expect(migrate(db, [crlf])).resolves.toEqual({ applied: [], version: 3 });
  });

  it('refuses a database created by a newer version (applied migrations it does not know)', async () => {
    const db = await memory();
    await migrate(db, [m1, m2, m3]);
    const error = await rejection(migrate(db, [m1]));
    expect(error.code).toBe('cache_newer_version');
    expect(error.message).toMatch(/versão mais nova/);
    expect(error.detail).toContain('0002-customer-cnpj');
    expect(error.detail).toContain('0003-orders');
  });

  it('refuses a new migration slotted below one already applied', async () => {
    const db = await memory();
    await migrate(db, [m1, m3]);
    const error = await rejection(migrate(db, [m1, m2, m3]));
    expect(error.code).toBe('cache_migration_order');
    expect(error.detail).toContain('0002-customer-cnpj');
  });

  it('a failing migration leaves no partial schema and no schema_migrations row', async () => {
    const db = await memory();
    await migrate(db, [m1]);
    const broken: Migration = {
      id: 2,
      name: 'broken',
      sql: `CREATE TABLE half_done (id INTEGER PRIMARY KEY);
            ALTER TABLE customer ADD COLUMN cnpj TEXT;
            INSERT INTO no_such_table VALUES (1);`,
    };
    const error = await rejection(migrate(db, [m1, broken, m3]));
    expect(error.code).toBe('cache_migration_failed');
    expect(error.detail).toContain('0002-broken');
    expect(error.detail).toContain('no_such_table');
    expect(await tables(db)).toEqual(['customer', 'schema_migrations']);
    const columns = await db.all<{ name: string }>('PRAGMA table_info(customer)');
    expect(columns.map((c) => c.name)).toEqual(['id', 'name']);
    expect(await appliedIds(db)).toEqual([1]);
    // Once fixed (it was never applied, so editing it is allowed) the run continues.
    expect(await migrate(db, [m1, m2, m3])).toEqual({ applied: [2, 3], version: 3 });
  });

  it('rolls back a migration that leaves foreign keys dangling', async () => {
    const db = await memory();
    await migrate(db, [m1, m2, m3]);
    // With deferred checks the INSERT itself succeeds; only the runner's foreign_key_check stops it.
    const dangling: Migration = {
      id: 4,
      name: 'dangling',
      sql: 'PRAGMA defer_foreign_keys = ON; INSERT INTO orders (customer_id) VALUES (999);',
    };
    const error = await rejection(migrate(db, [m1, m2, m3, dangling]));
    expect(error.code).toBe('cache_migration_failed');
    expect(error.detail).toContain('foreign key violations after migration in: orders');
    expect(await db.get('SELECT count(*) AS n FROM orders')).toEqual({ n: 0 });
    expect(await appliedIds(db)).toEqual([1, 2, 3]);
  });
});

describe('openCache', () => {
  it('creates the bundled schema once and reopens a file without reapplying it', async () => {
    const file = path.join(temp.dir(), 'carreta.sqlite');
    const first = await openCache(file);
    expect(await tables(first)).toEqual(expect.arrayContaining(['app_meta', 'schema_migrations']));
    await first.run('INSERT INTO app_meta (key, value) VALUES (?, ?)', ['company', '12345678000195']);
    await expect(
      first.run('INSERT INTO app_meta (key, value) VALUES (?, NULL)', ['x']),
    ).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT',
    });
    await first.close();
    const second = temp.track(await openCache(file));
    expect(await appliedIds(second)).toEqual(bundled.map((m) => m.id));
    expect(await second.get('SELECT value FROM app_meta WHERE key = ?', ['company'])).toEqual({
      value: '12345678000195',
    });
  });

  it('closes the database and rethrows when migrating fails', async () => {
    const file = path.join(temp.dir(), 'carreta.sqlite');
    await (await openCache(file, { migrations: [m1, m2] })).close();
    const error = await rejection(openCache(file, { migrations: [m1] }));
    expect(error.code).toBe('cache_newer_version');
  });
});

describe('bundled migrations', () => {
  it('has one NNNN-name.ts file per entry of migrations/index.ts, in order', () => {
    const folder = path.join(projectRoot, 'electron', 'cache', 'migrations');
    const files = readdirSync(folder)
      .filter((name) => name !== 'index.ts')
      .sort();
    for (const file of files) expect(file).toMatch(/^\d{4}-[a-z0-9-]+\.ts$/);
    expect(bundled.map((m) => `${String(m.id).padStart(4, '0')}-${m.name}.ts`)).toEqual(files);
    expect(() => checkMigrationList(bundled)).not.toThrow();
  });
});
