// `npm run bench` runs every area; `npm run bench -- <area> [<area>…]` runs some. Each figure is one
// JSON line on stdout; everything else goes to stderr so the output can be piped as is.
//
// With more than one area, each runs in a child process of its own (same Node, same tsx loader):
// an area's figures must not carry what the areas before it left behind — the heap and malloc
// arenas they grew stay in the process's RSS (cache.rss_mb measured 289 MB after the other areas
// against 201 MB alone, issue 27), and their timers, sockets and JIT state would tint the timings.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { loadAreas } from './registry';
import { note } from './types';

// Whatever the measured code prints must not mix with the figures.
for (const method of ['log', 'info', 'debug'] as const) console[method] = console.error.bind(console);

async function main(): Promise<number> {
  const registry = await loadAreas();
  const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const unknown = wanted.filter((name) => !(name in registry));
  if (unknown.length > 0) {
    note(`unknown area(s): ${unknown.join(', ')}; available: ${Object.keys(registry).join(', ')}`);
    return 2;
  }
  const names = wanted.length > 0 ? wanted : Object.keys(registry);
  if (names.length > 1) {
    let failed = 0;
    for (const name of names) if ((await runAlone(name)) !== 0) failed++;
    return failed > 0 ? 1 : 0;
  }
  let failed = 0;
  for (const name of names) {
    note(`area ${name}…`);
    try {
      for await (const figure of registry[name]()) {
        if (!Number.isFinite(figure.value))
          throw new Error(`${figure.name} is not a finite number: ${figure.value}`);
        process.stdout.write(
          `${JSON.stringify({ bench: `${name}.${figure.name}`, value: figure.value, unit: figure.unit })}\n`,
        );
      }
    } catch (error) {
      failed++;
      note(`area ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }
  return failed > 0 ? 1 : 0;
}

/** One area in a fresh process; its figures and notes pass through as they are printed. */
function runAlone(name: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), name], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', (error) => {
      note(`area ${name} could not start: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    note(`bench runner failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
