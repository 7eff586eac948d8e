// Child process for the crash test: issues one CT-e against the sandbox at argv[2] with the cache
// in argv[3]; the parent SIGKILLs it while the POST is in flight.
import { buildCtePayload } from '../../../electron/fiscal/payload';
import { cteFormSchema } from '../../../electron/shared/schemas/cte-form';
import { company, cteForm } from '../../fiscal/payload/forms';
import { openRig } from './harness';

const [url, dir, serie] = process.argv.slice(2);
const rig = await openRig(url!, dir);
const form = cteFormSchema.parse(cteForm());
const out = await rig.issuing.sender.issue({
  kind: 'cte',
  company,
  serie: Number(serie),
  build: (ctx) => buildCtePayload(form, ctx),
});
process.stdout.write(`finished ${out.status}\n`);
await rig.close();
