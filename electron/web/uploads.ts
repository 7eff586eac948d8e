// The browser host's streamed upload route (`POST /api/upload/backup`): a backup of up to the
// restore command's own cap arrives as a raw body, written straight to a file in the data folder —
// never held whole in memory on the way in, never as a JSON string — and the route answers an id
// that `backup:restore { upload }` takes once. One upload at a time, one kept at a time; it expires,
// and the folder is emptied when the host starts and closes.
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

import { answerBeforeBody } from './oversized';

export const UPLOAD_DIR = 'envios';
const UPLOAD_TTL_MS = 10 * 60_000;
const ID = /^[0-9a-f-]{36}$/;

const MiB = 1024 * 1024;

interface Stored {
  id: string;
  file: string;
  timer: ReturnType<typeof setTimeout>;
}

export class UploadStore {
  private receiving = false;
  private stored: Stored | null = null;

  constructor(
    readonly dir: string,
    /** The largest body accepted, in bytes. */
    readonly limit: number,
    private readonly ttlMs = UPLOAD_TTL_MS,
  ) {}

  private tooLarge(req: IncomingMessage, res: ServerResponse): void {
    answerBeforeBody(
      req,
      res,
      413,
      'body_too_large',
      `O arquivo é grande demais para uma cópia de segurança do Carreta (máximo ${Math.floor(this.limit / MiB)} MB). ` +
        'Escolha outro arquivo; nada foi alterado.',
    );
  }

  /** Receives one upload; answers `{ ok: true, data: { id, size } }` or a readable refusal. */
  receive(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return answerBeforeBody(req, res, 405, 'method_not_allowed', 'Método não permitido: use POST.');
    }
    const type = (req.headers['content-type'] ?? '').toLowerCase();
    if (!/^application\/(zip|octet-stream|x-zip-compressed)\s*(;|$)/.test(type))
      return answerBeforeBody(
        req,
        res,
        415,
        'unsupported_media_type',
        'Formato não suportado: envie o arquivo .zip.',
      );
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > this.limit) return this.tooLarge(req, res);
    if (this.receiving) {
      return answerBeforeBody(
        req,
        res,
        409,
        'upload_busy',
        'Outro arquivo ainda está sendo enviado. Aguarde ele terminar e tente de novo.',
      );
    }
    this.receiving = true;
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const id = randomUUID();
    const partial = path.join(this.dir, `${id}.part`);
    const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
    let size = 0;
    let settled = false;
    const fail = () => {
      if (settled) return;
      settled = true;
      this.receiving = false;
      req.off('data', onData);
      // The file may still be opening: removed once the stream has let go of it.
      out.once('close', () => void rm(partial, { force: true }));
      out.destroy();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > this.limit) {
        fail();
        return this.tooLarge(req, res);
      }
      if (!out.write(chunk)) {
        req.pause();
        out.once('drain', () => req.resume());
      }
    };
    req.on('data', onData);
    req.once('close', () => {
      if (!req.complete) fail();
    });
    out.once('error', () => {
      if (settled) return;
      fail();
      answerBeforeBody(
        req,
        res,
        507,
        'upload_failed',
        'Não foi possível gravar o arquivo enviado. Verifique o espaço em disco.',
      );
    });
    req.once('end', () => {
      if (settled) return;
      out.end(() => {
        if (settled) return;
        settled = true;
        this.receiving = false;
        void this.keep(id, partial).then(
          () => this.answer(res, 200, { ok: true, data: { id, size } }),
          () =>
            this.answer(res, 507, {
              ok: false,
              error: { code: 'upload_failed', message: 'Não foi possível gravar o arquivo enviado.' },
            }),
        );
      });
    });
  }

  private answer(res: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    res.end(text);
  }

  /** The finished file replaces any earlier one, and expires. */
  private async keep(id: string, partial: string): Promise<void> {
    const file = path.join(this.dir, `${id}.zip`);
    await rename(partial, file);
    this.forget();
    const timer = setTimeout(() => {
      if (this.stored?.id === id) this.forget();
    }, this.ttlMs);
    timer.unref();
    this.stored = { id, file, timer };
  }

  private forget(): void {
    const stored = this.stored;
    if (!stored) return;
    clearTimeout(stored.timer);
    this.stored = null;
    void rm(stored.file, { force: true });
  }

  /** The bytes of an upload, once: the file is removed as it is handed out. */
  async take(id: string): Promise<Buffer | null> {
    const stored = this.stored;
    if (!ID.test(id) || !stored || stored.id !== id) return null;
    clearTimeout(stored.timer);
    this.stored = null;
    try {
      return await readFile(stored.file);
    } catch {
      return null;
    } finally {
      await rm(stored.file, { force: true });
    }
  }

  /** Start and close: nothing of an earlier run (or this one) stays on the disk. */
  async sweep(): Promise<void> {
    this.forget();
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return;
    }
    await Promise.all(names.map((name) => rm(path.join(this.dir, name), { force: true })));
  }
}
