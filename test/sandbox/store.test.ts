import { describe, expect, it } from 'vitest';
import { openStore } from '../../electron/sandbox/store';

describe('sandbox store', () => {
  it('a failing transaction does not take a concurrent request’s write with it', async () => {
    const store = await openStore(null);
    await store.migrate('t', 'CREATE TABLE IF NOT EXISTS t (v TEXT)');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const failing = store.transaction(async () => {
      await store.run("INSERT INTO t VALUES ('inside')");
      await gate;
      throw new Error('boom');
    });
    const outside = store.run("INSERT INTO t VALUES ('outside')");
    release();
    await expect(failing).rejects.toThrow('boom');
    await outside;
    expect(await store.all('SELECT v FROM t')).toEqual([{ v: 'outside' }]);
    await store.close();
  });

  it('nested transactions join the outer one; reset recreates registered tables empty', async () => {
    const store = await openStore(null);
    await store.migrate('t', 'CREATE TABLE IF NOT EXISTS t (v TEXT)');
    await store.transaction(async () => {
      await store.run("INSERT INTO t VALUES ('a')");
      await store.transaction(() => store.run("INSERT INTO t VALUES ('b')"));
    });
    expect(await store.get<{ n: number }>('SELECT COUNT(*) AS n FROM t')).toEqual({ n: 2 });
    await store.exec('CREATE TABLE stray (x)');
    await store.reset();
    expect(await store.get<{ n: number }>('SELECT COUNT(*) AS n FROM t')).toEqual({ n: 0 });
    await expect(store.all('SELECT * FROM stray')).rejects.toThrow(/no such table/);
    await store.close();
  });
});
