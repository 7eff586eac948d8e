// The browser host restores real backups (issue 24, item 4): a backup of several megabytes goes
// through the streamed upload route (never a 10 MiB JSON body), and a body over the limit is
// answered with a readable 413 while the client is still sending.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CommandEnvelope } from '../../electron/shared/errors';
import { UPLOAD_DIR } from '../../electron/web/uploads';
import { craftBackup } from '../support/backup-craft';
import type { TestHost } from './helpers';
import { invokeRaw, startTestHost, testToken } from './helpers';

const MiB = 1024 * 1024;

interface Answer {
  status: number;
  body: string;
  /** Bytes the client had written when the answer's headers arrived, and whether it had ended. */
  sentAtAnswer: number;
  endedAtAnswer: boolean;
}

/**
 * POSTs `total` bytes in `chunk`-sized writes, pausing between writes so the server can answer
 * mid-way; stops writing as soon as an answer arrives (as a browser does), then finishes.
 */
function upload(
  port: number,
  options: { total: number; chunk?: number; headers?: Record<string, string>; body?: Buffer },
): Promise<Answer> {
  const chunk = options.chunk ?? 256 * 1024;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/upload/backup',
        // A connection of its own: one left mid-body after a 413 is not reused (browsers do the same).
        agent: false,
        headers: { 'x-carreta-token': testToken, 'content-type': 'application/zip', ...options.headers },
      },
      (res) => {
        answered = true;
        const sentAtAnswer = sent;
        const endedAtAnswer = req.writableEnded;
        let body = '';
        res.setEncoding('utf8').on('data', (text: string) => (body += text));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sentAtAnswer, endedAtAnswer }));
        if (!req.writableEnded) req.end();
      },
    );
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const source = options.body ?? Buffer.alloc(chunk, 7);
    const write = () => {
      if (answered) return;
      if (sent >= options.total) return void req.end();
      const size = Math.min(chunk, options.total - sent);
      const piece = options.body ? source.subarray(sent, sent + size) : source.subarray(0, size);
      sent += size;
      req.write(piece, () => setTimeout(write, 5));
    };
    write();
  });
}

describe('browser host: streamed backup upload', { timeout: 120_000 }, () => {
  let host: TestHost;
  // A connection per call: crafting a backup takes longer than the host's keep-alive, and a pooled
  // connection the host has just closed would fail the next call for a reason of the test's own.
  const fresh = { connection: 'close' };
  const call = async <T>(channel: string, input: unknown): Promise<CommandEnvelope<T>> =>
    (await invokeRaw(host.port, channel, JSON.stringify(input), fresh)).json() as CommandEnvelope<T>;

  beforeAll(async () => {
    host = await startTestHost({ uploadLimit: 16 * MiB });
  });
  afterAll(async () => {
    await host.cleanup();
  });

  it('restores an 8 MB backup through the upload route', async () => {
    const made = await call<{ base64: string }>('backup:create', {});
    if (!made.ok) throw new Error(made.error.message);
    // A backup grown past 8 MB with incompressible data (a real one holds years of XML and PDF).
    const big = await craftBackup(Buffer.from(made.data.base64, 'base64'), {
      sql: ["INSERT INTO file_parts (sha256, content) VALUES ('lastro', randomblob(8600000))"],
    });
    expect(big.length).toBeGreaterThan(8 * MiB);
    // The JSON route refuses it, as it always did: 10 MiB of body is not enough for it as base64.
    const json = await invokeRaw(
      host.port,
      'backup:restore',
      JSON.stringify({ base64: big.toString('base64') }),
    );
    expect(json.status).toBe(413);

    const sent = await upload(host.port, { total: big.length, body: big, chunk: 512 * 1024 });
    expect(sent.status).toBe(200);
    const { data } = JSON.parse(sent.body) as { data: { id: string; size: number } };
    expect(data.size).toBe(big.length);
    const asked = await call<{ state: string; token: string }>('backup:restore', { upload: data.id });
    if (!asked.ok) throw new Error(asked.error.message);
    expect(asked.data.state).toBe('needs_confirm');
    // Taken once: the file left the upload folder.
    expect(readdirSync(path.join(host.dataDir, UPLOAD_DIR))).toEqual([]);
    const again = await call('backup:restore', { upload: data.id });
    expect(again).toMatchObject({ ok: false, error: { code: 'backup_upload_missing' } });

    const restored = await call<{ state: string }>('backup:restore', {
      token: asked.data.token,
      confirm: true,
    });
    expect(restored).toMatchObject({ ok: true, data: { state: 'restored' } });
    const part = await host.app.context.cache
      .require()
      .db.get<{ n: number }>("SELECT length(content) AS n FROM file_parts WHERE sha256 = 'lastro'");
    expect(part?.n).toBe(8_600_000);
  });

  it('a body over the limit gets a readable 413 before the client has finished sending', async () => {
    // Declared: answered at once, nothing of the body read.
    const declared = await upload(host.port, {
      total: 20 * MiB,
      headers: { 'content-length': String(20 * MiB) },
    });
    expect(declared.status).toBe(413);
    expect(declared.endedAtAnswer).toBe(false);
    expect(declared.sentAtAnswer).toBeLessThan(20 * MiB);
    expect(JSON.parse(declared.body)).toMatchObject({
      ok: false,
      error: { code: 'body_too_large', message: expect.stringMatching(/grande demais.*máximo 16 MB/) },
    });

    // Streamed without a length: answered as soon as it passes the limit.
    const streamed = await upload(host.port, { total: 40 * MiB, chunk: 1 * MiB });
    expect(streamed.status).toBe(413);
    expect(streamed.endedAtAnswer).toBe(false);
    expect(streamed.sentAtAnswer).toBeLessThan(40 * MiB);
    expect(JSON.parse(streamed.body)).toMatchObject({ ok: false, error: { code: 'body_too_large' } });
    // Nothing half-written is kept.
    const dir = path.join(host.dataDir, UPLOAD_DIR);
    await expect.poll(() => (existsSync(dir) ? readdirSync(dir) : [])).toEqual([]);
  });

  it('needs the launch token and a ZIP; anything else is refused before the body is read', async () => {
    const noToken = await upload(host.port, {
      total: MiB,
      headers: { 'x-carreta-token': 'outro-token-qualquer-1234' },
    });
    expect(noToken.status).toBe(401);
    const form = await upload(host.port, {
      total: 1024,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
  });

  it('an upload of random bytes is refused by the restore with a clear message, and not kept', async () => {
    const junk = randomBytes(64 * 1024);
    const sent = await upload(host.port, { total: junk.length, body: junk });
    const { data } = JSON.parse(sent.body) as { data: { id: string } };
    const asked = await call('backup:restore', { upload: data.id });
    expect(asked).toMatchObject({
      ok: false,
      error: {
        code: 'backup_invalid',
        message: expect.stringMatching(/não é uma cópia de segurança válida/),
      },
    });
    expect(readdirSync(path.join(host.dataDir, UPLOAD_DIR))).toEqual([]);
  });
});
