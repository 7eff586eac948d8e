// A secret goes only to the server it was typed for. Through the browser host's real HTTP API, with
// capture servers on 127.0.0.1 (an HTTP server standing for a stranger's API, an SMTP server standing
// for a stranger's mail server, both accepting whatever comes), every way of pointing the app
// elsewhere is tried — the settings, a restored backup, a test with other values, a lowered SMTP
// security — and the capture servers must never see the client secret or the SMTP password.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningSandbox } from '../../electron/sandbox/server';
import { startSandbox } from '../../electron/sandbox/server';
import type { CommandEnvelope } from '../../electron/shared/errors';
import { defaultSettings } from '../../electron/shared/schemas/settings';
import type { Settings } from '../../electron/shared/schemas/settings';
import type { TestHost } from './helpers';
import { invokeRaw, startTestHost } from './helpers';

const CLIENT_ID = 'cliente-vinculado';
const SECRET = 'Segredo-Vinculado-5c1e9a7f3b';
const SMTP_USER = 'fiscal@transportes.example';
const SMTP_PASSWORD = 'Senha-Smtp-Vinculada-8d2b6f';

/** As typed, base64 (HTTP Basic, AUTH LOGIN), URL-encoded, and inside Basic/AUTH PLAIN tokens. */
function forms(value: string, user: string): string[] {
  return [
    value,
    Buffer.from(value).toString('base64'),
    encodeURIComponent(value),
    Buffer.from(`${user}:${value}`).toString('base64'),
    Buffer.from(`${encodeURIComponent(user)}:${encodeURIComponent(value)}`).toString('base64'),
    Buffer.from(`\0${user}\0${value}`).toString('base64'),
  ];
}

interface CaptureHttp {
  url: string;
  seen: string[];
  close(): Promise<void>;
}

/** Answers every request like a token endpoint would, and keeps everything it was sent. */
async function captureHttp(): Promise<CaptureHttp> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push(`${req.method} ${req.url}\n${JSON.stringify(req.headers)}\n${Buffer.concat(chunks)}`);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ access_token: 'capturado', token_type: 'bearer', expires_in: 3600 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

interface CaptureSmtp {
  port: number;
  connections: number;
  passwords: string[];
  close(): Promise<void>;
}

/** Plain SMTP that takes any login without TLS: whatever password reaches it is recorded. */
async function captureSmtp(acceptPassword?: string): Promise<CaptureSmtp> {
  const capture = { connections: 0, passwords: [] as string[] };
  const server = new SMTPServer({
    secure: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      capture.connections += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      capture.passwords.push(auth.password ?? '');
      if (acceptPassword !== undefined && auth.password !== acceptPassword)
        return callback(new Error('Invalid username or password'));
      callback(null, { user: auth.username });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    get connections() {
      return capture.connections;
    },
    passwords: capture.passwords,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function smtpSettings(port: number, security: 'none' | 'starttls' | 'tls' = 'none') {
  return {
    host: '127.0.0.1',
    port,
    security,
    user: SMTP_USER,
    fromName: 'Transportes Vinculados',
    fromAddress: 'fiscal@transportes.example',
    replyTo: '',
    cc: [],
    bcc: [],
    subjectTemplate: '{tipo} nº {numero}',
    bodyTemplate: 'Segue o {documento}.',
  };
}

describe('a secret goes only to the server it was typed for (browser host over HTTP)', () => {
  let host: TestHost;
  let sandbox: RunningSandbox;
  let stranger: CaptureHttp;
  let mail: CaptureSmtp;
  let strangerMail: CaptureSmtp;

  async function call<T>(channel: string, input: unknown = {}): Promise<CommandEnvelope<T>> {
    const res = await invokeRaw(host.port, channel, JSON.stringify(input));
    return res.json() as CommandEnvelope<T>;
  }
  async function ok<T = unknown>(channel: string, input: unknown = {}): Promise<T> {
    const envelope = await call<T>(channel, input);
    if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
    return envelope.data;
  }
  async function failure(channel: string, input: unknown = {}) {
    const envelope = await call(channel, input);
    if (envelope.ok) throw new Error(`${channel} should have failed`);
    return envelope.error;
  }

  const sandboxHosts = () => ({ api: sandbox.url, auth: `${sandbox.url}/oauth/token` });
  const strangerHosts = () => ({ api: stranger.url, auth: `${stranger.url}/oauth/token` });

  /** What the capture servers must never have seen. */
  function expectNothingLeaked() {
    const text = stranger.seen.join('\n');
    for (const form of forms(SECRET, CLIENT_ID)) expect(text).not.toContain(form);
    // The connectivity monitor's bare `HEAD /` (no credentials) is all a stranger's API may see.
    expect(stranger.seen.filter((request) => !request.startsWith('HEAD /\n'))).toEqual([]);
    expect(text.toLowerCase()).not.toContain('authorization');
    expect(strangerMail.passwords).toEqual([]);
    expect(strangerMail.connections).toBe(0);
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ clientId: CLIENT_ID, clientSecret: SECRET });
    stranger = await captureHttp();
    mail = await captureSmtp(SMTP_PASSWORD);
    strangerMail = await captureSmtp();
    host = await startTestHost();
    await ok('settings:update', {
      environment: 'sandbox',
      hosts: { sandbox: sandboxHosts(), producao: defaultSettings.hosts.producao },
    });
    await ok('credentials:set', { environment: 'sandbox', clientId: CLIENT_ID, clientSecret: SECRET });
    await ok('mailSettings:set', { settings: smtpSettings(mail.port), password: SMTP_PASSWORD });
  }, 60_000);

  afterAll(async () => {
    await host?.cleanup();
    await sandbox?.close();
    await stranger?.close();
    await mail?.close();
    await strangerMail?.close();
  });

  it('the secret and the password work with the servers they were typed for', async () => {
    const tested = await ok<{ quotas: unknown[] }>('connection:test', { environment: 'sandbox' });
    expect(tested.quotas.length).toBeGreaterThan(0);
    await ok('mail:test');
    expect(mail.passwords).toContain(SMTP_PASSWORD);
    expectNothingLeaked();
  });

  it('API hosts changed in the settings: the secret is not sent; the user is asked to type it again', async () => {
    await ok('settings:update', {
      hosts: { sandbox: strangerHosts(), producao: defaultSettings.hosts.producao },
    });
    const refused = await failure('connection:test', { environment: 'sandbox' });
    expect(refused.code).toBe('credentials_rebind');
    expect(refused.message).toMatch(/digite o client secret de novo/);
    expect((await failure('account:quotas')).code).toBe('credentials_rebind');
    expect(await ok('credentials:get', { environment: 'sandbox' })).toEqual({
      environment: 'sandbox',
      clientId: CLIENT_ID,
      secretConfigured: false,
    });
    // Saving the client id alone does not re-bind the old secret to the new hosts.
    await ok('credentials:set', { environment: 'sandbox', clientId: CLIENT_ID });
    expect((await failure('connection:test', { environment: 'sandbox' })).code).toBe('credentials_rebind');
    expectNothingLeaked();
    // Back to the servers it was typed for, it works again.
    await ok('settings:update', {
      hosts: { sandbox: sandboxHosts(), producao: defaultSettings.hosts.producao },
    });
    await ok('connection:test', { environment: 'sandbox' });
  });

  it('plain http:// is refused for API hosts, except on this computer', async () => {
    const refused = await failure('settings:update', {
      hosts: {
        sandbox: { api: 'http://api.exemplo.com.br', auth: 'http://auth.exemplo.com.br/oauth/token' },
        producao: defaultSettings.hosts.producao,
      },
    });
    expect(refused.message).toMatch(/https:\/\//);
    const settings = await ok<Settings>('settings:get');
    expect(settings.hosts.sandbox).toEqual(sandboxHosts());
  });

  it('SMTP tested with other values: the stored password is not offered to another server', async () => {
    const other = await failure('mail:test', { settings: smtpSettings(strangerMail.port) });
    expect(other.code).toBe('mail_password_rebind');
    expect(other.message).toMatch(/digite a senha de novo/);
    expectNothingLeaked();
  });

  it('a lower SMTP security never reuses the password, even on the same server and port', async () => {
    await ok('mailSettings:set', {
      settings: smtpSettings(strangerMail.port, 'starttls'),
      password: SMTP_PASSWORD,
    });
    const lowered = await failure('mail:test', { settings: smtpSettings(strangerMail.port, 'none') });
    expect(lowered.code).toBe('mail_password_rebind');
    // Saved with the lower security, the password is dropped instead of being kept for it.
    await ok('mailSettings:set', { settings: smtpSettings(strangerMail.port, 'none') });
    expect((await ok<{ passwordConfigured: boolean }>('mailSettings:get')).passwordConfigured).toBe(false);
    expect((await failure('mail:test')).code).toBe('mail_password_missing');
    expectNothingLeaked();
    await ok('mailSettings:set', { settings: smtpSettings(mail.port), password: SMTP_PASSWORD });
  });

  it('SMTP server changed in the settings: the password is dropped, never sent to the new one', async () => {
    await ok('mailSettings:set', { settings: smtpSettings(strangerMail.port) });
    expect((await failure('mail:test')).code).toBe('mail_password_missing');
    expectNothingLeaked();
    await ok('mailSettings:set', { settings: smtpSettings(mail.port), password: SMTP_PASSWORD });
    await ok('mail:test');
  });

  it('a restored backup pointing elsewhere keeps this machine’s servers unless each change is accepted', async () => {
    const made = await ok<{ base64: string }>('backup:create');
    const entries = unzipSync(Buffer.from(made.base64, 'base64'));
    const settings = JSON.parse(strFromU8(entries['settings.json']!)) as Settings;
    settings.hosts.sandbox = strangerHosts();
    settings.smtp = smtpSettings(strangerMail.port);
    settings.scopes = 'conta empresa cte';
    entries['settings.json'] = strToU8(JSON.stringify(settings));
    const crafted = Buffer.from(zipSync(entries)).toString('base64');

    // The confirmation step shows exactly what would change.
    const asked = await ok<{
      state: string;
      token: string;
      settingChanges: { key: string; current: string | null; backup: string | null }[];
    }>('backup:restore', { base64: crafted });
    expect(asked.state).toBe('needs_confirm');
    expect(asked.settingChanges.map((change) => change.key)).toEqual(['hosts.sandbox', 'scopes', 'smtp']);
    expect(asked.settingChanges[0]!.current).toContain(sandbox.url);
    expect(asked.settingChanges[0]!.backup).toContain(stranger.url);
    expect(asked.settingChanges[2]!.backup).toContain(`127.0.0.1:${strangerMail.port}`);

    // Confirmed without ticking anything: every setting stays this machine's.
    const before = await ok<Settings>('settings:get');
    await ok('backup:restore', { token: asked.token, confirm: true });
    let now = await ok<Settings>('settings:get');
    expect(now).toEqual(before);
    expect(now.hosts.sandbox).toEqual(sandboxHosts());
    expect(now.smtp?.port).toBe(mail.port);
    await ok('connection:test', { environment: 'sandbox' });
    await ok('mail:test');
    expectNothingLeaked();

    // Accepted: the servers change, but no secret comes with them nor follows them.
    const again = await ok<{ token: string }>('backup:restore', { base64: crafted });
    const restored = await ok<{ settingChanges: { key: string }[] }>('backup:restore', {
      token: again.token,
      confirm: true,
      acceptSettingChanges: ['hosts.sandbox', 'smtp'],
    });
    expect(restored.settingChanges.map((change) => change.key)).toEqual(['hosts.sandbox', 'smtp']);
    now = await ok<Settings>('settings:get');
    expect(now.hosts.sandbox).toEqual(strangerHosts());
    expect(now.smtp?.port).toBe(strangerMail.port);
    expect(now.scopes).toBe(before.scopes);
    expect((await failure('connection:test', { environment: 'sandbox' })).code).toBe('credentials_rebind');
    expect((await failure('mail:test')).code).toBe('mail_password_rebind');
    expect((await ok<{ passwordConfigured: boolean }>('mailSettings:get')).passwordConfigured).toBe(false);
    expectNothingLeaked();
  });
});
