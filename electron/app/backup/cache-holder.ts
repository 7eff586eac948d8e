import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

import type { Database } from '../../cache';
import { openCache } from '../../cache';
import type { Repositories } from '../../cache/repositories';
import { createRepositories } from '../../cache/repositories';
import { AppError, toErrorPayload } from '../../shared/errors';
import type { Logger } from '../logger';

/**
 * Owns the cache connection. When the file cannot be opened (damaged, foreign, from a newer
 * version) the app still starts, in a degraded mode where only restoring a backup is offered:
 * commands that need the cache answer with a clear error instead of the app crashing.
 */
export class CacheHolder {
  private db: Database | null = null;
  private repositories: Repositories | null = null;
  private failure: AppError | null = null;

  constructor(
    readonly file: string,
    private readonly logger: Logger,
  ) {}

  async open(): Promise<void> {
    try {
      this.db = await openCache(this.file);
      this.repositories = createRepositories(this.db);
      this.failure = null;
    } catch (error) {
      const payload = toErrorPayload(error);
      this.failure =
        error instanceof AppError
          ? error
          : new AppError(payload.code, payload.message, { detail: payload.detail });
      this.logger.error(`cache não abriu (${this.failure.code}); modo de recuperação`, error);
    }
  }

  /** The repositories, or null while degraded (background work simply skips). */
  get repos(): Repositories | null {
    return this.repositories;
  }

  get error(): AppError | null {
    return this.failure;
  }

  require(): Repositories {
    if (this.repositories !== null) return this.repositories;
    throw new AppError(
      'cache_degraded',
      'O banco de dados local não está disponível. Restaure uma cópia de segurança (Configurações > Backup) ' +
        'ou sincronize novamente os documentos com a Nuvem Fiscal.',
      { detail: this.failure ? `${this.failure.code}: ${this.failure.message}` : undefined },
    );
  }

  async close(): Promise<void> {
    const db = this.db;
    this.db = null;
    this.repositories = null;
    await db?.close();
  }

  /**
   * Puts a validated database file in place of the current one. The current file (a damaged one
   * too: it may still be worth sending to support) is moved to `keepAs` with its write-ahead log,
   * so nothing it had committed is lost; if the new file then fails to open, the current one is
   * put back. Returns where the current one was kept (null: there was none).
   */
  async replaceWith(validatedFile: string, keepAs: string): Promise<string | null> {
    await this.close();
    let kept: string | null = null;
    if (existsSync(this.file)) {
      await mkdir(path.dirname(keepAs), { recursive: true, mode: 0o700 });
      await rename(this.file, keepAs);
      if (existsSync(`${this.file}-wal`)) await rename(`${this.file}-wal`, `${keepAs}-wal`);
      kept = keepAs;
    }
    // The shared-memory index belongs to the old file; the new one builds its own.
    await rm(`${this.file}-wal`, { force: true });
    await rm(`${this.file}-shm`, { force: true });
    try {
      await rename(validatedFile, this.file).catch(() => copyFile(validatedFile, this.file));
      await this.open();
      if (this.failure) throw this.failure;
    } catch (error) {
      await this.putBack(kept);
      throw error;
    }
    return kept;
  }

  private async putBack(kept: string | null): Promise<void> {
    await this.close();
    await Promise.all(['', '-wal', '-shm'].map((suffix) => rm(`${this.file}${suffix}`, { force: true })));
    if (kept) {
      await copyFile(kept, this.file);
      if (existsSync(`${kept}-wal`)) await copyFile(`${kept}-wal`, `${this.file}-wal`);
    }
    await this.open();
  }
}
