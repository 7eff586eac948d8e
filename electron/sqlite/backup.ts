import { mkdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';

import type sqlite3 from 'sqlite3';

/** node-sqlite3's Backup handle; missing from its type declarations. */
interface RawBackup {
  step(pages: number, callback: (error: Error | null) => void): void;
  finish(callback: (error: Error | null) => void): void;
  readonly completed: boolean;
  readonly failed: boolean;
}
type BackupCapable = sqlite3.Database & {
  backup(file: string, callback: (error: Error | null) => void): RawBackup;
};

function onlineBackup(raw: sqlite3.Database, file: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const backup = (raw as BackupCapable).backup(file, (openError) => {
      if (openError) return reject(openError);
      // One step copies every page; the caller keeps the app's own writers out meanwhile.
      backup.step(-1, (stepError) => {
        backup.finish((finishError) => {
          const error = stepError ?? finishError;
          if (error) reject(error);
          else if (!backup.completed || backup.failed) reject(new Error('SQLite backup did not complete.'));
          else resolve();
        });
      });
    });
  });
}

/**
 * Copies the main database of `raw` to `target` with SQLite's online backup API. The copy is
 * written beside the target and renamed over it, so an interrupted backup never replaces a good
 * older one. The caller must hold the connection exclusively (no open transaction).
 */
export async function copyDatabase(raw: sqlite3.Database, target: string): Promise<void> {
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const partial = `${target}.partial`;
  await rm(partial, { force: true });
  try {
    await onlineBackup(raw, partial);
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
