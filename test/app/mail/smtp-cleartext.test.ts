// An SMTP password goes over TLS only (STARTTLS or SSL/TLS), except to a server on this computer:
// settings that would send it in clear text to another machine are refused when saved or tested,
// and, when they come from an older version or a backup, before any connection is opened.
import { afterEach, describe, expect, it } from 'vitest';

import { smtpBindingOf } from '../../../electron/app/secret-binding';
import { transportOptions } from '../../../electron/app/mail/transport';
import type { SmtpConfig } from '../../../electron/app/mail/settings';
import type { CommandEnvelope } from '../../../electron/shared/errors';
import { isLoopbackMailHost, sendsPasswordInClear } from '../../../electron/shared/schemas/mail';
import type { MailApp } from './support';
import { SMTP_PASSWORD, SMTP_USER, smtpSettings, startMailApp } from './support';

const CLEAR_TEXT = /Sem segurança, a senha do e-mail iria pela rede sem criptografia/;

let running: MailApp | null = null;
afterEach(async () => {
  await running?.app.dispose();
  running = null;
});

async function failure(channel: string, input: unknown = {}) {
  const answer = (await running!.dispatch(channel, input)) as CommandEnvelope<unknown>;
  if (answer.ok) throw new Error(`${channel} should have failed`);
  return answer.error;
}

/** A provider's server: `.invalid` never resolves, so a connection attempt would say "not found". */
const remote = (extra: Record<string, unknown> = {}) =>
  smtpSettings(25, { host: 'smtp.provedor.invalid', ...extra });

describe('plaintext SMTP with a password', () => {
  it('saving or testing such settings is refused with the reason, and nothing is stored', async () => {
    running = await startMailApp();
    const saved = await failure('mailSettings:set', { settings: remote(), password: SMTP_PASSWORD });
    expect(saved.code).toBe('invalid_input');
    expect(saved.message).toMatch(CLEAR_TEXT);
    expect(running.host.settings.get().smtp ?? null).toBeNull();
    expect(await running.host.secrets.get('smtp:password')).toBeNull();
    const tested = await failure('mail:test', { settings: remote(), password: SMTP_PASSWORD });
    expect(tested.code).toBe('invalid_input');
    expect(tested.message).toMatch(CLEAR_TEXT);
  });

  it('settings from an older version or a backup never open the connection', async () => {
    running = await startMailApp();
    const settings = remote();
    running.host.settings.update({ smtp: settings as never });
    await running.host.secrets.set(
      'smtp:password',
      JSON.stringify({ password: SMTP_PASSWORD, boundTo: smtpBindingOf(settings as never) }),
    );
    const tested = await failure('mail:test');
    // Not "server not found": refused before the name was even looked up.
    expect(tested.code).toBe('mail_password_in_clear');
    expect(tested.message).toMatch(CLEAR_TEXT);
    const sent = await failure('mail:send', {
      id: running.docId,
      to: ['financeiro@tomador.example'],
      subject: 'CT-e',
      body: 'Segue.',
    });
    expect(sent.code).toBe('mail_password_in_clear');
  });

  it('transport: TLS for a password to another machine; loopback and logins without a password pass', () => {
    const config = (patch: Partial<SmtpConfig>): SmtpConfig =>
      ({ ...remote(), password: SMTP_PASSWORD, ...patch }) as SmtpConfig;
    expect(() => transportOptions(config({}))).toThrow(CLEAR_TEXT);
    expect(() => transportOptions(config({ host: '192.168.0.10' }))).toThrow(CLEAR_TEXT);
    expect(transportOptions(config({ security: 'starttls' }))).toMatchObject({
      requireTLS: true,
      secure: false,
      auth: { user: SMTP_USER, pass: SMTP_PASSWORD },
    });
    expect(transportOptions(config({ security: 'tls' }))).toMatchObject({ secure: true });
    for (const host of ['127.0.0.1', '127.10.0.5', 'localhost', '[::1]'])
      expect(transportOptions(config({ host })).auth).toEqual({ user: SMTP_USER, pass: SMTP_PASSWORD });
    // A relay without login (no user, no password) takes no password to protect.
    expect(transportOptions(config({ user: '', password: null })).auth).toBeUndefined();
  });

  it('what counts as this computer', () => {
    expect(
      ['localhost', 'LOCALHOST', '127.0.0.1', '127.255.0.9', '::1', '[::1]'].map(isLoopbackMailHost),
    ).toEqual([true, true, true, true, true, true]);
    expect(
      ['127.0.0.1.example', '128.0.0.1', '127.0.0.256', 'localhost.example', '[::2]', '10.0.0.1'].map(
        isLoopbackMailHost,
      ),
    ).toEqual([false, false, false, false, false, false]);
    expect(sendsPasswordInClear({ host: 'smtp.gmail.com', security: 'none', user: '' })).toBe(false);
    expect(sendsPasswordInClear({ host: 'smtp.gmail.com', security: 'none', user: 'a@b.c' })).toBe(true);
  });
});
