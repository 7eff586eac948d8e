// The sync service against the real local sandbox over HTTP: CT-e issued through POST /cte,
// listed, fetched, cancelled at the authority, removed from the API, and the API going away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MEMORY, openCache } from '../../../electron/cache';
import type { Database } from '../../../electron/cache';
import type { Repositories } from '../../../electron/cache/repositories';
import { createRepositories } from '../../../electron/cache/repositories';
import { silentLogger } from '../../../electron/app/logger';
import { OfflineError, SyncService } from '../../../electron/app/sync/service';
import { clientSource } from '../../../electron/app/sync/source';
import type { NuvemFiscalClient } from '../../../electron/nuvemfiscal';
import { createNuvemFiscalClient } from '../../../electron/nuvemfiscal';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import { MemorySecrets } from '../../support/memory-host';
import { COMPANY_CNPJ, NOW, cteBody } from '../../sandbox/dfe/fixtures';
import {
  certificateOnClock,
  CLIENT_ID,
  CLIENT_SECRET,
  empresaBody,
  startTestSandbox,
} from '../../sandbox/support';

let sandbox: RunningSandbox;
let client: NuvemFiscalClient;
let db: Database;
let repos: Repositories;
let service: SyncService;
const exchanges: { method: string; url: string }[] = [];
const scope = { company: COMPANY_CNPJ, kind: 'cte' as const, environment: 'sandbox' as const };
let numero = 500;

async function issue() {
  const body = cteBody();
  body.infCte.ide.nCT = ++numero;
  body.referencia = `sync-${numero}`;
  body.infCte.ide.dhEmi = new Date(sandbox.control.clock.nowMs() - 60_000)
    .toISOString()
    .replace(/\.\d+Z$/, 'Z');
  const doc = await client.cte.emitir(body as unknown as Record<string, unknown>);
  expect(doc.status).toBe('autorizado');
  return doc;
}

beforeAll(async () => {
  sandbox = await startTestSandbox({ clockStart: NOW.getTime() });
  client = createNuvemFiscalClient({
    apiUrl: sandbox.url,
    tokenUrl: `${sandbox.url}/oauth/token`,
    clientId: CLIENT_ID,
    clientSecret: async () => CLIENT_SECRET,
    scopes: 'empresa cte',
    tokenStore: new MemorySecrets(),
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    onExchange: (entry) => exchanges.push({ method: entry.method, url: entry.url }),
  });
  await client.empresas.criar(empresaBody(COMPANY_CNPJ) as never);
  const pfx = certificateOnClock(sandbox, COMPANY_CNPJ);
  await client.http.json({
    method: 'PUT',
    path: `/empresas/${COMPANY_CNPJ}/certificado`,
    body: { certificado: pfx.pfxBase64, password: 'x' },
  });
  db = await openCache(MEMORY);
  repos = createRepositories(db);
  service = new SyncService({
    repos: () => repos,
    target: async () => ({ source: clientSource(client), environment: 'sandbox', ambiente: 'homologacao' }),
    progress: () => undefined,
    logger: silentLogger,
  });
});
afterAll(async () => {
  await db?.close();
  await sandbox?.close().catch(() => undefined);
});

describe('sync against the local sandbox over HTTP', () => {
  it('fetches the issued CT-e with their processed XML; a second sync fetches nothing new', async () => {
    const issued = [await issue(), await issue(), await issue()];
    const [run] = await service.sync({ kinds: ['cte'] });
    expect(run).toMatchObject({ listed: 3, added: 3, files: 3, error: null });
    for (const doc of issued) {
      const row = await repos.documents.byApiId('sandbox', doc.id);
      expect(row).toMatchObject({ status: 'autorizado', xml_state: 'present', chave: doc.chave });
      expect(row?.tomador_nome).toBeTruthy();
      expect((await repos.files.get(row!.id, 0, 'xml'))?.bytes.toString('utf8')).toContain('<cteProc');
    }
    exchanges.length = 0;
    const [again] = await service.sync({ kinds: ['cte'] });
    expect(again).toMatchObject({ added: 0, changed: 0, files: 0 });
    expect(exchanges.map((e) => `${e.method} ${new URL(e.url).pathname}`)).toEqual([
      'GET /empresas',
      'GET /cte',
    ]);
  });

  it('refreshes a document cancelled at the authority and stores the cancellation', async () => {
    const doc = await issue();
    await service.sync({ kinds: ['cte'] });
    await client.cte.cancelar(doc.id, 'Cancelamento de teste da sincronização');
    await service.sync({ kinds: ['cte'] });
    const row = await repos.documents.byApiId('sandbox', doc.id);
    expect(row?.status).toBe('cancelado');
    const events = await repos.events.list(row!.id);
    expect(events).toMatchObject([{ type: 'cancelamento', status: 'registrado' }]);
    expect((await repos.files.get(row!.id, events[0].id, 'xml'))?.bytes.toString('utf8')).toContain('110111');
  });

  it('marks a document the API stopped listing, without deleting it', async () => {
    const doc = await issue();
    await service.sync({ kinds: ['cte'] });
    await sandbox.control.context.store.run('DELETE FROM dfe_documents WHERE id = ?', [doc.id]);
    const [run] = await service.sync({ kinds: ['cte'], full: true });
    expect(run.missing).toBe(1);
    expect(await repos.documents.byApiId('sandbox', doc.id)).toMatchObject({
      missing_remote: 1,
      status: 'autorizado',
    });
    expect(
      await repos.browser.totals({ company: COMPANY_CNPJ, environment: 'sandbox', missingRemote: true }),
    ).toMatchObject({ count: 1 });
  });

  it('backs off when the API is unreachable and keeps the cache as it was', async () => {
    const before = await repos.documents.count(scope);
    await sandbox.close();
    await expect(service.sync({ kinds: ['cte'] })).rejects.toBeInstanceOf(OfflineError);
    expect(await repos.documents.count(scope)).toBe(before);
  });
});
