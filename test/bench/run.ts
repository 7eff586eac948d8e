// `npm run bench` runs every area; `npm run bench -- <area> [<area>…]` runs some. Each figure is one
// JSON line on stdout; everything else goes to stderr so the output can be piped as is.
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
  let failed = 0;
  for (const name of wanted.length > 0 ? wanted : Object.keys(registry)) {
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

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    note(`bench runner failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
