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
        await expect.poll(() => cli.out(), { timeout: 20_000 }).toMatch(/\n/);
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
