// Connection truth (issue 19, item 8), clicked through Configurações: switching to the Sandbox tries
// the credentials first and says what is missing; "Testar conexão" tries what is typed before it is
// saved and shows the token endpoint's answer to a wrong secret; the shell says "Conectado" only when
// a token was obtained. A second sandbox started here stands in for the hosted Nuvem Fiscal sandbox.
import type { RunningSandbox } from '../../electron/sandbox/server';
import { startSandbox } from '../../electron/sandbox/server';
import { expect, test } from './fixtures';

const CLIENT_ID = 'carreta-e2e-conexao';
const CLIENT_SECRET = 'segredo-certo-conexao';

let hosted: RunningSandbox;

test.beforeAll(async () => {
  hosted = await startSandbox({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
});
test.afterAll(async () => {
  await hosted?.close();
});

test('switching to the Sandbox checks the credentials; "Conectado" only with a token', async ({
  page,
  openApp,
}) => {
  test.setTimeout(90_000);
  await openApp('/configuracoes');
  const indicator = page.getByTestId('connectivity');
  // Demonstração: the embedded sandbox gave a token.
  await expect(indicator).toHaveText('Conectado');

  // The hosted sandbox's addresses, saved while still in Demonstração.
  await page.getByTestId('settings-advanced').getByText('Avançado').click();
  await page.getByTestId('settings-hosts-sandbox-api').fill(hosted.url);
  await page.getByTestId('settings-hosts-sandbox-auth').fill(`${hosted.url}/oauth/token`);
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Configurações salvas.' })).toBeVisible();

  // Switching without credentials: the exact reason, and nothing saved unless confirmed.
  await page.getByTestId('env-option-sandbox').click();
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('env-switch-reason')).toHaveText(
    'Faltam o client id e o client secret do Sandbox. Informe-os em Configurações > Credenciais da API.',
  );
  await page.getByTestId('env-switch-back').click();
  await expect(page.getByTestId('env-switch-problem')).toBeHidden();
  await expect(page.getByTestId('env-badge').first()).toHaveText('DEMONSTRAÇÃO');

  // "Testar conexão" with values typed and not saved: a wrong secret gets the server's answer.
  const card = page.getByTestId('credentials-sandbox');
  await card.locator('#credentials-sandbox-id').fill(CLIENT_ID);
  await card.locator('#credentials-sandbox-secret').fill('segredo-errado');
  await card.getByTestId('credentials-sandbox-test').click();
  await expect(card.getByTestId('credentials-sandbox-fail')).toContainText(
    'Client id ou client secret incorretos. Confira as credenciais da API em Configurações. ' +
      'Resposta do servidor de autenticação: invalid_client: Credenciais do cliente inválidas.',
  );
  await card.locator('#credentials-sandbox-secret').fill(CLIENT_SECRET);
  await card.getByTestId('credentials-sandbox-test').click();
  await expect(card.getByTestId('credentials-sandbox-ok')).toContainText('Conexão estabelecida');
  await expect(card.getByTestId('credentials-sandbox-ok')).toContainText(
    'Os valores testados ainda não foram salvos.',
  );
  await expect(card.getByTestId('credentials-sandbox-status')).toHaveText('Não configurado');
  await card.getByTestId('credentials-sandbox-save').click();
  await expect(card.getByTestId('credentials-sandbox-status')).toHaveText('Secret configurado');

  // Now the switch works at once, and the shell is connected with a real token.
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Ambiente: Sandbox' })).toBeVisible();
  await expect(page.getByTestId('env-switch-problem')).toBeHidden();
  await expect(page.getByTestId('env-badge').first()).toHaveText('HOMOLOGAÇÃO');
  await expect(indicator).toHaveText('Conectado');
  await expect(indicator).toHaveAttribute('data-target', hosted.url);

  // A wrong secret saved: the host still answers, but that is not "Conectado".
  await card.locator('#credentials-sandbox-secret').fill('outro-segredo-errado');
  await card.getByTestId('credentials-sandbox-save').click();
  await expect(indicator).toHaveText('Credenciais recusadas');
  // No credentials at all: said as such, not "Sem conexão".
  await card.getByTestId('credentials-sandbox-clear').click();
  await page.getByTestId('credentials-sandbox-clear-confirm').click();
  await expect(indicator).toHaveText('Sem credenciais');
  await page.getByTestId('nav-painel').click();
  await expect(page.getByTestId('painel-connection')).toContainText(
    'Faltam o client id e o client secret do Sandbox',
  );
});
