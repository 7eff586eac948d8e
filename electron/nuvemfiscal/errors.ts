import { AppError } from '../shared/errors';

/** Why a request to the fiscal API failed, as the app reacts to it. */
export type ApiErrorKind =
  | 'http' // the API answered with a non-2xx status
  | 'invalid_response' // the answer was not what the API sends (HTML from a proxy, broken JSON)
  | 'offline' // connection refused / network unreachable
  | 'dns' // unknown host
  | 'tls' // certificate or TLS handshake problem
  | 'timeout'
  | 'auth'; // the token endpoint refused the credentials

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  apiCode?: string;
  apiMessage?: string;
  raw?: string;
  fields?: string[];
  /** The body's `errors` list: each problem with the JSON path it names, when it names one. */
  problems?: ApiProblem[];
  cause?: unknown;
}

/** One item of the API's `error.errors` list. */
export interface ApiProblem {
  path?: string;
  message: string;
}

/** A typed failure of the fiscal API client: a Portuguese `message` for the user, raw detail for debug. */
export class ApiError extends AppError {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly apiCode?: string;
  readonly apiMessage?: string;
  readonly raw?: string;
  readonly problems: ApiProblem[];

  constructor(init: ApiErrorInit) {
    const detailParts = [
      init.status !== undefined ? `HTTP ${init.status}` : undefined,
      init.apiCode,
      init.apiMessage,
      init.raw && init.raw !== init.apiMessage ? init.raw : undefined,
    ].filter(Boolean);
    super(`api_${init.kind}`, init.message, {
      detail: detailParts.join(' — ') || undefined,
      fields: init.fields,
      cause: init.cause,
    });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.apiCode = init.apiCode;
    this.apiMessage = init.apiMessage;
    this.raw = init.raw;
    this.problems = init.problems ?? [];
  }

  /** True when the request may be repeated safely after a pause (if the request itself is safe). */
  get transient(): boolean {
    if (this.kind === 'offline' || this.kind === 'timeout') return true;
    return this.kind === 'http' && [429, 502, 503, 504].includes(this.status ?? 0);
  }
}

/** JSON paths the API names in its messages (`infCte.rem.IE`), so forms can highlight the fields. */
export function extractFieldPaths(message: string | undefined): string[] {
  if (!message) return [];
  const found = message.match(
    /\b(?:infCte|infCTe|infDCe|infDce|infCteSupl|infMDFe|infMDFeSupl|infModal|infDoc|ide|emit|rem|dest|exped|receb|toma|imp|vPrest|infCTeNorm|infCteNorm)(?:\.[A-Za-z0-9_[\]]+)+/g,
  );
  return [...new Set(found ?? [])];
}

const statusMessages: Record<number, string> = {
  400: 'A API fiscal recusou os dados enviados.',
  401: 'A API fiscal não aceitou o acesso. Verifique o client id e o client secret em Configurações.',
  403: 'A conta da API não tem permissão para esta operação.',
  404: 'O registro não foi encontrado na API fiscal.',
  409: 'A operação conflita com o estado atual do registro na API fiscal.',
  413: 'O arquivo ou os dados enviados são grandes demais para a API fiscal.',
  422: 'A API fiscal não pôde processar os dados enviados.',
  429: 'O limite de uso da API fiscal foi atingido. Aguarde alguns instantes e tente de novo.',
};

export function messageForStatus(status: number, apiMessage?: string): string {
  const base =
    statusMessages[status] ??
    (status >= 500
      ? 'O serviço da API fiscal está com problemas no momento. Tente novamente em alguns minutos.'
      : `A API fiscal respondeu com erro (HTTP ${status}).`);
  return apiMessage ? `${base} Motivo: ${apiMessage}` : base;
}

const networkCodes: Record<string, { kind: ApiErrorKind; message: string }> = {
  ECONNREFUSED: {
    kind: 'offline',
    message:
      'Não foi possível conectar à API fiscal (conexão recusada). Verifique a internet e o endereço do serviço.',
  },
  ECONNRESET: { kind: 'offline', message: 'A conexão com a API fiscal caiu no meio da operação.' },
  EPIPE: { kind: 'offline', message: 'A conexão com a API fiscal caiu no meio da operação.' },
  ENETUNREACH: { kind: 'offline', message: 'Sem conexão com a internet.' },
  EHOSTUNREACH: { kind: 'offline', message: 'Sem conexão com a internet.' },
  ENETDOWN: { kind: 'offline', message: 'Sem conexão com a internet.' },
  ENOTFOUND: {
    kind: 'dns',
    message:
      'O endereço da API fiscal não foi encontrado. Verifique a internet ou o endereço em Configurações > Avançado.',
  },
  EAI_AGAIN: {
    kind: 'dns',
    message: 'Não foi possível resolver o endereço da API fiscal. Verifique a conexão com a internet.',
  },
  ETIMEDOUT: { kind: 'timeout', message: 'A API fiscal demorou demais para responder.' },
  ECONNABORTED: { kind: 'timeout', message: 'A API fiscal demorou demais para responder.' },
  ERR_CANCELED: { kind: 'timeout', message: 'A API fiscal demorou demais para responder.' },
  ERR_SOCKET_CONNECTION_TIMEOUT: { kind: 'timeout', message: 'A API fiscal demorou demais para responder.' },
};

const tlsMessage =
  'A conexão segura com a API fiscal falhou (certificado do servidor inválido ou interceptado). Verifique a data e hora do computador e se há um proxy na rede.';

/** Maps a low-level network failure (no HTTP answer) to a typed error. */
export function networkError(code: string | undefined, text: string, cause?: unknown): ApiError {
  const known = code ? networkCodes[code] : undefined;
  if (known) return new ApiError({ ...known, raw: `${code}: ${text}`, cause });
  if (
    (code && /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY|DEPTH_ZERO/i.test(code)) ||
    /certificate|TLS|SSL/i.test(text)
  ) {
    return new ApiError({ kind: 'tls', message: tlsMessage, raw: `${code ?? ''} ${text}`.trim(), cause });
  }
  if (/timeout/i.test(text)) {
    return new ApiError({
      kind: 'timeout',
      message: 'A API fiscal demorou demais para responder.',
      raw: text,
      cause,
    });
  }
  return new ApiError({
    kind: 'offline',
    message: 'Não foi possível falar com a API fiscal. Verifique a conexão com a internet.',
    raw: `${code ?? ''} ${text}`.trim(),
    cause,
  });
}
