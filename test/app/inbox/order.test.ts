// The inbox in order of the real instant. NF-e times carry their issuer's UTC offset (NF-e
// tiposBasico_v4.00.xsd, TDateTimeUTC "AAAA-MM-DDThh:mm:ssTZD, onde TZD = +hh:mm ou -hh:mm": -03:00
// in Brasília, -04:00 in Amazonas/Mato Grosso, -05:00 in Acre) and the API answers in UTC ('Z'), so
// their text does not sort by time. Notes and events are listed newest instant first; a time stored
// without an offset is Brasília wall time, as the period filter reads it; the period filter counts
// Brasília days, right at midnight.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { listInbox } from '../../../electron/app/inbox/list';
import { InboxStore } from '../../../electron/app/inbox/store';
import type { Database, SqlValue } from '../../../electron/cache';
import { MEMORY, openCache } from '../../../electron/cache';
import type { InboxListInput } from '../../../electron/shared/schemas/inbox';
import { inboxListInputSchema } from '../../../electron/shared/schemas/inbox';
import { CNPJ } from './support';

const scope = { company: CNPJ, environment: 'sandbox' as const };
const NOW = Date.parse('2026-11-26T12:00:00Z');
let db: Database;

beforeEach(async () => {
  db = await openCache(MEMORY);
});
afterEach(async () => {
  await db.close();
});

/** A note received as destinatário, issued at `dhEmi` exactly as stored; its key ends in `tag`. */
async function note(tag: string, dhEmi: string | null): Promise<string> {
  const chave = `3526114782136500014055001000000${tag.padStart(3, '0')}1000000000`.slice(0, 44);
  await db.run(
    `INSERT INTO inbox_notes (company, environment, chave, emitente_nome, data_emissao, resumo, received_at,
       updated_at, as_dest, as_carrier)
     VALUES (?, 'sandbox', ?, ?, ?, 1, '2026-11-26T12:00:00Z', '2026-11-26T12:00:00Z', 1, 0)`,
    [CNPJ, chave, `EMITENTE ${tag}`, dhEmi],
  );
  return chave;
}

/** `db` as listInbox sees it, recording each statement it runs through get() and all(). */
function recording(database: Database) {
  const ran: { kind: 'get' | 'all'; sql: string; params: SqlValue[] }[] = [];
  const spy = new Proxy(database, {
    get(target, key) {
      if (key === 'all' || key === 'get')
        return (sql: string, params: SqlValue[]) => {
          ran.push({ kind: key, sql, params });
          return key === 'all' ? target.all(sql, params) : target.get(sql, params);
        };
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { spy, ran };
}

async function event(chave: string, tipo: string, sequence: number, dhEvento: string) {
  await db.run(
    `INSERT INTO inbox_events (company, environment, chave, tipo_evento, sequence, data_evento, received_at)
     VALUES (?, 'sandbox', ?, ?, ?, ?, '2026-11-26T12:00:00Z')`,
    [CNPJ, chave, tipo, sequence, dhEvento],
  );
}

async function list(input: Omit<InboxListInput, 'company' | 'tab'> = {}) {
  return listInbox(
    db,
    scope,
    inboxListInputSchema.parse({ company: CNPJ, tab: 'destinatario', ...input }),
    NOW,
  );
}
const emitidas = async (input: Omit<InboxListInput, 'company' | 'tab'> = {}) =>
  (await list(input)).notes.map((n) => n.dataEmissao);

describe('inbox order by the real instant', () => {
  it('notes, newest instant first, whatever their offset, across pages', async () => {
    // Inserted in text order, so an id tie-break could not pass for the right order.
    await note('1', '2026-11-25T10:00:00-03:00'); // 13:00Z
    await note('2', '2026-11-25T11:30:00-03:00'); // 14:30Z
    await note('3', '2026-11-25T11:45:00'); // no offset: Brasília wall time, 14:45Z
    await note('4', '2026-11-25T12:30:00-05:00'); // Acre: 17:30Z
    await note('5', '2026-11-25T14:00:00Z'); // 14:00Z
    await note('6', null); // unknown: last
    expect(await emitidas()).toEqual([
      '2026-11-25T12:30:00-05:00',
      '2026-11-25T11:45:00',
      '2026-11-25T11:30:00-03:00',
      '2026-11-25T14:00:00Z',
      '2026-11-25T10:00:00-03:00',
      null,
    ]);
    expect(await emitidas({ limit: 2 })).toEqual(['2026-11-25T12:30:00-05:00', '2026-11-25T11:45:00']);
    expect(await emitidas({ limit: 2, offset: 2 })).toEqual([
      '2026-11-25T11:30:00-03:00',
      '2026-11-25T14:00:00Z',
    ]);
    expect((await list({ limit: 2, offset: 4 })).total).toBe(6);
  });

  it('events, newest instant first in the list, oldest first for one note', async () => {
    const chave = await note('7', '2026-11-24T09:00:00-04:00');
    await event(chave, '210210', 1, '2026-11-25T10:00:00-03:00'); // 13:00Z, the recipient's ciência
    await event(chave, '110110', 1, '2026-11-25T12:30:00-05:00'); // 17:30Z, the emitter's correction
    await event(chave, '110110', 2, '2026-11-25T14:00:00Z'); // 14:00Z
    const page = await list({ tipoDocumento: 'evento' });
    expect(page.events.map((e) => e.dataEvento)).toEqual([
      '2026-11-25T12:30:00-05:00',
      '2026-11-25T14:00:00Z',
      '2026-11-25T10:00:00-03:00',
    ]);
    const ofNote = await new InboxStore(db).events(scope, chave);
    expect(ofNote.map((e) => `${e.tipo_evento}/${e.sequence}`)).toEqual(['210210/1', '110110/2', '110110/1']);
  });

  it('the period counts Brasília days, right at midnight', async () => {
    await note('1', '2026-11-25T21:59:59-05:00'); // 02:59:59Z on the 26th = 23:59:59 of the 25th in Brasília
    await note('2', '2026-11-25T22:00:00-05:00'); // 03:00Z = 00:00 of the 26th in Brasília
    await note('3', '2026-11-26T02:59:00Z'); // 23:59 of the 25th in Brasília
    await note('4', '2026-11-25T23:58:00'); // no offset: taken as written
    await note('5', '2026-11-26T00:30:00-03:00');
    const days = async (input: Omit<InboxListInput, 'company' | 'tab'>) => (await emitidas(input)).sort();
    expect(await days({ ate: '2026-11-25' })).toEqual([
      '2026-11-25T21:59:59-05:00',
      '2026-11-25T23:58:00',
      '2026-11-26T02:59:00Z',
    ]);
    expect(await days({ de: '2026-11-26' })).toEqual([
      '2026-11-25T22:00:00-05:00',
      '2026-11-26T00:30:00-03:00',
    ]);
    expect(await days({ de: '2026-11-25', ate: '2026-11-25' })).toHaveLength(3);
    expect(await days({ de: '2026-11-26', ate: '2026-11-26' })).toHaveLength(2);
  });

  it("a page of notes reads its tab's index in order (cache migration 0023), without sorting every note", async () => {
    for (let i = 0; i < 30; i++)
      await note(String(i), `2026-11-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00-04:00`);
    // The SQL listInbox really runs, caught on its way to the database.
    const { spy, ran } = recording(db);
    await listInbox(
      spy,
      scope,
      inboxListInputSchema.parse({ company: CNPJ, tab: 'destinatario', limit: 10 }),
      NOW,
    );
    const pages = ran.filter((r) => r.kind === 'all');
    expect(pages).toHaveLength(1);
    const plan = await db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${pages[0]!.sql}`, pages[0]!.params);
    const steps = plan.map((p) => p.detail);
    expect(steps.some((d) => d.includes('USING INDEX inbox_notes_dest'))).toBe(true);
    expect(steps.filter((d) => d.includes('TEMP B-TREE'))).toEqual([]);
  });

  it('a period is a range of the instant index, for the count and for the page', async () => {
    for (let i = 0; i < 30; i++)
      await note(String(i), `2026-11-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00-04:00`);
    const { spy, ran } = recording(db);
    const page = await listInbox(
      spy,
      scope,
      inboxListInputSchema.parse({
        company: CNPJ,
        tab: 'destinatario',
        de: '2026-11-10',
        ate: '2026-11-12',
        limit: 10,
      }),
      NOW,
    );
    expect(page.total).toBe(3);
    expect(ran).toHaveLength(2);
    for (const { sql, params } of ran) {
      const plan = await db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params);
      const steps = plan.map((p) => p.detail).join('\n');
      expect(steps).toMatch(
        /USING (COVERING )?INDEX inbox_notes_dest \(company=\? AND environment=\? AND as_dest=\? AND <expr>>\? AND <expr><\?\)/,
      );
    }
  });
  it("the count of every filter reads its tab's index alone, and the page needs no sort (issue 27)", async () => {
    for (let i = 0; i < 30; i++)
      await note(String(i), `2026-11-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00-04:00`);
    const { spy, ran } = recording(db);
    const filters: [string, Omit<InboxListInput, 'company'>][] = [
      ['inbox_notes_dest', { tab: 'destinatario', manifestacao: 'sem' }],
      ['inbox_notes_dest', { tab: 'destinatario', emitente: '47.821.365/0001-40' }],
      ['inbox_notes_dest', { tab: 'destinatario', valorMin: 10, valorMax: 500, chave: '3526' }],
      ['inbox_notes_carrier', { tab: 'transportador', forma: 'completa', de: '2026-11-02' }],
    ];
    for (const [index, filter] of filters) {
      ran.length = 0;
      await listInbox(spy, scope, inboxListInputSchema.parse({ company: CNPJ, ...filter }), NOW);
      expect(ran).toHaveLength(2);
      const [count, page] = await Promise.all(
        ran.map(async ({ sql, params }) =>
          (await db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params))
            .map((p) => p.detail)
            .join('\n'),
        ),
      );
      expect(count).toContain(`USING COVERING INDEX ${index} (`);
      expect(page).toContain(`USING INDEX ${index} (`);
      expect(page).not.toContain('TEMP B-TREE');
    }
  });
});
