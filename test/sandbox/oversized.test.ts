// An oversized body gets its 413 before the connection closes: a client still sending reads the
// answer, instead of losing it to a connection reset (EPIPE/ECONNRESET).
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { getToken, startTestSandbox } from './support';

const LIMIT = 64 * 1024;
const TOTAL = 4 * 1024 * 1024;

let sandbox: RunningSandbox;
let token: string;

beforeAll(async () => {
  sandbox = await startTestSandbox({ bodyLimit: LIMIT, pdfEngine: null });
  token = await getToken(sandbox.url);
});
afterAll(() => sandbox.close());

interface Outcome {
  answer: string;
  sentWhenAnswered: number;
  sent: number;
  error: string | null;
}

/** Sends a 4 MiB body in 16 KiB pieces (honouring back-pressure), reading whatever comes back. */
function upload(path: string, framing: 'length' | 'chunked'): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(sandbox.port, '127.0.0.1');
    const outcome: Outcome = { answer: '', sentWhenAnswered: -1, sent: 0, error: null };
    socket.on('data', (data: Buffer) => {
      if (outcome.sentWhenAnswered < 0) outcome.sentWhenAnswered = outcome.sent;
      outcome.answer += data.toString('utf8');
    });
    socket.on('error', (err: NodeJS.ErrnoException) => (outcome.error = err.code ?? err.message));
    socket.on('close', () => resolve(outcome));
    const length = framing === 'length' ? `Content-Length: ${TOTAL}` : 'Transfer-Encoding: chunked';
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\n${length}\r\n\r\n`,
    );
    const piece = Buffer.alloc(16 * 1024, 0x20);
    const framed =
      framing === 'length'
        ? piece
        : Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
    const pump = () => {
      while (outcome.sent < TOTAL && !socket.destroyed) {
        outcome.sent += piece.length;
        if (!socket.write(framed)) return void socket.once('drain', pump);
      }
      if (socket.destroyed) return;
      if (framing === 'chunked') socket.end('0\r\n\r\n');
      else socket.end();
    };
    pump();
  });
}

describe('oversized bodies', () => {
  it.each(['length', 'chunked'] as const)(
    'answer 413 to a client still sending (%s framing), then close cleanly',
    async (framing) => {
      const outcome = await upload('/empresas', framing);
      expect(outcome.error).toBeNull();
      expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /);
      const body = JSON.parse(outcome.answer.slice(outcome.answer.indexOf('\r\n\r\n') + 4)) as {
        error: { code: string; message: string };
      };
      expect(body.error).toMatchObject({
        code: 'PayloadTooLarge',
        message: 'O corpo da requisição excede o tamanho máximo permitido.',
      });
      // Answered long before the upload ended: the client read it while still sending.
      expect(outcome.sentWhenAnswered).toBeLessThan(TOTAL);
      expect(outcome.sent).toBe(TOTAL);
    },
  );

  it('the token endpoint answers its own 413 the same way', async () => {
    const outcome = await upload('/oauth/token', 'length');
    expect(outcome.error).toBeNull();
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /);
  });
});
