import type { IncomingMessage, ServerResponse } from 'node:http';

import type { CarretaApp } from '../app/index';
import type { Logger } from '../app/logger';
import { isCommandChannel } from '../shared/contract';
import type { CommandEnvelope } from '../shared/errors';
import type { EventStream } from './event-stream';
import { openEventStream } from './event-stream';
import { checkToken } from './guard';
import { answerBeforeBody } from './oversized';
import type { UploadStore } from './uploads';

export interface ApiOptions {
  app: CarretaApp;
  token: string;
  logger: Logger;
  bodyLimit: number;
  heartbeatMs: number;
  streams: Set<EventStream>;
  /** The streamed upload route for files larger than a JSON body (backups). */
  uploads?: UploadStore;
}

const TOO_LARGE = 'Dados grandes demais para um único envio.';

export function sendJson(res: ServerResponse, status: number, body: CommandEnvelope<unknown>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(text);
}

export function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { ok: false, error: { code, message } });
}

type BodyResult = { ok: true; text: string } | { ok: false };

/** Reads the whole body up to `limit` bytes; past it, stops at once (the caller answers 413 then). */
function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData);
      req.off('end', onEnd);
      resolve({ ok: false });
    };
    const onEnd = () => resolve({ ok: true, text: Buffer.concat(chunks).toString('utf8') });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
  });
}

async function handleInvoke(
  req: IncomingMessage,
  res: ServerResponse,
  rawChannel: string,
  options: ApiOptions,
) {
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    return sendError(res, 405, 'method_not_allowed', 'Método não permitido: use POST.');
  }
  let channel: string;
  try {
    channel = decodeURIComponent(rawChannel);
  } catch {
    channel = rawChannel;
  }
  if (!isCommandChannel(channel)) return sendError(res, 404, 'unknown_command', 'Comando desconhecido.');

  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > options.bodyLimit) return answerBeforeBody(req, res, 413, 'body_too_large', TOO_LARGE);
  const type = req.headers['content-type'];
  if (type !== undefined && !/^application\/json\s*(;|$)/i.test(type)) {
    return sendError(res, 415, 'unsupported_media_type', 'Formato não suportado: envie JSON.');
  }
  const body = await readBody(req, options.bodyLimit);
  if (!body.ok) return answerBeforeBody(req, res, 413, 'body_too_large', TOO_LARGE);

  let input: unknown = undefined;
  if (body.text.trim() !== '') {
    try {
      input = JSON.parse(body.text);
    } catch {
      return sendError(
        res,
        400,
        'invalid_json',
        'Requisição inválida: o conteúdo enviado não é um JSON válido.',
      );
    }
  }
  sendJson(res, 200, await options.app.dispatch(channel, input));
}

function handleEvents(req: IncomingMessage, res: ServerResponse, options: ApiOptions) {
  if (req.method !== 'GET') {
    res.setHeader('allow', 'GET');
    return sendError(res, 405, 'method_not_allowed', 'Método não permitido: use GET.');
  }
  const stream: EventStream = openEventStream(req, res, options.app.events, options.heartbeatMs, () =>
    options.streams.delete(stream),
  );
  options.streams.add(stream);
}

/** `/api/*`: every route needs the launch token. */
export async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  options: ApiOptions,
) {
  const auth = checkToken(req, options.token);
  // Answered before any body is read, readable by a client still sending one (an upload).
  if (!auth.ok) return answerBeforeBody(req, res, auth.status, 'unauthorized', auth.message);

  const invoke = /^\/api\/invoke\/([^/]+)$/.exec(pathname);
  if (invoke) return handleInvoke(req, res, invoke[1], options);
  if (pathname === '/api/events') return handleEvents(req, res, options);
  if (pathname === '/api/upload/backup' && options.uploads) return options.uploads.receive(req, res);
  return sendError(res, 404, 'not_found', 'Recurso não encontrado.');
}
