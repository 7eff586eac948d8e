import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';

export function settingsCommands(ctx: AppContext): Pick<CommandTable, 'settings:get' | 'settings:update'> {
  return {
    'settings:get': () => ctx.host.settings.get(),
    'settings:update': (patch) => {
      const next = ctx.host.settings.update(patch);
      void ctx.connectivity.refresh();
      return next;
    },
  };
}
