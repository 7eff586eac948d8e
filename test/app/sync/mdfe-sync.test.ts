// The MDF-e cache sync against the real sandbox over HTTP, into a real cache database (migration
// 0009): manifests listed, their mdfeProc stored byte for byte with the truck and route columns,
// closings and cancellations picked up with their events, the open ones answered offline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MEMORY, openCache } from '../../../electron/cache';
import type { Database } from '../../../electron/cache';
import { createRepositories } from '../../../electron/cache/repositories';
import { MdfeCacheRepository } from '../../../electron/cache/repositories/mdfe';
import { silentLogger } from '../../../electron/app/logger';
import { SyncService } from '../../../electron/app/sync/service';
import { clientSource } from '../../../electron/app/sync/source';
import { mdfeFieldsOfXml, syncMdfe } from '../../../electron/app/sync/mdfe-sync';
import { createNuvemFiscalClient, type NuvemFiscalClient } from '../../../electron/nuvemfiscal';
import type { MdfePedidoEmissao } from '../../../electron/nuvemfiscal/api/mdfe';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import { MemorySecrets } from '../../support/memory-host';
import { NOW } from '../../sandbox/dfe/fixtures';
import { COMPANY_CNPJ, fullMdfeBody, mdfeBody } from '../../sandbox/mdfe/fixtures';
import {
  certifiedCompany,
  client as rawClient,
  CLIENT_ID,
  CLIENT_SECRET,
  getToken,
  startTestSandbox,
} from '../../sandbox/support';

describe('MDF-e cache sync', () => {
  let sandbox: RunningSandbox;
  let api: NuvemFiscalClient;
  let db: Database;
  let repo: MdfeCacheRepository;
  const scope = { company: COMPANY_CNPJ, environment: 'sandbox' as const };
  const dhEmi = () => new Date(sandbox.control.clock.nowMs()).toISOString().replace(/\.\d+Z$/, 'Z');
  const deps = () => ({ repo, source: api.mdfe, ambiente: 'homologacao' as const });

  beforeAll(async () => {
    sandbox = await startTestSandbox({ clockStart: NOW.getTime(), pdfEngine: null });
    await certifiedCompany(sandbox, rawClient(sandbox.url, await getToken(sandbox.url)), COMPANY_CNPJ);
    api = createNuvemFiscalClient({
      apiUrl: sandbox.url,
      tokenUrl: `${sandbox.url}/oauth/token`,
      clientId: CLIENT_ID,
      clientSecret: async () => CLIENT_SECRET,
      scopes: 'empresa mdfe',
      tokenStore: new MemorySecrets(),
      retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    db = await openCache(MEMORY);
    repo = new MdfeCacheRepository(db);
  });
  afterAll(async () => {
    await db?.close();
    await sandbox?.close();
  });

  it('caches the manifests, their XML and truck/route columns; closing and cancelling reach the cache', async () => {
    const full = fullMdfeBody();
    full.infMDFe.ide.dhEmi = dhEmi();
    full.infMDFe.ide.dhIniViagem = null;
    const a = await api.mdfe.emitir(full as unknown as MdfePedidoEmissao);
    const b = await api.mdfe.emitir(
      mdfeBody({ nMDF: 2, placa: 'SYN1C23', dhEmi: dhEmi() }) as unknown as MdfePedidoEmissao,
    );
    const c = await api.mdfe.emitir(
      mdfeBody({ nMDF: 3, placa: 'SYN2C23', dhEmi: dhEmi() }) as unknown as MdfePedidoEmissao,
    );
    expect([a.status, b.status, c.status]).toEqual(['autorizado', 'autorizado', 'autorizado']);

    const first = await syncMdfe(deps(), scope);
    expect(first).toMatchObject({ listed: 3, added: 3, files: 3, error: null });
    const rowA = (await repo.get(scope, a.id))!;
    expect(rowA).toMatchObject({
      chave: a.chave,
      status: 'autorizado',
      placa: 'ABC1D23',
      reboques: 'XYZ9876,XYZ9A77',
      uf_inicio: 'RS',
      uf_fim: 'SP',
      percurso: 'SC,PR',
      municipios_descarga: 'São Paulo, Campinas',
      condutores: 'JOSE DA SILVA, MARIA SOUZA',
      qtd_cte: 2,
      valor_carga: 2500000,
      xml_state: 'present',
    });
    const cached = await repo.xml(rowA.id);
    expect(cached!.equals((await api.mdfe.xml(a.id)).data)).toBe(true);
    expect((await repo.open(scope)).map((r) => r.api_id).sort()).toEqual([a.id, b.id, c.id].sort());

    await api.mdfe.encerrar(b.id, { uf: 'PR', codigo_municipio: '4106902', data_encerramento: '2026-11-22' });
    await api.mdfe.cancelar(c.id, 'Viagem cancelada pelo cliente antes da saída');
    const second = await syncMdfe(deps(), scope);
    expect(second).toMatchObject({ changed: 2, events: 2, error: null });
    expect(await repo.get(scope, b.id)).toMatchObject({
      status: 'encerrado',
      data_encerramento: '2026-11-22',
    });
    expect((await repo.get(scope, c.id))!.status).toBe('cancelado');
    const events = await repo.events((await repo.get(scope, b.id))!.id);
    expect(events.map((e) => [e.type, e.status])).toEqual([['encerramento', 'registrado']]);
    expect((await repo.open(scope)).map((r) => r.api_id)).toEqual([a.id]);
    // The closing's procEventoMDFe is cached: the DAMDFE prints ENCERRADO offline.
    const closing = (await repo.xml(events[0]!.mdfe_id, events[0]!.id))!.toString('utf8');
    expect(closing).toContain('<tpEvento>110112</tpEvento>');
    expect(closing).toContain(`<chMDFe>${b.chave}</chMDFe>`);

    // Nothing new: the list stops at its first page, no file or event is fetched again.
    expect(await syncMdfe(deps(), scope)).toMatchObject({ added: 0, changed: 0, files: 0, events: 0 });
  });

  it('the SyncService syncs the MDF-e of each company with its full runs', async () => {
    const other = await openCache(MEMORY);
    try {
      const repos = createRepositories(other);
      const service = new SyncService({
        repos: () => repos,
        target: async () => ({
          source: clientSource(api),
          mdfe: api.mdfe,
          environment: 'sandbox',
          ambiente: 'homologacao',
        }),
        progress: () => undefined,
        logger: silentLogger,
      });
      await service.sync({ company: COMPANY_CNPJ, kinds: ['cte'] });
      expect(await repos.mdfe.list(scope)).toEqual([]);
      await service.sync({ company: COMPANY_CNPJ });
      const cached = await repos.mdfe.list(scope);
      expect(cached.length).toBe((await repo.list(scope)).length);
      expect(cached.every((r) => r.xml_state === 'present')).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('an unreachable API leaves the cache as it was and records the error', async () => {
    const before = await repo.list(scope);
    const offline = createNuvemFiscalClient({
      apiUrl: 'http://127.0.0.1:9',
      tokenUrl: 'http://127.0.0.1:9/oauth/token',
      clientId: CLIENT_ID,
      clientSecret: async () => CLIENT_SECRET,
      scopes: 'mdfe',
      tokenStore: new MemorySecrets(),
      retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const result = await syncMdfe({ repo, source: offline.mdfe, ambiente: 'homologacao' }, scope);
    expect(result.error).not.toBeNull();
    expect(await repo.list(scope)).toEqual(before);
  });

  it('reads nulls, not errors, from XML without the fields', () => {
    expect(mdfeFieldsOfXml('<x/>')).toEqual({
      placa: null,
      reboques: [],
      ufInicio: null,
      ufFim: null,
      percurso: [],
      municipiosDescarga: [],
      condutores: [],
      qtdCte: null,
      qtdNfe: null,
    });
  });
});
