import type { FastifyInstance } from 'fastify';

/** After a 413, how much more of the refused body is read and discarded before giving up. */
const LINGER_BYTES = 64 * 1024 * 1024;
/** … and for how long. */
const LINGER_MS = 15_000;

/**
 * An oversized body is answered 413 as soon as it is known to be too large — often while the
 * client is still sending. Closing the connection then, with the rest of the body unread, makes
 * the kernel reset it, and a client that is still writing loses the 413 it had not read yet
 * (it sees EPIPE/ECONNRESET instead). So the answer goes out at once, the rest of the body is
 * read and thrown away, and the connection is closed once the client has finished sending
 * (or after `LINGER_BYTES` / `LINGER_MS`, so a client cannot hold it open forever).
 */
export function answerOversizedBodies(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 413 || request.raw.complete) return payload;
    // The framework asked for `Connection: close`, which closes before the body is drained.
    reply.removeHeader('connection');
    const req = request.raw;
    const socket = req.socket;
    let discarded = 0;
    const giveUp = () => socket.destroy();
    const timer = setTimeout(giveUp, LINGER_MS);
    timer.unref();
    req.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > LINGER_BYTES) giveUp();
    });
    req.once('end', () => {
      clearTimeout(timer);
      // The client has sent everything: closing now resets nothing.
      socket.end();
    });
    req.once('close', () => clearTimeout(timer));
    req.resume();
    return payload;
  });
}
