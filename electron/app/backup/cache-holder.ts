import { existsSync } from 'node:fs';
import { copyFile, rename, rm } from 'node:fs/promises';

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
   * Puts a validated database file in place of the current one, keeping the current file as
   * `<file>.bak` (a damaged one too: it may still be worth sending to support).
   */
  async replaceWith(validatedFile: string): Promise<string | null> {
    await this.close();
    let kept: string | null = null;
    if (existsSync(this.file)) {
      kept = `${this.file}.bak`;
      await rm(kept, { force: true });
      await rename(this.file, kept);
    }
    // A WAL or shared-memory file of the old database must not be replayed onto the new one.
    await rm(`${this.file}-wal`, { force: true });
    await rm(`${this.file}-shm`, { force: true });
    await copyFile(validatedFile, this.file);
    await this.open();
    if (this.failure) throw this.failure;
    return kept;
  }
}
