// `npm run web`: serves the built renderer and the command table on 127.0.0.1 until Ctrl+C.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { z } from 'zod';

import { defaultWebDataDir } from './app-data';
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

async function main(): Promise<void> {
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

  const host = await startWebHost({
    port: parsed.data.port,
    dataDir: path.resolve(parsed.data.data),
    distDir,
  }).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));

  console.log(`Carreta (navegador): http://127.0.0.1:${host.port}/#token=${host.token}`);
  console.log(`Dados em: ${path.resolve(parsed.data.data)}  (Ctrl+C para encerrar)`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\nEncerrando (${signal})…`);
    // A stuck connection must not keep the terminal hostage.
    setTimeout(() => process.exit(1), 5000).unref();
    host.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
