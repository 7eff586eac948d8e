import type { AxiosInstance, AxiosResponse } from 'axios';
import axios, { AxiosError } from 'axios';

import { ApiError, extractFieldPaths, messageForStatus, networkError } from './errors';
import type { ApiProblem } from './errors';

export type QueryValue = string | number | boolean | undefined | null;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Query;
  body?: unknown;
  /** Extra headers (e.g. a binary upload's content type). */
  headers?: Record<string, string>;
  /**
   * May this request be repeated after a transient failure? GETs always may. A POST may when it
   * carries a `referencia` (the API refuses a second document with the same one, so a repeat can
   * never create a duplicate).
   */
  idempotent?: boolean;
  timeoutMs?: number;
}

export interface BinaryResponse {
  data: Buffer;
  contentType: string;
}

export interface RetryPolicy {
  /** Total attempts, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { attempts: 4, baseDelayMs: 300, maxDelayMs: 8_000 };

/** Serializes query values the way the API expects: booleans as `true`/`false`, `$` kept readable. */
export function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    const text = typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value);
    parts.push(`${encodeURIComponent(key).replace(/^%24/, '$')}=${encodeURIComponent(text)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Exponential backoff with full jitter; honours Retry-After (seconds) when the API sends it. */
export function backoffDelay(
  attempt: number,
  policy: RetryPolicy,
  retryAfter?: string,
  random = Math.random,
): number {
  const seconds = retryAfter !== undefined ? Number(retryAfter) : NaN;
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, 30_000);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

function headerValue(response: AxiosResponse, name: string): string | undefined {
  const value: unknown = response.headers[name];
  return typeof value === 'string' ? value : Array.isArray(value) ? String(value[0]) : undefined;
}

interface ApiErrorBody {
  error?: { code?: unknown; message?: unknown; errors?: unknown } | string;
  error_description?: unknown;
  message?: unknown;
}

/** The `errors` list of a 400 (`[{ code, message, path? }]`); items without a message are skipped. */
function problemsOf(value: unknown): ApiProblem[] {
  if (!Array.isArray(value)) return [];
  const out: ApiProblem[] = [];
  for (const item of value.slice(0, 50) as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { message, path } = item as { message?: unknown; path?: unknown };
    if (typeof message !== 'string') continue;
    out.push(typeof path === 'string' && path ? { path, message } : { message });
  }
  return out;
}

/** Reads the API's `{ error: { code, message, errors } }` body; every field is optional. */
export function parseErrorBody(text: string): { code?: string; message?: string; problems?: ApiProblem[] } {
  try {
    const body = JSON.parse(text) as ApiErrorBody;
    if (body && typeof body === 'object') {
      if (typeof body.error === 'object' && body.error !== null) {
        return {
          code: typeof body.error.code === 'string' ? body.error.code : undefined,
          message: typeof body.error.message === 'string' ? body.error.message : undefined,
          problems: problemsOf(body.error.errors),
        };
      }
      if (typeof body.error === 'string') {
        return {
          code: body.error,
          message: typeof body.error_description === 'string' ? body.error_description : undefined,
        };
      }
      if (typeof body.message === 'string') return { message: body.message };
    }
  } catch {
    // not JSON: handled by the caller
  }
  return {};
}

function isJson(contentType: string): boolean {
  return /^application\/(?:[\w.+-]*\+)?json/i.test(contentType);
}

export function errorFromResponse(response: AxiosResponse<ArrayBuffer>): ApiError {
  const text = Buffer.from(response.data ?? new ArrayBuffer(0)).toString('utf8');
  const contentType = headerValue(response, 'content-type') ?? '';
  const raw = text.slice(0, 4000);
  if (!isJson(contentType) && /<html|<!doctype/i.test(text)) {
    return new ApiError({
      kind: 'invalid_response',
      status: response.status,
      message: `O endereço configurado respondeu com uma página da web (HTTP ${response.status}), não com a API fiscal. Verifique o endereço em Configurações > Avançado.`,
      raw,
    });
  }
  const { code, message, problems = [] } = parseErrorBody(text);
  const named = problems.flatMap((p) => (p.path ? [p.path] : []));
  return new ApiError({
    kind: 'http',
    status: response.status,
    apiCode: code,
    apiMessage: message,
    message: messageForStatus(response.status, message),
    raw,
    fields: [...new Set([...named, ...extractFieldPaths(message)])],
    problems,
  });
}

export interface HttpClientOptions {
  baseUrl: string;
  /** Supplies a bearer token; `invalidate` is called once on a 401 before one retry. */
  auth?: { token(): Promise<string>; invalidate(token: string): void };
  timeoutMs?: number;
  retry?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
  axiosInstance?: AxiosInstance;
  /** Observes every exchange (for the debug view). */
  onExchange?: (entry: { method: string; url: string; status?: number; ms: number; attempt: number }) => void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The transport of the API client: auth, timeouts, retries, typed errors. */
export class HttpClient {
  private readonly axios: AxiosInstance;
  private readonly retry: RetryPolicy;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: HttpClientOptions) {
    this.axios = options.axiosInstance ?? axios.create();
    this.retry = options.retry ?? defaultRetryPolicy;
    this.sleep = options.sleep ?? defaultSleep;
  }

  get baseUrl(): string {
    return this.options.baseUrl.replace(/\/+$/, '');
  }

  async json<T>(options: RequestOptions): Promise<T> {
    const response = await this.send(options, 'application/json');
    const text = Buffer.from(response.data).toString('utf8');
    if (response.status === 204 || text.length === 0) return undefined as T;
    const contentType = headerValue(response, 'content-type') ?? '';
    try {
      if (!isJson(contentType) && /^\s*</.test(text)) throw new Error('not json');
      return JSON.parse(text) as T;
    } catch (cause) {
      throw new ApiError({
        kind: 'invalid_response',
        status: response.status,
        message:
          'A resposta recebida não é da API fiscal (não é JSON). Verifique o endereço do serviço em Configurações > Avançado.',
        raw: text.slice(0, 4000),
        cause,
      });
    }
  }

  async binary(options: RequestOptions): Promise<BinaryResponse> {
    const response = await this.send({ timeoutMs: 60_000, ...options }, '*/*');
    return {
      data: Buffer.from(response.data),
      contentType: headerValue(response, 'content-type') ?? 'application/octet-stream',
    };
  }

  private async send(options: RequestOptions, accept: string): Promise<AxiosResponse<ArrayBuffer>> {
    const retryable = options.method === 'GET' || options.idempotent === true;
    const url = `${this.baseUrl}${options.path}${buildQuery(options.query)}`;
    let renewedAuth = false;
    for (let attempt = 0; ; attempt++) {
      const token = this.options.auth ? await this.options.auth.token() : undefined;
      const started = Date.now();
      let response: AxiosResponse<ArrayBuffer>;
      try {
        response = await this.axios.request<ArrayBuffer>({
          method: options.method,
          url,
          data: options.body === undefined ? undefined : options.body,
          headers: {
            Accept: accept,
            'Accept-Encoding': 'gzip, deflate',
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
            ...(options.body !== undefined && !(options.body instanceof FormData)
              ? { 'Content-Type': 'application/json' }
              : {}),
            ...options.headers,
          },
          responseType: 'arraybuffer',
          timeout: options.timeoutMs ?? this.options.timeoutMs ?? 30_000,
          validateStatus: () => true,
          maxRedirects: 0,
          decompress: true,
        });
      } catch (error) {
        const mapped =
          error instanceof AxiosError
            ? networkError(error.code, error.message, error)
            : networkError(undefined, String(error), error);
        this.options.onExchange?.({ method: options.method, url, ms: Date.now() - started, attempt });
        if (retryable && mapped.transient && attempt + 1 < this.retry.attempts) {
          await this.sleep(backoffDelay(attempt, this.retry));
          continue;
        }
        throw mapped;
      }
      this.options.onExchange?.({
        method: options.method,
        url,
        status: response.status,
        ms: Date.now() - started,
        attempt,
      });
      if (response.status >= 200 && response.status < 300) return response;
      if (response.status === 401 && this.options.auth && token && !renewedAuth) {
        // The token may have been revoked or expired early: renew once and repeat once.
        renewedAuth = true;
        this.options.auth.invalidate(token);
        attempt--;
        continue;
      }
      const error = errorFromResponse(response);
      if (retryable && error.transient && attempt + 1 < this.retry.attempts) {
        await this.sleep(backoffDelay(attempt, this.retry, headerValue(response, 'retry-after')));
        continue;
      }
      throw error;
    }
  }
}
