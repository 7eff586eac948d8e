import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { projectRoot } from '../support/shared';

let root: string;
let distDir: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'carreta-cli-'));
  distDir = path.join(root, 'dist');
  await mkdir(distDir);
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Carreta</title>');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function runCli(args: string[]) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('electron', 'web', 'cli.ts'), ...args],
    {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe('npm run web (cli)', () => {
  // Windows has no SIGTERM delivery to a child: kill() there is a hard stop.
  it.skipIf(process.platform === 'win32')(
    'prints the launch URL with the token, serves it, and exits cleanly on SIGTERM',
    async () => {
      const cli = runCli(['--port', '0', '--data', path.join(root, 'data'), '--dist', distDir]);
      try {
        // "iniciando…" first, then the launch URL once it listens.
        await expect.poll(() => cli.out(), { timeout: 20_000 }).toMatch(/#token=.*\n/);
        const match =
          /^Carreta \(navegador\): http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]{40,})$/m.exec(
            cli.out(),
          );
        expect(match, cli.out() + cli.err()).not.toBeNull();
        const [, port, token] = match!;
        const res = await fetch(`http://127.0.0.1:${port}/api/invoke/app:info`, {
          method: 'POST',
          headers: { 'x-carreta-token': token, 'content-type': 'application/json' },
          body: '{}',
        });
        expect(await res.json()).toMatchObject({
          ok: true,
          data: { host: 'web', userDataDir: path.join(root, 'data') },
        });
      } finally {
        cli.child.kill('SIGTERM');
      }
      expect(await cli.exited).toBe(0);
    },
  );

  // On a loaded machine the demonstração month takes seconds to create; a stop must not wait for it
  // (it used to, and the 5 s guard then exited 1). Each moment gets its own fresh data folder.
  describe.skipIf(process.platform === 'win32')('exits 0 on SIGTERM at any moment', () => {
    const stopAt = async (moment: RegExp, name: string) => {
      const cli = runCli(['--port', '0', '--data', path.join(root, name), '--dist', distDir]);
      await expect.poll(() => cli.out() + cli.err(), { timeout: 45_000, interval: 20 }).toMatch(moment);
      cli.child.kill('SIGTERM');
      const code = await cli.exited;
      return { code, output: cli.out() + cli.err() };
    };

    it('while starting, before it listens', async () => {
      const { code, output } = await stopAt(/iniciando…/, 'parada-inicio');
      expect(code, output).toBe(0);
      expect(output).toContain('Encerrando (SIGTERM)');
    }, 60_000);

    it('right after it listens, while the local sandbox loads', async () => {
      const { code, output } = await stopAt(/#token=/, 'parada-escuta');
      expect(code, output).toBe(0);
      expect(output).not.toMatch(/encerramento forçado/);
    }, 60_000);

    it('while the demonstração month is being created', async () => {
      const { code, output } = await stopAt(/sandbox local em http/, 'parada-mes');
      expect(code, output).toBe(0);
      expect(output).not.toMatch(/encerramento forçado|dados de demonstração não puderam/);
    }, 60_000);
  });

  it('refuses an invalid port with a Portuguese message', async () => {
    const cli = runCli(['--port', 'abc', '--dist', distDir, '--data', path.join(root, 'data')]);
    expect(await cli.exited).toBe(1);
    expect(cli.err()).toMatch(/porta/i);
  });

  it('refuses a missing build', async () => {
    const cli = runCli(['--port', '0', '--dist', path.join(root, 'nada'), '--data', path.join(root, 'data')]);
    expect(await cli.exited).toBe(1);
    expect(cli.err()).toMatch(/index\.html não encontrado/);
  });
});
