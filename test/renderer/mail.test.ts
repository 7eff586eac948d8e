import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h, ref } from 'vue';

import { setTransport } from '../../renderer/src/bridge';
import EmailDialog from '../../renderer/src/components/mail/EmailDialog.vue';
import SmtpSection from '../../renderer/src/views/configuracoes/SmtpSection.vue';
import type { MailCompose, MailLogEntry } from '../../electron/shared/schemas/mail';
import type { FakeTransport } from './support/fake-transport';
import { createFakeTransport } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  setTransport(null);
  document.body.innerHTML = '';
});

const compose: MailCompose = {
  configured: true,
  label: 'CT-e 1/42',
  to: ['financeiro@tomador.example'],
  cc: [],
  bcc: ['arquivo@carreta.example'],
  suggestions: [
    { email: 'financeiro@tomador.example', role: 'Tomador', name: 'TOMADOR LTDA' },
    { email: 'expedicao@remetente.example', role: 'Remetente', name: 'REMETENTE SA' },
  ],
  subject: 'CT-e nº 42 série 1 — Transportadora Carreta',
  body: 'Segue o DACTE.',
  attachments: ['4126.pdf', '4126-procCTe.xml'],
};

function entry(id: number, status: 'enviado' | 'falhou', error: string | null = null): MailLogEntry {
  return {
    id,
    kind: 'cte',
    to: ['financeiro@tomador.example'],
    cc: [],
    bcc: [],
    subject: compose.subject,
    status,
    error,
    messageId: status === 'enviado' ? `<${id}@carreta>` : null,
    attachments: compose.attachments,
    createdAt: '2026-11-21T12:00:00.000Z',
    finishedAt: '2026-11-21T12:00:01.000Z',
  };
}

/** A fake main side whose log grows with each send, like mail_log does. */
function mailTransport(draft: MailCompose = compose, sendFails?: { code: string; message: string }) {
  const t = createFakeTransport();
  const log: MailLogEntry[] = [];
  t.handlers['mail:compose'] = () => ({ ok: true, data: draft });
  t.handlers['mail:log'] = () => ({ ok: true, data: { items: [...log].reverse() } });
  t.handlers['mail:send'] = () => {
    if (sendFails) {
      log.push(entry(log.length + 1, 'falhou', sendFails.message));
      return { ok: false, error: { ...sendFails, detail: 'ECONNECTION/ECONNREFUSED — connect' } };
    }
    log.push(entry(log.length + 1, 'enviado'));
    return { ok: true, data: { logId: log.length, messageId: '<1@carreta>', accepted: [], rejected: [] } };
  };
  return t;
}

async function openDialog(t: FakeTransport) {
  const open = ref(true);
  const Host = defineComponent({
    setup: () => () =>
      h(EmailDialog, { docId: 9, visible: open.value, 'onUpdate:visible': (v: boolean) => (open.value = v) }),
  });
  const { wrapper } = await mountWith(Host, t);
  unmounts.push(() => wrapper.unmount());
  await waitFor(() => {
    if (!document.body.querySelector('[data-testid="email-to"]')) throw new Error('not yet');
  });
  await settle();
  return { open };
}

const input = (selector: string) => document.body.querySelector<HTMLInputElement>(selector)!;
async function type(selector: string, value: string) {
  const el = input(selector);
  el.value = value;
  el.dispatchEvent(new Event('input'));
  await settle();
}
const click = async (selector: string) => {
  document.body.querySelector<HTMLButtonElement>(selector)!.click();
  await settle();
};

describe('Enviar por e-mail', () => {
  it('pre-fills the tomador and offers the other parties; sends what the user left', async () => {
    const t = mailTransport();
    const { open } = await openDialog(t);
    expect(input('#email-to').value).toBe('financeiro@tomador.example');
    expect(input('#email-bcc').value).toBe('arquivo@carreta.example');
    expect(input('#email-subject').value).toBe(compose.subject);
    expect(document.body.textContent).toContain('Anexos: 4126.pdf, 4126-procCTe.xml');
    const offered = document.body.querySelector('[data-testid="email-suggestions"]')!;
    expect(offered.textContent).toContain('expedicao@remetente.example (Remetente)');
    expect(offered.textContent).not.toContain('financeiro@tomador.example');
    (offered.querySelector('button') as HTMLButtonElement).click();
    await settle();
    expect(input('#email-to').value).toBe('financeiro@tomador.example, expedicao@remetente.example');
    expect(document.body.textContent).toContain('Nenhum e-mail enviado para este documento.');

    await click('[data-testid="email-send"]');
    const sent = t.calls.find((c) => c.channel === 'mail:send');
    expect(sent?.input).toEqual({
      id: 9,
      to: ['financeiro@tomador.example', 'expedicao@remetente.example'],
      cc: [],
      bcc: ['arquivo@carreta.example'],
      subject: compose.subject,
      body: 'Segue o DACTE.',
    });
    expect(open.value).toBe(false);
  });

  it('refuses a bad address before sending, naming it', async () => {
    const t = mailTransport();
    await openDialog(t);
    await type('#email-to', 'financeiro@tomador.example; fulano@');
    await click('[data-testid="email-send"]');
    expect(document.body.querySelector('[data-testid="email-error-to"]')?.textContent).toContain(
      'Informe um e-mail válido. Confira "fulano@".',
    );
    const many = Array.from({ length: 11 }, (_, i) => `p${i}@x.example`).join(', ');
    await type('#email-to', many);
    await click('[data-testid="email-send"]');
    expect(document.body.querySelector('[data-testid="email-error-to"]')?.textContent).toMatch(/10/);
    expect(t.calls.some((c) => c.channel === 'mail:send')).toBe(false);
  });

  it('a failure stays on screen with its details and appears in the history', async () => {
    const message =
      'O servidor de e-mail smtp.x:587 recusou a conexão. Confira o servidor e a porta nas Configurações.';
    const t = mailTransport(compose, { code: 'mail_refused', message });
    const { open } = await openDialog(t);
    await click('[data-testid="email-send"]');
    expect(open.value).toBe(true);
    const fail = document.body.querySelector('[data-testid="email-fail"]')!;
    expect(fail.textContent).toContain(message);
    expect(fail.textContent).toContain('Código: mail_refused');
    const history = document.body.querySelector('[data-testid="email-history"]')!;
    expect(history.textContent).toContain('Falhou');
    expect(history.textContent).toContain(message);
    expect(document.body.querySelector('[data-testid="email-last"]')?.textContent).toContain(
      'Último envio: falhou em',
    );
  });

  it('without SMTP settings it points to Configurações and does not send', async () => {
    const t = mailTransport({ ...compose, configured: false, subject: '', body: '' });
    await openDialog(t);
    expect(document.body.querySelector('[data-testid="email-not-configured"]')?.textContent).toContain(
      'Configurações › E-mail (SMTP)',
    );
    expect(document.body.querySelector<HTMLButtonElement>('[data-testid="email-send"]')!.disabled).toBe(true);
  });
});

describe('Configurações → E-mail (SMTP)', () => {
  const PASSWORD = 'senha-do-smtp-7788';
  function smtpTransport(initial: { stored?: unknown; password?: string | null } = {}) {
    const t = createFakeTransport();
    let stored: unknown = initial.stored ?? null;
    let password: string | null = initial.password === undefined ? 'guardada-no-cofre' : initial.password;
    const view = () => ({
      ok: true as const,
      data: { settings: stored, passwordConfigured: Boolean(password) },
    });
    t.handlers['mailSettings:get'] = view;
    t.handlers['mailSettings:set'] = (raw) => {
      const body = raw as { settings: unknown; password?: string };
      stored = body.settings;
      password = body.password ?? password;
      return view();
    };
    t.handlers['mail:test'] = () => ({
      ok: false,
      error: {
        code: 'mail_auth',
        message: 'O servidor de e-mail recusou o usuário ou a senha.',
        detail: 'EAUTH',
      },
    });
    return t;
  }

  async function mountSection(t: FakeTransport) {
    const { wrapper } = await mountWith(SmtpSection, t);
    unmounts.push(() => wrapper.unmount());
    await settle();
    return wrapper;
  }

  it('saves the settings, sends the typed password once and never shows it back', async () => {
    const t = smtpTransport();
    const wrapper = await mountSection(t);
    expect(wrapper.get('[data-testid="smtp-status"]').text()).toBe('Não configurado');
    expect(wrapper.get('#smtp-password').attributes('placeholder')).toContain('Configurada');
    // STARTTLS → SSL/TLS moves the usual port along.
    expect((wrapper.get('#smtp-port').element as HTMLInputElement).value).toBe('587');
    const tls = wrapper
      .findAll('[data-testid="smtp-security"] [role="radio"], [data-testid="smtp-security"] button')
      .find((b) => b.text() === 'SSL/TLS');
    await tls!.trigger('click');
    expect((wrapper.get('#smtp-port').element as HTMLInputElement).value).toBe('465');
    await wrapper.get('#smtp-host').setValue('smtp.provedor.example');
    await wrapper.get('#smtp-user').setValue('fiscal@carreta.example');
    await wrapper.get('#smtp-from-address').setValue('fiscal@carreta.example');
    await wrapper.get('#smtp-bcc').setValue('arquivo@carreta.example; copia@carreta.example');
    await wrapper.get('#smtp-password').setValue(PASSWORD);
    await wrapper.get('form').trigger('submit');
    await settle();
    const set = t.calls.find((c) => c.channel === 'mailSettings:set')?.input as {
      settings: Record<string, unknown>;
      password?: string;
    };
    expect(set.password).toBe(PASSWORD);
    expect(set.settings).toMatchObject({
      host: 'smtp.provedor.example',
      port: 465,
      security: 'tls',
      bcc: ['arquivo@carreta.example', 'copia@carreta.example'],
    });
    expect((wrapper.get('#smtp-password').element as HTMLInputElement).value).toBe('');
    expect(document.body.innerHTML).not.toContain(PASSWORD);
    expect(document.body.innerHTML).not.toContain('guardada-no-cofre');
    expect(wrapper.get('[data-testid="smtp-status"]').text()).toBe('Configurado');
  });

  it('says when a login has no password saved (another server or login drops the old one)', async () => {
    const stored = {
      host: 'smtp.outro.example',
      port: 587,
      security: 'starttls',
      user: 'fiscal@carreta.example',
      fromName: '',
      fromAddress: 'fiscal@carreta.example',
      replyTo: '',
      cc: [],
      bcc: [],
      subjectTemplate: '{tipo} {numero}',
      bodyTemplate: 'Segue.',
    };
    const wrapper = await mountSection(smtpTransport({ stored, password: null }));
    expect((wrapper.get('#smtp-host').element as HTMLInputElement).value).toBe('smtp.outro.example');
    expect(wrapper.get('[data-testid="smtp-password-missing"]').text()).toContain('Nenhuma senha salva');
  });

  it('refuses a login without security to another machine, under the security choice', async () => {
    const t = smtpTransport();
    const wrapper = await mountSection(t);
    const none = wrapper
      .findAll('[data-testid="smtp-security"] [role="radio"], [data-testid="smtp-security"] button')
      .find((b) => b.text() === 'Nenhuma');
    await none!.trigger('click');
    await wrapper.get('#smtp-host').setValue('smtp.provedor.example');
    await wrapper.get('#smtp-user').setValue('fiscal@carreta.example');
    await wrapper.get('#smtp-from-address').setValue('fiscal@carreta.example');
    await wrapper.get('#smtp-password').setValue(PASSWORD);
    await wrapper.get('form').trigger('submit');
    await settle();
    expect(wrapper.get('[data-testid="smtp-error-security"]').text()).toMatch(
      /^Sem segurança, a senha do e-mail iria pela rede sem criptografia: escolha STARTTLS/,
    );
    await wrapper.get('[data-testid="smtp-test"]').trigger('click');
    await settle();
    expect(t.calls.some((c) => c.channel === 'mailSettings:set' || c.channel === 'mail:test')).toBe(false);
    // A server on this computer may go without security.
    await wrapper.get('#smtp-host').setValue('localhost');
    await wrapper.get('form').trigger('submit');
    await settle();
    expect(t.calls.find((c) => c.channel === 'mailSettings:set')?.input).toMatchObject({
      settings: { host: 'localhost', security: 'none' },
    });
  });

  it('checks the form before asking the server, and shows a failed test in Portuguese', async () => {
    const t = smtpTransport();
    const wrapper = await mountSection(t);
    await wrapper.get('[data-testid="smtp-test"]').trigger('click');
    await settle();
    expect(wrapper.get('[data-testid="smtp-error-host"]').text()).toBe('Informe o servidor SMTP.');
    expect(wrapper.get('[data-testid="smtp-error-fromAddress"]').text()).toBe('Informe um e-mail válido.');
    expect(t.calls.some((c) => c.channel === 'mail:test')).toBe(false);
    await wrapper.get('#smtp-host').setValue('smtp.provedor.example');
    await wrapper.get('#smtp-from-address').setValue('fiscal@carreta.example');
    await wrapper.get('[data-testid="smtp-test"]').trigger('click');
    await settle();
    expect(wrapper.get('[data-testid="smtp-fail"]').text()).toContain('recusou o usuário ou a senha');
    expect(t.calls.find((c) => c.channel === 'mail:test')?.input).toMatchObject({
      settings: { host: 'smtp.provedor.example', port: 587, security: 'starttls' },
    });
  });
});
