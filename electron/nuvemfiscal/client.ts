import type { AxiosInstance } from 'axios';

import { cepApi } from './api/cep';
import { cnpjApi } from './api/cnpj';
import { contaApi } from './api/conta';
import { debugApi } from './api/debug';
import { cteEventosApi, dfeApi } from './api/dfe';
import { distribuicaoApi } from './api/distribuicao';
import { emailsApi } from './api/emails';
import { empresasApi } from './api/empresas';
import { mdfeApi } from './api/mdfe';
import type { HttpClientOptions, RetryPolicy } from './http';
import { HttpClient } from './http';
import type { TokenStore } from './token-manager';
import { TokenManager } from './token-manager';

export interface NuvemFiscalConfig {
  apiUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: () => Promise<string | null>;
  scopes: string;
  tokenStore: TokenStore;
  timeoutMs?: number;
  retry?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  axiosInstance?: AxiosInstance;
  onExchange?: HttpClientOptions['onExchange'];
  onTokenRequest?: () => void;
}

/** The fiscal API client: one object per tag, sharing one token manager and one transport. */
export function createNuvemFiscalClient(config: NuvemFiscalConfig) {
  const tokens = new TokenManager({
    tokenUrl: config.tokenUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    scopes: config.scopes,
    store: config.tokenStore,
    now: config.now,
    axiosInstance: config.axiosInstance,
    onTokenRequest: config.onTokenRequest,
  });
  const http = new HttpClient({
    baseUrl: config.apiUrl,
    auth: { token: () => tokens.token(), invalidate: (token) => tokens.invalidate(token) },
    timeoutMs: config.timeoutMs,
    retry: config.retry,
    sleep: config.sleep,
    axiosInstance: config.axiosInstance,
    onExchange: config.onExchange,
  });
  return {
    tokens,
    http,
    conta: contaApi(http),
    cep: cepApi(http),
    cnpj: cnpjApi(http),
    empresas: empresasApi(http),
    cte: { ...dfeApi(http, 'cte'), ...cteEventosApi(http, 'cte') },
    cteos: { ...dfeApi(http, 'cteos'), ...cteEventosApi(http, 'cteos') },
    dce: dfeApi(http, 'dce'),
    mdfe: mdfeApi(http),
    distribuicao: distribuicaoApi(http),
    emails: emailsApi(http),
    debug: debugApi(http),
  };
}

export type NuvemFiscalClient = ReturnType<typeof createNuvemFiscalClient>;
