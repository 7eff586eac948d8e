import { createHash, randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { strFromU8, strToU8, Unzip, UnzipInflate, unzipSync, zipSync } from 'fflate';

import { migrate, openDatabase } from '../../cache';
import { migrations } from '../../cache/migrations/index';
import { AppError } from '../../shared/errors';
import type { BackupManifest } from '../../shared/schemas/documents';
import {
  backupManifestSchema,
  MAX_BACKUP_DATABASE_BYTES,
  MAX_BACKUP_FILE_BYTES,
} from '../../shared/schemas/documents';
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

const tooLarge = (detail: string) =>
  new AppError(
    'backup_too_large',
    `Este arquivo é grande demais para uma cópia de segurança do Carreta (o máximo é ${MAX_BACKUP_FILE_BYTES / 1024 / 1024} MB ` +
      `compactado e ${MAX_BACKUP_DATABASE_BYTES / 1024 / 1024 / 1024} GB de banco). Escolha outro arquivo; nada foi alterado.`,
    { detail },
  );

/** manifest.json and settings.json are a few kilobytes; anything bigger is not ours. */
const MAX_SMALL_ENTRY_BYTES = 1024 * 1024;
const ENTRIES = new Set(['manifest.json', 'settings.json', 'carreta.db']);
/** Compressed bytes handed to the inflater per step: deflate expands at most ~1032×, so ≤ 16 MiB out. */
const INFLATE_STEP = 16 * 1024;

interface DeclaredEntry {
  name: string;
  size: number;
  originalSize: number;
  compression: number;
}

/**
 * Reads the central directory's declared sizes and inflates only the two small entries, each into a
 * buffer of its declared size (fflate never grows a given output buffer). The database is checked
 * against the manifest here and inflated later, bounded, by inflateDatabase.
 */
function readSmallEntries(bytes: Uint8Array): { manifest: BackupManifest; settings: Settings | null } {
  const declared: DeclaredEntry[] = [];
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (file) => {
        declared.push(file);
        return (
          (file.name === 'manifest.json' || file.name === 'settings.json') &&
          file.originalSize <= MAX_SMALL_ENTRY_BYTES &&
          (file.compression === 0 || file.compression === 8)
        );
      },
    });
  } catch (error) {
    throw invalid(`zip: ${error instanceof Error ? error.message : String(error)}`);
  }
  const names = declared.map((entry) => entry.name);
  const unknown = names.filter((name) => !ENTRIES.has(name));
  if (unknown.length > 0 || new Set(names).size !== names.length)
    throw invalid(`entradas inesperadas: ${names.slice(0, 10).join(', ')}`);
  const small = declared.find(
    (entry) => entry.name !== 'carreta.db' && entry.originalSize > MAX_SMALL_ENTRY_BYTES,
  );
  if (small) throw invalid(`${small.name} declara ${small.originalSize} bytes`);
  const db = declared.find((entry) => entry.name === 'carreta.db');
  const manifestBytes = entries['manifest.json'];
  if (!manifestBytes || !db) throw invalid('manifest.json ou carreta.db ausente');
  if (db.compression !== 0 && db.compression !== 8) throw invalid(`compressão ${db.compression}`);
  let manifestJson: unknown;
  try {
    manifestJson = JSON.parse(strFromU8(manifestBytes));
  } catch {
    throw invalid('manifest.json não é JSON');
  }
  const parsed = backupManifestSchema.safeParse(manifestJson);
  if (!parsed.success) throw invalid(`manifest.json: ${parsed.error.message}`);
  const manifest = parsed.data;
  if (manifest.databaseSize > MAX_BACKUP_DATABASE_BYTES || db.originalSize > MAX_BACKUP_DATABASE_BYTES)
    throw tooLarge(`banco declarado com ${Math.max(manifest.databaseSize, db.originalSize)} bytes`);
  if (db.originalSize !== manifest.databaseSize)
    throw invalid(`carreta.db declara ${db.originalSize} bytes; o manifesto, ${manifest.databaseSize}`);
  let settings: Settings | null = null;
  if (entries['settings.json']) {
    try {
      const value = settingsSchema.safeParse(JSON.parse(strFromU8(entries['settings.json'])));
      settings = value.success ? value.data : null;
    } catch {
      settings = null;
    }
  }
  return { manifest, settings };
}

/**
 * Inflates carreta.db into `file` in small steps, writing each piece as it comes, and stops as soon
 * as it passes `limit` (the manifest's size). Returns the SHA-256 of what was written.
 */
function inflateDatabase(bytes: Uint8Array, file: string, limit: number): string {
  const hash = createHash('sha256');
  const fd = openSync(file, 'w', 0o600);
  // Set from fflate's callbacks, read after each step.
  const state: { written: number; failure: AppError | null; found: boolean; done: boolean } = {
    written: 0,
    failure: null,
    found: false,
    done: false,
  };
  try {
    const unzip = new Unzip((entry) => {
      if (entry.name !== 'carreta.db' || state.found) return;
      state.found = true;
      entry.ondata = (error, chunk, final) => {
        if (state.failure) return;
        if (error) {
          state.failure = invalid(`carreta.db: ${error.message}`);
          return;
        }
        state.written += chunk.length;
        if (state.written > limit) {
          state.failure = invalid(`carreta.db passa dos ${limit} bytes declarados no manifesto`);
          entry.terminate();
          return;
        }
        hash.update(chunk);
        writeSync(fd, chunk);
        if (final) state.done = true;
      };
      entry.start();
    });
    unzip.register(UnzipInflate);
    for (let offset = 0; offset < bytes.length && !state.failure && !state.done; offset += INFLATE_STEP) {
      const end = Math.min(offset + INFLATE_STEP, bytes.length);
      unzip.push(bytes.subarray(offset, end), end === bytes.length);
    }
  } catch (error) {
    state.failure ??= invalid(`zip: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    closeSync(fd);
  }
  if (state.failure) throw state.failure;
  if (!state.done || state.written !== limit)
    throw invalid(`carreta.db tem ${state.written} bytes; o manifesto diz ${limit}`);
  return hash.digest('hex');
}

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
    await mkdir(this.workDir, { recursive: true, mode: 0o700 });
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
      await writeFile(this.stateFile, JSON.stringify({ lastBackupAt: createdAt }), { mode: 0o600 });
      return { bytes: Buffer.from(zip), fileName: `carreta-backup-${createdAt.slice(0, 10)}.zip`, createdAt };
    } finally {
      await rm(temp, { force: true });
    }
  }

  /**
   * Checks a backup completely (sizes, manifest, checksum, quick_check, known schema) without
   * touching the cache. Nothing is inflated before the ZIP's declared sizes agree with the manifest
   * and a sane maximum, and the database is inflated in small steps straight to a file, stopping at
   * the size the manifest declares: a crafted ZIP cannot fill the memory or the disk.
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
    await mkdir(this.workDir, { recursive: true, mode: 0o700 });
    const dbFile = path.join(this.workDir, `restore-${randomUUID()}.db`);
    try {
      const digest = inflateDatabase(bytes, dbFile, manifest.databaseSize);
      if (digest !== manifest.databaseSha256)
        throw invalid('carreta.db não confere com o checksum do manifesto');
    } catch (error) {
      await rm(dbFile, { force: true });
      throw error;
    }
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
