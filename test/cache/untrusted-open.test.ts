// A database file from elsewhere (a restored backup) is opened with SQLite's settings for untrusted
// files (sqlite.org/security.html) before its schema is read, and checked with the full
// integrity_check: an index that disagrees with its table (quick_check does not look) is refused.
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { openDatabase } from '../../electron/cache/db';
import { runSql } from '../support/backup-craft';
import { useTempDir } from './temp-dir';

const temp = useTempDir();

describe('opening an untrusted database', () => {
  it('sets the defensive settings before anything reads the schema', async () => {
    const db = temp.track(await openDatabase(path.join(temp.dir(), 'copia.db'), { untrusted: true }));
    expect(await db.get('PRAGMA trusted_schema')).toEqual({ trusted_schema: 0 });
    expect(await db.get('PRAGMA cell_size_check')).toEqual({ cell_size_check: 1 });
    expect(await db.get('PRAGMA mmap_size')).toEqual({ mmap_size: 0 });
    expect(await db.get('PRAGMA recursive_triggers')).toEqual({ recursive_triggers: 0 });
    expect(await db.get('PRAGMA temp_store')).toEqual({ temp_store: 2 });
    // No other file can be attached (and so written) through it.
    await expect(db.exec(`ATTACH DATABASE '${path.join(temp.dir(), 'outro.db')}' AS outro`)).rejects.toThrow(
      /too many attached databases/,
    );
    // The app's own connection keeps the defaults.
    const own = temp.track(await openDatabase(path.join(temp.dir(), 'cache.db')));
    expect(await own.get('PRAGMA trusted_schema')).toEqual({ trusted_schema: 1 });
  });

  it('refuses an index that disagrees with its table, which quick_check lets through', async () => {
    const file = path.join(temp.dir(), 'indice-mentiroso.db');
    await runSql(file, [
      'CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT)',
      "INSERT INTO t VALUES (1, 'x', 'p'), (2, 'y', 'q')",
      'CREATE INDEX ia ON t (a)',
      // The index now says it covers b, but holds a's values: lookups by b would miss rows.
      'PRAGMA writable_schema = ON',
      "UPDATE sqlite_schema SET sql = 'CREATE INDEX ia ON t (b)' WHERE name = 'ia'",
      'PRAGMA writable_schema = OFF',
    ]);
    const plain = temp.track(await openDatabase(file));
    expect(await plain.get('PRAGMA quick_check')).toEqual({ quick_check: 'ok' });
    await plain.close();
    await expect(openDatabase(file, { untrusted: true })).rejects.toMatchObject({
      code: 'cache_corrupt',
      detail: expect.stringContaining('row 1 missing from index ia') as unknown,
    });
  });
});
