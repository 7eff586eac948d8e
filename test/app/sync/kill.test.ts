// Kills a syncing process at random moments and checks, after each kill, that the cache is
// intact and no batch is half-applied; then a last run must reach the same state as a sync that
// was never interrupted. KILL_TEST_RUNS sets the number of kills (12 by default, 16 under CI=true;
// each costs a process start). The moments are stratified rather than drawn blindly: every fourth
// kill lands in the list phase, the others spread over the file phase's whole span, so few kills
// reach both phases (printed at the end) instead of many kills reaching them by chance.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import type { Database } from '../../../electron/cache';
import { MEMORY, openCache, openDatabase } from '../../../electron/cache';
import { createRepositories } from '../../../electron/cache/repositories';
import { silentLogger } from '../../../electron/app/logger';
import { SyncService } from '../../../electron/app/sync/service';
import { useTempDir } from '../../cache/temp-dir';
import { rng } from '../../cache/repositories/fixtures';
import { FakeSource } from './fake-source';

const here = path.dirname(fileURLToPath(import.meta.url));
const child = path.join(here, 'kill-child.ts');
const COUNT = 1_500;
const RUNS = Number(process.env.KILL_TEST_RUNS ?? (process.env.CI === 'true' ? 16 : 12));
const scope = { company: '12345678000190', kind: 'cte', environment: 'sandbox' };

function run(file: string, killAfterMs: number | null): Promise<'killed' | 'done'> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child, file, String(COUNT)], {
      cwd: path.resolve(here, '..', '..', '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let timer: NodeJS.Timeout | null = null;
    proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    proc.stdout.on('data', (chunk: Buffer) => {
      if (killAfterMs !== null && timer === null && chunk.toString().includes('ready')) {
        timer = setTimeout(() => proc.kill('SIGKILL'), killAfterMs);
      }
    });
    proc.on('error', reject);
    proc.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      if (signal === 'SIGKILL') resolve('killed');
      else if (code === 0) resolve('done');
      else reject(new Error(`child exited with ${code}: ${stderr}`));
    });
  });
}

async function snapshot(db: Database) {
  const documents = await db.all(
    `SELECT api_id, status, serie, numero, chave, tomador_doc, remetente_doc, valor_prestacao, valor_icms,
            xml_state, missing_remote FROM documents ORDER BY api_id`,
  );
  const files = await db.all(
    `SELECT d.api_id, f.event_id, f.kind, f.sha256, f.size FROM document_files f JOIN documents d ON d.id = f.doc_id
      ORDER BY d.api_id, f.event_id, f.kind`,
  );
  return { documents, files };
}

/** `before`: the documents the cache held before this run (a re-list upserts, it never removes). */
async function checkConsistent(file: string, before: number) {
  const db = await openDatabase(file);
  try {
    const integrity = await db.all<{ integrity_check: string }>('PRAGMA integrity_check');
    expect(integrity.map((row) => row.integrity_check)).toEqual(['ok']);
    expect(await db.all('PRAGMA foreign_key_check')).toEqual([]);
    const count = (await db.get<{ n: number }>('SELECT count(*) AS n FROM documents'))!.n;
    const state = await db.get<{ cursor_json: string | null; last_sync: string | null }>(
      'SELECT cursor_json, last_sync FROM sync_state WHERE company = ? AND kind = ? AND environment = ?',
      [scope.company, scope.kind, scope.environment],
    );
    if (state?.cursor_json) {
      // Mid-list: the committed cursor counts exactly the documents committed with it; a re-list
      // over a cache that already held more (a killed file phase) upserts the same documents.
      expect(count).toBe(Math.max(before, (JSON.parse(state.cursor_json) as { skip: number }).skip));
    } else if (state?.last_sync) {
      expect(count).toBe(COUNT);
    } else {
      expect(count).toBe(0);
    }
    expect(count % 100 === 0 || count === COUNT).toBe(true);
    // A document marked as having its XML has the file, written in the same transaction.
    const orphans = await db.get<{ n: number }>(
      `SELECT count(*) AS n FROM documents d WHERE xml_state = 'present'
         AND NOT EXISTS (SELECT 1 FROM document_files f WHERE f.doc_id = d.id AND f.event_id = 0 AND f.kind = 'xml')`,
    );
    expect(orphans?.n).toBe(0);
    const withoutFields = await db.get<{ n: number }>(
      "SELECT count(*) AS n FROM documents WHERE xml_state = 'present' AND tomador_doc IS NULL",
    );
    expect(withoutFields?.n).toBe(0);
    return count;
  } finally {
    await db.close();
  }
}

describe('sync killed at random moments', () => {
  const temp = useTempDir();

  it(
    `stays consistent after ${RUNS} SIGKILLs and then reaches the uninterrupted state`,
    { timeout: 900_000 },
    async () => {
      const file = path.join(temp.dir(), 'carreta.db');
      const random = rng(Number(process.env.KILL_TEST_SEED ?? Date.now() % 1_000_000));
      const seen = new Set<string>();
      let before = 0;
      for (let i = 0; i < RUNS; i++) {
        // Every fourth kill lands early, in the list phase; the others in the file phase, each in its
        // own slice of the 300–3300 ms span (with a random point inside the slice).
        const slice = 3000 / RUNS;
        const delay = i % 4 === 0 ? Math.floor(random() * 250) : 300 + Math.floor(slice * (i + random()));
        const outcome = await run(file, delay);
        const count = await checkConsistent(file, before);
        before = count;
        seen.add(outcome === 'done' ? 'done' : count < COUNT ? 'listing' : 'files');
        // A finished sync has nothing left to interrupt, and the list phase is short: every few
        // kills (and after a finish) the next round starts from an empty cache.
        if (outcome === 'done' || i % 4 === 3) {
          for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
          before = 0;
        }
      }
      expect(await run(file, null)).toBe('done');
      await checkConsistent(file, before);

      const reference = await openCache(MEMORY);
      const source = new FakeSource();
      source.issue(COUNT, { total: COUNT });
      await new SyncService({
        repos: () => createRepositories(reference),
        target: async () => ({ source, environment: 'sandbox', ambiente: 'homologacao' }),
        progress: () => undefined,
        logger: silentLogger,
      }).sync({ kinds: ['cte'] });
      const killed = await openDatabase(file);
      try {
        expect(await snapshot(killed)).toEqual(await snapshot(reference));
      } finally {
        await killed.close();
        await reference.close();
      }
      console.log(`[kill test] ${RUNS} kills, interrupted phases: ${[...seen].join(', ')}`);
    },
  );
});
