// Worker thread entry: validates, builds, signs and checks large MDF-e requests (offload.ts) away
// from the event loop of the process hosting the sandbox — the Electron main process in
// demonstração, or the web host. A manifest with thousands of documents takes seconds to sign;
// on the main thread that froze the app. Built by Vite as dist-electron/main/mdfe-issue-worker.js
// (vite.config.ts); run from source through tsx.
import { parentPort } from 'node:worker_threads';

import { NOT_A_JSON_OBJECT, parseJsonText } from '../http/large-json';
import { validate } from '../http/validate';
import { issueMdfe } from './issue';
import type { WorkerReply, WorkerRequest } from './offload-protocol';
import { headOf } from './offload-protocol';
import { mdfePedidoEmissao, type MdfePedidoEmissao } from '../../fiscal/requests/mdfe';

/** Valid requests waiting for their `issue` (the sandbox looks up the company meanwhile). */
const kept = new Map<number, MdfePedidoEmissao>();

function answer(request: WorkerRequest): WorkerReply | null {
  switch (request.type) {
    case 'validate': {
      let input = request.input;
      if (request.text !== undefined) {
        const parsed = parseJsonText(request.text);
        if (!parsed.ok) return { id: request.id, type: 'malformed', message: parsed.message };
        input = parsed.value;
      }
      if (input === null || typeof input !== 'object' || Array.isArray(input))
        return { id: request.id, type: 'malformed', message: NOT_A_JSON_OBJECT };
      const result = validate(mdfePedidoEmissao, input);
      if (!result.ok) return { id: request.id, type: 'invalid', errors: result.errors };
      kept.set(request.id, result.value);
      return { id: request.id, type: 'valid', head: headOf(result.value) };
    }
    case 'issue': {
      const body = request.body ?? kept.get(request.id);
      kept.delete(request.id);
      if (!body) throw new Error(`pedido ${request.id} desconhecido no processo auxiliar`);
      return { id: request.id, type: 'issued', outcome: issueMdfe(body, request.env) };
    }
    case 'drop':
      kept.delete(request.id);
      return null;
  }
}

parentPort?.on('message', (request: WorkerRequest) => {
  let reply: WorkerReply | null;
  try {
    reply = answer(request);
  } catch (error) {
    reply = {
      id: request.id,
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? (error.stack ?? '') : '',
    };
  }
  if (reply) parentPort?.postMessage(reply);
});
