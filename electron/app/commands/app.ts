import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';

export function appCommands(ctx: AppContext): Pick<CommandTable, 'app:info' | 'connectivity:check'> {
  return {
    'app:info': () => ({
      name: 'Carreta',
      version: ctx.host.version,
      host: ctx.host.kind,
      platform: ctx.host.platform,
      userDataDir: ctx.host.userDataDir,
      environment: ctx.host.settings.get().environment,
      notices: ctx.host.notices?.take() ?? [],
    }),
    'connectivity:check': () => ctx.connectivity.refresh(),
  };
}
