/**
 * `npm run sandbox -- --port <n> [--data <dir> [--key-file <file>]] [--client-id <id> --client-secret <secret>]`
 *
 * Starts the local sandbox of the fiscal API on 127.0.0.1. Without credentials it uses the demo
 * client: client id `carreta-demo`, client secret `carreta-demo-secret` (the secret also unlocks
 * the control API through the `X-Sandbox-Secret` header). Without `--data` state is in memory.
 * Certificates' private keys are sealed (AES-256-GCM, key-vault.ts) as in the embedded sandbox: with
 * `--data` the vault's key lives in `--key-file` (default `<data>/vault.key`, 0600), made on the
 * first start; in memory, a key of this run.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';

import { loadOrCreateVaultKey } from './key-file';
import { createKeyVault } from './key-vault';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, startSandbox } from './server';

interface CliOptions {
  port: number;
  dataDir?: string;
  keyFile?: string;
  clientId: string;
  clientSecret: string;
}

function parseArgs(argv: string[]): CliOptions {
  const options: CliOptions = { port: 0, clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`faltou o valor de ${flag}`);
    i++;
    switch (flag) {
      case '--port':
        if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new Error(`porta inválida: ${value}`);
        options.port = Number(value);
        break;
      case '--data':
        options.dataDir = value;
        break;
      case '--key-file':
        options.keyFile = value;
        break;
      case '--client-id':
        options.clientId = value;
        break;
      case '--client-secret':
        options.clientSecret = value;
        break;
      default:
        throw new Error(`opção desconhecida: ${flag}`);
    }
  }
  if (options.keyFile && !options.dataDir) throw new Error('--key-file só vale com --data');
  return options;
}

async function main() {
  let options: CliOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`sandbox: ${(err as Error).message}`);
    console.error(
      'uso: npm run sandbox -- --port <n> [--data <pasta> [--key-file <arquivo>]] [--client-id <id> --client-secret <segredo>]',
    );
    process.exit(2);
  }
  const vaultKey = options.dataDir
    ? await loadOrCreateVaultKey(path.resolve(options.keyFile ?? path.join(options.dataDir, 'vault.key')))
    : randomBytes(32);
  const sandbox = await startSandbox({
    keyVault: createKeyVault(vaultKey),
    port: options.port,
    dataDir: options.dataDir,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    logger: {
      info: (m) => console.log(m),
      warn: (m) => console.warn(m),
      error: (m, err) => console.error(m, err instanceof Error ? err.message : (err ?? '')),
    },
  });
  console.log(`listening on ${sandbox.url}`);
  if (sandbox.insurers) console.log(`averbadoras (AT&M, AverbePorto) on ${sandbox.insurers.url}`);
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(`sandbox: não foi possível iniciar: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
