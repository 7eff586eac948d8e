import { randomBytes } from 'node:crypto';
import { closeSync, openSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { openDatabase } from '../../electron/cache/db';
import { openCache } from '../../electron/cache/index';
import { AppError } from '../../electron/shared/errors';
import { useTempDir } from './temp-dir';

const temp = useTempDir();

async function openError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** A healthy database spanning many pages, closed (so the WAL is checkpointed into the file). */
async function populatedFile(): Promise<string> {
  const file = path.join(temp.dir(), 'cache.sqlite');
  const db = await openDatabase(file);
  await db.exec('CREATE TABLE doc (id INTEGER PRIMARY KEY, xml TEXT NOT NULL)');
  await db.transaction(async () => {
    for (let i = 0; i < 200; i++)
      await db.run('INSERT INTO doc (xml) VALUES (?)', ['<cte>'.padEnd(2000, 'x')]);
  });
  await db.close();
  return file;
}

describe('opening a damaged file', () => {
  it('reports random bytes as cache_corrupt with a Portuguese message offering a backup', async () => {
    const file = path.join(temp.dir(), 'cache.sqlite');
    writeFileSync(file, randomBytes(64 * 1024));
    const error = await openError(openCache(file));
    expect(error.code).toBe('cache_corrupt');
    expect(error.message).toMatch(/Não foi possível abrir o banco de dados local/);
    expect(error.message).toMatch(/restaurar uma cópia de segurança/);
    expect(error.detail).toContain(file);
    expect(error.detail).toMatch(/not a database/);
  });

  it('finds a damaged page through quick_check, which is what catches it', async () => {
    const file = await populatedFile();
    const fd = openSync(file, 'r+');
    try {
      writeSync(fd, randomBytes(4096), 0, 4096, 4096 * 20);
    } finally {
      closeSync(fd);
    }
    const error = await openError(openDatabase(file));
    expect(error.code).toBe('cache_corrupt');
    expect(error.detail).toContain(file);
    // Without the check the same file opens, and the damage would surface later on some screen.
    const unchecked = temp.track(await openDatabase(file, { quickCheck: false }));
    expect(await unchecked.get('SELECT 1 AS one')).toEqual({ one: 1 });
  });

  it('reports a truncated file as cache_corrupt', async () => {
    const file = await populatedFile();
    truncateSync(file, 4096 * 10 + 100);
    const error = await openError(openDatabase(file));
    expect(error.code).toBe('cache_corrupt');
  });

  it('reports a path it cannot open (a folder) as cache_unavailable, not as corruption', async () => {
    const folder = temp.dir();
    const error = await openError(openDatabase(folder));
    expect(error.code).toBe('cache_unavailable');
    expect(error.message).toMatch(/Não foi possível abrir o banco de dados local/);
  });
});
