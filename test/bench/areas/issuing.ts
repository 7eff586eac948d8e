// Issuing figures against an in-process sandbox (documents really signed): sends per second
// through the whole path (reserve, outbox commit, POST, cache with XML), and duplicates under
// faults (dropped answers after commit, pendente answers), which must be 0.
import { buildCtePayload } from '../../../electron/fiscal/payload';
import { cteFormSchema } from '../../../electron/shared/schemas/cte-form';
import {
  controlFault,
  duplicatesIn,
  listSerie,
  openRig,
  startIssuingSandbox,
} from '../../app/issuing/harness';
import { company, cteForm } from '../../fiscal/payload/forms';
import type { Figure } from '../types';
import { note } from '../types';

const SENDS = 100;
const WORKERS = 4;

export default async function* issuing(): AsyncGenerator<Figure> {
  const sandbox = await startIssuingSandbox();
  const rig = await openRig(sandbox.url);
  const form = cteFormSchema.parse(cteForm());
  const run = async (serie: number, before?: (i: number) => Promise<void>) => {
    const queue = Array.from({ length: SENDS }, (_, i) => i);
    const statuses: string[] = [];
    const worker = async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
        await before?.(i);
        const out = await rig.issuing.sender.issue({
          kind: 'cte',
          company,
          serie,
          build: (ctx) => buildCtePayload(form, ctx),
        });
        statuses.push(out.status);
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    return statuses;
  };
  try {
    await run(90); // warm-up: token, prepared statements, JIT
    const start = performance.now();
    const clean = await run(91);
    const seconds = (performance.now() - start) / 1000;
    note(
      `${SENDS} sends, ${WORKERS} at a time, in ${seconds.toFixed(2)} s (${clean.filter((s) => s === 'autorizado').length} autorizados)`,
    );
    yield { name: 'emissions_per_s', value: Math.round((SENDS / seconds) * 10) / 10, unit: 'docs/s' };

    await controlFault(sandbox.url, { type: 'pendente', polls: 2, documents: SENDS / 20 });
    const faulty = await run(92, async (i) => {
      if (i % 10 === 0) await controlFault(sandbox.url, { type: 'drop', path: '/cte', count: 1 });
    });
    const docs = await listSerie(sandbox.url, 92);
    note(`under faults: ${faulty.length} sends, ${docs.length} documents at the API`);
    yield {
      name: 'duplicates_under_faults',
      value: duplicatesIn(docs) + Math.abs(docs.length - faulty.length),
      unit: 'docs',
    };
  } finally {
    await rig.close();
    await sandbox.close();
  }
}
