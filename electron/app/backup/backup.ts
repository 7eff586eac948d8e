import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { strToU8, zipSync } from 'fflate';

import { migrations } from '../../cache/migrations/index';
import { AppError } from '../../shared/errors';
import type { BackupManifest } from '../../shared/schemas/documents';
import { MAX_BACKUP_FILE_BYTES } from '../../shared/schemas/documents';
import { settingsSchema } from '../../shared/schemas/settings';
import type { Settings } from '../../shared/schemas/settings';
import { inflateDatabase, invalid, readSmallEntries, sha256, tooLarge } from './archive';
import type { CacheHolder } from './cache-holder';
import type { KeptCopy } from './kept';
import { isKeptName, KEPT_DIR, keptFileName, listKept } from './kept';
import { expiredError, PENDING_DIR, PENDING_TTL_MS, PendingRestore, removeDatabase } from './pending';
import { prepareRestoredDatabase } from './restore-check';

export const REMINDER_EVERY_MS = 7 * 86_400_000;

export interface ValidatedBackup {
  manifest: BackupManifest;
  settings: Settings | null;
  dbFile: string;
  /** Sends that were open in the backup, now waiting for the clerk's review. */
  held: number;
}

export interface BackupServiceOptions {
  now?: () => Date;
  pendingTtlMs?: number;
}

const busy = () =>
  new AppError(
    'backup_busy',
    'Já há uma restauração em andamento. Aguarde ela terminar; depois, se ainda quiser, escolha a cópia de novo.',
  );

/** One-file backups (a ZIP: carreta.db + settings.json + manifest.json), restore with a confirmation step. */
export class BackupService {
  private readonly pending: PendingRestore<ValidatedBackup>;
  private readonly now: () => Date;
  private running = false;

  constructor(
    private readonly holder: CacheHolder,
    private readonly workDir: string,
    private readonly appVersion: string,
    options: BackupServiceOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.pending = new PendingRestore(
      path.join(workDir, PENDING_DIR),
      options.pendingTtlMs ?? PENDING_TTL_MS,
    );
  }

  private get stateFile() {
    return path.join(this.workDir, 'backup-state.json');
  }

  /** Where the databases replaced by restores are kept. */
  get keptDir(): string {
    return path.join(this.workDir, KEPT_DIR);
  }

  async create(settings: Settings): Promise<{ bytes: Buffer; fileName: string; createdAt: string }> {
    const repos = this.holder.require();
    await mkdir(this.workDir, { recursive: true, mode: 0o700 });
    const temp = path.join(this.workDir, `backup-${randomUUID()}.db`);
    try {
      await repos.db.backup(temp);
      const db = await readFile(temp);
      const version = await repos.db.get<{ v: number | null }>('SELECT max(id) AS v FROM schema_migrations');
      const createdAt = this.now().toISOString();
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
      await writeFile(this.stateFile, JSON.stringify({ lastBackupAt: createdAt }), { mode: 0o600 });
      return { bytes: Buffer.from(zip), fileName: `carreta-backup-${createdAt.slice(0, 10)}.zip`, createdAt };
    } finally {
      await rm(temp, { force: true });
    }
  }

  /**
   * Checks a backup completely without touching the cache: sizes, manifest, checksum, then the
   * database as untrusted data (restore-check.ts: integrity, the schema this app creates, older
   * migrations run on the copy, open sends held, remembered answers dated no later than the
   * backup). Nothing is inflated before the ZIP's declared sizes agree with the manifest and a
   * sane maximum, and the database is inflated in small steps straight to a file in the pending
   * folder, stopping at the size the manifest declares.
   */
  async validate(bytes: Uint8Array): Promise<ValidatedBackup> {
    if (bytes.length > MAX_BACKUP_FILE_BYTES) throw tooLarge(`arquivo de ${bytes.length} bytes`);
    const { manifest, settings } = readSmallEntries(bytes);
    const known = migrations[migrations.length - 1]?.id ?? 0;
    if (manifest.schemaVersion > known) {
      throw new AppError(
        'backup_newer_version',
        'Esta cópia de segurança foi feita por uma versão mais nova do Carreta. Atualize o Carreta e tente de novo.',
        { detail: `schema ${manifest.schemaVersion} > ${known}` },
      );
    }
    const dbFile = this.pending.newFile();
    try {
      const digest = inflateDatabase(bytes, dbFile, manifest.databaseSize);
      if (digest !== manifest.databaseSha256)
        throw invalid('carreta.db não confere com o checksum do manifesto');
      const prepared = await prepareRestoredDatabase(dbFile, {
        declaredVersion: manifest.schemaVersion,
        createdAt: manifest.createdAt,
        now: this.now(),
      });
      return { manifest, settings, dbFile, held: prepared.held };
    } catch (error) {
      await removeDatabase(dbFile);
      throw error;
    }
  }

  /** A database kept by an earlier restore, checked as any backup is (it is a file on the disk, too). */
  async validateKept(name: string): Promise<ValidatedBackup> {
    const source = path.join(this.keptDir, name);
    if (!isKeptName(name) || !existsSync(source))
      throw new AppError('backup_kept_missing', 'Este banco guardado não existe mais nesta pasta.');
    const dbFile = this.pending.newFile();
    try {
      await copyFile(source, dbFile);
      if (existsSync(`${source}-wal`)) await copyFile(`${source}-wal`, `${dbFile}-wal`);
      const prepared = await prepareRestoredDatabase(dbFile, {
        declaredVersion: null,
        createdAt: null,
        now: this.now(),
      });
      const bytes = await readFile(dbFile);
      const kept = listKept(this.keptDir).find((copy) => copy.name === name);
      const manifest: BackupManifest = {
        format: 'carreta-backup',
        formatVersion: 1,
        appVersion: this.appVersion,
        schemaVersion: prepared.schemaVersion,
        createdAt: kept?.keptAt ?? this.now().toISOString(),
        databaseSha256: sha256(bytes),
        databaseSize: bytes.length,
      };
      return { manifest, settings: null, dbFile, held: prepared.held };
    } catch (error) {
      await removeDatabase(dbFile);
      throw error;
    }
  }

  /** Keeps a validated backup until the user confirms; one at a time. Returns the token to confirm with. */
  hold(backup: ValidatedBackup): string {
    return this.pending.hold(backup, backup.dbFile);
  }

  take(token: string): ValidatedBackup {
    const backup = this.pending.take(token);
    if (!existsSync(backup.dbFile)) throw expiredError();
    return backup;
  }

  /** Drops a validated backup that will not be restored (and its file). */
  async discard(backup: ValidatedBackup): Promise<void> {
    await removeDatabase(backup.dbFile);
  }

  /**
   * Runs one restore at a time: a second confirmation while one runs is refused, never queued
   * behind it (it would replace the first's result without the clerk seeing it).
   */
  async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running) throw busy();
    this.running = true;
    try {
      return await fn();
    } finally {
      this.running = false;
    }
  }

  get restoring(): boolean {
    return this.running;
  }

  /** Puts the validated database in place; the current one is kept as a new dated copy. */
  async restore(backup: ValidatedBackup): Promise<string | null> {
    try {
      await mkdir(this.keptDir, { recursive: true, mode: 0o700 });
      const keepAs = path.join(this.keptDir, keptFileName(this.keptDir, this.now()));
      return await this.holder.replaceWith(backup.dbFile, keepAs);
    } finally {
      await removeDatabase(backup.dbFile);
    }
  }

  kept(): KeptCopy[] {
    return listKept(this.keptDir);
  }

  /** Start and quit: validated files nobody will confirm are removed (all of them on quit). */
  async sweep(all = false): Promise<void> {
    await this.pending.sweep(all);
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
        mkdirSync(path.dirname(this.stateFile), { recursive: true, mode: 0o700 });
        writeFileSync(this.stateFile, JSON.stringify({ since: new Date(now).toISOString() }), {
          mode: 0o600,
        });
      } catch {
        // Without a writable state file the reminder simply waits.
      }
    }
    return { lastBackupAt: null, reminderDue: now - since > REMINDER_EVERY_MS };
  }
}
