import type { CarretaTransport } from '../../electron/shared/contract';

/** Placeholder until the web host lands: the web transport talks HTTP + SSE to electron/web. */
export function createWebTransport(_location: Location): CarretaTransport {
  throw new Error('web transport not implemented yet');
}
