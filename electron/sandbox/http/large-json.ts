// Large JSON bodies a route reads elsewhere. Parsing half a megabyte of JSON and copying the tens of
// thousands of objects it makes to a worker thread both happen on the event loop; handing the
// worker the text instead leaves the loop with a string copy. The parsing rules stay Fastify's:
// malformed JSON and prototype poisoning (`__proto__`, `constructor.prototype`) are refused with
// the answers the sandbox gives any other body.
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { badRequest } from './errors';

export const NOT_A_JSON_OBJECT = 'O corpo da requisição deve ser um objeto JSON.';
const INVALID_JSON = 'O corpo da requisição não é um JSON válido.';

/** A JSON body kept as text for the route to parse where it chooses. */
export class LargeJsonBody {
  constructor(readonly text: string) {}
}

/** Bodies from this size (in characters) are kept as text: about 1,000 MDF-e document keys. */
export const LARGE_JSON_CHARS = 64 * 1024;

/** What `parseJsonText` makes of a text: the value, or the message of the 400 that refuses it. */
export type JsonTextResult = { ok: true; value: unknown } | { ok: false; message: string };

/** JSON.parse with Fastify's default refusals, answering the sandbox's messages. */
export function parseJsonText(text: string): JsonTextResult {
  let poisoned = false;
  try {
    const value: unknown = JSON.parse(text, (key, value: unknown) => {
      if (
        key === '__proto__' ||
        (key === 'constructor' && typeof value === 'object' && value !== null && 'prototype' in value)
      )
        poisoned = true;
      return value;
    });
    // Fastify answers both as invalid JSON (FST_ERR_CTP_INVALID_JSON_BODY, http/errors.ts).
    return poisoned ? { ok: false, message: INVALID_JSON } : { ok: true, value };
  } catch {
    return { ok: false, message: INVALID_JSON };
  }
}

/** The refusal of a `parseJsonText` failure, as the route answers it. */
export const jsonTextRefusal = (message: string) => badRequest(message);

/**
 * Keeps large JSON bodies of the routes `keep` selects as `LargeJsonBody`, in the plugin's scope;
 * every other body is parsed as Fastify always does.
 */
export function keepLargeJsonBodies(app: FastifyInstance, keep: (request: FastifyRequest) => boolean) {
  const standard = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.length >= LARGE_JSON_CHARS && keep(request)) return done(null, new LargeJsonBody(text));
    return standard(request, text, done);
  });
}
