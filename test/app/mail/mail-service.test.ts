import { afterEach, describe, expect, it } from 'vitest';

import type { CommandEnvelope } from '../../../electron/shared/errors';
import type { MailCompose, MailLogEntry, MailSendResult } from '../../../electron/shared/schemas/mail';
import { attachmentName, parseMime } from './mime';
import { loopbackCertificate } from './tls-cert';
import type { MailApp, TestSmtp } from './support';
import {
  SMTP_PASSWORD,
  SMTP_USER,
  TOMADOR_EMAIL,
  closedPort,
  silentServer,
  smtpSettings,
  startMailApp,
  startSmtp,
} from './support';

let running: MailApp | null = null;
let smtp: TestSmtp | null = null;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await running?.app.dispose();
  await smtp?.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
  running = null;
  smtp = null;
});

async function call<T>(channel: string, input: unknown = {}): Promise<CommandEnvelope<T>> {
  return (await running!.dispatch(channel, input)) as CommandEnvelope<T>;
}
async function ok<T>(channel: string, input: unknown = {}): Promise<T> {
  const answer = await call<T>(channel, input);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
  return answer.data;
}
async function failure(channel: string, input: unknown = {}) {
  const answer = await call(channel, input);
  if (answer.ok) throw new Error(`${channel} should have failed`);
  return answer.error;
}
const log = async () => (await ok<{ items: MailLogEntry[] }>('mail:log', { id: running!.docId })).items;

async function configured(port: number, password = SMTP_PASSWORD, extra: Record<string, unknown> = {}) {
  await ok('mailSettings:set', { settings: smtpSettings(port, extra), password });
}

describe('e-mail of documents through a real SMTP server on 127.0.0.1', () => {
  it('composes from the XML: the tomador in Para, the other parties offered, templates filled', async () => {
    running = await startMailApp();
    const before = await ok<MailCompose>('mail:compose', { id: running.docId });
    expect(before.configured).toBe(false);
    smtp = await startSmtp();
    await configured(smtp.port);
    const draft = await ok<MailCompose>('mail:compose', { id: running.docId });
    const { doc } = running;
    expect(draft.configured).toBe(true);
    expect(draft.to).toEqual([TOMADOR_EMAIL]);
    expect(draft.bcc).toEqual(['arquivo@carreta.example']);
    expect(draft.suggestions.map((s) => s.email).sort()).toEqual([doc.remEmail, doc.destEmail].sort());
    expect(draft.suggestions[0]).toMatchObject({
      email: TOMADOR_EMAIL,
      role: 'Tomador',
      name: doc.tomador.nome,
    });
    const numero = String(doc.record.numero);
    expect(draft.subject).toBe(`CT-e nº ${numero} série 1 — Transportadora Carreta Ltda`);
    expect(draft.body).toBe(
      `Segue o DACTE do CT-e ${numero}. Chave ${String(doc.record.chave)}. Tomador: ${doc.tomador.nome}.`,
    );
    expect(draft.attachments).toEqual([
      `${String(doc.record.chave)}-dacte.pdf`,
      `${String(doc.record.chave)}-cte.xml`,
    ]);
  });

  it('sends the DACTE PDF and the processed XML, and logs the message as enviado', async () => {
    running = await startMailApp();
    smtp = await startSmtp();
    await configured(smtp.port);
    const draft = await ok<MailCompose>('mail:compose', { id: running.docId });
    const sent = await ok<MailSendResult>('mail:send', {
      id: running.docId,
      to: [...draft.to, ' Outro@Cliente.Example '],
      cc: ['copia@carreta.example'],
      bcc: draft.bcc,
      subject: draft.subject,
      body: draft.body,
    });
    expect(smtp.logins).toEqual([{ username: SMTP_USER, ok: true }]);
    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0]!;
    expect(message.from).toBe('fiscal@carreta.example');
    expect(message.to.sort()).toEqual(
      // The domain goes out in lower case (IDN normalization); the local part as typed.
      [TOMADOR_EMAIL, 'Outro@cliente.example', 'copia@carreta.example', 'arquivo@carreta.example'].sort(),
    );
    const mime = parseMime(message.raw);
    expect(mime.headers.get('subject')).toBe(draft.subject);
    expect(mime.headers.get('from')).toContain('Transportadora Carreta');
    expect(mime.headers.get('reply-to')).toBe('atendimento@carreta.example');
    // Bcc addresses travel in the envelope only.
    expect(mime.headers.has('bcc')).toBe(false);
    expect(mime.headers.get('message-id')).toBe(sent.messageId);

    const files = new Map(mime.parts.map((part) => [attachmentName(part), part]));
    const chave = String(running.doc.record.chave);
    const pdf = files.get(`${chave}-dacte.pdf`);
    const xml = files.get(`${chave}-cte.xml`);
    expect(pdf?.headers.get('content-type')).toContain('application/pdf');
    expect(pdf?.body.equals(running.printer.pdfs[0]!)).toBe(true);
    expect(pdf?.body.toString()).toContain('DACTE');
    expect(xml?.body.toString('utf8')).toBe(running.doc.xml);
    const text = mime.parts.find((part) => part.headers.get('content-type')?.startsWith('text/plain'));
    expect(text?.body.toString('utf8')).toContain(`Chave ${chave}`);

    const [entry] = await log();
    expect(entry).toMatchObject({
      kind: 'cte',
      status: 'enviado',
      error: null,
      messageId: sent.messageId,
      subject: draft.subject,
      to: [TOMADOR_EMAIL, 'Outro@Cliente.Example'],
      cc: ['copia@carreta.example'],
      bcc: ['arquivo@carreta.example'],
      attachments: [`${chave}-dacte.pdf`, `${chave}-cte.xml`],
    });
    expect(sent.accepted).toHaveLength(4);
  });

  it('a wrong password: Portuguese message, nothing delivered, the failure logged', async () => {
    running = await startMailApp();
    smtp = await startSmtp();
    await configured(smtp.port, 'senha-errada-123');
    const tested = await failure('mail:test');
    expect(tested.code).toBe('mail_auth');
    expect(tested.message).toMatch(/recusou o usuário ou a senha/);
    const error = await failure('mail:send', {
      id: running.docId,
      to: [TOMADOR_EMAIL],
      subject: 'CT-e',
      body: 'Segue.',
    });
    expect(error.code).toBe('mail_auth');
    expect(smtp.received).toHaveLength(0);
    const [entry] = await log();
    expect(entry?.status).toBe('falhou');
    expect(entry?.error).toMatch(/^O servidor de e-mail recusou o usuário ou a senha/);
    expect(entry?.messageId).toBeNull();
  });

  it('the connection test logs in with the stored password, or with the form values before saving', async () => {
    running = await startMailApp();
    smtp = await startSmtp();
    await configured(smtp.port);
    const result = await ok<{ server: string; security: string }>('mail:test');
    expect(result).toMatchObject({ server: `127.0.0.1:${smtp.port}`, security: 'none' });
    // Unsaved form, same server and login: the stored password is used.
    await ok('mail:test', { settings: smtpSettings(smtp.port, { fromName: 'Outro nome' }) });
    // Another login: the stored password is not offered to it.
    const other = await failure('mail:test', {
      settings: smtpSettings(smtp.port, { user: 'outra@conta.example' }),
    });
    expect(other.code).toBe('mail_password_rebind');
    expect(other.message).toMatch(/digite a senha de novo/);
    expect(smtp.logins.every((login) => login.ok)).toBe(true);
    expect(smtp.received).toHaveLength(0);
  });

  it('connection refused, silence and an unknown server each get their own message', async () => {
    running = await startMailApp();
    const port = await closedPort();
    await configured(port);
    const refused = await failure('mail:test');
    expect(refused.code).toBe('mail_refused');
    expect(refused.message).toBe(
      `O servidor de e-mail 127.0.0.1:${port} recusou a conexão. Confira o servidor e a porta nas Configurações.`,
    );
    const sendRefused = await failure('mail:send', {
      id: running.docId,
      to: [TOMADOR_EMAIL],
      subject: 'x',
      body: 'y',
    });
    expect(sendRefused.code).toBe('mail_refused');
    expect((await log())[0]).toMatchObject({ status: 'falhou' });

    const silent = await silentServer();
    cleanups.push(silent.close);
    await configured(silent.port);
    const timeout = await failure('mail:test');
    expect(timeout.code).toBe('mail_timeout');
    expect(timeout.message).toMatch(/não respondeu a tempo/);

    await ok('mailSettings:set', {
      // STARTTLS: a password goes to another machine only over TLS (smtp-cleartext.test.ts).
      settings: { ...smtpSettings(587), host: 'smtp.nao-existe.invalid', security: 'starttls' },
      password: 'x',
    });
    const unknown = await failure('mail:test');
    expect(unknown.code).toBe('mail_unknown_host');
    expect(unknown.message).toMatch(/"smtp\.nao-existe\.invalid" não foi encontrado/);
  }, 20_000);

  it('TLS problems: an untrusted certificate, STARTTLS missing on the server', async () => {
    running = await startMailApp();
    // smtp-server's built-in certificate is self-signed: a careful client refuses it.
    smtp = await startSmtp({ secure: true });
    await configured(smtp.port, SMTP_PASSWORD, { security: 'tls' });
    const untrusted = await failure('mail:test');
    expect(untrusted.code).toBe('mail_tls');
    expect(untrusted.message).toMatch(/certificado de segurança do servidor 127\.0\.0\.1 não é confiável/);
    await smtp.close();

    smtp = await startSmtp({ noStarttls: true });
    await configured(smtp.port, SMTP_PASSWORD, { security: 'starttls' });
    const missing = await failure('mail:test');
    expect(missing.code).toBe('mail_tls');
    expect(smtp.logins).toEqual([]);
  });

  it('SSL/TLS and STARTTLS really encrypt before logging in, with a certificate the client trusts', async () => {
    const certificate = loopbackCertificate();
    running = await startMailApp({ tls: { ca: certificate.cert } });
    smtp = await startSmtp({ secure: true, tls: certificate });
    await configured(smtp.port, SMTP_PASSWORD, { security: 'tls' });
    await ok('mail:test');
    await ok('mail:send', { id: running.docId, to: [TOMADOR_EMAIL], subject: 'CT-e', body: 'Segue.' });
    expect(smtp.secured).toEqual([true, true]);
    await smtp.close();

    smtp = await startSmtp({ tls: certificate });
    await configured(smtp.port, SMTP_PASSWORD, { security: 'starttls' });
    await ok('mail:send', { id: running.docId, to: [TOMADOR_EMAIL], subject: 'CT-e', body: 'Segue.' });
    expect(smtp.secured).toEqual([true]);
    expect(smtp.received).toHaveLength(1);
  });

  it('offline: a plain message, and the failed attempt stays in the history', async () => {
    running = await startMailApp({ online: () => false });
    await configured(await closedPort());
    const error = await failure('mail:send', {
      id: running.docId,
      to: [TOMADOR_EMAIL],
      subject: 'x',
      body: 'y',
    });
    expect(error.code).toBe('mail_offline');
    expect(error.message).toMatch(/^Sem conexão com a internet: o e-mail não foi enviado/);
    const [entry] = await log();
    expect(entry).toMatchObject({ status: 'falhou', to: [TOMADOR_EMAIL] });
    expect(entry?.error).toMatch(/^Sem conexão com a internet/);
  });

  it('a recipient the server refuses: the others still get it; all refused is a failure', async () => {
    running = await startMailApp();
    smtp = await startSmtp({ refuse: /@inexistente\.example$/ });
    await configured(smtp.port, SMTP_PASSWORD, { bcc: [] });
    const partial = await ok<MailSendResult>('mail:send', {
      id: running.docId,
      to: [TOMADOR_EMAIL, 'ninguem@inexistente.example'],
      subject: 'CT-e',
      body: 'Segue.',
    });
    expect(partial.accepted).toEqual([TOMADOR_EMAIL]);
    expect(partial.rejected).toEqual(['ninguem@inexistente.example']);
    expect(smtp.received.map((m) => m.to)).toEqual([[TOMADOR_EMAIL]]);
    const none = await failure('mail:send', {
      id: running.docId,
      to: ['ninguem@inexistente.example'],
      subject: 'CT-e',
      body: 'Segue.',
    });
    expect(none.code).toBe('mail_rejected');
    expect(none.message).toMatch(/^O servidor de e-mail recusou o envio: 550 5\.1\.1 Mailbox unavailable/);
    expect((await log()).map((e) => e.status)).toEqual(['falhou', 'enviado']);
  });

  it('validates recipients and settings at the edge', async () => {
    running = await startMailApp();
    const bad = await failure('mail:send', {
      id: running.docId,
      to: ['não é e-mail'],
      subject: 'x',
      body: 'y',
    });
    expect(bad.code).toBe('invalid_input');
    expect(bad.message).toContain('Informe um e-mail válido.');
    const many = Array.from({ length: 11 }, (_, i) => `pessoa${i}@cliente.example`);
    expect((await failure('mail:send', { id: running.docId, to: many, subject: 'x', body: 'y' })).code).toBe(
      'invalid_input',
    );
    const spread = await failure('mail:send', {
      id: running.docId,
      to: many.slice(0, 6),
      cc: many.slice(6, 10),
      bcc: ['mais@um.example'],
      subject: 'x',
      body: 'y',
    });
    expect(spread.message).toMatch(/no máximo 10 endereços/);
    const noHost = await failure('mailSettings:set', { settings: smtpSettings(99999, { host: 'http://x' }) });
    expect(noHost.fields).toEqual(expect.arrayContaining(['settings.host', 'settings.port']));
    expect(
      (await failure('mail:send', { id: 999_999, to: [TOMADOR_EMAIL], subject: 'x', body: 'y' })).code,
    ).toBe('document_not_found');
    expect(await log()).toEqual([]);
  });
});
