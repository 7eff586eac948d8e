import { expect, test } from './fixtures';

// Events travel from the app's EventBus through the web host's SSE stream into the page (the
// browser's fetch + ReadableStream path of the web transport).

test('a connectivity change on the host reaches the indicator', async ({ page, openApp, webHost }) => {
  await openApp();
  const indicator = page.getByTestId('connectivity');
  await expect(indicator).toBeVisible();
  const offline = {
    online: false,
    checkedAt: new Date().toISOString(),
    target: 'https://api.nuvemfiscal.com.br',
    reason: 'teste de ponta a ponta',
  };
  // The stream may still be connecting right after load: re-emit until the page has it.
  await expect(async () => {
    webHost.app.events.emit('connectivity:changed', offline);
    await expect(indicator).toContainText('Sem conexão', { timeout: 500 });
  }).toPass({ timeout: 10_000 });

  // "Conectado" only once the API gave a token (access 'ok'), not merely because the host answered.
  webHost.app.events.emit('connectivity:changed', {
    ...offline,
    online: true,
    reason: undefined,
    access: 'ok',
  });
  await expect(indicator).toContainText('Conectado');
});

test('a notice from the host is shown to the user', async ({ page, openApp, webHost }) => {
  await openApp();
  const summary = 'Aviso de teste vindo do servidor local';
  await expect(async () => {
    webHost.app.events.emit('app:notice', { severity: 'info', summary });
    await expect(page.getByText(summary).first()).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
});
