import type { NuvemFiscalClient } from '../nuvemfiscal';
import { createNuvemFiscalClient } from '../nuvemfiscal';
import { AppError } from '../shared/errors';
import type { Environment } from '../shared/schemas/app';
import { isSafeApiUrl } from '../shared/schemas/settings';
import type { CredentialsService } from './credentials';
import type { EmbeddedSandbox } from './embedded-sandbox';
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
    private readonly embedded: EmbeddedSandbox,
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
    for (const url of [hosts.api, hosts.auth]) {
      if (!isSafeApiUrl(url)) {
        throw new AppError(
          'api_host_insecure',
          `O endereço ${url} não usa https://. Corrija o endereço em Configurações; o client secret não foi enviado.`,
        );
      }
    }
    const stored = await this.credentials.resolve(environment);
    if (!stored?.clientId || !stored.clientSecret) {
      throw new AppError(
        'credentials_missing',
        environment === 'producao'
          ? 'Informe o client id e o client secret de produção em Configurações antes de usar a API.'
          : 'Informe o client id e o client secret do sandbox em Configurações antes de usar a API.',
      );
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
}
