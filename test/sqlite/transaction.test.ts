import { describe, expect, it } from 'vitest';

import { Database, MEMORY } from '../../electron/sqlite/database';
import { useTempDir } from '../cache/temp-dir';

// The one SQLite layer's transaction rules, which the cache (cache/db.ts) and the sandbox
// (sandbox/store.ts) both run on.

const temp = useTempDir();

async function setup(): Promise<Database> {
  const db = temp.track(await Database.connect(MEMORY));
  await db.exec(`
    CREATE TABLE outbox (id INTEGER PRIMARY KEY, referencia TEXT NOT NULL UNIQUE);
    CREATE TABLE log (id INTEGER PRIMARY KEY, text TEXT NOT NULL);
  `);
  return db;
}

async function names(db: Database, table: 'outbox' | 'log'): Promise<string[]> {
  const column = table === 'outbox' ? 'referencia' : 'text';
  const rows = await db.all<{ v: string }>(`SELECT ${column} AS v FROM ${table} ORDER BY id`);
  return rows.map((row) => row.v);
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('transaction', () => {
  it('commits every write and returns the value of fn', async () => {
    const db = await setup();
    expect(db.inTransaction).toBe(false);
    const result = await db.transaction(async (tx) => {
      expect(db.inTransaction).toBe(true);
      await tx.run('INSERT INTO outbox (referencia) VALUES (?)', ['r1']);
      await tx.run('INSERT INTO log (text) VALUES (?)', ['issued r1']);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await names(db, 'outbox')).toEqual(['r1']);
    expect(await names(db, 'log')).toEqual(['issued r1']);
  });

  it('rolls back all its writes when fn throws, and rethrows the error', async () => {
    const db = await setup();
    const failure = new Error('network down');
    await expect(
      db.transaction(async () => {
        await db.run('INSERT INTO outbox (referencia) VALUES (?)', ['r1']);
        await db.run('INSERT INTO log (text) VALUES (?)', ['issued r1']);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await names(db, 'outbox')).toEqual([]);
    expect(await names(db, 'log')).toEqual([]);
  });

  it('rolls back on a constraint failure in the middle', async () => {
    const db = await setup();
    await db.run('INSERT INTO outbox (referencia) VALUES (?)', ['taken']);
    const insert = await db.prepare('INSERT INTO outbox (referencia) VALUES (?)');
    await expect(
      db.transaction(async () => {
        await insert.run(['new-1']);
        await insert.run(['taken']);
      }),
    ).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT' });
    expect(await names(db, 'outbox')).toEqual(['taken']);
  });

  it('nests with savepoints: a caught inner failure undoes only the inner writes', async () => {
    const db = await setup();
    await db.transaction(async () => {
      await db.run("INSERT INTO log (text) VALUES ('outer before')");
      await expect(
        db.transaction(async () => {
          await db.run("INSERT INTO log (text) VALUES ('inner')");
          throw new Error('inner failed');
        }),
      ).rejects.toThrow('inner failed');
      await db.transaction(async () => {
        await db.run("INSERT INTO log (text) VALUES ('inner ok')");
        await db.transaction(() => db.run("INSERT INTO log (text) VALUES ('deepest')"));
      });
      await db.run("INSERT INTO log (text) VALUES ('outer after')");
    });
    expect(await names(db, 'log')).toEqual(['outer before', 'inner ok', 'deepest', 'outer after']);
  });

  it('an outer failure also undoes committed savepoints', async () => {
    const db = await setup();
    await expect(
      db.transaction(async () => {
        await db.transaction(() => db.run("INSERT INTO log (text) VALUES ('inner')"));
        throw new Error('outer failed');
      }),
    ).rejects.toThrow('outer failed');
    expect(await names(db, 'log')).toEqual([]);
  });

  it('refuses concurrent nested transactions with a clear error instead of deadlocking', async () => {
    const db = await setup();
    await expect(
      db.transaction(async () => {
        await Promise.all([db.transaction(async () => undefined), db.transaction(async () => undefined)]);
      }),
    ).rejects.toThrow(/one after another/);
  });

  it('keeps queries from outside the transaction out of it: they wait and survive its rollback', async () => {
    const db = await setup();
    const inside = deferred();
    const release = deferred();
    const events: string[] = [];
    const tx = db.transaction(async () => {
      await db.run("INSERT INTO outbox (referencia) VALUES ('doomed')");
      inside.resolve();
      await release.promise;
      events.push('tx end');
      throw new Error('abort');
    });
    await inside.promise;
    const outside = db
      .run("INSERT INTO log (text) VALUES ('outside')")
      .then(() => events.push('outside done'));
    const read = db.all('SELECT * FROM outbox').then((rows) => events.push(`read ${rows.length}`));
    await new Promise((r) => setTimeout(r, 30));
    expect(events).toEqual([]);
    release.resolve();
    await expect(tx).rejects.toThrow('abort');
    await Promise.all([outside, read]);
    expect(events).toEqual(['tx end', 'outside done', 'read 0']);
    expect(await names(db, 'log')).toEqual(['outside']);
    expect(await names(db, 'outbox')).toEqual([]);
  });

  it('lets queries already in flight finish before BEGIN, so a rollback cannot take them', async () => {
    const db = await setup();
    const writes = Array.from({ length: 20 }, (_, i) =>
      db.run('INSERT INTO log (text) VALUES (?)', [`w${i}`]),
    );
    const tx = db.transaction(async () => {
      await db.run("INSERT INTO outbox (referencia) VALUES ('x')");
      throw new Error('abort');
    });
    await Promise.all(writes);
    await expect(tx).rejects.toThrow('abort');
    expect((await names(db, 'log')).length).toBe(20);
  });

  it('runs concurrent transactions one after another', async () => {
    const db = await setup();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        db.transaction(async () => {
          const row = await db.get<{ n: number }>('SELECT count(*) AS n FROM outbox');
          await new Promise((r) => setTimeout(r, 1));
          await db.run('INSERT INTO outbox (referencia) VALUES (?)', [`r${row?.n}-${i}`]);
        }),
      ),
    );
    const seen = (await names(db, 'outbox')).map((name) => name.split('-')[0]);
    expect(seen).toEqual(Array.from({ length: 10 }, (_, i) => `r${i}`));
  });

  it('does not deadlock when a transaction of one database runs inside another database’s', async () => {
    const a = await setup();
    const b = await setup();
    await a.transaction(async () => {
      await a.run("INSERT INTO log (text) VALUES ('a')");
      await b.transaction(async () => {
        await b.run("INSERT INTO log (text) VALUES ('b')");
        await a.run("INSERT INTO log (text) VALUES ('a from b')");
      });
    });
    expect(await names(a, 'log')).toEqual(['a', 'a from b']);
    expect(await names(b, 'log')).toEqual(['b']);
  });
});
