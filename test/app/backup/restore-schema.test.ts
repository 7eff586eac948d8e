// A restored database is data, not code (issue 24, item 1): its schema must be exactly what this
// app's migrations create for the version it says it is. Each attack below was restored as-is
// before: the trigger survived and rewrote later payloads, the view answered in place of a table.
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BackupService } from '../../../electron/app/backup/backup';
import { CacheHolder } from '../../../electron/app/backup/cache-holder';
import { PENDING_DIR } from '../../../electron/app/backup/pending';
import { silentLogger } from '../../../electron/app/logger';
import { MEMORY, openDatabase } from '../../../electron/cache/db';
import type { Migration } from '../../../electron/cache/migrations';
import { migrate } from '../../../electron/cache/migrations';
import { migrations } from '../../../electron/cache/migrations/index';
import { compareSchema, expectedSchema, readSchema } from '../../../electron/cache/schema-check';
import { defaultSettings } from '../../../electron/shared/schemas/settings';
import { backupOfVersion, craftBackup } from '../../support/backup-craft';

const OUTBOX_ROW = `INSERT INTO outbox (referencia, kind, company, environment, serie, numero, payload_json, state, created_at, updated_at)
  VALUES ('carreta-plantado', 'cte', '11222333000181', 'producao', 1, 77, '{}', 'queued', '2026-01-01', '2026-01-01')`;

describe('restore: the schema is the one the app creates', { timeout: 60_000 }, () => {
  let root: string;
  let holder: CacheHolder;
  let service: BackupService;
  let genuine: Buffer;

  const drafts = async () =>
    (await holder.require().db.all<{ title: string }>('SELECT title FROM drafts ORDER BY id')).map(
      (r) => r.title,
    );
  const pendingFiles = () => {
    const dir = path.join(root, PENDING_DIR);
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'carreta-restore-schema-'));
    holder = new CacheHolder(path.join(root, 'carreta.db'), silentLogger);
    await holder.open();
    service = new BackupService(holder, root, '1.0.0');
    await holder.require().drafts.save({ kind: 'cte', company: '11222333000181', title: 'hoje', data: {} });
    genuine = (await service.create(defaultSettings)).bytes;
  });
  afterAll(async () => {
    await holder.close();
    await rm(root, { recursive: true, force: true });
  });

  it('a genuine backup passes, and comes back with nothing held', async () => {
    const valid = await service.validate(genuine);
    expect(valid.held).toBe(0);
    await service.discard(valid);
    expect(pendingFiles()).toEqual([]);
  });

  const attacks: Array<[string, string[], RegExp]> = [
    [
      'a trigger that rewrites every payload sent later',
      [
        `CREATE TRIGGER reescreve AFTER INSERT ON outbox BEGIN
           UPDATE outbox SET payload_json = '{"tomador":"outro"}' WHERE id = new.id; END`,
      ],
      /gatilho “reescreve” que o Carreta não cria/,
    ],
    ['a view', ['CREATE VIEW resumo AS SELECT id FROM outbox'], /visão “resumo” que o Carreta não cria/],
    ['an extra table', ['CREATE TABLE anotacoes (x TEXT)'], /tabela “anotacoes” que o Carreta não cria/],
    ['an extra index', ['CREATE INDEX outbox_extra ON outbox (company)'], /índice “outbox_extra”/],
    [
      'a table replaced by a view',
      ['DROP TABLE drafts', "CREATE VIEW drafts AS SELECT 1 AS id, 'cte' AS kind"],
      /tabela “drafts” trocada por visão/,
    ],
    [
      'a table with other SQL (a default planted through writable_schema)',
      [
        'PRAGMA writable_schema = ON',
        `UPDATE sqlite_schema SET sql = replace(sql, 'attempts INTEGER NOT NULL DEFAULT 0', 'attempts INTEGER NOT NULL DEFAULT 9')
          WHERE name = 'outbox'`,
        'PRAGMA writable_schema = OFF',
      ],
      /tabela “outbox” com definição diferente/,
    ],
    ['an index the app creates, dropped', ['DROP INDEX outbox_open'], /índice “outbox_open” ausente/],
  ];

  it.each(attacks)('refuses %s, in Portuguese, and changes nothing', async (_what, sql, message) => {
    const before = await drafts();
    const crafted = await craftBackup(genuine, { sql: [OUTBOX_ROW, ...sql] });
    const error = await service.validate(crafted).then(
      () => null,
      (reason: unknown) => reason as { code: string; message: string; detail?: string },
    );
    expect(error?.code).toBe('backup_foreign_schema');
    expect(`${error?.message}\n${error?.detail}`).toMatch(message);
    expect(error?.message).toMatch(/não será restaurada: nada foi alterado neste computador/);
    expect(pendingFiles()).toEqual([]);
    expect(await drafts()).toEqual(before);
  });

  it('refuses a manifest that names another version than the database is', async () => {
    const crafted = await craftBackup(genuine, { manifest: (m) => ({ ...m, schemaVersion: 12 }) });
    await expect(service.validate(crafted)).rejects.toMatchObject({
      code: 'backup_invalid',
      detail: expect.stringMatching(
        new RegExp(`versão 12; o banco está na ${migrations[migrations.length - 1].id}$`),
      ) as unknown,
    });
  });

  it('an older backup is migrated on the copy only after the check', async () => {
    const upToNine = migrations.findIndex((m) => m.id === 9) + 1;
    const document = `INSERT INTO documents (api_id, environment, ambiente, company, kind, status, data_emissao, api_record, synced_at)
      VALUES ('cte_1', 'producao', 'producao', '11222333000181', 'cte', 'autorizado', '2026-01-05T15:00:00Z', X'00', '2026-01-05')`;
    const old = await backupOfVersion(migrations, upToNine, [document], defaultSettings);
    const valid = await service.validate(old);
    const copy = await openDatabase(valid.dbFile);
    try {
      expect(await copy.get('SELECT max(id) AS v FROM schema_migrations')).toEqual({
        v: migrations.at(-1)!.id,
      });
      // Migration 10 ran on it: the time is Brasília's now.
      expect(await copy.get('SELECT data_emissao FROM documents')).toEqual({
        data_emissao: '2026-01-05T12:00:00-03:00',
      });
    } finally {
      await copy.close();
      await service.discard(valid);
    }

    // The same backup with a trigger that migration 10's UPDATE would fire: it plants a send.
    const planted = await backupOfVersion(
      migrations,
      upToNine,
      [
        document,
        `CREATE TRIGGER planta AFTER UPDATE OF data_emissao ON documents BEGIN
           INSERT INTO outbox (referencia, kind, company, environment, payload_json, state, created_at, updated_at)
           VALUES ('carreta-gatilho', 'cte', new.company, 'producao', '{}', 'queued', 'x', 'x'); END`,
      ],
      defaultSettings,
    );
    await expect(service.validate(planted)).rejects.toMatchObject({
      code: 'backup_foreign_schema',
      message: expect.stringContaining('gatilho “planta”') as unknown,
    });
    expect(pendingFiles()).toEqual([]);
  });

  it('a backup from a newer version (an unknown migration) is refused as such', async () => {
    const crafted = await craftBackup(genuine, {
      sql: [
        "INSERT INTO schema_migrations (id, name, checksum, applied_at) VALUES (999, 'futura', 'x', 'y')",
      ],
    });
    await expect(service.validate(crafted)).rejects.toMatchObject({ code: 'backup_newer_version' });
  });
});

describe('the expected schema comes from the migrations list', () => {
  it('covers a new migration without any change to the check', async () => {
    const extended: Migration[] = [
      ...migrations,
      {
        id: 990,
        name: 'fila-averbacao',
        sql: 'CREATE TABLE fila_teste (id INTEGER PRIMARY KEY, estado TEXT)',
      },
    ];
    const db = await openDatabase(MEMORY);
    try {
      await migrate(db, extended);
      const actual = await readSchema(db);
      expect(compareSchema(actual, await expectedSchema(extended, extended.length))).toEqual([]);
      // Against the list without it, the table is foreign.
      const differences = compareSchema(actual, await expectedSchema(migrations, migrations.length));
      expect(differences.map((d) => `${d.kind} ${d.object.name}`)).toEqual(['unexpected fila_teste']);
      expect((await expectedSchema(extended, extended.length)).map((o) => o.name)).toContain('fila_teste');
    } finally {
      await db.close();
    }
  });
});
