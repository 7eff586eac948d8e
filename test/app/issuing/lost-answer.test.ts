// A lost answer: the API received the emission and committed it, but the answer never came back.
// The resend carries the same `referencia`, which the API refuses (400 "O campo 'referencia' deve
// ser único."); the client reads that refusal as "it arrived" and finds the CT-e by `referencia`.
// Without that look-up the refusal would be taken for the API's and the authorized número released.
// (It is the one look-up: the sender's own, before resending, was a second copy and went.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildCtePayload } from '../../../electron/fiscal/payload';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import { cteFormSchema } from '../../../electron/shared/schemas/cte-form';
import { company, cteForm } from '../../fiscal/payload/forms';
import type { Rig } from './harness';
import { CLIENT_SECRET, controlFault, listSerie, openRig, startIssuingSandbox } from './harness';

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

describe('sender: an answer lost after the API committed the CT-e', () => {
  it('one document: the repeat is refused as such and the CT-e found by referencia; the número is kept', async () => {
    const serie = 41;
    await controlFault(sandbox.url, { type: 'drop', path: '/cte', count: 1 });
    const out = await rig.issuing.sender.issue({
      kind: 'cte',
      company,
      serie,
      build: (ctx) => buildCtePayload(form, ctx),
    });
    expect(out.status).toBe('autorizado');
    expect(out.numero).toBe(1);
    expect(out.rejection).toBeNull();
    expect((await rig.repos.outbox.byReferencia(out.referencia))?.state).toBe('sent');
    const docs = await listSerie(sandbox.url, serie);
    expect(docs.map((d) => [d.referencia, d.numero, d.status])).toEqual([[out.referencia, 1, 'autorizado']]);
    // The drop really happened (it was consumed by the first POST).
    const left = await fetch(`${sandbox.url}/_sandbox/faults`, {
      headers: { 'x-sandbox-secret': CLIENT_SECRET },
    });
    expect(((await left.json()) as { data: unknown[] }).data).toEqual([]);
    // The next CT-e takes the next número: the first one was not released.
    const next = await rig.issuing.sender.issue({
      kind: 'cte',
      company,
      serie,
      build: (ctx) => buildCtePayload(form, ctx),
    });
    expect(next.numero).toBe(2);
  });
});
