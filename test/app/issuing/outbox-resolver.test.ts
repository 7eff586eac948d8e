// The outbox resolver runs once, a while after start, and never after the app stopped it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { OUTBOX_FIRST_DELAY_MS, OutboxResolver } from '../../../electron/app/issuing/outbox-resolver';

const logger = { warn: vi.fn() };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  logger.warn.mockReset();
});

describe('OutboxResolver', () => {
  it('resolves the open rows once, after the delay', async () => {
    const resolveOpen = vi.fn(async () => []);
    const resolver = new OutboxResolver(resolveOpen, () => true, logger);
    resolver.start(OUTBOX_FIRST_DELAY_MS);
    expect(resolver.scheduled).toBe(true);
    await vi.advanceTimersByTimeAsync(OUTBOX_FIRST_DELAY_MS - 1);
    expect(resolveOpen).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await resolver.idle();
    expect(resolveOpen).toHaveBeenCalledTimes(1);
    expect(resolver.scheduled).toBe(false);
  });

  it('stop clears the timer: nothing runs after the app is disposed', async () => {
    const resolveOpen = vi.fn(async () => []);
    const resolver = new OutboxResolver(resolveOpen, () => true, logger);
    resolver.start(OUTBOX_FIRST_DELAY_MS);
    resolver.stop();
    expect(resolver.scheduled).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(OUTBOX_FIRST_DELAY_MS * 2);
    expect(resolveOpen).not.toHaveBeenCalled();
  });

  it('skips the run without a cache, and logs a failed run instead of throwing', async () => {
    const resolveOpen = vi.fn(async () => {
      throw new Error('sem rede');
    });
    let ready = false;
    const resolver = new OutboxResolver(resolveOpen, () => ready, logger);
    resolver.start(10);
    await vi.advanceTimersByTimeAsync(10);
    expect(resolveOpen).not.toHaveBeenCalled();
    ready = true;
    resolver.start(10);
    await vi.advanceTimersByTimeAsync(10);
    await resolver.idle();
    expect(resolveOpen).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith('outbox não resolvido', expect.any(Error));
  });
});
