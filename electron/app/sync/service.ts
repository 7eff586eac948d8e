import type { Repositories } from '../../cache/repositories';
import type { DocKind, Environment } from '../../cache/repositories/types';
import type { SyncProgress, SyncRunSummary } from '../../shared/schemas/documents';
import type { Logger } from '../logger';
import type { MdfeSource } from './mdfe-sync';
import { syncMdfe } from './mdfe-sync';
import { syncScope } from './scope-sync';
import type { SyncSource } from './source';
import { isOffline } from './source';

export const ALL_KINDS: readonly DocKind[] = ['cte', 'cteos', 'dce'];
/** Every 5 minutes while online; the first run waits for the embedded sandbox to be up. */
export const SYNC_INTERVAL_MS = 5 * 60_000;
export const SYNC_FIRST_DELAY_MS = 15_000;

export interface SyncTarget {
  source: SyncSource;
  environment: Environment;
  ambiente: 'homologacao' | 'producao';
  /** The MDF-e module: manifests sync with every full run (their own tables, see mdfe-sync). */
  mdfe?: MdfeSource;
}

export interface SyncOptions {
  company?: string;
  kinds?: readonly DocKind[];
  full?: boolean;
}

export interface SyncServiceDeps {
  repos: () => Repositories | null;
  target: () => Promise<SyncTarget>;
  progress: (event: SyncProgress) => void;
  logger: Logger;
  now?: () => number;
}

export class OfflineError extends Error {
  constructor(cause: unknown) {
    super('offline', { cause });
  }
}

/**
 * Runs syncs one at a time (a request while one runs waits for it, then runs), and on a schedule:
 * every few minutes while online, backing off (30 s doubling up to the interval) while offline.
 */
export class SyncService {
  private running: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private stopped = true;

  constructor(private readonly deps: SyncServiceDeps) {}

  sync(options: SyncOptions = {}): Promise<SyncRunSummary[]> {
    const run = this.running.then(
      () => this.runOnce(options),
      () => this.runOnce(options),
    );
    this.running = run.catch(() => undefined);
    return run;
  }

  private async runOnce(options: SyncOptions): Promise<SyncRunSummary[]> {
    const repos = this.deps.repos();
    if (repos === null) return [];
    const target = await this.deps.target();
    let companies: string[];
    try {
      companies = options.company ? [options.company] : await target.source.empresas();
    } catch (error) {
      throw isOffline(error) ? new OfflineError(error) : error;
    }
    const summaries: SyncRunSummary[] = [];
    for (const company of companies) {
      for (const kind of options.kinds ?? ALL_KINDS) {
        const scope = { company, kind, environment: target.environment };
        try {
          summaries.push(
            await syncScope(
              {
                repos,
                source: target.source,
                ambiente: target.ambiente,
                progress: this.deps.progress,
                now: this.deps.now,
              },
              scope,
              options.full ?? false,
            ),
          );
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          await repos.syncState.fail(scope, message).catch(() => undefined);
          if (isOffline(error)) {
            this.deps.progress({ ...scope, phase: 'offline', done: 0, message });
            throw new OfflineError(error);
          }
          this.deps.logger.warn(`sync ${company}/${kind}: ${message}`);
          this.deps.progress({ ...scope, phase: 'error', done: 0, message });
          summaries.push({ ...scope, listed: 0, added: 0, changed: 0, files: 0, missing: 0, error: message });
        }
      }
      if (target.mdfe && options.kinds === undefined) {
        const scope = { company, environment: target.environment };
        const deps = { repo: repos.mdfe, source: target.mdfe, ambiente: target.ambiente };
        const result = await syncMdfe(deps, scope, options.full ?? false);
        if (result.error) this.deps.logger.warn(`sync ${company}/mdfe: ${result.error}`);
      }
    }
    return summaries;
  }

  /** Starts the schedule: a first sync now, then one every `intervalMs`. Timers never hold the process. */
  start(intervalMs = 5 * 60_000, firstDelayMs = 0): void {
    this.stopped = false;
    this.schedule(firstDelayMs, intervalMs);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Waits for the sync in progress, if any (dispose). */
  async idle(): Promise<void> {
    await this.running;
  }

  /** Current back-off delay after `failures` offline attempts. */
  static backoffMs(failures: number, intervalMs: number): number {
    return Math.min(intervalMs, 30_000 * 2 ** Math.max(0, failures - 1));
  }

  private schedule(delayMs: number, intervalMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.sync().then(
        () => {
          this.failures = 0;
          this.schedule(intervalMs, intervalMs);
        },
        (error: unknown) => {
          if (error instanceof OfflineError) this.failures++;
          else this.deps.logger.warn(`sincronização agendada falhou: ${String(error)}`);
          const delay =
            error instanceof OfflineError ? SyncService.backoffMs(this.failures, intervalMs) : intervalMs;
          this.schedule(delay, intervalMs);
        },
      );
    }, delayMs);
    this.timer.unref?.();
  }
}
