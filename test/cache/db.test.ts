import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { MEMORY, openDatabase } from '../../electron/cache/db';
import { useTempDir } from './temp-dir';

const temp = useTempDir();

describe('openDatabase settings', () => {
  it('turns on WAL, foreign keys, NORMAL sync and the busy timeout for a file', async () => {
    const file = path.join(temp.dir(), 'nested', 'folder', 'cache.sqlite');
    const db = temp.track(await openDatabase(file, { busyTimeoutMs: 1234 }));
    expect(db.file).toBe(path.resolve(file));
    expect(await db.get('PRAGMA journal_mode')).toEqual({ journal_mode: 'wal' });
    expect(await db.get('PRAGMA foreign_keys')).toEqual({ foreign_keys: 1 });
    expect(await db.get('PRAGMA synchronous')).toEqual({ synchronous: 1 });
    expect(await db.get('PRAGMA busy_timeout')).toEqual({ timeout: 1234 });
  });

  it('answers "memory" for the journal of an in-memory database and still enforces foreign keys', async () => {
    const db = temp.track(await openDatabase(MEMORY));
    expect(db.file).toBe(MEMORY);
    expect(await db.get('PRAGMA journal_mode')).toEqual({ journal_mode: 'memory' });
    await db.exec(`
      CREATE TABLE parent (id INTEGER PRIMARY KEY);
      CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent(id));
    `);
    await expect(db.run('INSERT INTO child (parent_id) VALUES (?)', [42])).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT',
    });
  });
});

describe('queries', () => {
  it('reports changes and lastID, binds positional and named values', async () => {
    const db = temp.track(await openDatabase(MEMORY));
    await db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, flag INTEGER, data BLOB)');
    const first = await db.run('INSERT INTO t (name, flag, data) VALUES (?, ?, ?)', [
      'a',
      true,
      Buffer.from([1, 2]),
    ]);
    expect(first).toEqual({ changes: 1, lastID: 1 });
    const second = await db.run('INSERT INTO t (name, flag) VALUES ($name, $flag)', {
      $name: 'b',
      $flag: false,
    });
    expect(second.lastID).toBe(2);
    expect(await db.run('UPDATE t SET flag = 7')).toMatchObject({ changes: 2 });
    expect(await db.get('SELECT name, flag, data FROM t WHERE id = ?', [1])).toEqual({
      name: 'a',
      flag: 7,
      data: Buffer.from([1, 2]),
    });
    expect(await db.get('SELECT * FROM t WHERE id = ?', [99])).toBeUndefined();
    expect(await db.all<{ name: string }>('SELECT name FROM t ORDER BY id')).toEqual([
      { name: 'a' },
      { name: 'b' },
    ]);
  });

  it('streams rows with each() and surfaces an error thrown by the row callback', async () => {
    const db = temp.track(await openDatabase(MEMORY));
    await db.exec('CREATE TABLE n (v INTEGER); INSERT INTO n VALUES (1), (2), (3);');
    const seen: number[] = [];
    const count = await db.each<{ v: number }>('SELECT v FROM n ORDER BY v', [], (row) => seen.push(row.v));
    expect(count).toBe(3);
    expect(seen).toEqual([1, 2, 3]);
    await expect(
      db.each('SELECT v FROM n', [], () => {
        throw new Error('row handler failed');
      }),
    ).rejects.toThrow('row handler failed');
  });

  it('rejects bad SQL with the SQLite error instead of crashing', async () => {
    const db = temp.track(await openDatabase(MEMORY));
    await expect(db.get('SELECT * FROM missing_table')).rejects.toMatchObject({ code: 'SQLITE_ERROR' });
    await expect(db.exec('CREATE TABLE ok (a); CREATE TABL broken')).rejects.toThrow(/syntax error/);
  });

  it('reuses a prepared statement across many rows', async () => {
    const db = temp.track(await openDatabase(MEMORY));
    await db.exec('CREATE TABLE doc (id INTEGER PRIMARY KEY, chave TEXT NOT NULL UNIQUE)');
    const insert = await db.prepare('INSERT INTO doc (chave) VALUES (?)');
    const total = 500;
    await db.transaction(async () => {
      for (let i = 0; i < total; i++) await insert.run([`chave-${i}`]);
    });
    await expect(insert.run(['chave-0'])).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT' });
    const find = await db.prepare('SELECT id FROM doc WHERE chave = ?');
    expect(await find.get<{ id: number }>(['chave-10'])).toEqual({ id: 11 });
    expect(await find.all(['nope'])).toEqual([]);
    await insert.finalize();
    expect(await db.get('SELECT count(*) AS n FROM doc')).toEqual({ n: total });
    await expect(db.prepare('SELECT nonsense FROM')).rejects.toThrow();
  });

  it('closes (finalizing statements left open) and refuses queries afterwards', async () => {
    const db = await openDatabase(path.join(temp.dir(), 'c.sqlite'));
    await db.prepare('SELECT 1');
    await db.close();
    expect(db.isOpen).toBe(false);
    await expect(db.get('SELECT 1')).rejects.toThrow(/closed/);
    await expect(db.transaction(async () => 1)).rejects.toThrow(/closed/);
    await db.close();
  });
});
