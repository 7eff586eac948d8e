import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Logger } from '../../../electron/app/logger';
import { openJsonStore } from '../../../electron/app/stores/json-file';
import { StartupNotices } from '../../../electron/app/stores/notices';
import type { EncryptionBackend } from '../../../electron/app/stores/secrets';
import { createSecretStore, openSecretStore } from '../../../electron/app/stores/secrets';
import { openSettingsStore } from '../../../electron/app/stores/settings';
import { AppError } from '../../../electron/shared/errors';
import { defaultSettings } from '../../../electron/shared/schemas/settings';

// The one settings store both hosts open (electron/main/index.ts and electron/web/server.ts call
// openSettingsStore with their data folder); the hosts' own wiring is tested in test/main and
// test/web.
let dir: string;
let logger: Logger & { lines: string[] };
let notices: StartupNotices;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'carreta-stores-'));
  const lines: string[] = [];
  const record = (message: string, ...rest: unknown[]) =>
    lines.push([message, ...rest.map(String)].join(' '));
  logger = { lines, info: record, warn: record, error: record };
  notices = new StartupNotices();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const settingsFile = () => join(dir, 'settings.json');
const openSettings = () => openSettingsStore(dir, logger, notices);

describe('settings store', () => {
  it('starts with the defaults and persists validated updates', () => {
    expect(openSettings().get()).toEqual(defaultSettings);
    const updated = openSettings().update({ environment: 'sandbox', selectedCompany: '12345678000195' });
    expect(updated.environment).toBe('sandbox');
    expect(openSettings().get()).toMatchObject({ environment: 'sandbox', selectedCompany: '12345678000195' });
    expect(JSON.parse(readFileSync(settingsFile(), 'utf8')).settings.environment).toBe('sandbox');
    expect(notices.take()).toEqual([]);
  });

  it.skipIf(process.platform === 'win32')('writes the file readable by the user only', () => {
    openSettings().update({ environment: 'sandbox' });
    expect(statSync(settingsFile()).mode & 0o777).toBe(0o600);
  });

  it('refuses an invalid update with invalid_input in Portuguese and keeps the file intact', () => {
    const store = openSettings();
    store.update({ environment: 'sandbox' });
    const before = readFileSync(settingsFile(), 'utf8');
    expect(() => store.update({ environment: 'marte' } as never)).toThrow(AppError);
    expect(() => store.update({ hosts: { sandbox: { api: 'ftp://x', auth: 'x' } } } as never)).toThrow(
      /Configurações inválidas/,
    );
    for (const bad of [{ environment: 'marte' }, { secret: 'x' }]) {
      let thrown: unknown;
      try {
        store.update(bad as never);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({
        code: 'invalid_input',
        message: expect.stringMatching(/^Configurações inválidas: /),
      });
    }
    expect(readFileSync(settingsFile(), 'utf8')).toBe(before);
  });

  it.each([
    ['not JSON', '{"settings": {"environment": "sandb'],
    ['a top-level array', '[1,2,3]'],
    ['a top-level string', '"sandbox"'],
  ])(
    'a file that is %s: kept aside, defaults, the user told in Portuguese once, writable after',
    (_case, content) => {
      writeFileSync(settingsFile(), content);
      const store = openSettings();
      expect(store.get()).toEqual(defaultSettings);
      expect(logger.lines.some((line) => line.includes('unreadable'))).toBe(true);
      const copy = join(dir, 'settings.corrupt.json');
      expect(readFileSync(copy, 'utf8')).toBe(content);
      expect(notices.take()).toEqual([
        {
          severity: 'warn',
          summary: 'O arquivo de configurações estava danificado',
          detail:
            'Ele não pôde ser lido, por isso o Carreta começou com as configurações padrão (modo ' +
            `demonstração); confira-as em Configurações. Uma cópia do arquivo danificado foi guardada em ${copy}.`,
        },
      ]);
      expect(notices.take()).toEqual([]);
      expect(store.update({ environment: 'producao' }).environment).toBe('producao');
      expect(openSettings().get().environment).toBe('producao');
      // The rewritten file is sound: opening it again tells nothing.
      expect(notices.take()).toEqual([]);
    },
  );

  it('adds mdfe once to a scope list saved before the MDF-e, and respects a later removal', () => {
    const { upgrades: _, ...old } = defaultSettings;
    writeFileSync(settingsFile(), JSON.stringify({ settings: { ...old, scopes: 'empresa cte nfe' } }));
    expect(openSettings().get()).toMatchObject({ scopes: 'empresa cte nfe mdfe', upgrades: ['mdfe-scope'] });
    expect(JSON.parse(readFileSync(settingsFile(), 'utf8')).settings.scopes).toBe('empresa cte nfe mdfe');
    openSettings().update({ scopes: 'empresa cte' });
    expect(openSettings().get().scopes).toBe('empresa cte');
  });

  it('moves the settings the browser host kept at the top level under the key, once', () => {
    const { upgrades: _, ...old } = defaultSettings;
    writeFileSync(settingsFile(), JSON.stringify({ ...old, environment: 'sandbox', scopes: 'empresa cte' }));
    expect(openSettings().get()).toMatchObject({ environment: 'sandbox', scopes: 'empresa cte mdfe' });
    const saved = JSON.parse(readFileSync(settingsFile(), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(saved)).toEqual(['settings']);
    expect(openSettings().get().environment).toBe('sandbox');
  });

  it('replaces invalid stored fields by defaults, keeps the valid ones, tells the user once', () => {
    const stored = { ...defaultSettings, environment: 'sandbox', scopes: 42, hosts: 'nope' };
    writeFileSync(settingsFile(), JSON.stringify({ settings: stored }));
    const store = openSettings();
    const settings = store.get();
    expect(settings.environment).toBe('sandbox');
    expect(settings.scopes).toBe(defaultSettings.scopes);
    expect(settings.hosts).toEqual(defaultSettings.hosts);
    expect(logger.lines.some((line) => line.includes('invalid stored values'))).toBe(true);
    store.get();
    expect(notices.take()).toEqual([
      {
        severity: 'warn',
        summary: 'Algumas configurações salvas eram inválidas',
        detail: 'Voltaram ao valor padrão: hosts, scopes. Confira-as em Configurações.',
      },
    ]);
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

const openSecrets = (available: boolean) => openSecretStore(dir, fakeSafeStorage(available), logger, notices);

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

  it('a damaged secrets file: kept aside, nothing answered, the user told to enter them again', async () => {
    writeFileSync(join(dir, 'secrets.json'), '{"nuvemfiscal.client_secret": "RU5DOmFi');
    const secrets = openSecrets(true);
    expect(await secrets.get('nuvemfiscal.client_secret')).toBeNull();
    expect(readFileSync(join(dir, 'secrets.corrupt.json'), 'utf8')).toContain('RU5DOmFi');
    expect(logger.lines.join('\n')).not.toContain('RU5DOmFi');
    const [notice] = notices.take();
    expect(notice).toMatchObject({
      severity: 'warn',
      summary: 'O arquivo de credenciais salvas estava danificado',
    });
    expect(notice?.detail).toMatch(/precisam ser informadas de novo em Configurações/);
    await secrets.set('nuvemfiscal.client_secret', 'novo');
    expect(await openSecrets(true).get('nuvemfiscal.client_secret')).toBe('novo');
  });

  it('rejects malformed names', async () => {
    await expect(openSecrets(true).set('../x', 'v')).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(openSecrets(true).get('')).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
