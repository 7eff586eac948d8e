// Composition root: builds the services and the one command table both hosts serve.
import { ApiConnection } from './api-connection';
import { accountCommands } from './commands/account';
import { appCommands } from './commands/app';
import { settingsCommands } from './commands/settings';
import type { AppContext } from './context';
import { ConnectivityMonitor } from './context';
import type { CommandTable, Dispatch } from './dispatcher';
import { createDispatcher } from './dispatcher';
import { CredentialsService } from './credentials';
import { EmbeddedSandbox } from './embedded-sandbox';
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
    ...accountCommands(ctx),
  };
}

export async function createApp(host: HostAdapter): Promise<CarretaApp> {
  const events = new EventBus();
  const embedded = new EmbeddedSandbox(host.userDataDir, host.logger);
  const credentials = new CredentialsService(host.secrets);
  const api = new ApiConnection(host, credentials, embedded);
  const connectivity = new ConnectivityMonitor(host, events, () => embedded.url());
  const context: AppContext = { host, events, connectivity, credentials, embedded, api };
  const dispatch = createDispatcher(buildCommandTable(context), host.logger);
  if (host.settings.get().environment === 'demonstracao') {
    // Demonstração works from the first launch: start the local sandbox in the background.
    embedded.ensure().catch((error: unknown) => host.logger.error('sandbox local não iniciou', error));
  }
  connectivity.start();
  return {
    dispatch,
    events,
    context,
    async dispose() {
      connectivity.stop();
      await embedded.close();
    },
  };
}
