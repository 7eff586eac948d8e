// A restore fuzz (issue 24): a few hundred seeded mutations of a valid backup — its ZIP entries,
// manifest, SQL objects, rows and settings — each restored as a clerk would (asked, then confirmed
// with nothing ticked). For every one: nothing outside the data folder is written, nothing can be
// sent (the resolver finds no open send and never reaches for the API), no setting changes, and
// the current database is intact afterwards — untouched when the file is refused, kept whole as a
// dated copy when it is restored. Deterministic: the seed is printed with any failure.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BackupService } from '../../../electron/app/backup/backup';
import { CacheHolder } from '../../../electron/app/backup/cache-holder';
import { PENDING_DIR } from '../../../electron/app/backup/pending';
import { restoredSettings } from '../../../electron/app/backup/restore-settings';
import { Numbering } from '../../../electron/app/issuing/numbering';
import { Sender } from '../../../electron/app/issuing/sender';
import { silentLogger } from '../../../electron/app/logger';
import type { Database } from '../../../electron/cache/db';
import { openDatabase } from '../../../electron/cache/db';
import { AppError } from '../../../electron/shared/errors';
import type { Settings } from '../../../electron/shared/schemas/settings';
import { defaultSettings, settingsSchema } from '../../../electron/shared/schemas/settings';
import { changeDatabase, openBackup } from '../../support/backup-craft';

/** Two hundred in the suite (about 10 s of CPU); RESTORE_FUZZ_CASES=2000 for a deeper run. */
const CASES = Number(process.env.RESTORE_FUZZ_CASES ?? 200);
const COMPANY = '11222333000181';

/** mulberry32: small, seeded, good enough to pick mutations. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick };
}
type Rng = ReturnType<typeof random>;

const TABLES = ['outbox', 'drafts', 'documents', 'app_meta', 'known_companies', 'mail_log', 'inbox_notes'];
const STATES = ['queued', 'sending', 'failed', 'sent', 'abandoned'];

/** SQL an attacker could put in the database: objects, rows, the migrations table, the schema itself. */
const SQL_MUTATIONS: ReadonlyArray<(r: Rng) => string[]> = [
  (r) => [`CREATE TRIGGER t${r.int(99)} AFTER INSERT ON ${r.pick(TABLES)} BEGIN SELECT 1; END`],
  (r) => [`CREATE VIEW v${r.int(99)} AS SELECT * FROM ${r.pick(TABLES)}`],
  (r) => [`CREATE TABLE extra${r.int(99)} (x)`],
  (r) => [`CREATE INDEX i${r.int(99)} ON ${r.pick(['outbox', 'drafts', 'app_meta'])} (rowid)`],
  () => ['DROP INDEX outbox_open'],
  () => ['DROP TRIGGER documents_fts_insert'],
  () => ['DROP TABLE drafts', "CREATE VIEW drafts AS SELECT 1 AS id, 'cte' AS kind"],
  () => ['ALTER TABLE drafts ADD COLUMN segredo TEXT'],
  () => [
    'ALTER TABLE app_meta RENAME TO app_meta_old',
    'CREATE TABLE app_meta (key TEXT PRIMARY KEY, value TEXT)',
  ],
  (r) => [
    'PRAGMA writable_schema = ON',
    `UPDATE sqlite_schema SET sql = replace(sql, 'NOT NULL', '${r.pick(['', 'NOT NULL DEFAULT 1', 'CHECK (1)'])}')
       WHERE name = '${r.pick(['outbox', 'drafts', 'app_meta'])}'`,
    'PRAGMA writable_schema = OFF',
  ],
  (r) =>
    Array.from(
      { length: 1 + r.int(4) },
      (_, i) =>
        `INSERT INTO outbox (referencia, kind, company, environment, serie, numero, payload_json, state, attempts, created_at, updated_at)
         VALUES ('carreta-fuzz-${r.int(1e9)}-${i}', '${r.pick(['cte', 'cteos', 'dce', 'mdfe'])}', '${COMPANY}',
                 '${r.pick(['demonstracao', 'sandbox', 'producao'])}', 1, ${1 + r.int(9999)}, '{"infCte":{}}',
                 '${r.pick(STATES)}', ${r.int(5)}, '2026-01-01', '2026-01-01')`,
    ),
  (r) => [`UPDATE outbox SET state = '${r.pick(STATES)}', held_at = NULL`],
  (r) => [
    `UPDATE known_companies SET saved_at = '${r.pick(['2099-01-01T00:00:00Z', 'nunca', '', '2026-02-30', '9999-12-31'])}'`,
    `UPDATE known_lists SET saved_at = '${r.pick(['2099-01-01T00:00:00Z', 'x'])}', from_backup = 0`,
  ],
  () => ["UPDATE schema_migrations SET checksum = 'adulterado' WHERE id = 3"],
  () => ['DELETE FROM schema_migrations WHERE id = (SELECT max(id) FROM schema_migrations)'],
  (r) => [
    `INSERT INTO schema_migrations (id, name, checksum, applied_at) VALUES (${100 + r.int(900)}, 'nova', 'x', 'y')`,
  ],
  () => [
    'PRAGMA foreign_keys = OFF',
    `INSERT INTO mail_log (doc_id, kind, recipients, subject, status, created_at) VALUES (987654, 'cte', '{}', 's', 'enviado', 'x')`,
  ],
  (r) => [`UPDATE drafts SET data_json = '${r.pick(['{', 'null', '[]', '"x"'])}', title = char(0, 10, 13)`],
  (r) => [`UPDATE app_meta SET value = hex(randomblob(${r.int(3000)}))`],
];

interface Case {
  bytes: Uint8Array;
  what: string[];
}

/** One mutated backup from a valid one: SQL first (on the database), then manifest, settings, entries. */
async function mutate(valid: Uint8Array, seed: number): Promise<Case> {
  const r = random(seed);
  const { manifest, settings, db } = openBackup(valid);
  const what: string[] = [];
  let database: Uint8Array = db;
  if (r.next() < 0.6) {
    const sql = Array.from({ length: 1 + r.int(2) }, () => r.pick(SQL_MUTATIONS)(r)).flat();
    what.push(...sql.map((s) => s.replace(/\s+/g, ' ').slice(0, 80)));
    try {
      database = await changeDatabase(db, sql);
    } catch {
      what.push('(sql recusado pelo sqlite; banco sem mudança)');
    }
  }
  if (r.next() < 0.08) {
    // Page-level damage, with a matching checksum: only SQLite's own checks can tell.
    const copy = Buffer.from(database);
    for (let i = 0; i < 1 + r.int(8); i++) copy[100 + r.int(copy.length - 100)] = r.int(256);
    database = copy;
    what.push('bytes do banco trocados');
  }
  let nextManifest: Record<string, unknown> = {
    ...manifest,
    databaseSha256: createHash('sha256').update(database).digest('hex'),
    databaseSize: database.length,
  };
  if (r.next() < 0.25) {
    const field = r.pick(['schemaVersion', 'databaseSha256', 'databaseSize', 'createdAt', 'format', 'extra']);
    const value = r.pick<unknown>([0, -1, 17, 12, 999, '2099-01-01T00:00:00Z', 'x', null, 1e12, {}]);
    nextManifest = { ...nextManifest, [field]: value };
    what.push(`manifest.${field}=${JSON.stringify(value)}`);
  }
  let nextSettings: unknown = settings;
  if (r.next() < 0.5) {
    const changes: Array<Partial<Settings> | string> = [
      { environment: 'producao' },
      { environment: 'sandbox' },
      { scopes: 'conta' },
      { selectedCompany: COMPANY },
      {
        hosts: {
          ...settings.hosts,
          producao: { api: 'https://api.x.example', auth: 'https://auth.x.example/t' },
        },
      },
      {
        smtp: {
          host: 'smtp.x.example',
          port: 25,
          security: 'none',
          user: '',
          fromName: 'X',
          fromAddress: 'x@x.example',
          replyTo: 'r@x.example',
          cc: [],
          bcc: ['oculta@x.example'],
          subjectTemplate: 's',
          bodyTemplate: 'b',
        },
      },
      'não é json',
      '{"environment": 42}',
    ];
    const change = r.pick(changes);
    nextSettings = typeof change === 'string' ? change : { ...settings, ...change };
    what.push(`settings ${typeof change === 'string' ? change : Object.keys(change).join(',')}`);
  }
  const entries: Record<string, Uint8Array> = {
    'manifest.json': strToU8(JSON.stringify(nextManifest)),
    'settings.json': strToU8(typeof nextSettings === 'string' ? nextSettings : JSON.stringify(nextSettings)),
    'carreta.db': database,
  };
  if (r.next() < 0.12) {
    const change = r.pick(['drop-manifest', 'drop-db', 'drop-settings', 'extra', 'traversal', 'rename']);
    if (change === 'drop-manifest') delete entries['manifest.json'];
    if (change === 'drop-db') delete entries['carreta.db'];
    if (change === 'drop-settings') delete entries['settings.json'];
    if (change === 'extra') entries['leia-me.txt'] = strToU8('oi');
    if (change === 'traversal') entries['../../fora.txt'] = strToU8('fora');
    if (change === 'rename') {
      entries['Carreta.DB'] = entries['carreta.db']!;
      delete entries['carreta.db'];
    }
    what.push(`entradas: ${change}`);
  }
  let bytes: Uint8Array = zipSync(entries, { level: r.pick([0, 1, 6]) as 0 | 1 | 6 });
  if (r.next() < 0.05) {
    const copy = Buffer.from(bytes);
    copy[r.int(copy.length)] = r.int(256);
    bytes = r.next() < 0.5 ? copy : copy.subarray(0, r.int(copy.length));
    what.push('zip danificado');
  }
  return { bytes, what };
}

/** Every row of every ordinary table, hashed: equal when the data is the same. */
async function fingerprint(db: Database): Promise<string> {
  const hash = createHash('sha256');
  const tables = await db.all<{ name: string }>(
    "SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE '%fts%' ORDER BY name",
  );
  for (const { name } of tables) {
    const rows = await db.all<Record<string, unknown>>(`SELECT * FROM "${name}"`);
    const lines = rows
      .map((row) => JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('base64') : v)))
      .sort();
    hash.update(`${name}\n${lines.join('\n')}\n`);
  }
  return hash.digest('hex');
}

async function fileFingerprint(file: string): Promise<string> {
  const db = await openDatabase(file);
  try {
    return await fingerprint(db);
  } finally {
    await db.close();
  }
}

/** Every path under `dir` (relative), but the data folder's content and the test's own scratch. */
function outside(dir: string, skip: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const full = path.join(at, name);
      if (skip.has(full)) continue;
      out.push(path.relative(dir, full));
      if (statSync(full).isDirectory()) walk(full);
    }
  };
  walk(dir);
  return out.sort();
}

describe('restore fuzz', () => {
  let root: string;
  let data: string;
  let holder: CacheHolder;
  let service: BackupService;
  let valid: Uint8Array;
  let settings: Settings;
  let apiCalls = 0;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'carreta-fuzz-'));
    data = path.join(root, 'dados');
    // The backup comes from another computer's database…
    const source = new CacheHolder(path.join(root, 'origem', 'carreta.db'), silentLogger);
    await source.open();
    const repos = source.require();
    await repos.drafts.save({ kind: 'cte', company: COMPANY, title: 'da cópia', data: { a: 1 } });
    const sent = await repos.outbox.add({
      referencia: 'carreta-enviado',
      kind: 'cte',
      company: COMPANY,
      environment: 'sandbox',
      serie: 1,
      numero: 10,
      payload: {},
    });
    await repos.outbox.update(sent.referencia, { state: 'sent' });
    await repos.knownCompanies.replaceCertificates('sandbox', []);
    await repos.knownCompanies.replaceCompanies('sandbox', [
      {
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
      },
    ]);
    const sourceService = new BackupService(source, path.join(root, 'origem'), '1.0.0');
    valid = (await sourceService.create({ ...defaultSettings, environment: 'sandbox' })).bytes;
    await source.close();
    await rm(path.join(root, 'origem'), { recursive: true, force: true });

    // …and this computer has its own work of today.
    holder = new CacheHolder(path.join(data, 'carreta.db'), silentLogger);
    await holder.open();
    await holder
      .require()
      .drafts.save({ kind: 'cte', company: COMPANY, title: 'trabalho de hoje', data: {} });
    service = new BackupService(holder, data, '1.0.0');
    settings = settingsSchema.parse({ ...defaultSettings, environment: 'sandbox' });
  }, 60_000);

  afterAll(async () => {
    await holder.close();
    await rm(root, { recursive: true, force: true });
  });

  it(
    `${CASES} mutated backups: refused in Portuguese or restored as data; nothing sent, written outside or lost`,
    async () => {
      const sender = new Sender({
        repos: () => holder.require(),
        api: () => {
          apiCalls++;
          return Promise.reject(new Error('o fuzz nunca deveria chegar à API'));
        },
        numbering: new Numbering(
          () => holder.require(),
          () => Promise.resolve(null),
        ),
      });
      const counts = { refused: 0, restored: 0, held: 0 };
      const codes = new Map<string, number>();
      for (let seed = 1; seed <= CASES; seed++) {
        const { bytes, what } = await mutate(valid, seed);
        const context = `seed ${seed}: ${what.join(' | ') || '(sem mutação)'}`;
        const before = await fingerprint(holder.require().db);
        let restored = false;
        try {
          const backup = await service.validate(bytes);
          counts.held += backup.held;
          const kept = await service.restore(backup);
          restored = true;
          counts.restored++;
          // The clerk confirmed with nothing ticked: no setting comes from the backup.
          const next = backup.settings ? restoredSettings(settings, backup.settings, []) : settings;
          expect(next, context).toEqual(settings);
          // Today's work is whole in the dated copy.
          expect(kept, context).not.toBeNull();
          expect(await fileFingerprint(kept!), context).toBe(before);
          // Nothing can be sent: no open send, and the resolver never reaches for the API.
          expect(await holder.require().outbox.open(), context).toEqual([]);
          expect(await sender.resolveOpen(), context).toEqual([]);
          const future = await holder
            .require()
            .db.get<{ n: number }>(
              "SELECT count(*) AS n FROM known_companies WHERE julianday(saved_at) IS NULL OR julianday(saved_at) > julianday('now')",
            );
          expect(future?.n, context).toBe(0);
        } catch (error) {
          if (restored) throw error;
          expect(error, context).toBeInstanceOf(AppError);
          const { code, message } = error as AppError;
          codes.set(code, (codes.get(code) ?? 0) + 1);
          expect(code, context).toMatch(/^backup_/);
          expect(message, context).toMatch(/cópia de segurança|Carreta/);
          counts.refused++;
          // Refused: the current database is exactly as it was.
          expect(await fingerprint(holder.require().db), context).toBe(before);
        }
        expect(apiCalls, context).toBe(0);
        const pending = path.join(data, PENDING_DIR);
        expect(existsSync(pending) ? readdirSync(pending) : [], context).toEqual([]);
        expect(outside(root, new Set([data])), context).toEqual([]);
      }
      // The fuzz exercised both sides and every kind of refusal it aims at.
      expect(counts.restored).toBeGreaterThan(CASES / 10);
      expect(counts.refused).toBeGreaterThan(CASES / 3);
      expect(counts.held).toBeGreaterThan(0);
      expect([...codes.keys()].sort()).toEqual(
        expect.arrayContaining(['backup_foreign_schema', 'backup_invalid', 'backup_newer_version']),
      );
    },
    Math.max(240_000, CASES * 1_000),
  );
});
