import { describe, expect, it } from 'vitest';

import { MEMORY, openCache } from '../../../electron/cache';
import { createRepositories } from '../../../electron/cache/repositories';
import { OfflineError, SyncService } from '../../../electron/app/sync/service';
import { silentLogger } from '../../../electron/app/logger';
import type { SyncProgress } from '../../../electron/shared/schemas/documents';
import { FakeSource } from './fake-source';

async function setup(count: number) {
  const db = await openCache(MEMORY);
  const repos = createRepositories(db);
  const source = new FakeSource();
  source.issue(count);
  const progress: SyncProgress[] = [];
  const service = new SyncService({
    repos: () => repos,
    target: async () => ({ source, environment: 'sandbox', ambiente: 'homologacao' }),
    progress: (event) => progress.push(event),
    logger: silentLogger,
  });
  const scope = { company: source.company, kind: 'cte' as const, environment: 'sandbox' as const };
  return { db, repos, source, service, progress, scope };
}

describe('sync service', () => {
  it('first sync walks the whole list, fetches every processed XML and fills the browse fields', async () => {
    const { db, repos, source, service, progress, scope } = await setup(250);
    const [run] = await service.sync({ kinds: ['cte'] });
    expect(run).toMatchObject({ listed: 250, added: 250, files: 250, error: null });
    expect(source.requests.list).toBe(3);
    expect(await repos.documents.count(scope)).toBe(250);
    const page = await repos.browser.page({
      filter: { company: scope.company, environment: 'sandbox', text: source.docs[10].tomador.cnpj },
      sort: { field: 'numero', dir: 'asc' },
      offset: 0,
      limit: 500,
    });
    expect(page.map((r) => r.apiId)).toContain(source.docs[10].record.id);
    expect(progress.some((p) => p.phase === 'listing')).toBe(true);
    expect(progress.at(-1)).toMatchObject({ phase: 'done', kind: 'cte' });
    await db.close();
  });

  it('a second sync fetches nothing new and stops at the first settled page', async () => {
    const { db, source, service } = await setup(450);
    await service.sync({ kinds: ['cte'] });
    source.requests = { list: 0, get: 0, xml: 0, events: 0 };
    const [run] = await service.sync({ kinds: ['cte'] });
    expect(run).toMatchObject({ added: 0, changed: 0, files: 0 });
    expect(source.requests).toEqual({ list: 1, get: 0, xml: 0, events: 0 });
    source.issue(3);
    const [next] = await service.sync({ kinds: ['cte'] });
    expect(next).toMatchObject({ added: 3, files: 3 });
    await db.close();
  });

  it('refreshes a document cancelled at the authority and stores the cancellation event', async () => {
    const { db, repos, source, service } = await setup(20);
    await service.sync({ kinds: ['cte'] });
    source.cancel(source.docs[18]);
    await service.sync({ kinds: ['cte'] });
    const row = await repos.documents.byApiId('sandbox', source.docs[18].record.id);
    expect(row?.status).toBe('cancelado');
    const events = await repos.events.list(row!.id);
    expect(events).toMatchObject([
      { type: 'cancelamento', status: 'registrado', protocolo: '135000000000001' },
    ]);
    expect(await repos.files.get(row!.id, events[0].id, 'xml')).not.toBeNull();
    await db.close();
  });

  it('caches as cancelled a CT-e whose processed XML carries an accepted cancellation of its key, and keeps it so', async () => {
    const { db, repos, source, service } = await setup(6);
    const doc = source.docs[3]!;
    const answer = `<retEventoCTe versao="4.00"><infEvento><tpAmb>2</tpAmb><verAplic>SVRS</verAplic><cOrgao>41</cOrgao><cStat>135</cStat><xMotivo>Evento registrado e vinculado a CT-e</xMotivo><chCTe>${doc.record.chave}</chCTe><tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><dhRegEvento>2026-10-01T10:00:00-03:00</dhRegEvento><nProt>141260000000777</nProt></infEvento></retEventoCTe>`;
    // Another system's distribution: the cancellation's answer inside procCancCTe, the record untouched.
    doc.xml = doc.xml.replace('</cteProc>', `<procCancCTe versao="4.00">${answer}</procCancCTe></cteProc>`);
    await service.sync({ kinds: ['cte'] });
    expect((await repos.documents.byApiId('sandbox', doc.record.id))?.status).toBe('cancelado');
    // The other documents are as their records say; a later listing that still says autorizado
    // does not undo a cancellation.
    expect((await repos.documents.byApiId('sandbox', source.docs[2]!.record.id))?.status).toBe('autorizado');
    await service.sync({ kinds: ['cte'], full: true });
    expect((await repos.documents.byApiId('sandbox', doc.record.id))?.status).toBe('cancelado');
    await db.close();
  });

  it('refreshes pending documents until they are final; rejected ones have no XML to fetch', async () => {
    const { db, repos, source, service } = await setup(5);
    const [pending] = source.issue(1, { status: 'pendente' });
    const [rejected] = source.issue(1, { status: 'rejeitado' });
    await service.sync({ kinds: ['cte'] });
    // Only the pending one is asked for again; the rejected one is final.
    expect(source.requests.get).toBe(1);
    expect((await repos.documents.byApiId('sandbox', pending.record.id))?.xml_state).toBe('missing');
    pending.record = { ...pending.record, status: 'autorizado' };
    await service.sync({ kinds: ['cte'] });
    expect(await repos.documents.byApiId('sandbox', pending.record.id)).toMatchObject({
      status: 'autorizado',
      xml_state: 'present',
    });
    expect(await repos.documents.byApiId('sandbox', rejected.record.id)).toMatchObject({
      status: 'rejeitado',
      xml_state: 'missing',
    });
    await db.close();
  });

  it('marks a document the API no longer lists, on a full sync, without deleting it', async () => {
    const { db, repos, source, service, scope } = await setup(30);
    await service.sync({ kinds: ['cte'] });
    const [gone] = source.docs.splice(5, 1);
    const [run] = await service.sync({ kinds: ['cte'], full: true });
    expect(run.missing).toBe(1);
    expect(await repos.documents.count(scope)).toBe(30);
    expect((await repos.documents.byApiId('sandbox', gone.record.id))?.missing_remote).toBe(1);
    source.docs.splice(5, 0, gone);
    await service.sync({ kinds: ['cte'], full: true });
    expect((await repos.documents.byApiId('sandbox', gone.record.id))?.missing_remote).toBe(0);
    await db.close();
  });

  it('offline: stops with OfflineError, keeps what was committed, and resumes from the cursor', async () => {
    const { db, repos, source, service, progress, scope } = await setup(350);
    const listar = source.listar.bind(source);
    let calls = 0;
    source.listar = async (...args) => {
      if (++calls === 3) source.offline = true;
      return listar(...args);
    };
    await expect(service.sync({ kinds: ['cte'] })).rejects.toBeInstanceOf(OfflineError);
    expect(progress.at(-1)).toMatchObject({ phase: 'offline' });
    expect(await repos.documents.count(scope)).toBe(200);
    expect((await repos.syncState.get(scope)).cursor).toMatchObject({ mode: 'full', skip: 200 });
    source.offline = false;
    source.requests.list = 0;
    await service.sync({ kinds: ['cte'] });
    expect(source.requests.list).toBe(2);
    expect(await repos.documents.count(scope)).toBe(350);
    expect((await repos.syncState.get(scope)).cursor).toBeNull();
    expect(SyncService.backoffMs(1, 300_000)).toBe(30_000);
    expect(SyncService.backoffMs(3, 300_000)).toBe(120_000);
    expect(SyncService.backoffMs(10, 300_000)).toBe(300_000);
    await db.close();
  });
});
