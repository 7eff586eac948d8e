import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

import { sharedAlias } from './vite.config';

export default defineConfig({
  test: {
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
