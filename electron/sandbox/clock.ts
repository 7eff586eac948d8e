/**
 * Time source of the sandbox. Everything that ages (tokens, quotas, certificates, document
 * deadlines) reads the time from here, so tests can move time forward without waiting.
 */
export interface Clock {
  /** Current time as epoch milliseconds. */
  nowMs(): number;
  /** Current time as a Date. */
  now(): Date;
  /** Moves the clock forward (negative values move it back); returns the new epoch ms. */
  advance(ms: number): number;
  /** Pins the clock to an absolute instant (epoch ms); `null` returns to real time plus offset 0. */
  set(epochMs: number | null): number;
}

export function createClock(start?: number): Clock {
  // An offset over the real clock keeps time flowing between calls, as a real server's does.
  let offset = start === undefined ? 0 : start - Date.now();
  const nowMs = () => Date.now() + offset;
  return {
    nowMs,
    now: () => new Date(nowMs()),
    advance(ms: number) {
      offset += ms;
      return nowMs();
    },
    set(epochMs: number | null) {
      offset = epochMs === null ? 0 : epochMs - Date.now();
      return nowMs();
    },
  };
}
