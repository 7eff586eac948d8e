// The NF-e distribution services of one sandbox context, shared by its route plugins so the
// service's automatic runs are one per company whichever route triggers them.
import type { SandboxContext } from '../context';
import { createAutomaticDistribution } from './automatic';
import { createDistribution } from './distribution';
import { inboxOf } from './inbox';
import { createManifestation } from './manifestation';

async function create(ctx: SandboxContext) {
  const inbox = await inboxOf(ctx);
  const distribution = createDistribution(ctx, inbox);
  const manifestation = createManifestation(ctx, inbox);
  const automatic = createAutomaticDistribution(ctx, inbox, {
    request: (p) => distribution.request(p, { automatic: true }),
    autoCiencia: (k, docs) => manifestation.autoCiencia(k, docs),
  });
  return { inbox, distribution, manifestation, automatic };
}

export type NfeServices = Awaited<ReturnType<typeof create>>;

const services = new WeakMap<SandboxContext, Promise<NfeServices>>();

export function nfeServicesOf(ctx: SandboxContext): Promise<NfeServices> {
  let found = services.get(ctx);
  if (!found) {
    found = create(ctx);
    services.set(ctx, found);
  }
  return found;
}
