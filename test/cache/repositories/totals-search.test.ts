import { describe, expect, it } from 'vitest';

import { MEMORY, migrate, openCache, openDatabase } from '../../../electron/cache';
import { migrations } from '../../../electron/cache/migrations/index';
import { createRepositories } from '../../../electron/cache/repositories';
import type { BrowseFilter, DocumentUpsert } from '../../../electron/cache/repositories';
import type { BrowseFields, DocKind } from '../../../electron/cache/repositories/types';
import { brasiliaTimestamp } from '../../../electron/cache/repositories/types';

const company = '12345678000190';

interface Spec {
  id: string;
  kind?: DocKind;
  status?: string;
  reais?: number;
  icms?: number;
  when?: string;
  tomador?: [string, string];
  places?: [string, string, string, string];
}

function item(spec: Spec): DocumentUpsert {
  const [tomadorNome, tomadorDoc] = spec.tomador ?? ['Comércio Boa Vista Ltda', '11222333000181'];
  const [municipioInicio, ufInicio, municipioFim, ufFim] = spec.places ?? [
    'Curitiba',
    'PR',
    'Londrina',
    'PR',
  ];
  const fields: BrowseFields = {
    tomadorNome: spec.kind === 'dce' ? null : tomadorNome,
    tomadorDoc: spec.kind === 'dce' ? null : tomadorDoc,
    remetenteNome: 'Indústria Três Rios SA',
    remetenteDoc: '44555666000172',
    destinatarioNome: 'Atacadão Araucária ME',
    destinatarioDoc: '77888999000163',
    ufInicio,
    municipioInicio,
    ufFim,
    municipioFim,
    valorPrestacao: Math.round((spec.reais ?? 100) * 100),
    valorIcms: spec.icms === undefined ? null : Math.round(spec.icms * 100),
    dataEmissao: spec.when ?? '2026-11-10T09:00:00-03:00',
    serie: 1,
    numero: Number(spec.id.replace(/\D/g, '')) || 1,
    chave: null,
  };
  return {
    company,
    kind: spec.kind ?? 'cte',
    environment: 'sandbox',
    record: { id: spec.id, status: spec.status ?? 'autorizado', ambiente: 'homologacao' },
    fields,
  };
}

async function cacheWith(specs: Spec[]) {
  const db = await openCache(MEMORY);
  const repos = createRepositories(db);
  await repos.documents.upsertBatch(specs.map(item));
  return { db, repos };
}

const filter = (extra: Partial<BrowseFilter> = {}): BrowseFilter => ({
  company,
  environment: 'sandbox',
  ...extra,
});

const month: Spec[] = [
  { id: 'c1', reais: 1000, icms: 120 },
  { id: 'c2', reais: 250.5, icms: 30.06 },
  { id: 'c3', status: 'cancelado', reais: 7000, icms: 840 },
  { id: 'c4', status: 'rejeitado', reais: 300, icms: 36 },
  { id: 'o5', kind: 'cteos', reais: 400, icms: 48 },
  { id: 'd6', kind: 'dce', reais: 15000 },
];

describe('freight totals', () => {
  it('count only authorized CT-e and CT-e OS as freight; the DC-e value is declared, apart', async () => {
    const { db, repos } = await cacheWith(month);
    const totals = await repos.browser.totals(filter());
    expect(totals).toEqual({ count: 6, valorPrestacao: 1650.5, valorIcms: 198.06, valorDeclarado: 15000 });
    await db.close();
  });

  it('the Painel reads the same figures as Documentos, and its top tomadores only freight', async () => {
    const { db, repos } = await cacheWith(month);
    const dashboard = await repos.browser.dashboard(company, 'sandbox', '2026-11');
    expect(dashboard.count).toBe(6);
    expect(dashboard.valorPrestacao).toBe(1650.5);
    expect(dashboard.valorIcms).toBe(198.06);
    expect(dashboard.valorDeclarado).toBe(15000);
    expect(dashboard.topTomadores).toEqual([
      { doc: '11222333000181', nome: 'Comércio Boa Vista Ltda', count: 3, valorPrestacao: 1650.5 },
    ]);
    const totals = await repos.browser.totals(filter({ from: '2026-11-01', to: '2026-11-30' }));
    expect(totals.valorPrestacao).toBe(dashboard.valorPrestacao);
    await db.close();
  });
});

describe('issue time', () => {
  it('is kept as Brasília time, whatever clock the API or the XML used', () => {
    expect(brasiliaTimestamp('2026-11-10T13:07:00Z')).toBe('2026-11-10T10:07:00-03:00');
    expect(brasiliaTimestamp('2026-11-10T13:07:00.250Z')).toBe('2026-11-10T10:07:00-03:00');
    expect(brasiliaTimestamp('2026-11-10T09:07:00-04:00')).toBe('2026-11-10T10:07:00-03:00');
    expect(brasiliaTimestamp('2026-11-10T10:07:00-03:00')).toBe('2026-11-10T10:07:00-03:00');
    expect(brasiliaTimestamp('2026-11-10')).toBe('2026-11-10');
    expect(brasiliaTimestamp(null)).toBeNull();
  });

  it('sorts by date and time, and a late-evening document stays on its Brasília day', async () => {
    const { db, repos } = await cacheWith([
      // 10:00 in Brasília, as the API lists it (UTC).
      { id: 'a1', when: '2026-11-10T13:00:00Z' },
      // 11:00 in Brasília, as the XML says it.
      { id: 'a2', when: '2026-11-10T11:00:00-03:00' },
      // 09:30 in Brasília, from an issuer in Amazonas (-04:00).
      { id: 'a3', when: '2026-11-10T08:30:00-04:00' },
      // 22:30 on the 10th in Brasília, already the 11th in UTC.
      { id: 'a4', when: '2026-11-11T01:30:00Z' },
    ]);
    const rows = await repos.browser.page({
      filter: filter({ from: '2026-11-10', to: '2026-11-10' }),
      sort: { field: 'dataEmissao', dir: 'desc' },
      offset: 0,
      limit: 10,
    });
    expect(rows.map((r) => r.apiId)).toEqual(['a4', 'a2', 'a1', 'a3']);
    expect(rows[0].dataEmissao).toBe('2026-11-10T22:30:00-03:00');
    await db.close();
  });

  it('a migration rewrites the times already cached', async () => {
    const db = await openDatabase(MEMORY);
    await migrate(
      db,
      migrations.filter((m) => m.id <= 8),
    );
    const repos = createRepositories(db);
    await repos.documents.upsertBatch([item({ id: 'old', when: '2026-11-10T13:00:00Z' })]);
    await db.run("UPDATE documents SET data_emissao = '2026-11-11T01:30:00Z'");
    await migrate(db, migrations);
    const row = await db.get<{ data_emissao: string }>('SELECT data_emissao FROM documents');
    expect(row?.data_emissao).toBe('2026-11-10T22:30:00-03:00');
    await db.close();
  });
});

describe('search', () => {
  const places: Spec[] = [
    { id: 'p1', places: ['São José dos Pinhais', 'PR', 'Florianópolis', 'SC'] },
    { id: 'p2', places: ['Maringá', 'PR', 'Ribeirão Preto', 'SP'] },
    {
      id: 'p3',
      places: ['Porto Alegre', 'RS', 'Curitiba', 'PR'],
      tomador: ['Laticínios Gaúcha', '99888777000155'],
    },
  ];
  const found = async (repos: Awaited<ReturnType<typeof cacheWith>>['repos'], text: string) =>
    (
      await repos.browser.page({
        filter: filter({ text }),
        sort: { field: 'numero', dir: 'asc' },
        offset: 0,
        limit: 10,
      })
    ).map((r) => r.apiId);

  it('finds by município of start and end and by UF, without accents or case', async () => {
    const { db, repos } = await cacheWith(places);
    expect(await found(repos, 'sao jose')).toEqual(['p1']);
    expect(await found(repos, 'FLORIANOPOLIS')).toEqual(['p1']);
    expect(await found(repos, 'ribeirão')).toEqual(['p2']);
    expect(await found(repos, 'maringa')).toEqual(['p2']);
    expect(await found(repos, 'RS')).toEqual(['p3']);
    expect(await found(repos, 'sc')).toEqual(['p1']);
    expect(await found(repos, 'laticinios gaucha')).toEqual(['p3']);
    expect(await found(repos, '99.888.777/0001-55')).toEqual(['p3']);
    expect(await found(repos, 'tres rios')).toEqual(['p1', 'p2', 'p3']);
    expect(await found(repos, '2')).toEqual(['p2']);
    await db.close();
  });

  it('a migration indexes the places of documents cached before it, and a changed place reindexes', async () => {
    const db = await openDatabase(MEMORY);
    await migrate(
      db,
      migrations.filter((m) => m.id <= 8),
    );
    const repos = createRepositories(db);
    await repos.documents.upsertBatch(places.map(item));
    await migrate(db, migrations);
    expect(await found(repos, 'sao jose')).toEqual(['p1']);
    await db.run("UPDATE documents SET municipio_fim = 'Itajaí' WHERE api_id = 'p2'");
    expect(await found(repos, 'itajai')).toEqual(['p2']);
    expect(await found(repos, 'ribeirao')).toEqual([]);
    await db.close();
  });
});
