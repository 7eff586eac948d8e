// MDF-e in the Documentos list (migration 0015's mdfe_fts): listed with the documents in one
// order, filtered by kind, searched by número, chave, plate, município and UF, opened by their own
// ids, counted in the list's count but never in the freight totals; the Painel's month and open
// figures. Plate/município/UF as the issued mdfeProc gives them (XSD veicTracao/placa,
// infMunDescarga/xMunDescarga, ide/UFIni, UFFim, infPercurso).
import { describe, expect, it } from 'vitest';

import { MEMORY, openCache } from '../../../electron/cache';
import type { BrowseFilter, DocumentUpsert } from '../../../electron/cache/repositories';
import { createRepositories } from '../../../electron/cache/repositories';

const company = '12345678000190';
const scope = { company, environment: 'sandbox' as const };
const MDFE_KEY = '35261112345678000190580010000000091000000095';

function cte(id: string, when: string, reais: number): DocumentUpsert {
  return {
    company,
    kind: 'cte',
    environment: 'sandbox',
    record: { id, status: 'autorizado', ambiente: 'homologacao' },
    fields: {
      tomadorNome: 'Comércio Boa Vista Ltda',
      tomadorDoc: '11222333000181',
      remetenteNome: null,
      remetenteDoc: null,
      destinatarioNome: null,
      destinatarioDoc: null,
      ufInicio: 'SP',
      municipioInicio: 'São Paulo',
      ufFim: 'PR',
      municipioFim: 'Curitiba',
      valorPrestacao: reais * 100,
      valorIcms: null,
      dataEmissao: when,
      serie: 1,
      numero: Number(id.replace(/\D/g, '')),
      chave: null,
    },
  };
}

async function cache() {
  const db = await openCache(MEMORY);
  const repos = createRepositories(db);
  await repos.documents.upsertBatch([
    cte('c1', '2026-11-10T09:00:00-03:00', 1000),
    cte('c2', '2026-11-12T09:00:00-03:00', 500),
  ]);
  const add = async (apiId: string, numero: number, when: string, status: string) => {
    const { id } = await repos.mdfe.upsert(scope, {
      id: apiId,
      status,
      ambiente: 'homologacao',
      serie: 1,
      numero,
      chave: numero === 9 ? MDFE_KEY : null,
      data_emissao: when,
      valor_total: 90000,
      autorizacao: { numero_protocolo: '135260000000001', data_recebimento: when },
    });
    return id;
  };
  const open = await add('m9', 9, '2026-11-11T08:00:00-03:00', 'autorizado');
  await repos.mdfe.setXml(open, Buffer.from('<mdfeProc/>'), {
    placa: 'ABC1D23',
    reboques: ['REB9X87'],
    ufInicio: 'SP',
    ufFim: 'PR',
    percurso: [],
    municipiosDescarga: ['Londrina', 'São José dos Pinhais'],
    condutores: ['JOSE DA SILVA'],
    qtdCte: 2,
    qtdNfe: null,
  });
  const closed = await add('m8', 8, '2026-10-30T08:00:00-03:00', 'encerrado');
  return { db, repos, open, closed };
}

const filter = (extra: Partial<BrowseFilter> = {}): BrowseFilter => ({
  company,
  environment: 'sandbox',
  ...extra,
});
const sort = { field: 'dataEmissao' as const, dir: 'desc' as const };

describe('MDF-e in the Documentos list', () => {
  it('lists MDF-e among the documents in date order, opening by their own id, value null', async () => {
    const { repos, open, closed } = await cache();
    const { rows, totals } = await repos.browser.search({ filter: filter(), sort, offset: 0, limit: 50 });
    expect(rows.map((r) => [r.kind, r.numero])).toEqual([
      ['cte', 2],
      ['mdfe', 9],
      ['cte', 1],
      ['mdfe', 8],
    ]);
    expect(rows[1]).toMatchObject({
      id: open,
      kind: 'mdfe',
      modelo: 58,
      chave: MDFE_KEY,
      placa: 'ABC1D23',
      ufInicio: 'SP',
      ufFim: 'PR',
      municipioFim: 'São José dos Pinhais',
      valorPrestacao: null,
      hasXml: true,
    });
    expect(rows[3]!.id).toBe(closed);
    // Counted in the list, never in the freight: R$ 900,00 of cargo is not freight.
    expect(totals).toEqual({ count: 4, valorPrestacao: 1500, valorIcms: 0, valorDeclarado: 0 });
    // Pages cut the merged order.
    const second = await repos.browser.search({ filter: filter(), sort, offset: 1, limit: 2 });
    expect(second.rows.map((r) => [r.kind, r.numero])).toEqual([
      ['mdfe', 9],
      ['cte', 1],
    ]);
  });

  it('filters by kind: only MDF-e, or none of them', async () => {
    const { repos } = await cache();
    const only = await repos.browser.search({
      filter: filter({ kinds: ['mdfe'] }),
      sort,
      offset: 0,
      limit: 50,
    });
    expect(only.rows.map((r) => r.numero)).toEqual([9, 8]);
    expect(only.totals.count).toBe(2);
    const none = await repos.browser.search({
      filter: filter({ kinds: ['cte'] }),
      sort,
      offset: 0,
      limit: 50,
    });
    expect(none.rows.every((r) => r.kind === 'cte')).toBe(true);
    expect(none.totals.count).toBe(2);
    const open = await repos.browser.search({
      filter: filter({ kinds: ['mdfe'], statuses: ['autorizado'] }),
      sort,
      offset: 0,
      limit: 50,
    });
    expect(open.rows.map((r) => r.numero)).toEqual([9]);
  });

  it('finds an MDF-e by plate, trailer, unloading município (without accents), UF, chave and número', async () => {
    const { repos } = await cache();
    const find = async (text: string) =>
      (
        await repos.browser.search({ filter: filter({ text, kinds: ['mdfe'] }), sort, offset: 0, limit: 50 })
      ).rows.map((r) => r.numero);
    expect(await find('ABC1D23')).toEqual([9]);
    expect(await find('abc1d')).toEqual([9]);
    expect(await find('REB9X87')).toEqual([9]);
    expect(await find('sao jose')).toEqual([9]);
    expect(await find('Londrina')).toEqual([9]);
    expect(await find('PR')).toEqual([9]);
    expect(await find(MDFE_KEY)).toEqual([9]);
    expect(await find('9')).toEqual([9]);
    expect(await find('Maringá')).toEqual([]);
    // A party or a value filter cannot match a manifest.
    const party = await repos.browser.search({
      filter: filter({ party: { role: 'any', value: 'Boa Vista' } }),
      sort,
      offset: 0,
      limit: 50,
    });
    expect(party.rows.every((r) => r.kind === 'cte')).toBe(true);
  });

  it('the Painel counts the month’s MDF-e and the open ones, apart from the freight', async () => {
    const { repos } = await cache();
    const nov = await repos.browser.dashboard(company, 'sandbox', '2026-11');
    expect(nov.mdfe).toEqual({ count: 1, abertos: 1 });
    expect(nov.count).toBe(2);
    expect(nov.valorPrestacao).toBe(1500);
    const oct = await repos.browser.dashboard(company, 'sandbox', '2026-10');
    expect(oct.mdfe).toEqual({ count: 1, abertos: 1 });
  });
});

describe('emission order by the instant (issue 26)', () => {
  it('an MDF-e of 09:58 (the API answers UTC) sorts below a CT-e of 10:08 in Brasília', async () => {
    const db = await openCache(MEMORY);
    const repos = createRepositories(db);
    await repos.documents.upsertBatch([cte('c7', '2026-11-26T10:08:00-03:00', 100)]);
    await repos.mdfe.upsert(scope, {
      id: 'm5',
      status: 'autorizado',
      ambiente: 'homologacao',
      serie: 1,
      numero: 5,
      data_emissao: '2026-11-26T12:58:00Z',
    });
    const { rows } = await repos.browser.search({ filter: filter(), sort, offset: 0, limit: 50 });
    expect(rows.map((r) => [r.kind, r.dataEmissao])).toEqual([
      ['cte', '2026-11-26T10:08:00-03:00'],
      ['mdfe', '2026-11-26T09:58:00-03:00'],
    ]);
  });

  it('migration 0021 rewrites the MDF-e cached before in Brasília time', async () => {
    const { migration } = await import('../../../electron/cache/migrations/0021-mdfe-brasilia-time');
    const db = await openCache(MEMORY);
    const repos = createRepositories(db);
    await repos.mdfe.upsert(scope, { id: 'm6', status: 'autorizado', ambiente: 'homologacao', numero: 6 });
    await db.run("UPDATE mdfe_documents SET data_emissao = '2026-11-27T02:30:00Z' WHERE api_id = 'm6'");
    await db.exec(migration.sql);
    const row = await db.get<{ data_emissao: string }>('SELECT data_emissao FROM mdfe_documents');
    // 02:30 UTC is 23:30 of the day before in Brasília: the day the clerk saw.
    expect(row?.data_emissao).toBe('2026-11-26T23:30:00-03:00');
  });
});
