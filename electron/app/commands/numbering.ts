// The next número of each company, model and série: what the form shows and the clerk may move
// (with warnings about gaps and números already spent). The numbering service is kind-agnostic
// (electron/app/issuing/numbering).
import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';
import type { Issuing } from '../issuing';

/** The série asked for, else this workstation's série for the model (Settings), else 1. */
export function serieFor(
  ctx: AppContext,
  kind: 'cte' | 'cteos' | 'dce' | 'mdfe',
  asked: number | undefined,
): number {
  return asked ?? ctx.host.settings.get().series?.[kind] ?? 1;
}

export function numberingCommands(
  ctx: AppContext,
  issuing: Issuing,
): Pick<CommandTable, 'numbering:get' | 'numbering:set'> {
  const environment = () => ctx.host.settings.get().environment;
  return {
    'numbering:get': async ({ company, kind, serie }) => ({
      ...(await issuing.numbering.state({
        company,
        kind,
        serie: serieFor(ctx, kind, serie),
        environment: environment(),
      })),
      warnings: [],
    }),
    'numbering:set': async ({ company, kind, serie, next }) => {
      const scope = { company, kind, serie: serieFor(ctx, kind, serie), environment: environment() };
      const { warnings } = await issuing.numbering.setNext(scope, next);
      return { ...(await issuing.numbering.state(scope)), warnings };
    },
  };
}
