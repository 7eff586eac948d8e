// The renderer's transport when it runs in a normal browser against the web host
// (electron/web/server.ts): commands over `POST /api/invoke/:channel`, events over one
// server-sent-events stream read with fetch, so the launch token always travels in a header.
import type { CarretaTransport } from '@shared/contract';
import type { CommandEnvelope } from '@shared/errors';

const tokenKey = 'carreta.web.token';
const tokenHeader = 'X-Carreta-Token';

type TokenStorage = Pick<Storage, 'getItem' | 'setItem'>;
type TokenHistory = Pick<History, 'replaceState' | 'state'>;
type TokenLocation = Pick<Location, 'hash' | 'pathname' | 'search'>;

export interface WebTransportOptions {
  fetch?: typeof fetch;
  storage?: TokenStorage;
  history?: TokenHistory;
  /** Reconnection delays of the event stream, doubled after each failure up to `maxMs`. */
  backoff?: { initialMs: number; maxMs: number };
  /** For uploads with progress (fetch reports none while sending). */
  xhr?: () => XMLHttpRequest;
}

let memoryToken: string | null = null;

/**
 * Takes the token from a `#token=…` launch URL, keeps it for this tab (sessionStorage, so a reload
 * still works) and swaps the fragment for `#/`, the hash router's home, so the secret does not stay
 * in the address bar or the history. Returns the token known for this tab, if any.
 */
export function captureLaunchToken(
  location: TokenLocation,
  storage: TokenStorage,
  history: TokenHistory,
): string | null {
  const match = /^#token=([^&/]+)/.exec(location.hash);
  if (match) {
    let token = match[1];
    try {
      token = decodeURIComponent(token);
    } catch {
      // Keep the raw text: the server will answer 401 with a message the user can act on.
    }
    try {
      storage.setItem(tokenKey, token);
    } catch {
      // Storage can be disabled; the token then lives in memory until the page is reloaded.
      memoryToken = token;
    }
    history.replaceState(history.state, '', `${location.pathname}${location.search}#/`);
    return token;
  }
  try {
    return storage.getItem(tokenKey) ?? memoryToken;
  } catch {
    return memoryToken;
  }
}

// Runs on import, before the router reads the hash: the shell imports the bridge (and so this
// module) ahead of creating the hash router, which would otherwise treat `token=…` as a route.
if (typeof window !== 'undefined' && !window.carreta && typeof sessionStorage !== 'undefined') {
  captureLaunchToken(window.location, sessionStorage, window.history);
}

function transportError(code: string, message: string, detail?: string): CommandEnvelope<never> {
  return { ok: false, error: { code, message, ...(detail ? { detail } : {}) } };
}

function isEnvelope(value: unknown): value is CommandEnvelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean';
}

type Listener = (payload: unknown) => void;

/** One SSE stream shared by every `on()` listener; opened with the first, closed with the last. */
class EventStreamClient {
  private readonly listeners = new Map<string, Set<Listener>>();
  private generation = 0;
  private controller: AbortController | null = null;

  constructor(
    private readonly url: string,
    private readonly headers: () => Record<string, string>,
    private readonly fetcher: typeof fetch,
    private readonly backoff: { initialMs: number; maxMs: number },
  ) {}

  add(event: string, listener: Listener): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    if (!this.controller) void this.run(++this.generation);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(event);
      if (this.listeners.size === 0) this.stop();
    };
  }

  private stop(): void {
    this.generation++;
    this.controller?.abort();
    this.controller = null;
  }

  private async run(generation: number): Promise<void> {
    let delay = this.backoff.initialMs;
    while (generation === this.generation) {
      const controller = new AbortController();
      this.controller = controller;
      try {
        const response = await this.fetcher(this.url, {
          headers: { ...this.headers(), accept: 'text/event-stream' },
          cache: 'no-store',
          signal: controller.signal,
        });
        if (response.ok && response.body) {
          delay = this.backoff.initialMs;
          await this.read(response.body);
        } else {
          await response.body?.cancel().catch(() => undefined);
        }
      } catch {
        // Host restarting, network hiccup or our own abort: retried below unless stopped.
      }
      if (generation !== this.generation) break;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, this.backoff.maxMs);
    }
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        this.dispatch(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
  }

  private dispatch(block: string): void {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    const listeners = this.listeners.get(event);
    if (!listeners || data.length === 0) return;
    let payload: unknown;
    try {
      payload = JSON.parse(data.join('\n'));
    } catch {
      return;
    }
    for (const listener of [...listeners]) {
      try {
        listener(payload);
      } catch (error) {
        console.error(`[carreta] listener of ${event} failed`, error);
      }
    }
  }
}

export function createWebTransport(
  location: Pick<Location, 'origin' | 'hash' | 'pathname' | 'search'>,
  options: WebTransportOptions = {},
): CarretaTransport {
  const fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  const storage = options.storage ?? sessionStorage;
  const history = options.history ?? window.history;
  const token = captureLaunchToken(location, storage, history);
  const headers = (): Record<string, string> => (token ? { [tokenHeader]: token } : {});
  const stream = new EventStreamClient(
    `${location.origin}/api/events`,
    headers,
    fetcher,
    options.backoff ?? { initialMs: 500, maxMs: 15_000 },
  );

  return {
    async invoke(channel, input) {
      let response: Response;
      try {
        response = await fetcher(`${location.origin}/api/invoke/${encodeURIComponent(channel)}`, {
          method: 'POST',
          headers: { ...headers(), 'content-type': 'application/json' },
          body: JSON.stringify(input ?? {}),
          cache: 'no-store',
        });
      } catch (error) {
        return transportError(
          'host_unreachable',
          'Não foi possível falar com o Carreta. Verifique se ele continua aberto no terminal (npm run web) e recarregue a página.',
          error instanceof Error ? error.message : String(error),
        );
      }
      const body: unknown = await response.json().catch(() => null);
      if (isEnvelope(body)) return body;
      return transportError(
        'transport',
        `Resposta inesperada do Carreta (HTTP ${response.status}). Recarregue a página.`,
      );
    },
    on(event, listener) {
      return stream.add(event, listener);
    },
    upload(route, file, onProgress) {
      const request = options.xhr?.() ?? new XMLHttpRequest();
      return new Promise<CommandEnvelope<unknown>>((resolve) => {
        request.open('POST', `${location.origin}/api/upload/${route}`);
        for (const [name, value] of Object.entries(headers())) request.setRequestHeader(name, value);
        request.setRequestHeader('content-type', 'application/zip');
        request.upload.onprogress = (event) => onProgress?.(event.loaded, event.total || file.size);
        request.onload = () => {
          let body: unknown;
          try {
            body = JSON.parse(request.responseText) as unknown;
          } catch {
            body = null;
          }
          resolve(
            isEnvelope(body)
              ? body
              : transportError('transport', `Resposta inesperada do Carreta (HTTP ${request.status}).`),
          );
        };
        request.onerror = () =>
          resolve(
            transportError(
              'host_unreachable',
              'O envio do arquivo foi interrompido. Verifique se o Carreta continua aberto e tente de novo.',
            ),
          );
        request.send(file);
      });
    },
  };
}
