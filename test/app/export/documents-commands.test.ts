import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';

import type { CarretaApp } from '../../../electron/app/index';
import { createApp } from '../../../electron/app/index';
import { packFile } from '../../../electron/cache/repositories';
import { extractFields } from '../../../electron/app/sync/extract';
import { memoryHost } from '../../support/memory-host';
import { issueTime, makeCertificate, makeDoc, makeParties } from '../../cache/repositories/fixtures';

const company = '11222333000181';
let app: CarretaApp | null = null;
afterEach(async () => {
  await app?.dispose();
  app = null;
});

async function start(userDataDir?: string) {
  const made = memoryHost({ settings: { environment: 'sandbox' }, userDataDir });
  app = await createApp(made.host);
  return { app, host: made.host };
}

async function seed(target: CarretaApp, count: number) {
  const repos = target.context.cache.require();
  const parties = makeParties(5, 20);
  const certificate = makeCertificate(6);
  const docs = Array.from({ length: count }, (_, i) =>
    // Three months of documents, the last in October 2026.
    makeDoc({ seed: 5, company, certificate, parties, numero: i + 1, dhEmi: issueTime(i, count, 3) }),
  );
  await repos.documents.upsertBatch(
    await Promise.all(
      docs.map(async (doc) => ({
        company,
        kind: 'cte' as const,
        environment: 'sandbox' as const,
        record: doc.record,
        fields: extractFields(doc.xml).fields,
        files: [{ kind: 'xml' as const, file: await packFile(Buffer.from(doc.xml), 'application/xml') }],
      })),
    ),
  );
  return docs;
}

async function ok<T>(target: CarretaApp, channel: string, input: unknown): Promise<T> {
  const answer = await target.dispatch(channel, input);
  if (!answer.ok)
    throw new Error(`${channel}: ${answer.error.code} ${answer.error.message} ${answer.error.detail ?? ''}`);
  return answer.data as T;
}

describe('document commands', () => {
  it('search, detail, file and dashboard answer from the cache', async () => {
    const { app: a } = await start();
    const docs = await seed(a, 40);
    const result = await ok<{ rows: { id: number; numero: number }[]; totals: { count: number } }>(
      a,
      'documents:search',
      {
        filter: { company: '11.222.333/0001-81', text: docs[3].tomador.nome.split(' ')[1] },
        sort: { field: 'numero', dir: 'asc' },
        limit: 10,
      },
    );
    expect(result.totals.count).toBeGreaterThan(0);
    const all = await ok<{ rows: { id: number; numero: number }[]; totals: { count: number } }>(
      a,
      'documents:search',
      {
        filter: { company },
      },
    );
    expect(all.totals.count).toBe(40);
    const id = all.rows.find((r) => r.numero === 7)!.id;
    const detail = await ok<{
      document: { numero: number };
      view: { kind: string } | null;
      files: unknown[];
    }>(a, 'documents:get', { id });
    expect(detail.document.numero).toBe(7);
    expect(detail.view?.kind).toBe('cte');
    const file = await ok<{ fileName: string; base64: string }>(a, 'documents:file', { id, kind: 'xml' });
    expect(Buffer.from(file.base64, 'base64').toString('utf8')).toBe(docs[6].xml);
    expect(file.fileName).toBe(`${docs[6].record.chave}-cte.xml`);
    const missing = await a.dispatch('documents:file', { id, kind: 'pdf' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'file_not_cached' } });
    const bad = await a.dispatch('documents:search', { filter: { company, from: '10/10/2026' } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    const month = docs[39].record.data_emissao!.slice(0, 7);
    const dashboard = await ok<{ count: number; byStatus: { status: string }[]; topTomadores: unknown[] }>(
      a,
      'documents:dashboard',
      { company, month },
    );
    expect(dashboard.count).toBe(docs.filter((d) => d.record.data_emissao!.startsWith(month)).length);
    expect(dashboard.topTomadores.length).toBeGreaterThan(0);
  });

  it('accounting export: XMLs in month folders, a CSV row per document, a readable XLSX', async () => {
    const { app: a } = await start();
    const docs = await seed(a, 30);
    const from = docs[0].record.data_emissao!.slice(0, 10);
    const to = docs[29].record.data_emissao!.slice(0, 10);
    const result = await ok<{ base64: string; documents: number; savedTo: string | null }>(
      a,
      'documents:export',
      {
        company,
        from,
        to,
      },
    );
    expect(result.documents).toBe(30);
    expect(result.savedTo).toBeNull();
    const entries = unzipSync(Buffer.from(result.base64, 'base64'));
    const xmls = Object.keys(entries).filter((name) => name.endsWith('.xml'));
    expect(xmls).toHaveLength(30);
    for (const doc of docs) {
      const name = `${doc.record.data_emissao!.slice(0, 7)}/${doc.record.chave}-cte.xml`;
      expect(strFromU8(entries[name])).toBe(doc.xml);
    }
    const csv = strFromU8(entries['resumo.csv'])
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    // Header, 30 documents, a blank line and the period's totals.
    expect(csv).toHaveLength(33);
    expect(csv[32].startsWith('Total de frete (CT-e e CT-e OS autorizados);')).toBe(true);
    expect(csv[0].split(';')[0]).toBe('Tipo');
    expect(csv.slice(1).some((line) => line.includes(docs[4].record.chave!))).toBe(true);
    // Excel keeps the key and the tomador's CNPJ as typed (text), not as 3,52611E+43 (issue 26).
    const line = csv
      .slice(1)
      .find((l) => l.includes(docs[4].record.chave!))!
      .split(';');
    expect(line[3]).toBe(`"=""${docs[4].record.chave!}"""`);
    expect(line[7]).toMatch(/^"=""\d{11,14}"""$/);
    const xlsx = unzipSync(entries['resumo.xlsx']);
    const sheetName = Object.keys(xlsx).find((name) => /^xl\/worksheets\/sheet\d*\.xml$/.test(name))!;
    const sheet = strFromU8(xlsx[sheetName]);
    const shared = xlsx['xl/sharedStrings.xml'] ? strFromU8(xlsx['xl/sharedStrings.xml']) : '';
    expect(`${sheet}${shared}`).toContain(docs[4].record.chave!);
    expect((sheet.match(/<row /g) ?? []).length).toBe(32);
  });
});

describe('backups', () => {
  it('round trip: restore asks for confirmation first, keeps the current database as a dated copy', async () => {
    const { app: a, host } = await start();
    await seed(a, 10);
    const backup = await ok<{ base64: string; size: number }>(a, 'backup:create', {});
    expect(
      (await ok<{ lastBackupAt: string | null; reminderDue: boolean }>(a, 'backup:status', {})).reminderDue,
    ).toBe(false);
    const entries = unzipSync(Buffer.from(backup.base64, 'base64'));
    expect(Object.keys(entries).sort()).toEqual(['carreta.db', 'manifest.json', 'settings.json']);
    expect(strFromU8(entries['settings.json'])).not.toMatch(/secret/i);

    await a.context.cache.require().db.run('DELETE FROM documents');
    const asked = await ok<{ state: string; token: string }>(a, 'backup:restore', { base64: backup.base64 });
    expect(asked.state).toBe('needs_confirm');
    expect(await a.context.cache.require().documents.count()).toBe(0);
    const restored = await ok<{ state: string; previousKeptAt: string; keptDir: string }>(
      a,
      'backup:restore',
      {
        token: asked.token,
        confirm: true,
      },
    );
    expect(restored.state).toBe('restored');
    expect(existsSync(restored.previousKeptAt)).toBe(true);
    expect(await a.context.cache.require().documents.count()).toBe(10);
    expect(path.basename(restored.previousKeptAt)).toMatch(
      /^carreta-antes-da-restauracao-\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.db$/,
    );
    expect(restored.keptDir).toBe(path.join(host.userDataDir, 'bancos-anteriores'));
    expect(path.dirname(restored.previousKeptAt)).toBe(restored.keptDir);
  });

  it('refuses a file that is not a backup, and never changes the cache', async () => {
    const { app: a } = await start();
    await seed(a, 3);
    const answer = await a.dispatch('backup:restore', {
      base64: Buffer.from('not a zip').toString('base64'),
      confirm: true,
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'backup_invalid' } });
    expect(await a.context.cache.require().documents.count()).toBe(3);
  });

  it('a cache from a newer version starts degraded with a clear message, never crashes', async () => {
    const first = await start();
    const dir = first.host.userDataDir;
    await first.app.context.cache
      .require()
      .db.run(
        "INSERT INTO schema_migrations (id, name, checksum, applied_at) VALUES (999, 'future', 'x', 'now')",
      );
    await first.app.dispose();
    app = null;
    const { app: a } = await start(dir);
    const status = await ok<{ degraded: boolean; cacheError: string }>(a, 'backup:status', {});
    expect(status).toMatchObject({ degraded: true });
    expect(status.cacheError).toMatch(/versão mais nova/);
  });

  it('a corrupt cache starts in degraded mode with the restore offer, and restore brings it back', async () => {
    const first = await start();
    await seed(first.app, 4);
    const backup = await ok<{ base64: string }>(first.app, 'backup:create', {});
    const dir = first.host.userDataDir;
    await first.app.dispose();
    app = null;
    writeFileSync(path.join(dir, 'carreta.db'), Buffer.alloc(8192, 7));
    const { app: a } = await start(dir);
    const status = await ok<{ degraded: boolean; cacheError: string }>(a, 'backup:status', {});
    expect(status.degraded).toBe(true);
    expect(status.cacheError).toMatch(/danificado/);
    const search = await a.dispatch('documents:search', { filter: { company } });
    expect(search).toMatchObject({ ok: false, error: { code: 'cache_degraded' } });
    expect(search.ok ? '' : search.error.message).toMatch(/Restaure uma cópia de segurança/);
    const restored = await ok<{ state: string }>(a, 'backup:restore', {
      base64: backup.base64,
      confirm: true,
    });
    expect(restored.state).toBe('restored');
    expect(
      (await ok<{ totals: { count: number } }>(a, 'documents:search', { filter: { company } })).totals.count,
    ).toBe(4);
    expect((await ok<{ degraded: boolean }>(a, 'backup:status', {})).degraded).toBe(false);
  });
});

describe('backup reminder', () => {
  it('is not due on a fresh install, only a week after the first use without a backup', async () => {
    const { app: a } = await start();
    const status = await ok<{ lastBackupAt: string | null; reminderDue: boolean }>(a, 'backup:status', {});
    expect(status).toMatchObject({ lastBackupAt: null, reminderDue: false });
    const service = a.context.backups;
    expect(service.status(Date.now() + 8 * 86_400_000).reminderDue).toBe(true);
  });
});
