// Composition root: builds the services and the one command table both hosts serve.
import { appCommands } from './commands/app';
import { settingsCommands } from './commands/settings';
import type { AppContext } from './context';
import { ConnectivityMonitor } from './context';
import type { CommandTable, Dispatch } from './dispatcher';
import { createDispatcher } from './dispatcher';
import { EventBus } from './events';
import type { HostAdapter } from './host';

export interface CarretaApp {
  dispatch: Dispatch;
  events: EventBus;
  context: AppContext;
  dispose(): Promise<void>;
}

export function buildCommandTable(ctx: AppContext): CommandTable {
  return {
    ...appCommands(ctx),
    ...settingsCommands(ctx),
  };
}

export async function createApp(host: HostAdapter): Promise<CarretaApp> {
  const events = new EventBus();
  const connectivity = new ConnectivityMonitor(host, events, () => null);
  const context: AppContext = { host, events, connectivity };
  const dispatch = createDispatcher(buildCommandTable(context), host.logger);
  connectivity.start();
  return {
    dispatch,
    events,
    context,
    async dispose() {
      connectivity.stop();
    },
  };
}
