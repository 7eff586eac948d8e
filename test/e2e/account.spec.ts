import { DEMO_CNPJ } from '../../electron/app/demo';
import type { E2eHost } from './fixtures';
import { expect, test } from './fixtures';
import { shot } from './shots';

// Conta and Consultas against the embedded sandbox of demonstração mode: its demo company (selected
// on its own, being the only one) has a certificate valid for a year, and its CEP/CNPJ data set is
// fixed (electron/sandbox/data).

/** The sandbox's control API (outside the public API): quota limits, recorded e-mails and their events. */
async function sandboxControl(webHost: E2eHost, method: string, route: string, body: unknown) {
  const endpoint = await webHost.app.context.embedded.ensure();
  const response = await fetch(`${endpoint.url}${route}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-sandbox-secret': endpoint.clientSecret },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${method} ${route}: ${response.status}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

async function consumo(webHost: E2eHost, nome: string): Promise<number> {
  const answer = await webHost.app.dispatch('account:quotas', {});
  if (!answer.ok) throw new Error(answer.error.message);
  const quota = (answer.data as { quotas: { nome: string; consumo: number }[] }).quotas.find(
    (item) => item.nome === nome,
  );
  return quota?.consumo ?? 0;
}

test('Conta shows each quota with a bar, in Portuguese', async ({ page, openApp }, testInfo) => {
  await openApp();
  await page.getByTestId('nav-conta').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Conta', exact: true })).toBeVisible();
  const quotas = page.getByTestId('quota');
  await expect(quotas).toHaveCount(4);
  for (const name of [
    'Eventos de documentos fiscais',
    'Consultas de CEP',
    'Consultas de CNPJ',
    'Listagens de CNPJ',
  ]) {
    const card = quotas.filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByRole('progressbar')).toBeVisible();
    await expect(card.getByTestId('quota-usage')).toHaveText(/^\d[\d.]* \/ \d[\d.]*$/);
  }
  await expect(page.getByText('As cotas são renovadas no dia 1º de cada mês.')).toBeVisible();
  await shot(page, testInfo, 'conta-cotas');
});

test('Conta shows the authorizers and the demo certificate', async ({ page, openApp }, testInfo) => {
  await openApp('/conta/autorizadores');
  for (const kind of ['cte', 'cteos', 'dce']) {
    await expect(page.getByTestId(`sefaz-${kind}`)).toHaveAttribute('data-state', 'ok');
  }
  await expect(page.getByTestId('sefaz-cte')).toContainText('107');
  // The status was just read: a new request is not allowed before 5 minutes.
  await expect(page.getByTestId('sefaz-refresh')).toBeDisabled();
  await shot(page, testInfo, 'conta-autorizadores');

  await page.getByTestId('tab-conta-certificados').click();
  const table = page.getByTestId('certificates-table');
  await expect(table).toContainText('TRANSPORTES CARRETA DEMONSTRACAO LTDA');
  await expect(table.getByTestId('certificate-days').first()).toHaveText(/^36[45] dias restantes$/);
  await shot(page, testInfo, 'conta-certificados');
  // Valid for a year: nothing expires within 30 days.
  await page.getByTestId('certificates-window').getByText('30 dias', { exact: true }).click();
  await expect(table).toContainText('Nenhum certificado neste filtro.');

  // No certificate banner for a certificate valid for a year; the Painel card shows it.
  await expect(page.getByTestId('banner-certificate')).toHaveCount(0);
  await page.getByTestId('nav-painel').click();
  await expect(page.getByTestId('certificate-card-days')).toHaveText(/^36[45] dias restantes$/);
  await shot(page, testInfo, 'painel-certificado');

  await page.goto(page.url().replace(/#.*/, '#/conta/emails'));
  await expect(page.getByTestId('emails-table')).toContainText('Nenhum e-mail encontrado.');
  await shot(page, testInfo, 'conta-emails');
});

test('Consultas: CEP lookup fills the address card', async ({ page, openApp }, testInfo) => {
  await openApp();
  await page.getByTestId('nav-consultas').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Consultas', exact: true })).toBeVisible();
  const input = page.getByTestId('cep-input');
  await input.fill('0131');
  await page.getByTestId('cep-submit').click();
  await expect(page.getByTestId('cep-error')).toHaveText('CEP inválido: informe os 8 dígitos.');

  await input.fill('01310100');
  await expect(input).toHaveValue('01310-100');
  await page.getByTestId('cep-submit').click();
  const card = page.getByTestId('cep-result');
  await expect(card.getByTestId('cep-logradouro')).toHaveText('Avenida Brasil');
  await expect(card.getByTestId('cep-municipio')).toHaveText('São Paulo / SP');
  await expect(card).toContainText('3550308');
  await expect(page.getByTestId('cep-error')).toHaveCount(0);
  await shot(page, testInfo, 'consultas-cep');
});

test('Consultas: CNPJ lookup, numeric and alphanumeric', async ({ page, openApp }, testInfo) => {
  await openApp('/consultas/cnpj');
  const input = page.getByTestId('cnpj-input');
  await input.fill('11222333000100');
  await page.getByTestId('cnpj-submit').click();
  await expect(page.getByTestId('cnpj-error')).toHaveText('CNPJ ou CPF inválido: confira os dígitos.');

  await input.fill('11222333000181');
  await expect(input).toHaveValue('11.222.333/0001-81');
  await page.getByTestId('cnpj-submit').click();
  const card = page.getByTestId('cnpj-result');
  await expect(card.getByTestId('cnpj-razao')).toHaveText('RODOVIA AZUL TRANSPORTES LTDA');
  await expect(card.getByTestId('cnpj-situacao')).toHaveText('Ativa');
  await expect(card).toContainText('contato@rodoviaazultransportes.example');
  await expect(card).toContainText('01310-100');

  await input.fill('12abc345000188');
  await expect(input).toHaveValue('12.ABC.345/0001-88');
  await page.getByTestId('cnpj-submit').click();
  await expect(card.getByTestId('cnpj-razao')).toHaveText('EXPRESSO SERRA VERDE S.A.');
  await shot(page, testInfo, 'consultas-cnpj');
});

test('Consultas: the CNPJ listing validates and pages with Anterior/Próxima', async ({
  page,
  openApp,
}, testInfo) => {
  await openApp('/consultas/listagem');
  await page.getByTestId('listagem-cnae_principal').fill('49302');
  await page.getByTestId('listagem-submit').click();
  await expect(page.getByTestId('listagem-error-cnae_principal')).toHaveText('CNAE com 7 dígitos.');
  await expect(page.getByTestId('listagem-error-municipio')).toHaveText(
    'Código IBGE do município com 7 dígitos.',
  );
  await expect(page.getByTestId('listagem-error-natureza_juridica')).toHaveText(
    'Natureza jurídica com 4 dígitos.',
  );
  await shot(page, testInfo, 'consultas-listagem-erros');

  // The sandbox has two active road carriers (CNAE 4930202, LTDA) in Rio de Janeiro; at the smallest
  // page size offered both fit on one page, so this test asks the host for one per page to walk
  // through the real hasMore answers.
  const isListing = (url: URL) => url.pathname.endsWith(encodeURIComponent('lookup:cnpjList'));
  await page.route(isListing, async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { top: number; skip: number };
    const pageIndex = Math.floor(body.skip / body.top);
    await route.continue({ postData: JSON.stringify({ ...body, top: 1, skip: pageIndex }) });
  });
  await page.getByTestId('listagem-cnae_principal').fill('4930202');
  await page.getByTestId('listagem-municipio').fill('3304557');
  await page.getByTestId('listagem-natureza_juridica').fill('2062');
  await page.getByTestId('listagem-submit').click();
  const table = page.getByTestId('listagem-table');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table).toContainText('CARGA CERTA LOGÍSTICA LTDA');
  await expect(page.getByTestId('listagem-prev')).toBeDisabled();
  await expect(page.getByTestId('listagem-next')).toBeEnabled();

  await page.getByTestId('listagem-next').click();
  await expect(table).toContainText('RODOVIA AZUL TRANSPORTES LTDA');
  await expect(page.getByTestId('listagem-page')).toContainText('Página 2');
  await expect(page.getByTestId('listagem-next')).toBeDisabled();
  await expect(page.getByTestId('listagem-prev')).toBeEnabled();

  await page.getByTestId('listagem-prev').click();
  await expect(table).toContainText('CARGA CERTA LOGÍSTICA LTDA');
  await expect(page.getByTestId('listagem-page')).toContainText('Página 1');

  await page.unroute(isListing);
  await page.getByTestId('listagem-submit').click();
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('listagem-next')).toBeDisabled();
  await shot(page, testInfo, 'consultas-listagem');
});

test('quotas near and at the limit are flagged', async ({ page, openApp, webHost }, testInfo) => {
  await webHost.app.dispatch('lookup:cep', { cep: '01310100' });
  for (let i = 0; i < 4; i++) await webHost.app.dispatch('lookup:cnpj', { cnpj: '11222333000181' });
  const cep = await consumo(webHost, 'cep-consultas');
  const cnpj = await consumo(webHost, 'cnpj-consultas');
  expect(cep).toBeGreaterThanOrEqual(1);
  expect(cnpj).toBeGreaterThanOrEqual(4);
  await sandboxControl(webHost, 'PUT', '/_sandbox/quotas/cep-consultas', { limite: cep });
  await sandboxControl(webHost, 'PUT', '/_sandbox/quotas/cnpj-consultas', { limite: cnpj + 1 });

  await openApp('/conta');
  const cepCard = page.locator('[data-quota="cep-consultas"]');
  await expect(cepCard).toHaveAttribute('data-level', 'error');
  await expect(cepCard).toContainText('Limite atingido');
  const cnpjCard = page.locator('[data-quota="cnpj-consultas"]');
  await expect(cnpjCard).toHaveAttribute('data-level', 'warning');
  await expect(cnpjCard).toContainText('Perto do limite');
  await expect(page.locator('[data-quota="dfe-eventos"]')).toHaveAttribute('data-level', 'normal');
  await shot(page, testInfo, 'conta-cotas-niveis');
});

test('Conta lists the e-mails, filters the undelivered and shows the history', async ({
  page,
  openApp,
  webHost,
}, testInfo) => {
  const delivered = await sandboxControl(webHost, 'POST', '/_sandbox/emails', {
    cpf_cnpj: DEMO_CNPJ,
    to: ['financeiro@cliente-um.example'],
    subject: 'CT-e 1 emitido por Carreta Demonstração',
  });
  await sandboxControl(webHost, 'POST', `/_sandbox/emails/${String(delivered.id)}/events`, {
    event_type: 'delivered',
  });
  const bounced = await sandboxControl(webHost, 'POST', '/_sandbox/emails', {
    cpf_cnpj: DEMO_CNPJ,
    to: ['compras@cliente-dois.example'],
    subject: 'CT-e 2 emitido por Carreta Demonstração',
  });
  await sandboxControl(webHost, 'POST', `/_sandbox/emails/${String(bounced.id)}/events`, {
    event_type: 'bounced',
    message: 'Caixa postal inexistente',
  });

  await openApp('/conta/emails');
  const rows = page.getByTestId('emails-table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await page.getByTestId('emails-undelivered').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('CT-e 2 emitido');
  await expect(rows.first()).toContainText('Devolvido');
  await expect(rows.first()).toContainText('compras@cliente-dois.example');

  await rows.first().click();
  const dialog = page.getByTestId('email-detail');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('compras@cliente-dois.example');
  const events = dialog.getByTestId('email-events').locator('li');
  await expect(events).toHaveCount(2);
  await expect(events.nth(1)).toContainText('Caixa postal inexistente');
  await shot(page, testInfo, 'conta-emails-historico');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByTestId('emails-undelivered').click();
  await page.getByTestId('emails-address').fill('financeiro@cliente-um.example');
  await page.getByTestId('emails-filter').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('CT-e 1 emitido');
});

test('banners for a certificate about to expire and a degraded authorizer', async ({
  page,
  openApp,
}, testInfo) => {
  // The demo certificate lasts a year and the sandbox's SEFAZ is always up: the answers are edited on
  // their way to the page, everything else is the real stack.
  await page.route(
    (url) => url.pathname.endsWith(encodeURIComponent('certificates:list')),
    async (route) => {
      const response = await route.fetch();
      const envelope = (await response.json()) as {
        ok: boolean;
        data?: { certificates: { daysLeft: number | null; notAfter?: string | null }[] };
      };
      for (const certificate of envelope.data?.certificates ?? []) {
        certificate.daysLeft = 5;
        certificate.notAfter = new Date(Date.now() + 5.5 * 86_400_000).toISOString();
      }
      await route.fulfill({ response, json: envelope });
    },
  );
  await page.route(
    (url) => url.pathname.endsWith(encodeURIComponent('sefaz:status')),
    async (route) => {
      const response = await route.fetch();
      const envelope = (await response.json()) as { ok: boolean; data?: Record<string, unknown> };
      if (envelope.data?.kind === 'cte') {
        Object.assign(envelope.data, {
          codigoStatus: 108,
          motivoStatus: 'Serviço Paralisado Momentaneamente (curto prazo)',
          degraded: true,
        });
      }
      await route.fulfill({ response, json: envelope });
    },
  );
  await openApp();
  const certificate = page.getByTestId('banner-certificate');
  await expect(certificate).toHaveAttribute('data-severity', 'error');
  await expect(certificate).toContainText('vence em 5 dias');
  const sefaz = page.getByTestId('banner-sefaz-cte');
  await expect(sefaz).toContainText(
    'Os CT-e podem demorar: Serviço Paralisado Momentaneamente (curto prazo) (código 108).',
  );
  await expect(page.getByTestId('banner-sefaz-dce')).toHaveCount(0);
  await expect(page.getByTestId('certificate-card-days')).toHaveText('5 dias restantes');
  await shot(page, testInfo, 'banners');

  await certificate.getByRole('link', { name: 'Enviar novo certificado em Empresas' }).click();
  await expect(page).toHaveURL(/#\/empresas/);
});
