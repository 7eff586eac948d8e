import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';
import electron from 'vite-plugin-electron';

import pkg from './package.json' with { type: 'json' };

// Main-process code keeps its runtime dependencies (and Node built-ins) external: they are loaded
// from node_modules inside the asar, and sqlite3's native binary cannot be bundled.
const external = [
  'electron',
  // Headless Chromium serves only the CLI and the web host; inside Electron, PDFs come from
  // printToPDF, so the app neither bundles nor ships it.
  'playwright-core',
  ...Object.keys(pkg.dependencies),
  ...builtinModules,
  ...builtinModules.map((name) => `node:${name}`),
];

/** `@shared/x` is electron/shared/x: the one folder of electron/ the renderer may import. */
export const sharedAlias = { '@shared': fileURLToPath(new URL('./electron/shared', import.meta.url)) };

export default defineConfig(({ mode }) => ({
  root: 'renderer',
  base: './',
  resolve: { alias: sharedAlias },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
  },
  plugins: [
    vue(),
    // The web host (`npm run web`, end-to-end tests) only needs the renderer.
    mode === 'web'
      ? []
      : electron([
          {
            // The sandbox's MDF-e worker thread is built beside the main bundle, where offload.ts
            // looks for it (dist-electron/main/mdfe-issue-worker.js).
            entry: {
              index: 'electron/main/index.ts',
              'mdfe-issue-worker': 'electron/sandbox/mdfe/issue-worker.ts',
            },
            vite: {
              root: '.',
              build: {
                outDir: 'dist-electron/main',
                emptyOutDir: true,
                rolldownOptions: { external, output: { format: 'es' } },
              },
            },
          },
          {
            entry: 'electron/preload/index.ts',
            onstart({ reload }) {
              reload();
            },
            vite: {
              root: '.',
              build: {
                outDir: 'dist-electron/preload',
                emptyOutDir: true,
                // The plugin's lib mode follows package.json "type": "module" and would emit ESM; a
                // sandboxed preload must be CommonJS, so build it as a plain input instead.
                lib: false,
                rolldownOptions: {
                  input: 'electron/preload/index.ts',
                  external: ['electron'],
                  output: { format: 'cjs', entryFileNames: 'index.cjs', codeSplitting: false },
                },
              },
            },
          },
        ]),
  ],
}));
