import type { CredentialsInput, CredentialsStatus, RemoteEnvironment } from '../shared/schemas/account';
import type { SecretStore } from './host';

interface StoredCredentials {
  clientId: string;
  clientSecret: string | null;
}

const key = (environment: RemoteEnvironment) => `credentials:${environment}`;

/**
 * The API credentials per environment, kept in the host's secret store (encrypted in Electron). The
 * renderer only ever learns the client id and whether a secret is set.
 */
export class CredentialsService {
  constructor(private readonly secrets: SecretStore) {}

  private async read(environment: RemoteEnvironment): Promise<StoredCredentials | null> {
    const text = await this.secrets.get(key(environment));
    if (!text) return null;
    try {
      const value = JSON.parse(text) as Partial<StoredCredentials>;
      if (typeof value.clientId !== 'string') return null;
      return {
        clientId: value.clientId,
        clientSecret: typeof value.clientSecret === 'string' ? value.clientSecret : null,
      };
    } catch {
      return null;
    }
  }

  async status(environment: RemoteEnvironment): Promise<CredentialsStatus> {
    const stored = await this.read(environment);
    return {
      environment,
      clientId: stored?.clientId ?? null,
      secretConfigured: Boolean(stored?.clientSecret),
    };
  }

  async save(input: CredentialsInput): Promise<CredentialsStatus> {
    const current = await this.read(input.environment);
    const clientSecret =
      input.clientSecret ?? (current?.clientId === input.clientId ? current.clientSecret : null);
    await this.secrets.set(
      key(input.environment),
      JSON.stringify({ clientId: input.clientId, clientSecret }),
    );
    return this.status(input.environment);
  }

  async clear(environment: RemoteEnvironment): Promise<CredentialsStatus> {
    await this.secrets.delete(key(environment));
    return this.status(environment);
  }

  /** Main side only: the values the API client needs. */
  async resolve(environment: RemoteEnvironment): Promise<StoredCredentials | null> {
    return this.read(environment);
  }
}
