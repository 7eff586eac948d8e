// Renderer test setup: a test fails when the fake transport saw a contract breach, even when the
// renderer caught the thrown error and carried on (a toast, a banner).
import { afterEach } from 'vitest';

import { takeContractViolations } from './fake-transport';

afterEach(() => {
  const violations = takeContractViolations();
  if (violations.length > 0) throw new Error(`Contract breaches:\n${violations.join('\n')}`);
});
