// The client secret and the certificate password must stay where they belong: the secret only in the
// 0600 secrets file, the password nowhere at all. Drives the real command table over the web host's
// file-backed stores against an in-process sandbox, records every answer and every log line, then
// searches all of them and every file the app wrote.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { HostAdapter } from '../../electron/app/host';
import type { CarretaApp } from '../../electron/app/index';
import { createApp } from '../../electron/app/index';
import type { Logger } from '../../electron/app/logger';
import { cnpjCheckDigits } from '../../electron/fiscal/cnpj';
import { makePfx } from '../../electron/sandbox/certificates/make-pfx';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { startSandbox } from '../../electron/sandbox/server';
import type { CommandEnvelope } from '../../electron/shared/errors';
import { createWebSecretStore } from '../../electron/web/secret-store';
import { StartupNotices } from '../../electron/app/stores/notices';
import { openSettingsStore } from '../../electron/app/stores/settings';

const CLIENT_ID = 'cliente-vazamento';
const SECRET = 'Segredo-Do-Cliente-7f3a9c1e5b';
const WRONG_SECRET = 'Segredo-Errado-0d4e8b2a6c';
const BASE = '33444555' + '0001';
const CNPJ = BASE + cnpjCheckDigits(BASE);
const PFX = makePfx({
  cpfCnpj: CNPJ,
  razaoSocial: 'TRANSPORTES SIGILO LTDA',
  password: 'Senha-Do-Pfx-91b2c3d4e5',
});
const PASSWORD = PFX.password;
const WRONG_PASSWORD = 'Senha-Errada-aa11bb22cc';

/** The forms a value could leak in: as is, base64, URL-encoded. */
function forms(value: string): string[] {
  return [value, Buffer.from(value).toString('base64'), encodeURIComponent(value)];
}

function recordingLogger(lines: string[]): Logger {
  const record =
    (level: string) =>
    (message: string, ...rest: unknown[]) =>
      lines.push([level, message, ...rest.map((item) => inspect(item, { depth: 8 }))].join(' '));
  return { info: record('info'), warn: record('warn'), error: record('error') };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe('secrets never leak', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carreta-leak-'));
  const logs: string[] = [];
  const envelopes: Array<{ channel: string; envelope: CommandEnvelope<unknown> }> = [];
  let sandbox: RunningSandbox;
  let app: CarretaApp;

  async function call<T = unknown>(channel: string, input: unknown = {}): Promise<CommandEnvelope<T>> {
    const envelope = (await app.dispatch(channel, input)) as CommandEnvelope<T>;
    envelopes.push({ channel, envelope });
    return envelope;
  }

  async function ok<T = unknown>(channel: string, input: unknown = {}): Promise<T> {
    const envelope = await call<T>(channel, input);
    if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
    return envelope.data;
  }

  async function fails(channel: string, input: unknown = {}): Promise<string> {
    const envelope = await call(channel, input);
    if (envelope.ok) throw new Error(`${channel} should have failed`);
    return envelope.error.code;
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ clientId: CLIENT_ID, clientSecret: SECRET });
    const logger = recordingLogger(logs);
    const settings = openSettingsStore(dataDir, logger, new StartupNotices());
    settings.update({
      environment: 'sandbox',
      hosts: {
        sandbox: { api: sandbox.url, auth: `${sandbox.url}/oauth/token` },
        producao: { api: 'http://127.0.0.1:9', auth: 'http://127.0.0.1:9/oauth/token' },
      },
    });
    const host: HostAdapter = {
      kind: 'web',
      version: '0.0.0-test',
      platform: process.platform,
      userDataDir: dataDir,
      settings,
      secrets: createWebSecretStore(dataDir, logger),
      logger,
    };
    app = await createApp(host);

    // Everything a user does during onboarding, mistakes included.
    expect(
      await fails('credentials:set', {
        environment: 'sandbox',
        clientId: CLIENT_ID,
        clientSecret: SECRET.repeat(20),
      }),
    ).toBe('invalid_input');
    await ok('credentials:set', { environment: 'sandbox', clientId: CLIENT_ID, clientSecret: WRONG_SECRET });
    expect(await fails('connection:test', { environment: 'sandbox' })).not.toBe('internal');
    await ok('credentials:set', { environment: 'sandbox', clientId: CLIENT_ID, clientSecret: SECRET });
    await ok('credentials:get', { environment: 'sandbox' });
    await ok('connection:test', { environment: 'sandbox' });
    await ok('settings:get');
    await ok('account:quotas');
    await ok('companies:save', {
      cpf_cnpj: CNPJ,
      nome_razao_social: 'TRANSPORTES SIGILO LTDA',
      email: 'fiscal@sigilo.example',
      endereco: {
        logradouro: 'Avenida Brasil',
        numero: '100',
        bairro: 'Centro',
        codigo_municipio: '3550308',
        cidade: 'São Paulo',
        uf: 'SP',
        cep: '01310100',
      },
    });
    const { handle } = await ok<{ handle: string }>('certificate:load', {
      fileName: 'sigilo.pfx',
      base64: PFX.pfxBase64,
    });
    expect(await fails('certificate:inspect', { handle, password: WRONG_PASSWORD })).toBe(
      'certificate_wrong-password',
    );
    expect(await fails('certificate:inspect', { handle, password: PASSWORD.repeat(20) })).toBe(
      'invalid_input',
    );
    await ok('certificate:inspect', { handle, password: PASSWORD });
    expect(await fails('certificate:upload', { handle, password: WRONG_PASSWORD, cpfCnpj: CNPJ })).toBe(
      'certificate_wrong-password',
    );
    await ok('certificate:upload', { handle, password: PASSWORD, cpfCnpj: CNPJ });
    await ok('certificates:list', {});
    await ok('credentials:get', { environment: 'sandbox' });
    await app.dispose();
  }, 60_000);

  afterAll(async () => {
    await sandbox?.close();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  });

  it('drove the whole flow (the checks below would be empty otherwise)', () => {
    expect(envelopes.length).toBeGreaterThan(15);
    expect(envelopes.filter((item) => item.envelope.ok).length).toBeGreaterThan(10);
    const uploaded = envelopes.find((item) => item.channel === 'certificate:upload' && item.envelope.ok);
    expect(uploaded).toBeDefined();
    // The failures were logged, so the log check below sees real lines.
    expect(logs.some((line) => line.includes('connection:test'))).toBe(true);
  });

  it('no command answer carries the secret or the password', () => {
    const text = JSON.stringify(envelopes);
    for (const value of [SECRET, WRONG_SECRET, PASSWORD, WRONG_PASSWORD])
      for (const form of forms(value)) expect(text).not.toContain(form);
    const status = envelopes.find((item) => item.channel === 'credentials:get' && item.envelope.ok);
    expect(status?.envelope).toEqual({
      ok: true,
      data: { environment: 'sandbox', clientId: CLIENT_ID, secretConfigured: true },
    });
  });

  it('no log line carries them', () => {
    const text = logs.join('\n');
    for (const value of [SECRET, WRONG_SECRET, PASSWORD, WRONG_PASSWORD])
      for (const form of forms(value)) expect(text).not.toContain(form);
  });

  it('only the 0600 secrets file holds the secret; no file holds the password', async () => {
    const files = await filesUnder(dataDir);
    const secretsFile = path.join(dataDir, 'secrets.json');
    expect(files).toContain(secretsFile);
    expect(files).toContain(path.join(dataDir, 'settings.json'));
    for (const file of files) {
      const content = (await readFile(file)).toString('latin1');
      for (const value of [PASSWORD, WRONG_PASSWORD])
        for (const form of forms(value))
          expect(content, `${file} holds the certificate password`).not.toContain(form);
      if (file === secretsFile) continue;
      for (const value of [SECRET, WRONG_SECRET])
        for (const form of forms(value))
          expect(content, `${file} holds the client secret`).not.toContain(form);
    }
    // The secret is where it should be: the check above is looking at the right bytes.
    expect(await readFile(secretsFile, 'utf8')).toContain(SECRET);
    if (process.platform !== 'win32') expect((await stat(secretsFile)).mode & 0o777).toBe(0o600);
  });
});
