// The background poller of the NF-e inbox: every company of the current environment whose inbox is
// enabled (it has a distnfe configuration) is looked after on its own hour. A company where the
// service distributes by itself (`distribuicao_automatica`) is never sent a dist-nsu request by the
// app — the app only reads what the service already distributed — so the authority never sees two
// pollers for one company. A company without distnfe configuration is left alone.
import type { Environment } from '../../shared/schemas/app';
import type { Logger } from '../logger';
import type { InboxScope } from './ingest';
import type { InboxStore } from './store';
import { WAIT_MS, nextAllowedAt } from './store';

export const POLLER_TICK_MS = 5 * 60_000;
export const POLLER_FIRST_DELAY_MS = 60_000;

/** How the company's NF-e distribution runs; null when it cannot be told now (offline). */
export type DistributionMode = 'manual' | 'automatic' | 'disabled';

/** What the poller needs from the inbox service. */
export interface PolledInbox {
  store(): InboxStore | null;
  now(): number;
  /** The companies of the current environment, and that environment. */
  companies(): Promise<{ environment: Environment; companies: string[] }>;
  mode(company: string): Promise<DistributionMode | null>;
  /** True while a manual or scheduled run of the company is in progress. */
  busy(company: string): boolean;
  /** A dist-nsu run, or (automatic mode) a read of what the service distributed. */
  distribute(company: string): Promise<unknown>;
}

export interface PollOutcome {
  company: string;
  action: 'distributed' | 'collected' | 'skipped';
  reason?: 'busy' | 'waiting' | 'disabled' | 'unknown' | 'failed';
}

export class InboxPoller {
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly inbox: PolledInbox,
    private readonly logger: Logger,
  ) {}

  /** Whether the one-hour rule and the last run let the company be distributed now. */
  private async due(store: InboxStore, scope: InboxScope): Promise<boolean> {
    const state = await store.state(scope);
    const now = this.inbox.now();
    const lastRun = state?.last_run_at ? Date.parse(state.last_run_at) : 0;
    const next = nextAllowedAt(state);
    return now - lastRun >= WAIT_MS && !(next && Date.parse(next) > now);
  }

  private async pollOne(store: InboxStore, environment: Environment, company: string): Promise<PollOutcome> {
    // A run in progress (the user's "Buscar novas notas") is never doubled by the poller.
    if (this.inbox.busy(company)) return { company, action: 'skipped', reason: 'busy' };
    if (!(await this.due(store, { company, environment })))
      return { company, action: 'skipped', reason: 'waiting' };
    const mode = await this.inbox.mode(company);
    if (mode === null) return { company, action: 'skipped', reason: 'unknown' };
    if (mode === 'disabled') return { company, action: 'skipped', reason: 'disabled' };
    if (this.inbox.busy(company)) return { company, action: 'skipped', reason: 'busy' };
    try {
      await this.inbox.distribute(company);
    } catch (error) {
      this.logger.warn(
        `caixa de entrada ${company}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return { company, action: 'skipped', reason: 'failed' };
    }
    return { company, action: mode === 'automatic' ? 'collected' : 'distributed' };
  }

  /** One scheduled check of every company; each runs on its own, so a slow one delays no other. */
  tick(): Promise<PollOutcome[]> {
    const run = this.check();
    this.inFlight = run.catch(() => undefined);
    return run;
  }

  private async check(): Promise<PollOutcome[]> {
    const store = this.inbox.store();
    if (!store) return [];
    let listed: { environment: Environment; companies: string[] };
    try {
      listed = await this.inbox.companies();
    } catch {
      return []; // offline or no credentials: the next tick tries again
    }
    return Promise.all(listed.companies.map((c) => this.pollOne(store, listed.environment, c)));
  }

  start(intervalMs = POLLER_TICK_MS, firstDelayMs = POLLER_FIRST_DELAY_MS): void {
    this.stop();
    const run = () => {
      void this.tick().finally(() => {
        if (!this.timer) return;
        this.timer = setTimeout(run, intervalMs);
        this.timer.unref?.();
      });
    };
    this.timer = setTimeout(run, firstDelayMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Resolves when the check in progress, if any, has finished. */
  async idle(): Promise<void> {
    await this.inFlight;
  }
}
