// The SMTP password must stay in the secret store: never in settings.json, the cache (mail_log), a
// command answer or a log line, whatever the user does — wrong password included. Drives the real
// command table over the web host's file-backed stores and a real SMTP server on 127.0.0.1.
import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { HostAdapter } from '../../../electron/app/host';
import type { Logger } from '../../../electron/app/logger';
import type { CommandEnvelope } from '../../../electron/shared/errors';
import { createWebSecretStore } from '../../../electron/web/secret-store';
import { StartupNotices } from '../../../electron/app/stores/notices';
import { openSettingsStore } from '../../../electron/app/stores/settings';
import type { MailApp, TestSmtp } from './support';
import { SMTP_PASSWORD, SMTP_USER, TOMADOR_EMAIL, smtpSettings, startMailApp, startSmtp } from './support';

const WRONG_PASSWORD = 'Senha-Errada-Smtp-93d1c7';

/** As typed, base64 (AUTH LOGIN), URL-encoded, and inside an AUTH PLAIN token. */
function forms(value: string): string[] {
  return [
    value,
    Buffer.from(value).toString('base64'),
    encodeURIComponent(value),
    Buffer.from(`\0${SMTP_USER}\0${value}`).toString('base64'),
  ];
}

function recordingLogger(lines: string[]): Logger {
  const record =
    (level: string) =>
    (message: string, ...rest: unknown[]) =>
      lines.push([level, message, ...rest.map((item) => inspect(item, { depth: 8 }))].join(' '));
  return { info: record('info'), warn: record('warn'), error: record('error') };
}

describe('the SMTP password never leaks', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carreta-smtp-leak-'));
  const logs: string[] = [];
  const answers: { channel: string; envelope: CommandEnvelope<unknown> }[] = [];
  let smtp: TestSmtp;
  let running: MailApp;

  async function call(channel: string, input: unknown = {}) {
    const envelope = await running.dispatch(channel, input);
    answers.push({ channel, envelope });
    return envelope;
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    const logger = recordingLogger(logs);
    const settings = openSettingsStore(dataDir, logger, new StartupNotices());
    settings.update({ environment: 'sandbox' });
    const host: HostAdapter = {
      kind: 'web',
      version: '0.0.0-test',
      platform: process.platform,
      userDataDir: dataDir,
      settings,
      secrets: createWebSecretStore(dataDir, logger),
      logger,
    };
    running = await startMailApp({}, host);
    const send = { id: running.docId, to: [TOMADOR_EMAIL], subject: 'CT-e', body: 'Segue o CT-e.' };
    // Mistakes first: a password too long, then a wrong one, tested and used.
    await call('mailSettings:set', {
      settings: smtpSettings(smtp.port),
      password: WRONG_PASSWORD.repeat(40),
    });
    await call('mailSettings:set', { settings: smtpSettings(smtp.port), password: WRONG_PASSWORD });
    await call('mail:test');
    await call('mail:send', send);
    await call('mail:test', { settings: smtpSettings(smtp.port), password: SMTP_PASSWORD });
    await call('mailSettings:set', { settings: smtpSettings(smtp.port), password: SMTP_PASSWORD });
    await call('mailSettings:get');
    await call('settings:get');
    await call('mail:test');
    await call('mail:compose', { id: running.docId });
    await call('mail:send', send);
    await call('mail:log', { id: running.docId });
    await call('backup:create');
    await running.app.dispose();
  }, 60_000);

  afterAll(async () => {
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  });

  it('drove the whole flow, failures included', () => {
    const outcome = (channel: string) =>
      answers.filter((a) => a.channel === channel).map((a) => a.envelope.ok);
    expect(outcome('mailSettings:set')).toEqual([false, true, true]);
    expect(outcome('mail:test')).toEqual([false, true, true]);
    expect(outcome('mail:send')).toEqual([false, true]);
    expect(smtp.logins.map((l) => l.ok)).toEqual([false, false, true, true, true]);
    expect(smtp.received).toHaveLength(1);
    expect(logs.some((line) => line.includes('mail:send'))).toBe(true);
  });

  it('the renderer only learns whether a password is stored', () => {
    const view = answers.find((a) => a.channel === 'mailSettings:get');
    expect(view?.envelope).toMatchObject({ ok: true, data: { passwordConfigured: true } });
    expect(JSON.stringify(view?.envelope)).not.toContain('password"');
    const text = JSON.stringify(answers);
    for (const value of [SMTP_PASSWORD, WRONG_PASSWORD])
      for (const form of forms(value)) expect(text).not.toContain(form);
  });

  it('no log line carries it', () => {
    const text = logs.join('\n');
    for (const value of [SMTP_PASSWORD, WRONG_PASSWORD])
      for (const form of forms(value)) expect(text).not.toContain(form);
  });

  it('only the secrets file holds it: not settings.json, the cache with its mail log, nor the backup', async () => {
    const entries = await readdir(dataDir, { withFileTypes: true, recursive: true });
    const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
    const secretsFile = path.join(dataDir, 'secrets.json');
    expect(files).toEqual(expect.arrayContaining([secretsFile, path.join(dataDir, 'settings.json')]));
    expect(files.some((file) => file.endsWith('carreta.db'))).toBe(true);
    expect(await readFile(path.join(dataDir, 'settings.json'), 'utf8')).toContain(`"host": "127.0.0.1"`);
    for (const file of files) {
      if (file === secretsFile) continue;
      const content = (await readFile(file)).toString('latin1');
      for (const value of [SMTP_PASSWORD, WRONG_PASSWORD])
        for (const form of forms(value))
          expect(content, `${file} holds the SMTP password`).not.toContain(form);
    }
    expect(await readFile(secretsFile, 'utf8')).toContain(SMTP_PASSWORD);
  });
});
