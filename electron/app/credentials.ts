import type { CredentialsInput, CredentialsStatus, RemoteEnvironment } from '../shared/schemas/account';
import type { ApiHosts } from '../shared/schemas/settings';
import { defaultSettings } from '../shared/schemas/settings';
import type { SecretStore, SettingsStore } from './host';
import type { ApiBinding } from './secret-binding';
import { apiBindingOf, isApiBinding, sameApiBinding } from './secret-binding';

interface StoredCredentials {
  clientId: string;
  clientSecret: string | null;
  /** The servers the secret was typed for; null for a secret saved before bindings existed. */
  boundTo: ApiBinding | null;
}

/** The values the API client needs, with whether the secret may go to the current hosts. */
export interface ResolvedCredentials extends StoredCredentials {
  /** False when the hosts changed since the secret was typed: it must not be sent. */
  secretMatchesHosts: boolean;
}

const key = (environment: RemoteEnvironment) => `credentials:${environment}`;

/**
 * The API credentials per environment, kept in the host's secret store (encrypted in Electron). The
 * renderer only ever learns the client id and whether a secret is set for the current servers.
 */
export class CredentialsService {
  constructor(
    private readonly secrets: SecretStore,
    private readonly settings: SettingsStore,
  ) {}

  private async read(environment: RemoteEnvironment): Promise<StoredCredentials | null> {
    const text = await this.secrets.get(key(environment));
    if (!text) return null;
    try {
      const value = JSON.parse(text) as Partial<StoredCredentials>;
      if (typeof value.clientId !== 'string') return null;
      return {
        clientId: value.clientId,
        clientSecret: typeof value.clientSecret === 'string' ? value.clientSecret : null,
        boundTo: isApiBinding(value.boundTo) ? value.boundTo : null,
      };
    } catch {
      return null;
    }
  }

  private currentBinding(environment: RemoteEnvironment): ApiBinding {
    return apiBindingOf(this.settings.get().hosts[environment]);
  }

  async status(environment: RemoteEnvironment): Promise<CredentialsStatus> {
    const stored = await this.resolve(environment);
    return {
      environment,
      clientId: stored?.clientId ?? null,
      // A secret typed for other servers is as good as none: the form asks for it again.
      secretConfigured: Boolean(stored?.clientSecret) && Boolean(stored?.secretMatchesHosts),
    };
  }

  async save(input: CredentialsInput): Promise<CredentialsStatus> {
    const current = await this.read(input.environment);
    const typed = input.clientSecret !== undefined;
    const kept = current?.clientId === input.clientId ? current : null;
    const record: StoredCredentials = typed
      ? {
          clientId: input.clientId,
          clientSecret: input.clientSecret ?? null,
          boundTo: this.currentBinding(input.environment),
        }
      : {
          clientId: input.clientId,
          clientSecret: kept?.clientSecret ?? null,
          boundTo: kept?.boundTo ?? null,
        };
    await this.secrets.set(key(input.environment), JSON.stringify(record));
    return this.status(input.environment);
  }

  async clear(environment: RemoteEnvironment): Promise<CredentialsStatus> {
    await this.secrets.delete(key(environment));
    return this.status(environment);
  }

  /**
   * Main side only: the stored secret of `clientId`, when it was typed for `hosts` (a connection
   * test with unsaved hosts must not carry it elsewhere). `other_hosts` when a secret exists but
   * belongs to other servers.
   */
  async storedSecretFor(
    environment: RemoteEnvironment,
    clientId: string,
    hosts: ApiHosts,
  ): Promise<string | 'other_hosts' | null> {
    const stored = await this.read(environment);
    if (!stored?.clientSecret || stored.clientId !== clientId) return null;
    const boundTo = stored.boundTo ?? apiBindingOf(defaultSettings.hosts[environment]);
    return sameApiBinding(boundTo, apiBindingOf(hosts)) ? stored.clientSecret : 'other_hosts';
  }

  /** Main side only: the values the API client needs, and whether they belong to the current hosts. */
  async resolve(environment: RemoteEnvironment): Promise<ResolvedCredentials | null> {
    const stored = await this.read(environment);
    if (!stored) return null;
    // A secret saved before bindings existed was typed for the official hosts, where Nuvem Fiscal
    // issued it; anywhere else it waits to be typed again.
    const boundTo = stored.boundTo ?? apiBindingOf(defaultSettings.hosts[environment]);
    const secretMatchesHosts = sameApiBinding(boundTo, this.currentBinding(environment));
    return { ...stored, secretMatchesHosts };
  }
}
