import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import type { Database } from '../../electron/cache/db';
import { MEMORY, openDatabase } from '../../electron/cache/db';
import { openCache } from '../../electron/cache/index';
import { useTempDir } from './temp-dir';

const temp = useTempDir();

async function seeded(file: string): Promise<Database> {
  const db = temp.track(await openCache(file));
  await db.transaction(async () => {
    for (let i = 0; i < 300; i++) {
      await db.run('INSERT INTO app_meta (key, value) VALUES (?, ?)', [`k${i}`, `valor ${i} `.repeat(20)]);
    }
  });
  return db;
}

async function snapshot(db: Database): Promise<unknown[]> {
  return db.all('SELECT key, value FROM app_meta ORDER BY key');
}

describe('online backup', () => {
  it('writes a file that opens, passes quick_check and holds the same data', async () => {
    const dir = temp.dir();
    const source = await seeded(path.join(dir, 'cache.sqlite'));
    const target = path.join(dir, 'backups', '2026-11-22', 'cache.sqlite');
    await source.backup(target);
    expect(readdirSync(path.dirname(target))).toEqual(['cache.sqlite']);
    const copy = temp.track(await openCache(target));
    expect(await copy.get('PRAGMA quick_check')).toEqual({ quick_check: 'ok' });
    expect(await snapshot(copy)).toEqual(await snapshot(source));
    expect(await copy.get('SELECT count(*) AS n FROM schema_migrations')).toEqual(
      await source.get('SELECT count(*) AS n FROM schema_migrations'),
    );
  });

  it('replaces an older backup and leaves no partial file', async () => {
    const dir = temp.dir();
    const source = await seeded(path.join(dir, 'cache.sqlite'));
    const target = path.join(dir, 'backup.sqlite');
    writeFileSync(target, 'old backup');
    await source.backup(target);
    expect(existsSync(`${target}.partial`)).toBe(false);
    const copy = temp.track(await openDatabase(target));
    expect((await snapshot(copy)).length).toBe(300);
  });

  it('waits for an open transaction and never captures writes that are rolled back', async () => {
    const dir = temp.dir();
    const source = await seeded(path.join(dir, 'cache.sqlite'));
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const tx = source.transaction(async () => {
      await source.run("INSERT INTO app_meta (key, value) VALUES ('uncommitted', 'x')");
      started();
      await hold;
      throw new Error('abort');
    });
    await inside;
    const target = path.join(dir, 'backup.sqlite');
    const backup = source.backup(target);
    release();
    await expect(tx).rejects.toThrow('abort');
    await backup;
    const copy = temp.track(await openDatabase(target));
    expect(await copy.get("SELECT * FROM app_meta WHERE key = 'uncommitted'")).toBeUndefined();
    expect((await snapshot(copy)).length).toBe(300);
  });

  it('refuses to run inside a transaction instead of deadlocking', async () => {
    const source = await seeded(path.join(temp.dir(), 'cache.sqlite'));
    await expect(source.transaction(() => source.backup(path.join(temp.dir(), 'b.sqlite')))).rejects.toThrow(
      /inside a transaction/,
    );
  });

  it('backs up an in-memory database to a file', async () => {
    const db = temp.track(await openDatabase(MEMORY));
    await db.exec("CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('a'), ('b');");
    const target = path.join(temp.dir(), 'mem.sqlite');
    await db.backup(target);
    const copy = temp.track(await openDatabase(target));
    expect(await copy.all('SELECT v FROM t ORDER BY v')).toEqual([{ v: 'a' }, { v: 'b' }]);
  });
});
