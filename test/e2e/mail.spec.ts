import { DEMO_CNPJ } from '../../electron/app/demo';
import type { CommandEnvelope } from '../../electron/shared/errors';
import { attachmentName, parseMime } from '../app/mail/mime';
import type { TestSmtp } from '../app/mail/support';
import { SMTP_PASSWORD, SMTP_USER, startSmtp } from '../app/mail/support';
import { demoCteForm } from '../fiscal/payload/forms';
import { expect, test } from './fixtures';
import { shot } from './shots';

// E-mail as a user does it: the SMTP server set up in Configurações (a real server on 127.0.0.1),
// the connection tested, then a CT-e sent from its document screen with the DACTE PDF (made by the
// host's Chromium) and the XML, and the attempt listed in the dialog's history.

test.setTimeout(90_000);

let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startSmtp();
});
test.afterAll(async () => {
  await smtp?.close();
});

test('configures SMTP, tests it, and e-mails a CT-e with its DACTE and XML', async ({
  page,
  openApp,
  webHost,
}, testInfo) => {
  await openApp('/configuracoes');
  const section = page.getByTestId('smtp-section');
  await expect(section.getByTestId('smtp-status')).toHaveText('Não configurado');
  await section.getByTestId('smtp-status').scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'smtp-vazio');
  await section.getByLabel('Servidor SMTP').fill('127.0.0.1');
  await section.getByText('Nenhuma', { exact: true }).click();
  await section.getByLabel('Porta').fill(String(smtp.port));
  await section.getByLabel('Usuário').fill(SMTP_USER);
  await section.locator('#smtp-password').fill(SMTP_PASSWORD);
  await section.getByLabel('Nome do remetente').fill('Transportadora Demonstração');
  await section.getByLabel('E-mail do remetente').fill('fiscal@demonstracao.example');
  await section.getByTestId('smtp-test').click();
  await expect(section.getByTestId('smtp-ok')).toContainText(
    `Conexão SMTP estabelecida com 127.0.0.1:${smtp.port}`,
  );
  await section.getByTestId('smtp-save').click();
  await expect(section.getByTestId('smtp-status')).toHaveText('Configurado');
  await expect(section.locator('#smtp-password')).toHaveValue('');
  await section.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'smtp-configurado');

  await webHost.app.context.embedded.ensure();
  const base = demoCteForm();
  const envelope = (await webHost.app.dispatch('cte:issue', {
    kind: 'cte',
    company: DEMO_CNPJ,
    form: {
      ...base,
      remetente: { ...base.remetente, email: 'compras@remetente.example' },
      destinatario: { ...base.destinatario, email: 'joana@destino.example' },
    },
  })) as CommandEnvelope<{ status: string; document: { id: string; chave: string } }>;
  if (!envelope.ok) throw new Error(envelope.error.message);
  expect(envelope.data.status).toBe('autorizado');

  await page.goto(`${webHost.url}#/emitir-cte/documento/cte/${envelope.data.document.id}`);
  await page.getByTestId('send-email').click();
  const dialog = page.getByTestId('email-dialog');
  // toma 0: the remetente is the tomador.
  await expect(dialog.getByTestId('email-to')).toHaveValue('compras@remetente.example');
  await expect(dialog.getByTestId('email-suggestions')).toContainText('joana@destino.example (Destinatário)');
  await expect(dialog.getByTestId('email-history')).toContainText('Nenhum e-mail enviado');
  await shot(page, testInfo, 'email-dialog');
  await dialog.getByTestId('email-send').click();
  await expect(page.getByText('E-mail enviado.')).toBeVisible();

  expect(smtp.received).toHaveLength(1);
  expect(smtp.received[0]!.to).toEqual(['compras@remetente.example']);
  const mime = parseMime(smtp.received[0]!.raw);
  const chave = envelope.data.document.chave;
  const parts = new Map(mime.parts.map((part) => [attachmentName(part), part]));
  expect(parts.get(`${chave}-dacte.pdf`)?.body.subarray(0, 5).toString()).toBe('%PDF-');
  expect(parts.get(`${chave}-cte.xml`)?.body.toString('utf8')).toContain(`<chCTe>${chave}</chCTe>`);
  expect(mime.headers.get('subject')).toMatch(/^CT-e nº \d+ série \d+ — /);

  await page.getByTestId('send-email').click();
  await expect(dialog.getByTestId('email-history')).toContainText('Enviado');
  await expect(dialog.getByTestId('email-history')).toContainText('compras@remetente.example');
  await expect(dialog.getByTestId('email-last')).toContainText('Último envio: enviado em');
  await dialog.getByTestId('email-history').scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'email-historico');
});
