import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

import { migrate, openDatabase } from '../../cache';
import { migrations } from '../../cache/migrations/index';
import { AppError } from '../../shared/errors';
import type { BackupManifest } from '../../shared/schemas/documents';
import { backupManifestSchema } from '../../shared/schemas/documents';
import { settingsSchema } from '../../shared/schemas/settings';
import type { Settings } from '../../shared/schemas/settings';
import type { CacheHolder } from './cache-holder';

export const REMINDER_EVERY_MS = 7 * 86_400_000;
const PENDING_TTL_MS = 30 * 60_000;

const invalid = (detail: string) =>
  new AppError(
    'backup_invalid',
    'Este arquivo não é uma cópia de segurança válida do Carreta (ou está danificado). ' +
      'Escolha outro arquivo de backup; nada foi alterado.',
    { detail },
  );

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface ValidatedBackup {
  manifest: BackupManifest;
  settings: Settings | null;
  dbFile: string;
}

/** One-file backups (a ZIP: carreta.db + settings.json + manifest.json), restore with a confirmation step. */
export class BackupService {
  private readonly pending = new Map<string, { backup: ValidatedBackup; at: number }>();

  constructor(
    private readonly holder: CacheHolder,
    private readonly workDir: string,
    private readonly appVersion: string,
  ) {}

  private get stateFile() {
    return path.join(this.workDir, 'backup-state.json');
  }

  async create(settings: Settings): Promise<{ bytes: Buffer; fileName: string; createdAt: string }> {
    const repos = this.holder.require();
    await mkdir(this.workDir, { recursive: true });
    const temp = path.join(this.workDir, `backup-${randomUUID()}.db`);
    try {
      await repos.db.backup(temp);
      const db = await readFile(temp);
      const version = await repos.db.get<{ v: number | null }>('SELECT max(id) AS v FROM schema_migrations');
      const createdAt = new Date().toISOString();
      const manifest: BackupManifest = {
        format: 'carreta-backup',
        formatVersion: 1,
        appVersion: this.appVersion,
        schemaVersion: version?.v ?? 0,
        createdAt,
        databaseSha256: sha256(db),
        databaseSize: db.length,
      };
      // Settings hold no secrets by design (settingsSchema); credentials stay in the secret store.
      const zip = zipSync({
        'manifest.json': strToU8(JSON.stringify(manifest, null, 2)),
        'settings.json': strToU8(JSON.stringify(settingsSchema.parse(settings), null, 2)),
        'carreta.db': [db, { level: 1 }],
      });
      await writeFile(this.stateFile, JSON.stringify({ lastBackupAt: createdAt }));
      return { bytes: Buffer.from(zip), fileName: `carreta-backup-${createdAt.slice(0, 10)}.zip`, createdAt };
    } finally {
      await rm(temp, { force: true });
    }
  }

  /** Checks a backup completely (manifest, checksum, quick_check, known schema) without touching the cache. */
  async validate(bytes: Uint8Array): Promise<ValidatedBackup> {
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(bytes);
    } catch (error) {
      throw invalid(`zip: ${error instanceof Error ? error.message : String(error)}`);
    }
    const manifestBytes = entries['manifest.json'];
    const db = entries['carreta.db'];
    if (!manifestBytes || !db) throw invalid('manifest.json ou carreta.db ausente');
    let manifestJson: unknown;
    try {
      manifestJson = JSON.parse(strFromU8(manifestBytes));
    } catch {
      throw invalid('manifest.json não é JSON');
    }
    const parsed = backupManifestSchema.safeParse(manifestJson);
    if (!parsed.success) throw invalid(`manifest.json: ${parsed.error.message}`);
    const manifest = parsed.data;
    if (sha256(db) !== manifest.databaseSha256)
      throw invalid('carreta.db não confere com o checksum do manifesto');
    const known = migrations[migrations.length - 1]?.id ?? 0;
    if (manifest.schemaVersion > known) {
      throw new AppError(
        'backup_newer_version',
        'Esta cópia de segurança foi feita por uma versão mais nova do Carreta. Atualize o Carreta e tente de novo.',
        { detail: `schema ${manifest.schemaVersion} > ${known}` },
      );
    }
    await mkdir(this.workDir, { recursive: true });
    const dbFile = path.join(this.workDir, `restore-${randomUUID()}.db`);
    await writeFile(dbFile, db);
    try {
      // openDatabase runs quick_check; migrate refuses unknown or edited migrations and brings an
      // older backup up to this version.
      const opened = await openDatabase(dbFile);
      try {
        await migrate(opened);
        await opened.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      } finally {
        await opened.close();
      }
    } catch (error) {
      await rm(dbFile, { force: true });
      if (error instanceof AppError && error.code === 'cache_newer_version') throw error;
      throw invalid(`banco: ${error instanceof Error ? error.message : String(error)}`);
    }
    let settings: Settings | null = null;
    if (entries['settings.json']) {
      try {
        const value = settingsSchema.safeParse(JSON.parse(strFromU8(entries['settings.json'])));
        settings = value.success ? value.data : null;
      } catch {
        settings = null;
      }
    }
    return { manifest, settings, dbFile };
  }

  /** Keeps a validated backup until the user confirms; returns the token to confirm with. */
  hold(backup: ValidatedBackup): string {
    for (const [token, entry] of this.pending) {
      if (Date.now() - entry.at > PENDING_TTL_MS) {
        this.pending.delete(token);
        void rm(entry.backup.dbFile, { force: true });
      }
    }
    const token = randomUUID();
    this.pending.set(token, { backup, at: Date.now() });
    return token;
  }

  take(token: string): ValidatedBackup {
    const entry = this.pending.get(token);
    if (!entry || !existsSync(entry.backup.dbFile)) {
      throw new AppError('backup_expired', 'A restauração expirou. Escolha o arquivo de backup de novo.');
    }
    this.pending.delete(token);
    return entry.backup;
  }

  async restore(backup: ValidatedBackup): Promise<string | null> {
    try {
      return await this.holder.replaceWith(backup.dbFile);
    } finally {
      await rm(backup.dbFile, { force: true });
    }
  }

  status(now = Date.now()): { lastBackupAt: string | null; reminderDue: boolean } {
    let state: { lastBackupAt?: unknown; since?: unknown } = {};
    try {
      state = JSON.parse(readFileSync(this.stateFile, 'utf8')) as typeof state;
    } catch {
      // No state yet (or unreadable): start counting from now.
    }
    const lastBackupAt = typeof state.lastBackupAt === 'string' ? state.lastBackupAt : null;
    if (lastBackupAt)
      return { lastBackupAt, reminderDue: now - Date.parse(lastBackupAt) > REMINDER_EVERY_MS };
    // Never backed up: remind a week after the first use, not on a fresh install.
    let since = typeof state.since === 'string' ? Date.parse(state.since) : NaN;
    if (!Number.isFinite(since)) {
      since = now;
      try {
        mkdirSync(path.dirname(this.stateFile), { recursive: true });
        writeFileSync(this.stateFile, JSON.stringify({ since: new Date(now).toISOString() }));
      } catch {
        // Without a writable state file the reminder simply waits.
      }
    }
    return { lastBackupAt: null, reminderDue: now - since > REMINDER_EVERY_MS };
  }
}
