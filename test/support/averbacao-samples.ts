// The averbação pack's constructed samples (../shared/reference/averbacao/samples), read as the
// tests need them: the HTTP exchanges of the `.http` transcripts, the JSON answers, the XMLs.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { referencePath } from './shared';

export const averbacaoSample = (name: string): string =>
  readFileSync(referencePath('averbacao', 'samples', name), 'utf8');

export interface HttpMessage {
  /** 'POST /rest/Auth' for a request, '200' for an answer. */
  start: string;
  status: number | null;
  headers: Record<string, string>;
  body: string;
}

/**
 * The requests and answers of a `.http` transcript, in order. Comment lines (`#`) and the
 * "=== answer ===" separators are skipped; a body runs to the next start line.
 */
export function httpMessages(text: string): HttpMessage[] {
  const lines = text.split(/\r?\n/);
  const out: HttpMessage[] = [];
  let current: HttpMessage | null = null;
  let inBody = false;
  const body: string[] = [];
  const flush = () => {
    if (current) out.push({ ...current, body: body.join('\n').trim() });
    body.length = 0;
  };
  for (const line of lines) {
    const request = /^(POST|GET) (\S+) HTTP\/1\.1$/.exec(line);
    const response = /^HTTP\/1\.1 (\d{3})/.exec(line);
    if (request || response) {
      flush();
      current = {
        start: request ? `${request[1]} ${request[2]}` : response![1]!,
        status: response ? Number(response[1]) : null,
        headers: {},
        body: '',
      };
      inBody = false;
      continue;
    }
    if (!current || line.startsWith('#') || /^=+ answer =+$/.test(line.trim())) continue;
    if (!inBody) {
      if (line.trim() === '') inBody = true;
      else {
        const colon = line.indexOf(':');
        current.headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      continue;
    }
    body.push(line);
  }
  flush();
  return out;
}

/** Every line of a transcript that is one JSON object (AverbePorto's answers are one line each). */
export function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split(/\r?\n/)
    .filter((l) => l.trim().startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

export interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface ReplayServer {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

/** A local server that records every request and answers with `answer(request, index)`. */
export async function replayServer(
  answer: (
    request: Recorded,
    index: number,
  ) => { status: number; headers?: Record<string, string | string[]>; body: string },
): Promise<ReplayServer> {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      const a = answer(recorded, requests.length - 1);
      res.writeHead(a.status, a.headers ?? {});
      res.end(a.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
