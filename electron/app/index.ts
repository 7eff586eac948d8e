import path from 'node:path';

// Composition root: builds the services and the one command table both hosts serve.
import { ApiConnection } from './api-connection';
import { AuthorizerStatusCache } from './authorizer-status';
import { CertificateFiles } from './certificates';
import { accountCommands } from './commands/account';
import { BackupService } from './backup/backup';
import { CacheHolder } from './backup/cache-holder';
import { certificateCommands } from './commands/certificates';
import { backupCommands } from './commands/backup';
import { documentCommands } from './commands/documents';
import { createAppIssuing, cteCommands } from './commands/cte';
import { numberingCommands } from './commands/numbering';
import { outboxCommands } from './commands/outbox';
import { dceCommands } from './commands/dce';
import { mdfeCommands } from './commands/mdfe';
import { draftCommands } from './commands/drafts';
import { inboxCommands } from './commands/inbox';
import { mailCommands } from './commands/mail';
import { municipioCommands } from './commands/municipios';
import { printingCommands } from './commands/printing';
import { companyCommands } from './commands/companies';
import { serviceCommands } from './commands/services';
import { appCommands } from './commands/app';
import { averbacaoCommands } from './commands/averbacao';
import { AverbacaoService } from './averbacao/service';
import { InsurerSettingsService } from './averbacao/settings';
import { createXmlSource } from './averbacao/xml-source';
import { settingsCommands } from './commands/settings';
import type { AppContext } from './context';
import { ConnectivityMonitor } from './context';
import type { CommandTable, Dispatch } from './dispatcher';
import { createDispatcher } from './dispatcher';
import { CredentialsService } from './credentials';
import { DEMO_CNPJ, seedDemo } from './demo';
import { demoPartyEntries } from './demo-month';
import { unavailableDemo } from './demo-plugin';
import { rememberPayees, rememberTrip } from './mdfe/remember';
import { EventBus } from './events';
import type { HostAdapter } from './host';
import { InboxStore } from './inbox/store';
import { InboxService } from './inbox/service';
import { LogoStore } from './logos';
import { PrintingService } from './printing/service';
import { cacheSource } from './printing/source';
import { SYNC_FIRST_DELAY_MS, SYNC_INTERVAL_MS, SyncService } from './sync/service';
import { clientSource } from './sync/source';
import type { Issuing } from './issuing';
import { OUTBOX_FIRST_DELAY_MS, OutboxResolver } from './issuing/outbox-resolver';

/** Command failures that mean the API could not be reached (nuvemfiscal ApiError kinds). */
const NETWORK_FAILURES = new Set(['api_offline', 'api_dns', 'api_timeout']);

export interface CarretaApp {
  dispatch: Dispatch;
  events: EventBus;
  context: AppContext;
  dispose(): Promise<void>;
}

export function buildCommandTable(ctx: AppContext, issuing: Issuing = createAppIssuing(ctx)): CommandTable {
  // One numbering and outbox sender for every kind, so CT-e and DC-e share the outbox resolution.
  return {
    ...appCommands(ctx),
    ...settingsCommands(ctx),
    ...accountCommands(ctx),
    ...companyCommands(ctx),
    ...certificateCommands(ctx),
    ...serviceCommands(ctx),
    ...documentCommands(ctx),
    ...backupCommands(ctx),
    ...cteCommands(ctx, issuing),
    ...numberingCommands(ctx, issuing),
    ...outboxCommands(ctx, issuing),
    ...dceCommands(ctx, issuing),
    ...mdfeCommands(ctx, issuing),
    ...draftCommands(ctx),
    ...inboxCommands(ctx),
    ...printingCommands(ctx),
    ...mailCommands(ctx),
    ...municipioCommands(),
    ...averbacaoCommands(ctx),
  };
}

/** The NF-e inbox over the cache; one store per cache connection (a restore replaces it). */
function createInbox(
  host: HostAdapter,
  api: ApiConnection,
  cache: CacheHolder,
  events: EventBus,
): InboxService {
  let store: { db: unknown; store: InboxStore } | null = null;
  return new InboxService({
    store: () => {
      const repos = cache.repos;
      if (!repos) return null;
      if (store?.db !== repos.db) store = { db: repos.db, store: new InboxStore(repos.db) };
      return store.store;
    },
    target: async () => {
      const { client, target } = await api.client();
      return { client, environment: target.environment, ambiente: target.ambiente };
    },
    // The poller looks after every company of the environment's account whose inbox is enabled.
    changed: (counts) => events.emit('inbox:changed', counts),
    logger: host.logger,
  });
}

export async function createApp(host: HostAdapter): Promise<CarretaApp> {
  const events = new EventBus();
  // Demonstração is the host's plug-in: the app reaches the local sandbox only over HTTP.
  const embedded = host.demo ?? unavailableDemo();
  const credentials = new CredentialsService(host.secrets, host.settings);
  const api = new ApiConnection(host, credentials, embedded);
  const connectivity = new ConnectivityMonitor(
    host,
    events,
    () => embedded.url(),
    undefined,
    () => api.access(),
  );
  const logos = new LogoStore(path.join(host.userDataDir, 'logos'));
  // A cache that cannot be opened leaves the app running in a degraded mode that offers restore.
  const cache = new CacheHolder(path.join(host.userDataDir, 'carreta.db'), host.logger);
  await cache.open();
  const sync = new SyncService({
    repos: () => cache.repos,
    target: async () => {
      const { client, target } = await api.client();
      return {
        source: clientSource(client),
        mdfe: client.mdfe,
        environment: target.environment,
        ambiente: target.ambiente,
      };
    },
    progress: (event) => events.emit('sync:progress', event),
    logger: host.logger,
  });
  const inbox = createInbox(host, api, cache, events);
  const stopSeeding = embedded.onStarted(async (endpoint, signal) => {
    const month = await seedDemo(embedded, endpoint, host, logos, signal);
    // The demo truck, trailer and driver of the month's trips are in the registries, as after a
    // trip issued from the form; its customers are in the address book.
    const repos = cache.repos;
    if (repos) {
      for (const trip of month.trips) {
        await rememberTrip(repos.registries, DEMO_CNPJ, trip).catch((error: unknown) =>
          host.logger.warn('veículos da demonstração não guardados', error),
        );
        // Where the demo carrier receives its freight: the next MDF-e starts from it.
        await rememberPayees(repos.payees, DEMO_CNPJ, trip).catch((error: unknown) =>
          host.logger.warn('dados bancários da demonstração não guardados', error),
        );
      }
      // Its customers are in Parceiros (and name the month's rows, whose homologação XML cannot).
      if (month.issued > 0)
        for (const { uses, ...party } of demoPartyEntries())
          for (let i = 0; i < uses; i++)
            await repos.addressBook
              .remember(DEMO_CNPJ, party)
              .catch((error: unknown) => host.logger.warn('parceiros da demonstração não guardados', error));
    }
    host.logger.info(
      month.skipped
        ? 'mês de demonstração não criado: a demonstração já tem documentos do usuário'
        : `mês de demonstração: ${month.issued} documento(s) emitido(s) em ${month.ms} ms`,
    );
    // The documents reach the cache (Documentos, Painel) by the ordinary sync, once the sandbox is
    // up — not awaited here: the sync itself waits for the sandbox this seeder is part of.
    if (month.issued > 0) {
      void embedded
        .ensure()
        .then(() => sync.sync({ company: DEMO_CNPJ, full: true }))
        .catch((error: unknown) => host.logger.warn('sincronização do mês de demonstração falhou', error));
    }
  });
  const backups = new BackupService(cache, host.userDataDir, host.version);
  // Validated restores nobody confirmed (a crash, a quit) are removed on start and on quit.
  await backups
    .sweep(true)
    .catch((error: unknown) => host.logger.warn('restaurações pendentes não removidas', error));
  const insurerSettings = new InsurerSettingsService(host.settings, host.secrets, async () => {
    await embedded.ensure();
    return embedded.insurers();
  });
  const averbacao = new AverbacaoService({
    repos: () => cache.repos,
    settings: insurerSettings,
    environment: () => host.settings.get().environment,
    xml: createXmlSource({
      repos: () => cache.require(),
      api: () => api.client(),
      nfeXml: (company, chaves) => inbox.nfeXml(company, chaves),
    }),
    changed: (company, environment) => events.emit('averbacao:changed', { company, environment }),
    epochFile: path.join(host.userDataDir, 'averbacao-epoch'),
    logger: host.logger,
  });
  // Right after the sync brings documents, and as soon as the network is back.
  events.subscribe((event, payload) => {
    if (event === 'sync:progress' && (payload as { phase?: string }).phase === 'done') averbacao.kick(200);
    if (event === 'connectivity:changed' && (payload as { online?: boolean }).online) averbacao.kick();
  });
  const context: AppContext = {
    host,
    events,
    connectivity,
    credentials,
    embedded,
    api,
    authorizers: new AuthorizerStatusCache(api),
    certificates: new CertificateFiles(),
    logos,
    cache,
    sync,
    backups,
    inbox,
    printing: new PrintingService({
      source: cacheSource(() => cache.require()),
      logos,
      host,
      progress: (event) => events.emit('print:progress', event),
    }),
    averbacao,
    insurerSettings,
  };
  const issuing = createAppIssuing(context);
  // A call that failed for lack of network turns the indicator off at once; "Testar conexão" tries
  // typed hosts, not the connection in use, so its failures say nothing about it.
  const dispatch = createDispatcher(buildCommandTable(context, issuing), host.logger, (failure, channel) => {
    if (channel !== 'connection:test' && NETWORK_FAILURES.has(failure.code))
      connectivity.markOffline(failure.message);
  });
  const outbox = new OutboxResolver(
    () => issuing.sender.resolveOpen(),
    () => cache.repos !== null,
    host.logger,
  );
  if (host.settings.get().environment === 'demonstracao') {
    // Demonstração works from the first launch: start the local sandbox in the background.
    embedded.ensure().catch((error: unknown) => host.logger.error('sandbox local não iniciou', error));
  }
  connectivity.start();
  sync.start(SYNC_INTERVAL_MS, SYNC_FIRST_DELAY_MS);
  inbox.start();
  outbox.start(OUTBOX_FIRST_DELAY_MS);
  averbacao.start();
  return {
    dispatch,
    events,
    context,
    async dispose() {
      connectivity.stop();
      sync.stop();
      inbox.stop();
      outbox.stop();
      averbacao.stop();
      // The local sandbox closes first: work in flight against it (the demonstração month being
      // created, its sync) then fails at once instead of holding the exit. A request it is serving
      // still gets its answer; a document being sent is resolved by `referencia` on the next start.
      stopSeeding();
      await embedded.close();
      await outbox.idle();
      await averbacao.idle();
      await inbox.idle();
      await sync.idle();
      await backups.sweep(true).catch(() => undefined);
      await cache.close();
      await host.printer?.close?.();
    },
  };
}
