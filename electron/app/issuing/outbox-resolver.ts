// Resolves the outbox rows a crash or a timeout left open, shortly after the app starts (the API is
// up by then). Started and stopped with the app, so no timer outlives it.
import type { Logger } from '../logger';

/** The first resolution runs this long after start (the API and the network are up by then). */
export const OUTBOX_FIRST_DELAY_MS = 15_000;

export class OutboxResolver {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly resolveOpen: () => Promise<unknown>,
    /** False while there is no cache to read the outbox from (degraded start, restore). */
    private readonly ready: () => boolean,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  start(delayMs: number): void {
    this.stop();
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.ready()) return;
      this.running = this.resolveOpen()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.warn('outbox não resolvido', error))
        .finally(() => {
          this.running = null;
        });
    }, delayMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Waits for a resolution already under way (dispose waits before closing the cache). */
  async idle(): Promise<void> {
    await this.running;
  }

  get scheduled(): boolean {
    return this.timer !== null;
  }
}
