import type { IncomingMessage, ServerResponse } from 'node:http';

import type { EventBus } from '../app/events';

/** One open server-sent-events response; `close()` ends it from the server side (shutdown). */
export interface EventStream {
  close(): void;
}

/**
 * Streams every EventBus event to one client as `event: <channel>` + `data: <json>`. Comments
 * (`: ping`) keep idle connections from being dropped by proxies and let the client notice a
 * dead host.
 */
export function openEventStream(
  req: IncomingMessage,
  res: ServerResponse,
  bus: EventBus,
  heartbeatMs: number,
  onClosed: () => void,
): EventStream {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-content-type-options': 'nosniff',
  });
  res.write(': connected\n\n');

  const unsubscribe = bus.subscribe((event, payload) => {
    res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
  });
  const heartbeat = setInterval(() => res.write(': ping\n\n'), heartbeatMs);
  heartbeat.unref();

  let closed = false;
  const cleanup = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    onClosed();
  };
  req.on('close', cleanup);
  res.on('close', cleanup);
  res.on('error', cleanup);

  return {
    close() {
      cleanup();
      res.end();
    },
  };
}
