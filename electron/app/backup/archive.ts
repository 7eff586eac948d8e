// The backup file itself: a ZIP of manifest.json, settings.json and carreta.db, read within
// bounds. Nothing is inflated before the ZIP's declared sizes agree with the manifest and a sane
// maximum, and the database is inflated in small steps straight to a file.
import { createHash } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';

import { strFromU8, Unzip, UnzipInflate, unzipSync } from 'fflate';

import { AppError } from '../../shared/errors';
import type { BackupManifest } from '../../shared/schemas/documents';
import {
  backupManifestSchema,
  MAX_BACKUP_DATABASE_BYTES,
  MAX_BACKUP_FILE_BYTES,
} from '../../shared/schemas/documents';
import { settingsSchema } from '../../shared/schemas/settings';
import type { Settings } from '../../shared/schemas/settings';

export const invalid = (detail: string) =>
  new AppError(
    'backup_invalid',
    'Este arquivo não é uma cópia de segurança válida do Carreta (ou está danificado). ' +
      'Escolha outro arquivo de backup; nada foi alterado.',
    { detail },
  );

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export const tooLarge = (detail: string) =>
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
export function readSmallEntries(bytes: Uint8Array): { manifest: BackupManifest; settings: Settings | null } {
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
export function inflateDatabase(bytes: Uint8Array, file: string, limit: number): string {
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
