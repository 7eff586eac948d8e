// Areas are the files of test/bench/areas/: `areas/<name>.ts` default-exports a BenchArea and is
// registered as `<name>`. Discovery (rather than a hand-kept list) lets each feature add its own
// benchmarks without touching a shared file.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import type { BenchArea } from './types';

const areasDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'areas');

export async function loadAreas(): Promise<Record<string, BenchArea>> {
  const files = (await readdir(areasDir)).filter((file) => /^[a-z0-9-]+\.ts$/.test(file)).sort();
  const registry: Record<string, BenchArea> = {};
  for (const file of files) {
    const name = path.basename(file, '.ts');
    // Imported when run, not when listed: an area's process holds only its own modules.
    registry[name] = async function* area() {
      const module = (await import(pathToFileURL(path.join(areasDir, file)).href)) as { default?: unknown };
      if (typeof module.default !== 'function')
        throw new Error(`test/bench/areas/${file} must default-export a BenchArea`);
      yield* (module.default as BenchArea)();
    };
  }
  return registry;
}
