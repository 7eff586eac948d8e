import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Logger } from '../../electron/app/logger';
import { openJsonStore } from '../../electron/main/json-store';
import type { EncryptionBackend } from '../../electron/main/secret-store';
import { createSecretStore } from '../../electron/main/secret-store';
import { createSettingsStore } from '../../electron/main/settings-store';
import { AppError } from '../../electron/shared/errors';
import { defaultSettings } from '../../electron/shared/schemas/settings';

vi.mock('electron-store', async () => ({ default: (await import('./conf-backed-store')).ConfBackedStore }));

let dir: string;
let logger: Logger & { lines: string[] };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'carreta-stores-'));
  const lines: string[] = [];
  const record = (message: string, ...rest: unknown[]) =>
    lines.push([message, ...rest.map(String)].join(' '));
  logger = { lines, info: record, warn: record, error: record };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const settingsFile = () => join(dir, 'settings.json');
const openSettings = () => createSettingsStore(openJsonStore({ name: 'settings', cwd: dir, logger }), logger);

describe('settings store', () => {
  it('starts with the defaults and persists validated updates', () => {
    expect(openSettings().get()).toEqual(defaultSettings);
    const updated = openSettings().update({ environment: 'sandbox', selectedCompany: '12345678000195' });
    expect(updated.environment).toBe('sandbox');
    expect(openSettings().get()).toMatchObject({ environment: 'sandbox', selectedCompany: '12345678000195' });
  });

  it('refuses an invalid update with a Portuguese message and keeps the file intact', () => {
    const store = openSettings();
    store.update({ environment: 'sandbox' });
    const before = readFileSync(settingsFile(), 'utf8');
    expect(() => store.update({ environment: 'marte' } as never)).toThrow(AppError);
    expect(() => store.update({ hosts: { sandbox: { api: 'ftp://x', auth: 'x' } } } as never)).toThrow(
      /Configurações inválidas/,
    );
    expect(() => store.update({ secret: 'x' } as never)).toThrow(AppError);
    expect(readFileSync(settingsFile(), 'utf8')).toBe(before);
  });

  it('falls back to defaults on a file that is not JSON, keeping a copy and warning', () => {
    writeFileSync(settingsFile(), '{"settings": {"environment": "sandb');
    const store = openSettings();
    expect(store.get()).toEqual(defaultSettings);
    expect(logger.lines.some((line) => line.includes('unreadable'))).toBe(true);
    expect(readFileSync(join(dir, 'settings.corrupt.json'), 'utf8')).toContain('"sandb');
    expect(store.update({ environment: 'producao' }).environment).toBe('producao');
    expect(openSettings().get().environment).toBe('producao');
  });

  it('adds mdfe once to a scope list saved before the MDF-e, and respects a later removal', () => {
    const { upgrades: _, ...old } = defaultSettings;
    writeFileSync(settingsFile(), JSON.stringify({ settings: { ...old, scopes: 'empresa cte nfe' } }));
    expect(openSettings().get()).toMatchObject({ scopes: 'empresa cte nfe mdfe', upgrades: ['mdfe-scope'] });
    expect(JSON.parse(readFileSync(settingsFile(), 'utf8')).settings.scopes).toBe('empresa cte nfe mdfe');
    openSettings().update({ scopes: 'empresa cte' });
    expect(openSettings().get().scopes).toBe('empresa cte');
  });

  it('replaces invalid stored fields by defaults and keeps the valid ones', () => {
    const stored = { ...defaultSettings, environment: 'sandbox', scopes: 42, hosts: 'nope' };
    writeFileSync(settingsFile(), JSON.stringify({ settings: stored }));
    const settings = openSettings().get();
    expect(settings.environment).toBe('sandbox');
    expect(settings.scopes).toBe(defaultSettings.scopes);
    expect(settings.hosts).toEqual(defaultSettings.hosts);
    expect(logger.lines.some((line) => line.includes('invalid stored values'))).toBe(true);
  });

  it('survives a top-level JSON value that is not an object', () => {
    writeFileSync(settingsFile(), '[1,2,3]');
    expect(openSettings().get()).toEqual(defaultSettings);
  });
});

/** A reversible stand-in for DPAPI: byte-reversed with a marker, so stored text is never the value. */
function fakeSafeStorage(available: boolean): EncryptionBackend {
  return {
    isEncryptionAvailable: () => available,
    encryptString: (text) => Buffer.concat([Buffer.from('ENC:'), Buffer.from(text, 'utf8').reverse()]),
    decryptString: (data) => {
      if (data.subarray(0, 4).toString() !== 'ENC:') throw new Error('bad data');
      return Buffer.from(data.subarray(4)).reverse().toString('utf8');
    },
  };
}

const openSecrets = (available: boolean) =>
  createSecretStore(openJsonStore({ name: 'secrets', cwd: dir, logger }), fakeSafeStorage(available), logger);

describe('secret store', () => {
  it('round-trips values, storing only encrypted base64 in its own file', async () => {
    const secrets = openSecrets(true);
    await secrets.set('nuvemfiscal.client_secret', 'segredo-çã-123');
    expect(await secrets.has('nuvemfiscal.client_secret')).toBe(true);
    expect(await openSecrets(true).get('nuvemfiscal.client_secret')).toBe('segredo-çã-123');
    const raw = readFileSync(join(dir, 'secrets.json'), 'utf8');
    expect(raw).not.toContain('segredo');
    const stored = JSON.parse(raw)['nuvemfiscal.client_secret'] as string;
    expect(stored).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(logger.lines.join('\n')).not.toContain('segredo');
    await secrets.delete('nuvemfiscal.client_secret');
    expect(await secrets.has('nuvemfiscal.client_secret')).toBe(false);
    expect(await secrets.get('nuvemfiscal.client_secret')).toBeNull();
  });

  it('refuses to store when the system encryption is unavailable, and writes nothing', async () => {
    const secrets = openSecrets(false);
    const attempt = secrets.set('certificado.senha', 'senha-do-pfx');
    await expect(attempt).rejects.toMatchObject({ code: 'secrets_unavailable' });
    await expect(secrets.set('certificado.senha', 'x')).rejects.toThrow(/nada foi salvo/);
    expect(await secrets.has('certificado.senha')).toBe(false);
    let raw = '';
    try {
      raw = readFileSync(join(dir, 'secrets.json'), 'utf8');
    } catch {
      // No file at all is fine too.
    }
    expect(raw).not.toContain('senha-do-pfx');
  });

  it('treats a value that cannot be decrypted as absent, without logging it', async () => {
    writeFileSync(
      join(dir, 'secrets.json'),
      JSON.stringify({ token: Buffer.from('texto-claro').toString('base64') }),
    );
    expect(await openSecrets(true).get('token')).toBeNull();
    expect(logger.lines.join('\n')).not.toContain('texto-claro');
  });

  it("refuses Linux's basic_text backend (a fixed key): nothing stored or read, a Portuguese reason", async () => {
    const backend = (selected: string): EncryptionBackend => ({
      ...fakeSafeStorage(true),
      getSelectedStorageBackend: () => selected,
    });
    const open = (selected: string, platform: NodeJS.Platform = 'linux') =>
      createSecretStore(
        openJsonStore({ name: 'secrets', cwd: dir, logger }),
        backend(selected),
        logger,
        platform,
      );
    // Stored while a keyring was there.
    await open('gnome_libsecret').set('nuvemfiscal.client_secret', 'segredo-do-cliente');
    const weak = open('basic_text');
    const refused = weak.set('certificado.senha', 'senha-do-pfx');
    await expect(refused).rejects.toMatchObject({ code: 'secrets_unavailable' });
    await expect(weak.set('certificado.senha', 'x')).rejects.toThrow(
      /Neste Linux não há um chaveiro do sistema ativo .* chave fixa/,
    );
    await expect(weak.get('nuvemfiscal.client_secret')).rejects.toThrow(/chaveiro/);
    expect(Object.keys(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')) as object)).toEqual([
      'nuvemfiscal.client_secret',
    ]);
    // Any other backend, or the same answer off Linux, is a real one.
    expect(await open('kwallet5').get('nuvemfiscal.client_secret')).toBe('segredo-do-cliente');
    expect(await open('basic_text', 'win32').get('nuvemfiscal.client_secret')).toBe('segredo-do-cliente');
  });

  it('rejects malformed names', async () => {
    await expect(openSecrets(true).set('../x', 'v')).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(openSecrets(true).get('')).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
