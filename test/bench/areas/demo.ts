// Demonstração's first start: how long issuing its month of documents through the embedded sandbox
// takes (the seeder's own measure, logged by the app), and until the month is in the cache.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { Logger } from '../../../electron/app/logger';
import { startWebHost } from '../../../electron/web/server';
import { distDir, ensureWebBuild } from '../support/dist';
import type { Figure } from '../types';
import { note } from '../types';

export default async function* demo(): AsyncGenerator<Figure> {
  await ensureWebBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'carreta-bench-demo-'));
  let seededMs: number | null = null;
  const logger: Logger = {
    info: (message) => {
      const m = /^mês de demonstração: (\d+) documento\(s\) emitido\(s\) em (\d+) ms$/.exec(message);
      if (m) {
        note(message);
        seededMs = Number(m[2]);
      }
    },
    warn: (message, ...rest) => note(`${message} ${rest.map(String).join(' ')}`),
    error: (message, ...rest) => note(`${message} ${rest.map(String).join(' ')}`),
  };
  const started = Date.now();
  const host = await startWebHost({ port: 0, dataDir, distDir, logger });
  try {
    await host.app.context.embedded.ensure();
    await host.app.context.sync.idle();
    const cachedMs = Date.now() - started;
    if (seededMs === null) throw new Error('the demo month was not seeded');
    yield { name: 'month_seed_ms', value: seededMs, unit: 'ms' };
    yield { name: 'month_in_cache_ms', value: cachedMs, unit: 'ms' };
  } finally {
    await host.close();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}
