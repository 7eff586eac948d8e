import os from 'node:os';

import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

import { sharedAlias } from './vite.config.ts';

/**
 * Node test files that need a module registry of their own: they replace modules with vi.mock (the
 * Electron shell's tests mock `electron`) or change the process for the files after them (TZ).
 */
const ISOLATED = ['test/main/**/*.test.ts', 'test/preload/**/*.test.ts', 'test/shared/format-time.test.ts'];

/**
 * The files that hold a worker longest (measured on this machine, issue 27), longest first. Vitest
 * orders files by the durations of the last run, which a clean clone (CI) does not have: it falls
 * back to the larger files first, and the 90-second kill test (a small file) started near the end
 * and ran alone. These start first; the rest keep Vitest's order.
 */
const SLOW_FIRST = [
  'test/app/sync/kill.test.ts',
  'test/documents/layout.test.ts',
  'test/documents/damdfe-pdf.test.ts',
  'test/documents/snapshots.test.ts',
  'test/app/averbacao/demo.test.ts',
  'test/web/cli.test.ts',
  'test/sandbox/lifecycle.test.ts',
  'test/documents/pdf-batch-chromium.test.ts',
  'test/app/issuing/faults.test.ts',
  'test/documents/damdfe-property.test.ts',
  'test/app/backup/restore-fuzz.test.ts',
];

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const index = SLOW_FIRST.findIndex((file) => spec.moduleId.replaceAll('\\', '/').endsWith(file));
      return index < 0 ? SLOW_FIRST.length : index;
    };
    // Array.prototype.sort is stable: Vitest's order stays among files of the same rank.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on the 2-core CI machine, where
    // most test files wait on a socket, a browser or the disk for much of their time. A worker per core
    // keeps both cores busy.
    maxWorkers: os.availableParallelism(),
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        resolve: { alias: sharedAlias },
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/renderer/**', 'test/e2e/**', 'test/bench/**', ...ISOLATED],
          // Files share their worker's module cache instead of each importing the product, zod,
          // fastify and the rest again (issue 27): import time was about half of the node files'
          // wall time (test/sandbox: 113 s isolated, 54 s shared). Files that replace a module
          // (vi.mock) or change the process (TZ) run isolated below.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: sharedAlias },
        test: {
          name: 'node-isolated',
          environment: 'node',
          include: ISOLATED,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [vue()],
        resolve: { alias: sharedAlias },
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['test/renderer/**/*.test.ts'],
          setupFiles: ['test/renderer/support/setup.ts'],
          // Mounting the whole shell on a busy 2-core CI machine can take seconds.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
