// Faults: dropped answers after commit, `pendente` answers, and a process killed mid-POST must
// never produce two documents for one send, and every send must end resolved.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openCache } from '../../../electron/cache';
import { buildCtePayload } from '../../../electron/fiscal/payload';
import type { IssueOutcome } from '../../../electron/app/issuing';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import { cteFormSchema } from '../../../electron/shared/schemas/cte-form';
import { company, cteForm } from '../../fiscal/payload/forms';
import type { Rig } from './harness';
import {
  CLIENT_SECRET,
  controlFault,
  duplicatesIn,
  listSerie,
  openRig,
  startIssuingSandbox,
} from './harness';

/** 200 under CI=true (the brief's figure); locally the same unless ISSUING_FAULT_SENDS says otherwise. */
export const FAULT_SENDS = Number(process.env.ISSUING_FAULT_SENDS ?? 200);
const here = path.dirname(fileURLToPath(import.meta.url));

let sandbox: RunningSandbox;
let rig: Rig;
const form = cteFormSchema.parse(cteForm());

beforeAll(async () => {
  sandbox = await startIssuingSandbox();
  rig = await openRig(sandbox.url);
}, 30_000);
afterAll(async () => {
  await rig?.close();
  await sandbox?.close();
});

describe('issuing under faults', () => {
  it(`${FAULT_SENDS} emissions with 10 % dropped answers and some pendente: zero duplicates, all resolved`, async () => {
    const serie = 20;
    await controlFault(sandbox.url, { type: 'pendente', polls: 2, documents: Math.ceil(FAULT_SENDS / 20) });
    const outcomes: IssueOutcome[] = [];
    const queue = Array.from({ length: FAULT_SENDS }, (_, i) => i);
    const worker = async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
        if (i % 10 === 0) await controlFault(sandbox.url, { type: 'drop', path: '/cte', count: 1 });
        outcomes.push(
          await rig.issuing.sender.issue({
            kind: 'cte',
            company,
            serie,
            build: (ctx) => buildCtePayload(form, ctx),
          }),
        );
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(outcomes.filter((o) => o.status !== 'autorizado').map((o) => o.status)).toEqual([]);
    const docs = await listSerie(sandbox.url, serie);
    expect(duplicatesIn(docs)).toBe(0);
    expect(docs).toHaveLength(FAULT_SENDS);
    expect(new Set(outcomes.map((o) => o.numero)).size).toBe(FAULT_SENDS);
    expect(await rig.repos.outbox.open()).toEqual([]);
    // Every injected drop and pendente was consumed: the faults really happened.
    const left = await fetch(`${sandbox.url}/_sandbox/faults`, {
      headers: { 'x-sandbox-secret': CLIENT_SECRET },
    });
    expect(((await left.json()) as { data: unknown[] }).data).toEqual([]);
  }, 120_000);

  it('a process killed while its POST is in flight: a new process resolves the outbox, one document', async () => {
    const serie = 30;
    const dir = mkdtempSync(path.join(tmpdir(), 'carreta-kill-'));
    try {
      await controlFault(sandbox.url, { type: 'latency', path: '/cte', method: 'POST', ms: 1500, count: 1 });
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(here, 'kill-child.ts'), sandbox.url, dir, String(serie)],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      const watcher = await waitForSending(path.join(dir, 'cache.sqlite'), 20_000);
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      expect(output).not.toContain('finished');
      expect(watcher).toBe(true);
      // Let the server finish the request it received (it commits after the latency).
      await new Promise((r) => setTimeout(r, 1600));
      const next = await openRig(sandbox.url, dir);
      try {
        const open = await next.repos.outbox.open();
        expect(open).toHaveLength(1);
        const [resolved] = await next.issuing.sender.resolveOpen();
        expect(resolved?.status).toBe('autorizado');
        expect(await next.repos.outbox.open()).toEqual([]);
        const docs = await listSerie(sandbox.url, serie);
        expect(docs.filter((d) => d.referencia === open[0]!.referencia)).toHaveLength(1);
        expect(duplicatesIn(docs)).toBe(0);
      } finally {
        await next.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

/** Polls the child's cache until its outbox row is being sent (the POST is on the wire). */
async function waitForSending(file: string, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      const db = await openCache(file);
      try {
        const row = await db.get<{ n: number }>("SELECT count(*) AS n FROM outbox WHERE state = 'sending'");
        if ((row?.n ?? 0) > 0) return true;
      } finally {
        await db.close();
      }
    } catch {
      // Not created yet.
    }
  }
  return false;
}
