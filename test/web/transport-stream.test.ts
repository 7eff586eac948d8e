import { describe, expect, it } from 'vitest';

import { createWebTransport } from '../../renderer/src/transport-web';

// The SSE reader on awkward input: chunks cut anywhere (inside a UTF-8 character, between the two
// newlines that end an event), CRLF line ends, comments, multi-line data, junk.

const location = { origin: 'http://127.0.0.1:1', hash: '#token=abcdefghijklmnop', pathname: '/', search: '' };
const browser = {
  storage: { getItem: () => null, setItem: () => undefined },
  history: { state: null, replaceState: () => undefined },
};

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      // Left open, like a live stream.
    },
  });
}

function cut(text: string, sizes: number[]): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const parts: Uint8Array[] = [];
  let at = 0;
  for (const size of sizes) {
    parts.push(bytes.slice(at, at + size));
    at += size;
  }
  parts.push(bytes.slice(at));
  return parts;
}

describe('web transport event stream parsing', () => {
  it('reassembles events cut at arbitrary byte boundaries', async () => {
    const text =
      ': connected\r\n\r\n' +
      'event: app:notice\r\ndata: {"severity":"info","summary":"Conexão"}\r\n\r\n' +
      'event: app:notice\ndata: {"severity":"warn",\ndata: "summary":"ação"}\n\n' +
      'event: app:notice\ndata: not json\n\n' +
      'event: connectivity:changed\ndata: {"online":true}\n\n' +
      ': ping\n\n';
    const requests: { url: string; headers: Record<string, string> }[] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      requests.push({ url, headers: init.headers as Record<string, string> });
      // Every cut size from 1 to 7 bytes lands somewhere inside "ã"/"ç" and between "\n\n".
      return new Response(
        streamOf(
          cut(
            text,
            Array.from({ length: 40 }, (_, i) => (i % 7) + 1),
          ),
        ),
        { status: 200 },
      );
    }) as typeof fetch;
    const transport = createWebTransport(location, { ...browser, fetch: fetcher });
    const notices: unknown[] = [];
    const online: unknown[] = [];
    transport.on('app:notice', (payload) => notices.push(payload));
    transport.on('connectivity:changed', (payload) => online.push(payload));

    await expect.poll(() => online).toEqual([{ online: true }]);
    expect(notices).toEqual([
      { severity: 'info', summary: 'Conexão' },
      { severity: 'warn', summary: 'ação' },
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0].url).toBe('http://127.0.0.1:1/api/events');
    expect(requests[0].headers['X-Carreta-Token']).toBe('abcdefghijklmnop');
  });

  it('keeps delivering to other listeners when one throws', async () => {
    const fetcher = (async () =>
      new Response(streamOf(cut('event: app:notice\ndata: {"n":1}\n\n', [])), {
        status: 200,
      })) as typeof fetch;
    const transport = createWebTransport(location, { ...browser, fetch: fetcher });
    const seen: unknown[] = [];
    const original = console.error;
    console.error = () => undefined;
    try {
      transport.on('app:notice', () => {
        throw new Error('boom');
      });
      transport.on('app:notice', (payload) => seen.push(payload));
      await expect.poll(() => seen).toEqual([{ n: 1 }]);
    } finally {
      console.error = original;
    }
  });

  it('backs off instead of hammering a host that refuses the stream, and stops when unsubscribed', async () => {
    const times: number[] = [];
    const fetcher = (async () => {
      times.push(Date.now());
      return new Response('{"ok":false}', { status: 401 });
    }) as typeof fetch;
    const transport = createWebTransport(location, {
      ...browser,
      fetch: fetcher,
      backoff: { initialMs: 20, maxMs: 80 },
    });
    const off = transport.on('app:notice', () => undefined);
    await expect.poll(() => times.length, { timeout: 3000 }).toBeGreaterThanOrEqual(5);
    off();
    const count = times.length;
    const gaps = times.slice(1).map((time, i) => time - times[i]);
    expect(gaps[0]).toBeGreaterThanOrEqual(15);
    expect(gaps[3]).toBeGreaterThanOrEqual(70);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(times.length).toBeLessThanOrEqual(count + 1);
  });
});
