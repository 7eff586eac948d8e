import { describe, expect, it } from 'vitest';

import { MEMORY, openCache } from '../../../electron/cache';
import { createRepositories, packFile } from '../../../electron/cache/repositories';
import type { BrowseFilter, DocumentUpsert } from '../../../electron/cache/repositories';
import { extractFields } from '../../../electron/app/sync/extract';
import { useTempDir } from '../temp-dir';
import { issueTime, makeCertificate, makeDoc, makeParties } from './fixtures';

const company = '12345678000190';
const scope = { company, kind: 'cte' as const, environment: 'sandbox' as const };

async function seeded(count: number, file = MEMORY) {
  const db = await openCache(file);
  const repos = createRepositories(db);
  const parties = makeParties(3, 40);
  const certificate = makeCertificate(9);
  const docs = Array.from({ length: count }, (_, i) =>
    makeDoc({ seed: 3, company, certificate, parties, numero: i + 1, dhEmi: issueTime(i, count, 3) }),
  );
  const items: DocumentUpsert[] = [];
  for (const doc of docs) {
    items.push({
      ...scope,
      record: doc.record,
      fields: extractFields(doc.xml).fields,
      files: [{ kind: 'xml', file: await packFile(Buffer.from(doc.xml), 'application/xml') }],
    });
  }
  await repos.documents.upsertBatch(items);
  return { db, repos, docs };
}

const filter = (extra: Partial<BrowseFilter> = {}): BrowseFilter => ({
  company,
  environment: 'sandbox',
  ...extra,
});

describe('document repository', () => {
  it('upserts a batch, reports added/unchanged/changed, and never loses parsed fields', async () => {
    const { db, repos, docs } = await seeded(30);
    expect(await repos.documents.count(scope)).toBe(30);
    const again = await repos.documents.upsertBatch(docs.map((d) => ({ ...scope, record: d.record })));
    expect(again.every((r) => r.outcome === 'unchanged')).toBe(true);
    const cancelled = { ...docs[0].record, status: 'cancelado' };
    const [result] = await repos.documents.upsertBatch([{ ...scope, record: cancelled }]);
    expect(result.outcome).toBe('changed');
    expect(result.previousStatus).toBe('autorizado');
    const row = await repos.documents.byApiId('sandbox', docs[0].record.id);
    expect(row?.status).toBe('cancelado');
    // The list record carries no parties: the ones read from the XML stay.
    expect(row?.tomador_nome).toBe(docs[0].tomador.nome);
    expect(row?.xml_state).toBe('present');
    await db.close();
  });

  it('rolls a failing batch back entirely', async () => {
    const { db, repos, docs } = await seeded(5);
    const bad = { ...scope, record: { ...docs[0].record, id: 'new-one', status: null as unknown as string } };
    await expect(
      repos.documents.upsertBatch([{ ...scope, record: { ...docs[1].record, id: 'fresh' } }, bad]),
    ).rejects.toThrow();
    expect(await repos.documents.byApiId('sandbox', 'fresh')).toBeUndefined();
    await db.close();
  });

  it('stores XML compressed and gives back the exact bytes, certificate included', async () => {
    const { db, repos, docs } = await seeded(10);
    const row = await repos.documents.byApiId('sandbox', docs[4].record.id);
    const file = await repos.files.get(row!.id, 0, 'xml');
    expect(file?.bytes.toString('utf8')).toBe(docs[4].xml);
    const sizes = await db.get<{ stored: number; raw: number }>(
      'SELECT sum(length(content)) AS stored, sum(size) AS raw FROM document_files',
    );
    expect(sizes!.stored / sizes!.raw).toBeLessThan(0.3);
    const parts = await db.get<{ n: number }>('SELECT count(*) AS n FROM file_parts');
    expect(parts?.n).toBe(1);
    await db.close();
  });

  it('browses with filters, sort, paging and totals of the whole filtered set', async () => {
    const { db, repos, docs } = await seeded(60);
    const all = await repos.browser.search({
      filter: filter(),
      sort: { field: 'numero', dir: 'asc' },
      offset: 10,
      limit: 5,
    });
    expect(all.rows.map((r) => r.numero)).toEqual([11, 12, 13, 14, 15]);
    expect(all.totals.count).toBe(60);
    const expected = docs.reduce((sum, d) => sum + Math.round(d.valor * 100), 0) / 100;
    expect(all.totals.valorPrestacao).toBeCloseTo(expected, 2);

    const tomador = docs[7].tomador;
    const byDoc = await repos.browser.totals(filter({ party: { role: 'tomador', value: tomador.cnpj } }));
    expect(byDoc.count).toBe(docs.filter((d) => d.tomador.cnpj === tomador.cnpj).length);

    const uf = docs[3].remetente.place[0];
    const byUf = await repos.browser.totals(filter({ ufInicio: uf }));
    expect(byUf.count).toBe(docs.filter((d) => d.remetente.place[0] === uf).length);

    const min = await repos.browser.page({
      filter: filter({ valorMin: 5000 }),
      sort: { field: 'valorPrestacao', dir: 'desc' },
      offset: 0,
      limit: 100,
    });
    expect(min.every((r) => (r.valorPrestacao ?? 0) >= 5000)).toBe(true);
    expect(min.map((r) => r.valorPrestacao)).toEqual(
      [...min.map((r) => r.valorPrestacao)].sort((a, b) => b! - a!),
    );

    const day = docs[20].record.data_emissao!.slice(0, 10);
    const oneDay = await repos.browser.page({
      filter: filter({ from: day, to: day }),
      sort: { field: 'dataEmissao', dir: 'asc' },
      offset: 0,
      limit: 100,
    });
    expect(oneDay.length).toBeGreaterThan(0);
    expect(oneDay.every((r) => r.dataEmissao!.startsWith(day))).toBe(true);
    await db.close();
  });

  it('full-text search finds by name words without accents, formatted CNPJ, chave and número', async () => {
    const { db, repos, docs } = await seeded(40);
    const target = docs[12];
    const word = target.tomador.nome
      .split(' ')[0]
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    const search = (text: string, statuses?: BrowseFilter['statuses']) =>
      repos.browser.page({
        filter: filter(statuses ? { text, statuses } : { text }),
        sort: { field: 'numero', dir: 'asc' },
        offset: 0,
        limit: 100,
      });
    expect((await search(word.slice(0, 5))).map((r) => r.apiId)).toContain(target.record.id);
    const c = target.tomador.cnpj;
    const formatted = `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
    const byCnpj = await repos.browser.page({
      filter: filter({ text: formatted }),
      sort: { field: 'numero', dir: 'asc' },
      offset: 0,
      limit: 50,
    });
    expect(byCnpj.map((r) => r.apiId)).toContain(target.record.id);
    const byChave = await repos.browser.page({
      filter: filter({ text: target.record.chave! }),
      sort: { field: 'numero', dir: 'asc' },
      offset: 0,
      limit: 50,
    });
    expect(byChave.map((r) => r.apiId)).toEqual([target.record.id]);
    const numero = String(target.record.numero);
    const byNumero = await search(numero);
    expect(byNumero.map((r) => r.apiId)).toContain(target.record.id);
    // The número combines with the other filters: with its own status it is found, with another not.
    const status = target.record.status as NonNullable<BrowseFilter['statuses']>[number];
    expect((await search(numero, [status])).map((r) => r.apiId)).toContain(target.record.id);
    const other: NonNullable<BrowseFilter['statuses']>[number] =
      status === 'cancelado' ? 'autorizado' : 'cancelado';
    expect((await search(numero, [other])).map((r) => r.apiId)).not.toContain(target.record.id);
    expect(await repos.browser.totals(filter({ text: '"); DROP TABLE documents; --' }))).toMatchObject({
      count: 0,
    });
    await db.close();
  });

  it('marks documents a complete run did not see, never deletes them', async () => {
    const { db, repos, docs } = await seeded(5);
    await repos.documents.upsertBatch(docs.slice(1).map((d) => ({ ...scope, record: d.record, seenRun: 7 })));
    expect(await repos.documents.markMissing(scope, 7)).toBe(1);
    const gone = await repos.documents.byApiId('sandbox', docs[0].record.id);
    expect(gone?.missing_remote).toBe(1);
    expect(await repos.documents.count(scope)).toBe(5);
    await db.close();
  });
});

describe('issuing repositories', () => {
  const temp = useTempDir();

  it('outbox refuses a second request with the same referencia; sequences reserve atomically', async () => {
    const db = temp.track(await openCache(`${temp.dir()}/c.db`));
    const repos = createRepositories(db);
    const entry = {
      referencia: 'r-1',
      kind: 'cte' as const,
      company,
      environment: 'sandbox' as const,
      serie: 1,
      numero: 10,
      payload: { a: 1 },
    };
    await repos.outbox.add(entry);
    await expect(repos.outbox.add(entry)).rejects.toThrow(/UNIQUE/);
    await repos.outbox.update('r-1', { state: 'sent', apiId: 'x', countAttempt: true });
    expect(await repos.outbox.byReferencia('r-1')).toMatchObject({
      state: 'sent',
      attempts: 1,
      apiId: 'x',
      payload: { a: 1 },
    });
    const numbers = await Promise.all(
      Array.from({ length: 10 }, () => repos.sequences.reserve(company, 'cte', 1, 'sandbox')),
    );
    expect(new Set(numbers).size).toBe(10);
    expect(await repos.sequences.reserve(company, 'cte', 1, 'sandbox', 500)).toBe(500);
    const draft = await repos.drafts.save({ kind: 'cte', company, data: { x: 1 } });
    await repos.drafts.save({ id: draft, kind: 'cte', company, data: { x: 2 } });
    expect((await repos.drafts.list(company)).map((d) => d.data)).toEqual([{ x: 2 }]);
    await repos.addressBook.remember(company, {
      cpfCnpj: '11222333000181',
      nome: 'Cliente Um',
      inscricaoEstadual: null,
      uf: 'PR',
      municipio: 'Curitiba',
      data: {},
    });
    await repos.addressBook.remember(company, {
      cpfCnpj: '11222333000181',
      nome: 'Cliente Um',
      inscricaoEstadual: null,
      uf: 'PR',
      municipio: 'Curitiba',
      data: {},
    });
    expect(await repos.addressBook.find(company, 'clie')).toMatchObject([
      { cpfCnpj: '11222333000181', useCount: 2 },
    ]);
  });
});
