// Renderer test setup: a test fails when the fake transport saw a contract breach, even when the
// renderer caught the thrown error and carried on (a toast, a banner).
import { afterAll, afterEach, vi } from 'vitest';

import { takeContractViolations } from './fake-transport';

afterEach(() => {
  const violations = takeContractViolations();
  if (violations.length > 0) throw new Error(`Contract breaches:\n${violations.join('\n')}`);
});

// PrimeVue's TabList measures its ink bar on a 150 ms timer it never clears. When a file ended within
// 150 ms of mounting tabs, that timer could fire after happy-dom had been torn down ("HTMLElement is
// not defined", CI of stop 21) and fail the whole run. Each file now waits for such timers while the
// DOM still exists.
afterAll(async () => {
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 300));
});
