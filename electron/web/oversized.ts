// Answering a request before its body has arrived (too large, refused, busy). Closing the
// connection at once, with the rest of the body unread, makes the kernel reset it, and a client
// still writing loses the answer it had not read yet (it sees EPIPE/ECONNRESET instead). So the
// answer goes out now, the rest of the body is read and thrown away, and the connection is closed
// once the client has finished sending — or after LINGER_BYTES / LINGER_MS, so a client cannot
// hold it open for ever. (The sandbox does the same for Fastify: sandbox/http/oversized.ts.)
import type { IncomingMessage, ServerResponse } from 'node:http';

const LINGER_BYTES = 64 * 1024 * 1024;
const LINGER_MS = 15_000;

export function answerBeforeBody(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
): void {
  if (!req.complete) {
    const socket = req.socket;
    // The client must not send another request on this connection (the rest of this body comes
    // first), so the answer says `Connection: close` — on which node would end and destroy the
    // socket as soon as the answer is written, resetting it under the client. It closes after the
    // body instead (below).
    res.setHeader('connection', 'close');
    socket.destroySoon = () => undefined;
    let discarded = 0;
    const giveUp = () => socket.destroy();
    const timer = setTimeout(giveUp, LINGER_MS);
    timer.unref();
    // Listening before the answer ends keeps node from treating the body as abandoned.
    req.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > LINGER_BYTES) giveUp();
    });
    req.once('end', () => {
      clearTimeout(timer);
      socket.end();
    });
    req.once('close', () => clearTimeout(timer));
    req.resume();
  }
  const text = JSON.stringify({ ok: false, error: { code, message } });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(text);
}
