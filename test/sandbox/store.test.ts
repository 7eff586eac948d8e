import { describe, expect, it } from 'vitest';
import { columns } from '../../electron/sandbox/sql-rows';
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

  it('a nested transaction is a savepoint of the outer one; reset recreates registered tables empty', async () => {
    const store = await openStore(null);
    await store.migrate('t', 'CREATE TABLE IF NOT EXISTS t (v TEXT)');
    await store.transaction(async () => {
      await store.run("INSERT INTO t VALUES ('a')");
      await store.transaction(() => store.run("INSERT INTO t VALUES ('b')"));
      // A caught inner failure undoes only the inner writes (electron/sqlite's savepoints).
      await store
        .transaction(async () => {
          await store.run("INSERT INTO t VALUES ('c')");
          throw new Error('inner');
        })
        .catch(() => undefined);
    });
    expect(await store.all('SELECT v FROM t ORDER BY v')).toEqual([{ v: 'a' }, { v: 'b' }]);
    await store.exec('CREATE TABLE stray (x)');
    await store.reset();
    expect(await store.get<{ n: number }>('SELECT COUNT(*) AS n FROM t')).toEqual({ n: 0 });
    await expect(store.all('SELECT * FROM stray')).rejects.toThrow(/no such table/);
    await store.close();
  });

  it('a large text inserted through columns() comes back as the same text, not bytes', async () => {
    const store = await openStore(null);
    await store.migrate('x', 'CREATE TABLE IF NOT EXISTS x (id TEXT, xml TEXT NOT NULL, small TEXT)');
    const xml = `<MDFe><xMun>São Paulo — Ação ✓ 𝄞</xMun>${'<infCTe><chCTe>0</chCTe></infCTe>'.repeat(3000)}</MDFe>`;
    const { names, marks, values } = columns({ id: 'a', xml, small: 'ção' });
    expect(marks).toBe('?, CAST(? AS TEXT), ?');
    await store.run(`INSERT INTO x (${names}) VALUES (${marks})`, values);
    const row = await store.get<{ xml: unknown; small: unknown; kind: string }>(
      'SELECT xml, small, typeof(xml) AS kind FROM x WHERE id = ?',
      ['a'],
    );
    expect(row).toEqual({ xml, small: 'ção', kind: 'text' });
    await store.close();
  });
});
