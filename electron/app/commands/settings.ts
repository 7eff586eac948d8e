import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';
import { DEMO_CNPJ } from '../demo';

export function settingsCommands(ctx: AppContext): Pick<CommandTable, 'settings:get' | 'settings:update'> {
  return {
    'settings:get': () => ctx.host.settings.get(),
    'settings:update': (patch) => {
      const current = ctx.host.settings.get();
      const switching = patch.environment !== undefined && patch.environment !== current.environment;
      // Companies belong to an environment's account: a company selected in another environment
      // would point at a record that does not exist here.
      const next = ctx.host.settings.update(
        switching && patch.selectedCompany === undefined
          ? { ...patch, selectedCompany: patch.environment === 'demonstracao' ? DEMO_CNPJ : null }
          : patch,
      );
      if (switching && patch.environment === 'demonstracao') {
        ctx.embedded
          .ensure()
          .catch((error: unknown) => ctx.host.logger.error('sandbox local não iniciou', error));
      }
      void ctx.connectivity.refresh();
      return next;
    },
  };
}
