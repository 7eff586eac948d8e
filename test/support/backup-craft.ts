// Crafting a backup as an attacker would: unzip a real one, change its database with any SQL
// (writable_schema included), its settings or its manifest, and zip it again with a manifest
// whose checksum and size match — so what is tested is the restore's judgement of the contents,
// not merely the checksum.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import sqlite3 from 'sqlite3';

import { openDatabase } from '../../electron/cache/db';
import type { Migration } from '../../electron/cache/migrations';
import { migrate } from '../../electron/cache/migrations';
import type { BackupManifest } from '../../electron/shared/schemas/documents';
import type { Settings } from '../../electron/shared/schemas/settings';

export interface Craft {
  /** Statements run on the backup's database, in order (a failing one fails the craft). */
  sql?: string[];
  settings?: (settings: Settings) => unknown;
  manifest?: (manifest: BackupManifest) => unknown;
  /** Entries to add, replace (bytes) or drop (null) after the rest. */
  entries?: Record<string, Uint8Array | null>;
  /** Leave the manifest's checksum and size as they were (default: recomputed). */
  keepChecksum?: boolean;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Runs SQL on a database file with the plain driver (no app settings: an attacker's tool). */
export function runSql(file: string, statements: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, (openError) => {
      if (openError) return reject(openError);
      // A scratch copy: no journal to sync (and the result is a single file, as a backup holds).
      const all = ['PRAGMA journal_mode = MEMORY', 'PRAGMA synchronous = OFF', ...statements];
      const next = (i: number) => {
        if (i === all.length) return db.close((error) => (error ? reject(error) : resolve()));
        db.exec(all[i]!, (error) => {
          if (error) {
            db.close(() => reject(new Error(`${all[i]}: ${error.message}`)));
            return;
          }
          next(i + 1);
        });
      };
      next(0);
    });
  });
}

/** A database file made of `bytes`, changed by `statements`, read back. */
export async function changeDatabase(bytes: Uint8Array, statements: string[]): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'carreta-craft-'));
  try {
    const file = path.join(dir, 'carreta.db');
    await writeFile(file, bytes);
    await runSql(file, statements);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The backup's three entries, parsed. */
export function openBackup(zip: Uint8Array) {
  const entries = unzipSync(zip);
  return {
    entries,
    manifest: JSON.parse(strFromU8(entries['manifest.json']!)) as BackupManifest,
    settings: JSON.parse(strFromU8(entries['settings.json']!)) as Settings,
    db: entries['carreta.db']!,
  };
}

export async function craftBackup(zip: Uint8Array, craft: Craft): Promise<Buffer> {
  const { entries, manifest, settings } = openBackup(zip);
  const db = craft.sql?.length
    ? await changeDatabase(entries['carreta.db']!, craft.sql)
    : entries['carreta.db']!;
  let nextManifest: unknown = craft.keepChecksum
    ? manifest
    : { ...manifest, databaseSha256: sha256(db), databaseSize: db.length };
  if (craft.manifest) nextManifest = craft.manifest(nextManifest as BackupManifest);
  const out: Record<string, Uint8Array> = {
    'manifest.json': strToU8(JSON.stringify(nextManifest)),
    'settings.json': strToU8(JSON.stringify(craft.settings ? craft.settings(settings) : settings)),
    'carreta.db': db,
  };
  for (const [name, value] of Object.entries(craft.entries ?? {})) {
    if (value === null) delete out[name];
    else out[name] = value;
  }
  return Buffer.from(zipSync(out));
}

/** A backup ZIP around a database file built by the first migrations of `list` (an older version). */
export async function backupOfVersion(
  list: readonly Migration[],
  count: number,
  statements: string[],
  settings: Settings,
): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'carreta-old-'));
  try {
    const file = path.join(dir, 'carreta.db');
    const db = await openDatabase(file);
    await migrate(db, list.slice(0, count));
    await db.close();
    await runSql(file, statements);
    const bytes = await readFile(file);
    const manifest: BackupManifest = {
      format: 'carreta-backup',
      formatVersion: 1,
      appVersion: '0.9.0',
      schemaVersion: list[count - 1]!.id,
      createdAt: '2026-01-10T12:00:00.000Z',
      databaseSha256: sha256(bytes),
      databaseSize: bytes.length,
    };
    return Buffer.from(
      zipSync({
        'manifest.json': strToU8(JSON.stringify(manifest)),
        'settings.json': strToU8(JSON.stringify(settings)),
        'carreta.db': bytes,
      }),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
