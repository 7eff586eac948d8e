import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Logger } from '../../electron/app/logger';
import { silentLogger } from '../../electron/app/logger';
import { defaultWebDataDir } from '../../electron/web/app-data';
import { createWebSecretStore } from '../../electron/web/secret-store';
import type { AppInfo } from '../../electron/shared/schemas/app';
import { invokeRaw, startTestHost } from './helpers';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'carreta-stores-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function spyLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const log = (message: string, ...rest: unknown[]) => lines.push([message, ...rest.map(String)].join(' '));
  return { lines, info: log, warn: log, error: log };
}

// The settings store is the one both hosts use (test/app/stores/stores.test.ts); here, that the
// browser host opens it in its data folder and tells the renderer about a damaged file.
describe('web host settings', () => {
  it('keeps damaged settings and secrets files aside and hands their Portuguese notices to app:info once', async () => {
    const dataDir = path.join(dir, 'data');
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'settings.json'), '{ isto não é json');
    await writeFile(path.join(dataDir, 'secrets.json'), '[');
    const host = await startTestHost({ dataDir, logger: silentLogger });
    try {
      const appInfo = async () =>
        ((await invokeRaw(host.port, 'app:info', '{}')).json() as { data: AppInfo }).data;
      const first = await appInfo();
      expect(first.environment).toBe('demonstracao');
      expect(first.notices).toEqual([
        expect.objectContaining({
          severity: 'warn',
          summary: 'O arquivo de configurações estava danificado',
          detail: expect.stringContaining(path.join(dataDir, 'settings.corrupt.json')),
        }),
        expect.objectContaining({
          severity: 'warn',
          summary: 'O arquivo de credenciais salvas estava danificado',
          detail: expect.stringContaining(path.join(dataDir, 'secrets.corrupt.json')),
        }),
      ]);
      expect(await readFile(path.join(dataDir, 'settings.corrupt.json'), 'utf8')).toBe('{ isto não é json');
      expect((await appInfo()).notices).toEqual([]);
    } finally {
      await host.cleanup();
    }
  });
});

describe('web secret store', () => {
  it('stores, reads, lists and deletes secrets', async () => {
    const store = createWebSecretStore(dir, silentLogger);
    expect(await store.get('a')).toBeNull();
    await store.set('a', 'um');
    await store.set('b', 'dois');
    expect(await store.get('a')).toBe('um');
    expect(await store.has('b')).toBe(true);
    await store.delete('a');
    expect(await store.has('a')).toBe(false);
    expect(await createWebSecretStore(dir, silentLogger).get('b')).toBe('dois');
  });

  it('loses no value under concurrent writes and leaves no temp files', async () => {
    const store = createWebSecretStore(dir, silentLogger);
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.set(`k${i}`, `v${i}`)));
    const data = JSON.parse(await readFile(path.join(dir, 'secrets.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(data)).toHaveLength(20);
    expect(await readdir(dir)).toEqual(['secrets.json']);
  });

  it.skipIf(process.platform === 'win32')(
    'writes the file with mode 0600 even over a looser existing file',
    async () => {
      await writeFile(path.join(dir, 'secrets.json'), '{}', { mode: 0o644 });
      const store = createWebSecretStore(dir, silentLogger);
      await store.set('x', 'y');
      expect((await stat(path.join(dir, 'secrets.json'))).mode & 0o777).toBe(0o600);
    },
  );

  it('treats a corrupt file as empty without logging its content', async () => {
    await writeFile(path.join(dir, 'secrets.json'), '{"a": "vazou-o-segredo", ');
    const logger = spyLogger();
    const damaged: Array<string | null> = [];
    const store = createWebSecretStore(dir, logger, 'secrets.json', {
      onDamaged: (copy) => damaged.push(copy),
    });
    expect(await store.get('a')).toBeNull();
    expect(logger.lines.length).toBeGreaterThan(0);
    expect(logger.lines.join('\n')).not.toContain('vazou');
    // Kept aside before a write replaces it, and told once.
    await store.set('b', 'novo');
    const copy = path.join(dir, 'secrets.corrupt.json');
    expect(damaged).toEqual([copy]);
    expect(await readFile(copy, 'utf8')).toBe('{"a": "vazou-o-segredo", ');
    expect(await createWebSecretStore(dir, silentLogger).get('b')).toBe('novo');
  });

  it('keeps no expired access token: dropped on opening, on every write, never answered', async () => {
    let now = Date.parse('2026-11-28T12:00:00Z');
    const token = (expiresAt: number) =>
      JSON.stringify({ accessToken: 'abc', issuedAt: 0, expiresAt, scope: 'cte' });
    const file = path.join(dir, 'secrets.json');
    // Left by an earlier run: one token expired yesterday, one valid for a day, another secret.
    await writeFile(
      file,
      JSON.stringify({
        'token:velho': token(now - 86_400_000),
        'token:atual': token(now + 86_400_000),
        'nuvemfiscal.clientSecret': 'segredo',
      }),
    );
    const store = createWebSecretStore(dir, silentLogger, 'secrets.json', { now: () => now });
    expect(await store.get('token:velho')).toBeNull();
    const onDisk = async () => Object.keys(JSON.parse(await readFile(file, 'utf8')) as object).sort();
    expect(await onDisk()).toEqual(['nuvemfiscal.clientSecret', 'token:atual']);
    // Two days later the other one has expired too: not answered, and gone from the file.
    now += 2 * 86_400_000;
    expect(await store.has('token:atual')).toBe(false);
    expect(await store.get('token:atual')).toBeNull();
    expect(await onDisk()).toEqual(['nuvemfiscal.clientSecret']);
    // A write drops any token that expired meanwhile, whatever its name.
    await store.set('token:novo', token(now + 1000));
    now += 2000;
    await store.set('outro', 'x');
    expect(await onDisk()).toEqual(['nuvemfiscal.clientSecret', 'outro']);
    expect(await store.get('nuvemfiscal.clientSecret')).toBe('segredo');
  });

  it('refuses odd secret names', async () => {
    const store = createWebSecretStore(dir, silentLogger);
    await expect(store.set('__proto__', 'x')).rejects.toThrow();
    await expect(store.get('')).rejects.toThrow();
  });
});

describe('default data folder', () => {
  it('follows each OS convention', () => {
    const home = path.join(path.sep, 'home', 'ana');
    expect(defaultWebDataDir('win32', { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, home)).toBe(
      path.join('C:\\Users\\ana\\AppData\\Roaming', 'carreta-web'),
    );
    expect(defaultWebDataDir('win32', {}, home)).toBe(path.join(home, 'AppData', 'Roaming', 'carreta-web'));
    expect(defaultWebDataDir('darwin', {}, home)).toBe(
      path.join(home, 'Library', 'Application Support', 'carreta-web'),
    );
    expect(defaultWebDataDir('linux', { XDG_CONFIG_HOME: '/x' }, home)).toBe(path.join('/x', 'carreta-web'));
    expect(defaultWebDataDir('linux', {}, home)).toBe(path.join(home, '.config', 'carreta-web'));
  });
});
