// A scriptable HTTP peer on 127.0.0.1 for the client's transport tests (the sandbox covers the API's
// behaviour; this covers what the sandbox cannot easily do on demand: HTML pages, hangs, gzip).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

export interface FakeApi {
  url: string;
  requests: { method: string; url: string; body: string; headers: IncomingMessage['headers'] }[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startFakeApi(): Promise<FakeApi> {
  let handler: Handler = (_req, _body, res) => {
    res.writeHead(404).end();
  };
  const requests: FakeApi['requests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', url: req.url ?? '', body, headers: req.headers });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(value));
}

export function memoryTokenStore() {
  const values = new Map<string, string>();
  return {
    values,
    get: async (name: string) => values.get(name) ?? null,
    set: async (name: string, value: string) => {
      values.set(name, value);
    },
    delete: async (name: string) => {
      values.delete(name);
    },
  };
}
