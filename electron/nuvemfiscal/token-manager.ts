import { createHash } from 'node:crypto';

import type { AxiosInstance } from 'axios';
import axios, { AxiosError } from 'axios';

import { ApiError, networkError } from './errors';
import { parseErrorBody } from './http';

/** Where tokens are cached between runs: the app's encrypted secret store. */
export interface TokenStore {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
}

export interface TokenManagerOptions {
  tokenUrl: string;
  clientId: string;
  clientSecret: () => Promise<string | null>;
  /** Space-separated scope set. */
  scopes: string;
  store: TokenStore;
  now?: () => number;
  timeoutMs?: number;
  axiosInstance?: AxiosInstance;
  /** Called for every token request actually sent (the account is blocked when they are excessive). */
  onTokenRequest?: () => void;
}

interface CachedToken {
  accessToken: string;
  /** Which client id + secret bought it (a hash): a token never outlives a changed secret. */
  credential?: string;
  issuedAt: number;
  expiresAt: number;
  scope: string;
}

export function normalizeScopes(scopes: string): string {
  return [...new Set(scopes.split(/\s+/).filter(Boolean))].sort().join(' ');
}

/**
 * OAuth 2 client-credentials tokens, cached per scope set (in memory and in the secret store),
 * renewed shortly before expiry, with at most one token request in flight: excessive token requests
 * get the account blocked.
 */
export class TokenManager {
  private cached: CachedToken | null = null;
  private loaded = false;
  private inFlight: Promise<CachedToken> | null = null;
  private readonly now: () => number;
  private readonly axios: AxiosInstance;

  constructor(private readonly options: TokenManagerOptions) {
    this.now = options.now ?? Date.now;
    this.axios = options.axiosInstance ?? axios.create();
  }

  /** Key of this credential + scope set in the secret store (no secret in it). */
  get storeKey(): string {
    const id = createHash('sha256')
      .update(`${this.options.tokenUrl}\n${this.options.clientId}\n${normalizeScopes(this.options.scopes)}`)
      .digest('hex')
      .slice(0, 24);
    return `token:${id}`;
  }

  async token(): Promise<string> {
    if (!this.loaded) await this.loadFromStore();
    if (this.cached && !this.needsRenewal(this.cached)) return this.cached.accessToken;
    this.inFlight ??= this.requestToken().finally(() => {
      this.inFlight = null;
    });
    return (await this.inFlight).accessToken;
  }

  /** Drops a token the API refused, so the next call asks for a new one (once, single-flight). */
  invalidate(token: string): void {
    if (this.cached?.accessToken === token) {
      this.cached = null;
      void this.options.store.delete(this.storeKey).catch(() => undefined);
    }
  }

  /** Renew when less than 10% of the lifetime (at least 30 s, at most 5 minutes) remains. */
  private needsRenewal(token: CachedToken): boolean {
    const lifetime = Math.max(0, token.expiresAt - token.issuedAt);
    // Never more than half the lifetime, so a short-lived token is still used before renewal.
    const margin = Math.min(lifetime / 2, 5 * 60_000, Math.max(30_000, lifetime * 0.1));
    return token.expiresAt - this.now() <= margin;
  }

  /** Hash of the client id and secret, stored beside the token (the store key has no secret in it). */
  private async credentialHash(): Promise<string> {
    const secret = (await this.options.clientSecret()) ?? '';
    return createHash('sha256').update(`${this.options.clientId}\n${secret}`).digest('hex').slice(0, 24);
  }

  private async loadFromStore(): Promise<void> {
    this.loaded = true;
    try {
      const text = await this.options.store.get(this.storeKey);
      if (!text) return;
      const parsed = JSON.parse(text) as Partial<CachedToken>;
      // A token bought with another secret says nothing about this one (a wrong secret typed after a
      // right one must not look connected).
      if (parsed.credential !== (await this.credentialHash())) return;
      if (typeof parsed.accessToken === 'string' && typeof parsed.expiresAt === 'number') {
        this.cached = {
          accessToken: parsed.accessToken,
          issuedAt: typeof parsed.issuedAt === 'number' ? parsed.issuedAt : this.now(),
          expiresAt: parsed.expiresAt,
          scope: String(parsed.scope ?? ''),
        };
      }
    } catch {
      this.cached = null;
    }
  }

  private async requestToken(): Promise<CachedToken> {
    const secret = await this.options.clientSecret();
    if (!this.options.clientId || !secret) {
      throw new ApiError({
        kind: 'auth',
        message: 'Informe o client id e o client secret da API fiscal em Configurações.',
      });
    }
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.options.clientId,
      client_secret: secret,
      scope: normalizeScopes(this.options.scopes),
    });
    this.options.onTokenRequest?.();
    let response;
    try {
      response = await this.axios.post<ArrayBuffer>(this.options.tokenUrl, body.toString(), {
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        responseType: 'arraybuffer',
        timeout: this.options.timeoutMs ?? 20_000,
        validateStatus: () => true,
        maxRedirects: 0,
      });
    } catch (error) {
      throw error instanceof AxiosError
        ? networkError(error.code, error.message, error)
        : networkError(undefined, String(error));
    }
    const text = Buffer.from(response.data ?? new ArrayBuffer(0)).toString('utf8');
    if (response.status !== 200) throw tokenError(response.status, text);
    let parsed: { access_token?: unknown; expires_in?: unknown; scope?: unknown };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch (cause) {
      throw new ApiError({
        kind: 'invalid_response',
        status: response.status,
        message:
          'O endereço de autenticação não respondeu como a API fiscal. Verifique-o em Configurações > Avançado.',
        raw: text.slice(0, 2000),
        cause,
      });
    }
    if (typeof parsed.access_token !== 'string' || parsed.access_token.length === 0) {
      throw new ApiError({
        kind: 'invalid_response',
        status: response.status,
        message: 'O serviço de autenticação respondeu sem um token de acesso.',
        raw: text.slice(0, 2000),
      });
    }
    const expiresIn = Number(parsed.expires_in);
    const issuedAt = this.now();
    const token: CachedToken = {
      accessToken: parsed.access_token,
      issuedAt,
      expiresAt: issuedAt + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600) * 1000,
      scope: typeof parsed.scope === 'string' ? parsed.scope : normalizeScopes(this.options.scopes),
      credential: await this.credentialHash(),
    };
    this.cached = token;
    await this.options.store.set(this.storeKey, JSON.stringify(token)).catch(() => undefined);
    return token;
  }
}

function tokenError(status: number, text: string): ApiError {
  const { code, message } = parseErrorBody(text);
  const raw = text.slice(0, 2000);
  if (/<html|<!doctype/i.test(text)) {
    return new ApiError({
      kind: 'invalid_response',
      status,
      raw,
      message: `O endereço de autenticação respondeu com uma página da web (HTTP ${status}). Verifique-o em Configurações > Avançado.`,
    });
  }
  if (code === 'invalid_client' || status === 401) {
    return new ApiError({
      kind: 'auth',
      status,
      apiCode: code,
      apiMessage: message,
      raw,
      message: 'Client id ou client secret incorretos. Confira as credenciais da API em Configurações.',
    });
  }
  if (code === 'invalid_scope') {
    return new ApiError({
      kind: 'auth',
      status,
      apiCode: code,
      apiMessage: message,
      raw,
      message:
        'A conta da API não tem acesso a algum dos escopos configurados. Revise a lista de escopos em Configurações > Avançado.',
    });
  }
  if (code === 'unauthorized_client' || code === 'access_denied' || status === 403) {
    return new ApiError({
      kind: 'auth',
      status,
      apiCode: code,
      apiMessage: message,
      raw,
      message:
        'A conta da API está bloqueada ou sem permissão de acesso. Fale com o suporte da Nuvem Fiscal.',
    });
  }
  if (status === 429) {
    return new ApiError({
      kind: 'http',
      status,
      apiCode: code,
      apiMessage: message,
      raw,
      message: 'Muitas solicitações de acesso em pouco tempo. Aguarde um minuto antes de tentar de novo.',
    });
  }
  return new ApiError({
    kind: 'http',
    status,
    apiCode: code,
    apiMessage: message,
    raw,
    message:
      status >= 500
        ? 'O serviço de autenticação da API fiscal está fora do ar. Tente novamente em alguns minutos.'
        : `O serviço de autenticação recusou o pedido (HTTP ${status}).`,
  });
}
