// An averbadora password goes only to the averbadora, address, user and AT&M code it was typed for
// — the rules of the API client secret and the SMTP password (secret-binding.test.ts). Through the
// browser host's real HTTP API, with the AT&M double as the real averbadora and a capture server
// standing for a stranger's: every way of pointing the app elsewhere is tried (the settings, a test
// with other values, another user or code, another channel, a restored backup) and the stranger must
// never see the password; the password never comes back to the renderer nor goes into a backup.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningInsurerDoubles } from '../../electron/sandbox/insurers/server';
import { startInsurerDoubles } from '../../electron/sandbox/insurers/server';
import type { CommandEnvelope } from '../../electron/shared/errors';
import type { Settings } from '../../electron/shared/schemas/settings';
import type { TestHost } from './helpers';
import { invokeRaw, startTestHost } from './helpers';

const COMPANY = '11222333000181';
const PASSWORD = 'Senha-Averbadora-6b1d9f2a';
const forms = (value: string) => [value, Buffer.from(value).toString('base64'), encodeURIComponent(value)];

describe('an averbadora password goes only where it was typed (browser host over HTTP)', () => {
  let host: TestHost;
  let doubles: RunningInsurerDoubles;
  const seen: string[] = [];
  let stranger: http.Server;
  let strangerUrl = '';

  async function call<T>(channel: string, input: unknown = {}): Promise<CommandEnvelope<T>> {
    return (await invokeRaw(host.port, channel, JSON.stringify(input))).json() as CommandEnvelope<T>;
  }
  async function ok<T = unknown>(channel: string, input: unknown = {}): Promise<T> {
    const envelope = await call<T>(channel, input);
    if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
    return envelope.data;
  }
  const settings = (over: Record<string, unknown> = {}) => ({
    ativo: true,
    averbadora: 'atm-soap',
    usuario: 'transp',
    codatm: '11000042',
    url: doubles.url,
    apolice: '5400012345',
    seguradora: 'SEGURADORA EXEMPLO SA',
    cnpjSeguradora: '99000000000159',
    responsavel: 1,
    desde: '2026-11-01',
    ...over,
  });
  const test = (over: Record<string, unknown> = {}, senha?: string) =>
    ok<{ ok: boolean; message: string }>('averbacao:test', {
      company: COMPANY,
      settings: settings(over),
      ...(senha ? { senha } : {}),
    });
  function expectNothingLeaked() {
    const text = seen.join('\n');
    for (const form of forms(PASSWORD)) expect(text).not.toContain(form);
  }

  beforeAll(async () => {
    doubles = await startInsurerDoubles({
      atmUsers: [{ usuario: 'transp', senha: PASSWORD, codatm: '11000042' }],
    });
    stranger = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url}\n${JSON.stringify(req.headers)}\n${Buffer.concat(chunks)}`);
        res.writeHead(200, { 'content-type': 'text/xml' });
        res.end('<x/>');
      });
    });
    await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
    strangerUrl = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}`;
    host = await startTestHost();
    await ok('settings:update', { environment: 'sandbox' });
    await ok('averbacao:settingsSave', { company: COMPANY, settings: settings(), senha: PASSWORD });
  }, 60_000);

  afterAll(async () => {
    await host?.cleanup();
    await doubles?.close();
    stranger?.closeAllConnections();
    await new Promise<void>((resolve) => stranger?.close(() => resolve()));
  });

  it('works with the averbadora it was typed for; the renderer only learns that one is set', async () => {
    expect(await test()).toMatchObject({
      ok: true,
      message: 'A AT&M aceitou o usuário, a senha e o código AT&M.',
    });
    const view = await ok<Record<string, unknown>>('averbacao:settingsGet', { company: COMPANY });
    expect(view).toMatchObject({ senhaConfigurada: true, simulador: false, environment: 'sandbox' });
    const everything = JSON.stringify([view, await ok('settings:get')]);
    for (const form of forms(PASSWORD)) expect(everything).not.toContain(form);
  });

  it.each([
    ['another address', { url: () => strangerUrl }],
    ['another user', { usuario: () => 'outro' }],
    ['another AT&M code', { codatm: () => '11000099' }],
    ['the other channel (REST)', { averbadora: () => 'atm-rest' }],
  ])(
    'tested with %s: the stored password is not offered; the clerk is asked to type it again',
    async (_, change) => {
      const over = Object.fromEntries(Object.entries(change).map(([k, v]) => [k, v()]));
      const answer = await test(over);
      expect(answer.ok).toBe(false);
      expect(answer.message).toMatch(/digite a senha da averbadora de novo/);
      expectNothingLeaked();
    },
  );

  it('the address changed in the settings: the password is dropped, never sent to the new one', async () => {
    await ok('averbacao:settingsSave', { company: COMPANY, settings: settings({ url: strangerUrl }) });
    expect(
      (await ok<{ senhaConfigurada: boolean }>('averbacao:settingsGet', { company: COMPANY }))
        .senhaConfigurada,
    ).toBe(false);
    const answer = await test({ url: strangerUrl });
    expect(answer).toMatchObject({
      ok: false,
      message: 'Falta a senha da averbadora: informe-a em Empresas › Averbação.',
    });
    // Back to its averbadora, it is gone for good: typed again, it works.
    expect((await test()).ok).toBe(false);
    expectNothingLeaked();
    await ok('averbacao:settingsSave', { company: COMPANY, settings: settings(), senha: PASSWORD });
    expect((await test()).ok).toBe(true);
  });

  it('plain http:// is refused for an averbadora address, except on this computer', async () => {
    const refused = await call('averbacao:settingsSave', {
      company: COMPANY,
      settings: settings({ url: 'http://webserver.averba.com.br' }),
    });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.message).toMatch(/https:\/\//);
  });

  it('a restored backup pointing the averbadora elsewhere carries no password there', async () => {
    const made = await ok<{ base64: string }>('backup:create');
    const entries = unzipSync(Buffer.from(made.base64, 'base64'));
    for (const [name, bytes] of Object.entries(entries))
      for (const form of forms(PASSWORD)) expect(strFromU8(bytes), name).not.toContain(form);
    const backup = JSON.parse(strFromU8(entries['settings.json']!)) as Settings;
    backup.averbacao!.sandbox![COMPANY]!.url = strangerUrl;
    entries['settings.json'] = strToU8(JSON.stringify(backup));
    const asked = await ok<{ token: string; settingChanges: { key: string }[] }>('backup:restore', {
      base64: Buffer.from(zipSync(entries)).toString('base64'),
    });
    // The averbadora's address is a proposal, listed and unticked; ticked, it comes with the backup.
    expect(asked.settingChanges.map((c) => c.key)).toContain('averbacao');
    await ok('backup:restore', { token: asked.token, confirm: true, acceptSettingChanges: ['averbacao'] });
    // The backup's averbadora settings come with it (the visible part); its password does not follow.
    const now = await ok<Settings>('settings:get');
    expect(now.averbacao?.sandbox?.[COMPANY]?.url).toBe(strangerUrl);
    expect(
      (await ok<{ senhaConfigurada: boolean }>('averbacao:settingsGet', { company: COMPANY }))
        .senhaConfigurada,
    ).toBe(false);
    const answer = await test({ url: strangerUrl });
    expect(answer.ok).toBe(false);
    expect(answer.message).toMatch(/digite a senha da averbadora de novo/);
    expectNothingLeaked();
  });
});
