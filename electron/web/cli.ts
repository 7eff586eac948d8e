// `npm run web`: serves the built renderer and the command table on 127.0.0.1 until Ctrl+C.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { z } from 'zod';

import { defaultWebDataDir } from './app-data';
import type { WebHost } from './server';
import { startWebHost } from './server';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const optionsSchema = z.object({
  port: z.coerce
    .number({ error: 'A porta deve ser um número.' })
    .int('A porta deve ser um número inteiro.')
    .min(0, 'A porta deve estar entre 0 e 65535.')
    .max(65535, 'A porta deve estar entre 0 e 65535.'),
  data: z.string().trim().min(1, 'Informe a pasta de dados.'),
  dist: z.string().trim().min(1, 'Informe a pasta do renderer compilado.'),
});

function fail(message: string): never {
  console.error(`Carreta: ${message}`);
  process.exit(1);
}

/** What a stop signal finds: nothing started yet, a host starting, or one serving. */
interface Lifecycle {
  host: WebHost | null;
  stopping: boolean;
}

/**
 * Ctrl+C and SIGTERM stop the host cleanly and exit 0 at any moment — also before it listens and
 * while the demonstração month is being created (closing aborts that work instead of waiting for
 * it). Installed before anything else starts, so no signal finds Node's default (death by signal).
 */
function handleStopSignals(life: Lifecycle): void {
  const stop = (signal: string) => {
    if (life.stopping) return;
    life.stopping = true;
    console.log(`\nEncerrando (${signal})…`);
    // A stuck connection must not keep the terminal hostage.
    setTimeout(() => {
      console.error('Carreta: encerramento forçado depois de 10 s.');
      process.exit(1);
    }, 10_000).unref();
    if (life.host) void closeAndExit(life.host);
    // Still starting: main() closes the host the moment it exists.
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function closeAndExit(host: WebHost): Promise<never> {
  try {
    await host.close();
    process.exit(0);
  } catch (error) {
    console.error(`Carreta: erro ao encerrar: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const life: Lifecycle = { host: null, stopping: false };
  handleStopSignals(life);
  let values: { port?: string; data?: string; dist?: string };
  try {
    ({ values } = parseArgs({
      options: { port: { type: 'string' }, data: { type: 'string' }, dist: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(
      `${error instanceof Error ? error.message : String(error)}\nUso: npm run web -- [--port 5174] [--data <pasta>] [--dist <pasta>]`,
    );
  }
  const parsed = optionsSchema.safeParse({
    port: values.port ?? 5174,
    data: values.data ?? defaultWebDataDir(process.platform, process.env, os.homedir()),
    // Another build of the renderer (tests); normally the project's dist/.
    dist: values.dist ?? path.join(projectRoot, 'dist'),
  });
  if (!parsed.success) fail(parsed.error.issues.map((issue) => issue.message).join('; '));

  const distDir = path.resolve(parsed.data.dist);
  if (!existsSync(path.join(distDir, 'index.html'))) {
    fail(`${path.join(distDir, 'index.html')} não encontrado: rode \`npm run web\`.`);
  }

  console.log('Carreta (navegador): iniciando…');
  const host = await startWebHost({
    port: parsed.data.port,
    dataDir: path.resolve(parsed.data.data),
    distDir,
  }).catch((error: unknown) => {
    // A stop asked while starting is not a failure to report.
    if (life.stopping) process.exit(0);
    return fail(error instanceof Error ? error.message : String(error));
  });
  life.host = host;
  if (life.stopping) return void closeAndExit(host);

  console.log(`Carreta (navegador): http://127.0.0.1:${host.port}/#token=${host.token}`);
  console.log(`Dados em: ${path.resolve(parsed.data.data)}  (Ctrl+C para encerrar)`);
}

void main();
