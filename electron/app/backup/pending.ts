// A validated backup waits here, in its own folder inside the data folder, until the clerk confirms
// it. At most one waits at a time (choosing another file discards the first), and it is removed
// when it expires, when the app starts and when it quits: a validated copy holds the company's
// data and must not pile up on the disk.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';

import { AppError } from '../../shared/errors';

export const PENDING_DIR = 'restauracao-pendente';
export const PENDING_TTL_MS = 30 * 60_000;

/** The database file and the journal files SQLite may leave beside it. */
export const databaseFiles = (file: string) => [file, `${file}-wal`, `${file}-shm`, `${file}-journal`];

export const removeDatabase = (file: string) =>
  Promise.all(databaseFiles(file).map((name) => rm(name, { force: true }))).then(() => undefined);

export const expiredError = () =>
  new AppError(
    'backup_expired',
    'Esta restauração expirou ou foi substituída por outra. Escolha o arquivo de backup de novo.',
  );

interface Entry<T> {
  token: string;
  value: T;
  file: string;
  timer: ReturnType<typeof setTimeout>;
}

export class PendingRestore<T> {
  private entry: Entry<T> | null = null;

  constructor(
    readonly dir: string,
    private readonly ttlMs = PENDING_TTL_MS,
  ) {}

  /** A fresh file name in the pending folder for a backup being validated. */
  newFile(): string {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    return path.join(this.dir, `restore-${randomUUID()}.db`);
  }

  /** Keeps a validated backup (its database at `file`) until confirmed; the previous one is discarded. */
  hold(value: T, file: string): string {
    this.discard();
    const token = randomUUID();
    const timer = setTimeout(() => {
      if (this.entry?.token === token) this.discard();
    }, this.ttlMs);
    timer.unref?.();
    this.entry = { token, value, file, timer };
    return token;
  }

  take(token: string): T {
    const entry = this.entry;
    if (!entry || entry.token !== token) throw expiredError();
    clearTimeout(entry.timer);
    this.entry = null;
    return entry.value;
  }

  /** Forgets the waiting backup and deletes its file. */
  discard(): void {
    const entry = this.entry;
    if (!entry) return;
    clearTimeout(entry.timer);
    this.entry = null;
    void removeDatabase(entry.file);
  }

  /**
   * Deletes every file of the pending folder but the one waiting (start: left by a crash; quit:
   * the waiting one too, with `all`).
   */
  async sweep(all = false): Promise<void> {
    if (all) this.discard();
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return;
    }
    const keep = new Set(this.entry ? databaseFiles(this.entry.file).map((file) => path.basename(file)) : []);
    await Promise.all(
      names.filter((name) => !keep.has(name)).map((name) => rm(path.join(this.dir, name), { force: true })),
    );
  }
}
