import type { Connectivity } from '../shared/schemas/app';
import type { AccessCheck, ApiConnection } from './api-connection';
import type { AuthorizerStatusCache } from './authorizer-status';
import type { CertificateFiles } from './certificates';
import type { Probe } from './connectivity';
import { checkConnectivity, connectivityTarget, fetchProbe } from './connectivity';
import type { CredentialsService } from './credentials';
import type { DemoPlugin } from './demo-plugin';
import type { EventBus } from './events';
import type { HostAdapter } from './host';
import type { LogoStore } from './logos';
import type { BackupService } from './backup/backup';
import type { CacheHolder } from './backup/cache-holder';
import type { PrintingService } from './printing/service';
import type { SyncService } from './sync/service';
import type { InboxService } from './inbox/service';
import type { AverbacaoService } from './averbacao/service';
import type { InsurerSettingsService } from './averbacao/settings';

/** Services shared by the command modules. Grows as features land. */
export interface AppContext {
  host: HostAdapter;
  events: EventBus;
  connectivity: ConnectivityMonitor;
  credentials: CredentialsService;
  /** The host's demonstração plug-in: the local sandbox and the demo company's assets. */
  embedded: DemoPlugin;
  api: ApiConnection;
  authorizers: AuthorizerStatusCache;
  certificates: CertificateFiles;
  logos: LogoStore;
  cache: CacheHolder;
  sync: SyncService;
  backups: BackupService;
  inbox: InboxService;
  printing: PrintingService;
  /** Averbação of cargo insurance (absent in contexts built for other features' tests). */
  averbacao?: AverbacaoService;
  insurerSettings?: InsurerSettingsService;
}

export class ConnectivityMonitor {
  private last: Connectivity | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly host: HostAdapter,
    private readonly events: EventBus,
    private readonly embeddedUrl: () => string | null,
    private readonly probe: Probe = fetchProbe,
    /** Whether the credentials buy a token; without it, reachability alone is reported. */
    private readonly access?: () => Promise<AccessCheck>,
  ) {}

  current(): Connectivity | null {
    return this.last;
  }

  async refresh(): Promise<Connectivity> {
    const target = connectivityTarget(this.host.settings.get(), this.embeddedUrl());
    let next = await checkConnectivity(target, this.probe);
    // "Conectado" needs a token: a host that answers says nothing about the client id and secret.
    if (next.online && this.access) {
      const checked = await this.access().catch((error: unknown): AccessCheck => ({
        access: 'failed',
        reason: error instanceof Error ? error.message : String(error),
      }));
      next =
        checked.access === 'unreachable'
          ? { ...next, online: false, reason: checked.reason }
          : {
              ...next,
              access: checked.access,
              ...(checked.reason ? { accessReason: checked.reason } : {}),
            };
    }
    const changed =
      !this.last ||
      this.last.online !== next.online ||
      this.last.target !== next.target ||
      this.last.access !== next.access ||
      this.last.accessReason !== next.accessReason;
    this.last = next;
    if (changed) this.events.emit('connectivity:changed', next);
    return next;
  }

  /**
   * A call just failed for lack of network: the indicator says so now, not at the next probe (up to
   * 30 s later); the probe brings "Conectado" back once the API answers again.
   */
  markOffline(reason: string): void {
    if (this.last && !this.last.online) return;
    const target = this.last?.target ?? connectivityTarget(this.host.settings.get(), this.embeddedUrl());
    this.last = { online: false, checkedAt: new Date().toISOString(), target, reason };
    this.events.emit('connectivity:changed', this.last);
    // Look again soon: a blip should not leave the clerk offline for the whole interval.
    setTimeout(() => void this.refresh().catch(() => undefined), 5_000).unref?.();
  }

  start(intervalMs = 30_000): void {
    this.stop();
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), intervalMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
