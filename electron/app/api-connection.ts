import type { NuvemFiscalClient } from '../nuvemfiscal';
import type { TokenStore } from '../nuvemfiscal/token-manager';
import { ApiError, createNuvemFiscalClient } from '../nuvemfiscal';
import { AppError } from '../shared/errors';
import type { ConnectionTestInput, RemoteEnvironment } from '../shared/schemas/account';
import type { Connectivity, Environment } from '../shared/schemas/app';
import type { ApiHosts } from '../shared/schemas/settings';
import { isSafeApiUrl } from '../shared/schemas/settings';
import type { CredentialsService } from './credentials';
import type { DemoPlugin } from './demo-plugin';
import type { HostAdapter } from './host';

export type Ambiente = 'homologacao' | 'producao';

export interface ApiTarget {
  environment: Environment;
  apiUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string | null;
  /** The `ambiente` of the documents issued in this environment. */
  ambiente: Ambiente;
}

/** What the connectivity indicator learns about the credentials (see `Connectivity.access`). */
export type AccessCheck =
  | { access: NonNullable<Connectivity['access']>; reason?: string }
  | { access: 'unreachable'; reason: string };

const environmentNames: Record<RemoteEnvironment, string> = {
  sandbox: 'do Sandbox',
  producao: 'da Produção',
};

/** Values typed in Configurações and not saved yet; see connectionTestInputSchema. */
export type TypedConnection = Omit<ConnectionTestInput, 'environment'>;

/** Tokens of a trial with typed values live only for that trial: nothing is cached under them. */
function memoryTokenStore(): TokenStore {
  const values = new Map<string, string>();
  return {
    get: async (name) => values.get(name) ?? null,
    set: async (name, value) => void values.set(name, value),
    delete: async (name) => void values.delete(name),
  };
}

function assertSafeHosts(hosts: ApiHosts): void {
  for (const url of [hosts.api, hosts.auth]) {
    if (!isSafeApiUrl(url)) {
      throw new AppError(
        'api_host_insecure',
        `O endereço ${url} não usa https://. Corrija o endereço em Configurações; o client secret não foi enviado.`,
      );
    }
  }
}

function missingCredentials(environment: RemoteEnvironment, clientId: boolean): AppError {
  const name = environmentNames[environment];
  return new AppError(
    'credentials_missing',
    clientId
      ? `Falta o client secret ${name}. Digite-o em Configurações > Credenciais da API.`
      : `Faltam o client id e o client secret ${name}. Informe-os em Configurações > Credenciais da API.`,
  );
}

export function ambienteOf(environment: Environment): Ambiente {
  return environment === 'producao' ? 'producao' : 'homologacao';
}

/**
 * Resolves which API the app talks to (the embedded sandbox, the hosted sandbox or production) and
 * hands out one client per target, so the token manager's single-flight and cache are shared.
 */
export class ApiConnection {
  private cache: { key: string; client: NuvemFiscalClient } | null = null;

  constructor(
    private readonly host: HostAdapter,
    private readonly credentials: CredentialsService,
    private readonly embedded: Pick<DemoPlugin, 'ensure'>,
  ) {}

  async target(environment: Environment = this.host.settings.get().environment): Promise<ApiTarget> {
    if (environment === 'demonstracao') {
      const endpoint = await this.embedded.ensure();
      return {
        environment,
        apiUrl: endpoint.url,
        tokenUrl: endpoint.tokenUrl,
        clientId: endpoint.clientId,
        clientSecret: endpoint.clientSecret,
        ambiente: 'homologacao',
      };
    }
    const hosts = this.host.settings.get().hosts[environment];
    // The settings schema refuses these already; checked again because the secret goes there next.
    assertSafeHosts(hosts);
    const stored = await this.credentials.resolve(environment);
    if (!stored?.clientId || !stored.clientSecret) {
      throw missingCredentials(environment, Boolean(stored?.clientId));
    }
    if (!stored.secretMatchesHosts) {
      throw new AppError(
        'credentials_rebind',
        `O endereço da API ${environment === 'producao' ? 'de produção' : 'do sandbox'} mudou desde que o ` +
          'client secret foi informado. Por segurança o segredo não é enviado a outro servidor: digite o ' +
          'client secret de novo em Configurações para usar o novo endereço.',
        { detail: `${new URL(hosts.auth).origin} · ${new URL(hosts.api).origin}` },
      );
    }
    return {
      environment,
      apiUrl: hosts.api,
      tokenUrl: hosts.auth,
      clientId: stored.clientId,
      clientSecret: stored.clientSecret,
      ambiente: ambienteOf(environment),
    };
  }

  async client(environment?: Environment): Promise<{ client: NuvemFiscalClient; target: ApiTarget }> {
    const target = await this.target(environment);
    const scopes = this.host.settings.get().scopes;
    const key = JSON.stringify([
      target.apiUrl,
      target.tokenUrl,
      target.clientId,
      target.clientSecret,
      scopes,
    ]);
    if (this.cache?.key !== key) {
      const secret = target.clientSecret;
      this.cache = {
        key,
        client: createNuvemFiscalClient({
          apiUrl: target.apiUrl,
          tokenUrl: target.tokenUrl,
          clientId: target.clientId,
          clientSecret: async () => secret,
          scopes,
          tokenStore: this.host.secrets,
        }),
      };
    }
    return { client: this.cache.client, target };
  }

  /**
   * A client for "Testar conexão" and for checking an environment before switching to it: the
   * stored values, or the values typed and not saved yet. A typed trial gets its own client with a
   * memory-only token store, so a token cached for the stored secret never vouches for a typed one.
   */
  async trial(
    environment: Environment,
    typed: TypedConnection = {},
  ): Promise<{ client: NuvemFiscalClient; target: ApiTarget }> {
    const hasTyped = typed.clientId !== undefined || typed.clientSecret !== undefined || typed.hosts;
    if (environment === 'demonstracao' || !hasTyped) return this.client(environment);
    const hosts = typed.hosts ?? this.host.settings.get().hosts[environment];
    assertSafeHosts(hosts);
    const stored = await this.credentials.resolve(environment);
    const clientId = typed.clientId ?? stored?.clientId ?? '';
    if (!clientId) throw missingCredentials(environment, false);
    let secret: string | null = typed.clientSecret ?? null;
    if (secret === null) {
      const kept = await this.credentials.storedSecretFor(environment, clientId, hosts);
      if (kept === 'other_hosts') {
        throw new AppError(
          'credentials_rebind',
          `O client secret salvo foi informado para outro endereço da API. Por segurança ele não é enviado a ` +
            `${new URL(hosts.auth).host}: digite o client secret de novo para testar este endereço.`,
        );
      }
      secret = kept;
    }
    if (!secret) throw missingCredentials(environment, true);
    const target: ApiTarget = {
      environment,
      apiUrl: hosts.api,
      tokenUrl: hosts.auth,
      clientId,
      clientSecret: secret,
      ambiente: ambienteOf(environment),
    };
    const client = createNuvemFiscalClient({
      apiUrl: target.apiUrl,
      tokenUrl: target.tokenUrl,
      clientId,
      clientSecret: async () => secret,
      scopes: this.host.settings.get().scopes,
      tokenStore: memoryTokenStore(),
    });
    return { client, target };
  }

  private refused: { key: string; reason: string } | null = null;

  /**
   * Whether the current environment's credentials buy a token. The token is cached by the client, so
   * this costs a request only when none is held; a refusal is remembered for the same credentials,
   * since repeated token requests with a wrong secret get the account blocked.
   */
  async access(): Promise<AccessCheck> {
    let client: NuvemFiscalClient;
    try {
      ({ client } = await this.client());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const code = error instanceof AppError ? error.code : '';
      return {
        access: code.startsWith('credentials_') || code === 'api_host_insecure' ? 'missing' : 'failed',
        reason: message,
      };
    }
    const key = this.cache?.key ?? '';
    if (this.refused?.key === key) return { access: 'rejected', reason: this.refused.reason };
    try {
      await client.tokens.token();
      return { access: 'ok' };
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.kind === 'auth') {
          const reason = tokenRefusalText(error);
          this.refused = { key, reason };
          return { access: 'rejected', reason };
        }
        if (['offline', 'dns', 'timeout'].includes(error.kind)) {
          return { access: 'unreachable', reason: error.message };
        }
      }
      return { access: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }
  }
}

/** The token endpoint's refusal in words, with its own answer beside it. */
export function tokenRefusalText(error: ApiError): string {
  const answer = [error.apiCode, error.apiMessage?.replace(/\.\s*$/, '')].filter(Boolean).join(': ');
  return answer ? `${error.message} Resposta do servidor de autenticação: ${answer}.` : error.message;
}
