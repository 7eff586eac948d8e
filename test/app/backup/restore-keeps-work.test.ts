// A restore keeps today's work (issue 24, item 3): restores run one at a time, the database they
// replace is kept as a dated copy no later restore deletes (and can be brought back through the
// same checks), validated files nobody confirms do not pile up, and offline data from a backup is
// never dated in the future and is marked as the backup's until the API confirms it.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { BackupService } from '../../../electron/app/backup/backup';
import { CacheHolder } from '../../../electron/app/backup/cache-holder';
import { PENDING_DIR } from '../../../electron/app/backup/pending';
import type { AppContext } from '../../../electron/app/context';
import type { CarretaApp } from '../../../electron/app/index';
import { KnownCompanies } from '../../../electron/app/known-companies';
import { ApiError } from '../../../electron/nuvemfiscal';
import { createApp } from '../../../electron/app/index';
import { silentLogger } from '../../../electron/app/logger';
import { openDatabase } from '../../../electron/cache/db';
import type { CommandEnvelope } from '../../../electron/shared/errors';
import { defaultSettings } from '../../../electron/shared/schemas/settings';
import { craftBackup } from '../../support/backup-craft';
import { memoryHost } from '../../support/memory-host';

const COMPANY = '11222333000181';
let app: CarretaApp | null = null;
afterEach(async () => {
  await app?.dispose();
  app = null;
});

async function start(userDataDir?: string) {
  const made = memoryHost({ settings: { environment: 'sandbox' }, userDataDir });
  app = await createApp(made.host);
  const a = app;
  async function call<T>(channel: string, input: unknown = {}): Promise<T> {
    const envelope = (await a.dispatch(channel, input)) as CommandEnvelope<T>;
    if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
    return envelope.data;
  }
  const note = (title: string) =>
    a.context.cache.require().drafts.save({ kind: 'cte', company: COMPANY, title, data: {} });
  const notes = async (file?: string) => {
    const db = file ? await openDatabase(file) : a.context.cache.require().db;
    try {
      return (await db.all<{ title: string }>('SELECT title FROM drafts ORDER BY id')).map((r) => r.title);
    } finally {
      if (file) await db.close();
    }
  };
  const backup = async () => (await call<{ base64: string }>('backup:create')).base64;
  return { app: a, host: made.host, call, note, notes, backup };
}

describe('restores are serialized and keep the database they replace', { timeout: 60_000 }, () => {
  it('two confirmations at once: one restores, the other is refused with a message', async () => {
    const { app: a, note, notes, backup } = await start();
    await note('da cópia');
    const base64 = await backup();
    await note('feito depois da cópia');
    const answers = await Promise.all([
      a.dispatch('backup:restore', { base64, confirm: true }),
      a.dispatch('backup:restore', { base64, confirm: true }),
    ]);
    const refused = answers.filter((answer) => !answer.ok);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      ok: false,
      error: { code: 'backup_busy', message: expect.stringMatching(/Já há uma restauração em andamento/) },
    });
    expect(await notes()).toEqual(['da cópia']);
    // The work done after the backup is in the one kept copy.
    const [kept] = a.context.backups.kept();
    expect(await notes(path.join(a.context.backups.keptDir, kept!.name))).toEqual([
      'da cópia',
      'feito depois da cópia',
    ]);
  });

  it('restores in a row never delete an earlier copy; going back restores one through the same checks', async () => {
    const { app: a, call, note, notes, backup } = await start();
    await note('original');
    const base64 = await backup();
    await note('trabalho de hoje');
    for (let i = 0; i < 3; i++) await call('backup:restore', { base64, confirm: true });
    const kept = a.context.backups.kept();
    expect(kept).toHaveLength(3);
    // The oldest copy is today's work, untouched by the two restores after it.
    expect(await notes(path.join(a.context.backups.keptDir, kept[2]!.name))).toEqual([
      'original',
      'trabalho de hoje',
    ]);
    expect(await notes()).toEqual(['original']);

    const status = await call<{ kept: { name: string }[]; keptDir: string }>('backup:status');
    expect(status.kept.map((copy) => copy.name)).toEqual(kept.map((copy) => copy.name));
    expect(status.keptDir).toBe(a.context.backups.keptDir);

    const asked = await call<{ state: string; token: string }>('backup:restore', { kept: kept[2]!.name });
    expect(asked.state).toBe('needs_confirm');
    await call('backup:restore', { token: asked.token, confirm: true });
    expect(await notes()).toEqual(['original', 'trabalho de hoje']);
    expect(a.context.backups.kept()).toHaveLength(4);

    // Only names of the kept folder are accepted.
    const outside = await a.dispatch('backup:restore', { kept: '../carreta.db' });
    expect(outside).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});

describe('validated but unconfirmed restores do not pile up', { timeout: 60_000 }, () => {
  it('one pending at a time: choosing another file discards the first', async () => {
    const { app: a, call, backup } = await start();
    const base64 = await backup();
    const first = await call<{ token: string }>('backup:restore', { base64 });
    const second = await call<{ token: string }>('backup:restore', { base64 });
    const pendingDir = path.join(a.context.host.userDataDir, PENDING_DIR);
    await expect.poll(() => readdirSync(pendingDir).length).toBe(1);
    const stale = await a.dispatch('backup:restore', { token: first.token, confirm: true });
    expect(stale).toMatchObject({ ok: false, error: { code: 'backup_expired' } });
    await call('backup:restore', { token: second.token, confirm: true });
    expect(readdirSync(pendingDir)).toEqual([]);
  });

  it('expires; start and quit remove what is left', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'carreta-pending-'));
    try {
      const holder = new CacheHolder(path.join(root, 'carreta.db'), silentLogger);
      await holder.open();
      const service = new BackupService(holder, root, '1.0.0', { pendingTtlMs: 200 });
      const bytes = (await service.create(defaultSettings)).bytes;
      const valid = await service.validate(bytes);
      const token = service.hold(valid);
      expect(existsSync(valid.dbFile)).toBe(true);
      await expect.poll(() => existsSync(valid.dbFile), { timeout: 3000 }).toBe(false);
      expect(() => service.take(token)).toThrow(/expirou/);
      await holder.close();

      // A crash left a validated file behind: the next start removes it; quitting removes the pending one.
      const pendingDir = path.join(root, PENDING_DIR);
      mkdirSync(pendingDir, { recursive: true });
      writeFileSync(path.join(pendingDir, 'restore-esquecido.db'), 'dados da empresa');
      const { app: a, call } = await start(root);
      expect(readdirSync(pendingDir)).toEqual([]);
      await call('backup:restore', { base64: Buffer.from(bytes).toString('base64') });
      expect(readdirSync(pendingDir)).toHaveLength(1);
      await a.dispose();
      app = null;
      expect(readdirSync(pendingDir)).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('offline data from a backup', { timeout: 60_000 }, () => {
  it('is never dated in the future and is marked as the backup’s until the API answers again', async () => {
    const { app: a, call, backup } = await start();
    const company = {
      cpf_cnpj: COMPANY,
      nome_razao_social: 'TRANSPORTES DA COPIA LTDA',
      email: 'fiscal@copia.com.br',
      endereco: {
        logradouro: 'Rua A',
        numero: '1',
        bairro: 'Centro',
        codigo_municipio: '3550308',
        cidade: 'São Paulo',
        uf: 'SP',
        cep: '01001000',
      },
    };
    const repo = () => a.context.cache.require().knownCompanies;
    await repo().replaceCompanies('sandbox', [company], new Date('2026-03-01T10:00:00Z'));
    const crafted = await craftBackup(Buffer.from(await backup(), 'base64'), {
      sql: [
        "UPDATE known_companies SET saved_at = '2099-12-31T23:59:59.000Z'",
        "UPDATE known_lists SET saved_at = 'amanhã'",
      ],
      manifest: (m) => ({ ...m, createdAt: '2026-03-02T09:00:00.000Z' }),
    });
    await call('backup:restore', { base64: crafted.toString('base64'), confirm: true });
    const known = await repo().companies('sandbox');
    expect(known).toMatchObject({ savedAt: '2026-03-02T09:00:00.000Z', fromBackup: true });
    expect((await repo().company('sandbox', COMPANY))?.savedAt).toBe('2026-03-02T09:00:00.000Z');
    // Offline, the answer says where it came from.
    const offline = new KnownCompanies({
      host: a.context.host,
      cache: a.context.cache,
      connectivity: { current: () => ({ online: false }) },
      api: { client: () => Promise.reject(new ApiError({ kind: 'offline', message: 'Sem conexão.' })) },
    } as unknown as AppContext);
    expect(await offline.list(() => Promise.reject(new Error('not reached')))).toMatchObject({
      fromCache: true,
      fromBackup: true,
      savedAt: '2026-03-02T09:00:00.000Z',
    });

    // A manifest dated in the future cannot lift the ceiling past now.
    const future = await craftBackup(Buffer.from(await backup(), 'base64'), {
      sql: ["UPDATE known_companies SET saved_at = '2099-12-31T23:59:59.000Z'"],
      manifest: (m) => ({ ...m, createdAt: '2099-01-01T00:00:00.000Z' }),
    });
    await call('backup:restore', { base64: future.toString('base64'), confirm: true });
    const clamped = await repo().company('sandbox', COMPANY);
    expect(Date.parse(clamped!.savedAt)).toBeLessThanOrEqual(Date.now());

    // The API's answer confirms it: the mark goes.
    await repo().replaceCompanies('sandbox', [company]);
    expect((await repo().companies('sandbox'))?.fromBackup).toBeUndefined();
  });
});
