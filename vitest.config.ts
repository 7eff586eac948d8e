import os from 'node:os';

import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

import { sharedAlias } from './vite.config';

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on the 2-core CI machine, where
    // most test files wait on a socket, a browser or the disk for much of their time. A worker per core
    // keeps both cores busy.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        resolve: { alias: sharedAlias },
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/renderer/**', 'test/e2e/**', 'test/bench/**'],
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
