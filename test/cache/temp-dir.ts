import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach } from 'vitest';

import type { Database } from '../../electron/cache/db';

/** Temporary folders and databases created by a test, removed (closed first) after it. */
export function useTempDir(): { dir: () => string; track: (db: Database) => Database } {
  const dirs: string[] = [];
  const dbs: Database[] = [];
  afterEach(async () => {
    for (const db of dbs.splice(0)) await db.close().catch(() => undefined);
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return {
    dir: () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'carreta-cache-'));
      dirs.push(dir);
      return dir;
    },
    track: (db) => {
      dbs.push(db);
      return db;
    },
  };
}
