// Onboarding from an empty install: credentials of a hosted sandbox (a second sandbox started here,
// standing in for the Nuvem Fiscal sandbox), company registration with CNPJ and CEP autofill, the
// certificate (a wrong password first), a logo that needs shrinking, a service, and the Conta area.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { TestInfo } from '@playwright/test';
import { PNG } from 'pngjs';

import { makePfx } from '../../electron/sandbox/certificates/make-pfx';
import { ADDRESSES } from '../../electron/sandbox/data/addresses';
import { CNPJ_COMPANIES } from '../../electron/sandbox/data/companies';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { startSandbox } from '../../electron/sandbox/server';
import { formatCnpj } from '../../electron/shared/format';
import type { Page } from './fixtures';
import { expect, test } from './fixtures';
import { screenshotsWanted } from './shots';

const CLIENT_ID = 'carreta-e2e';
const CLIENT_SECRET = 'segredo-do-sandbox-e2e';
// An active company of the sandbox's lookup data set, and a CEP of another address in it.
const company = CNPJ_COMPANIES.find(
  (c) => c.situacao_cadastral.descricao === 'Ativa' && c.endereco.uf === 'SP',
)!;
const otherCep = [...ADDRESSES.values()].find(
  (a) => a.municipio === 'Campinas' && a.cep !== company.endereco.cep && a.complemento === '',
)!;

let hosted: RunningSandbox;
let tempDir: string;
let pfxPath: string;
let pfxPassword: string;
let logoPath: string;

/** A 1000×600 picture whose fine grain keeps PNG from compressing it under 200 KB. */
function bigLogo(): Buffer {
  const png = new PNG({ width: 1000, height: 600 });
  let seed = 7;
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = (seed >> 16) % 24;
      const i = (y * png.width + x) * 4;
      const inBadge = (x - 300) ** 2 + (y - 300) ** 2 < 220 ** 2;
      png.data[i] = inBadge ? 20 + noise : 230 + (noise >> 2);
      png.data[i + 1] = inBadge ? 80 + noise : 236 + (noise >> 2);
      png.data[i + 2] = inBadge ? 160 + noise : 245;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

test.beforeAll(async () => {
  hosted = await startSandbox({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'carreta-onboarding-'));
  const pfx = makePfx({ cpfCnpj: company.cnpj, razaoSocial: company.razao_social });
  pfxPath = path.join(tempDir, 'certificado-empresa.pfx');
  pfxPassword = pfx.password;
  await writeFile(pfxPath, Buffer.from(pfx.pfxBase64, 'base64'));
  logoPath = path.join(tempDir, 'logotipo-grande.png');
  const logo = bigLogo();
  expect(logo.length).toBeGreaterThan(200 * 1024);
  await writeFile(logoPath, logo);
});

test.afterAll(async () => {
  await hosted?.close();
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

/** The whole content area: the shell scrolls inside <main>, so the window grows to fit it first. */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!screenshotsWanted) return;
  await page.evaluate(() => document.fonts.ready);
  const viewport = page.viewportSize()!;
  const overflow = await page.locator('main').evaluate((main) => main.scrollHeight - main.clientHeight);
  if (overflow > 0) await page.setViewportSize({ width: viewport.width, height: viewport.height + overflow });
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  await page.setViewportSize(viewport);
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

test('onboarding: credentials, company with autofill, certificate, logo, services, Conta', async ({
  page,
  openApp,
}, testInfo) => {
  test.setTimeout(180_000);
  await openApp('/configuracoes');
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
  await expect(page.getByTestId('credentials-demo')).toBeVisible();
  await shot(page, testInfo, '01-configuracoes-inicial');

  // Sandbox environment pointing at the hosted sandbox.
  await page.getByTestId('env-option-sandbox').click();
  await page.getByTestId('settings-advanced').getByRole('button').first().click();
  await page.getByTestId('settings-hosts-sandbox-api').fill(hosted.url);
  await page.getByTestId('settings-hosts-sandbox-auth').fill(`${hosted.url}/oauth/token`);
  await page.getByTestId('settings-save').click();
  // No credentials yet: the switch is only saved on explicit confirmation.
  await expect(page.getByTestId('env-switch-reason')).toContainText('Faltam o client id e o client secret');
  await page.getByTestId('env-switch-force').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Configurações salvas.' })).toBeVisible();
  await expect(page.getByTestId('env-badge').first()).toHaveText('HOMOLOGAÇÃO');

  // Credentials: the secret is write-only.
  const card = page.getByTestId('credentials-sandbox');
  await expect(card.getByTestId('credentials-sandbox-status')).toHaveText('Não configurado');
  await card.locator('#credentials-sandbox-id').fill(CLIENT_ID);
  await card.locator('#credentials-sandbox-secret').fill(CLIENT_SECRET);
  await card.getByTestId('credentials-sandbox-save').click();
  await expect(card.getByTestId('credentials-sandbox-status')).toHaveText('Secret configurado');
  await expect(card.locator('#credentials-sandbox-secret')).toHaveValue('');
  await card.getByTestId('credentials-sandbox-test').click();
  await expect(card.getByTestId('credentials-sandbox-ok')).toContainText('Conexão estabelecida');
  expect(await page.content()).not.toContain(CLIENT_SECRET);
  await shot(page, testInfo, '02-credenciais-conexao-ok');

  // Empresas: empty in this environment.
  await page.getByTestId('nav-empresas').click();
  await expect(page.getByTestId('companies-empty')).toContainText('Nenhuma empresa cadastrada');
  await shot(page, testInfo, '03-empresas-vazia');
  await page.getByTestId('company-new').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nova empresa' })).toBeVisible();

  // (a) CNPJ autofill.
  await page.getByTestId('company-cnpj').pressSequentially(company.cnpj);
  await expect(page.getByTestId('company-cnpj')).toHaveValue(formatCnpj(company.cnpj));
  await page.getByTestId('company-cnpj-search').click();
  await expect(page.getByTestId('cnpj-found')).toBeVisible();
  await expect(page.getByTestId('company-razao')).toHaveValue(company.razao_social);
  await expect(page.getByTestId('company-email')).toHaveValue(company.email);
  await shot(page, testInfo, '04-empresa-cnpj-preenchido');
  await page.getByTestId('wizard-next').click();

  // (b) The address came with the CNPJ; a different CEP refills it.
  await expect(page.getByTestId('company-cep')).toHaveValue(/\d{5}-\d{3}/);
  await page.getByTestId('company-cep').fill('');
  await page.getByTestId('company-cep').pressSequentially(otherCep.cep);
  await page.getByTestId('company-cep-search').click();
  await expect(page.getByTestId('company-logradouro')).toHaveValue(otherCep.logradouro);
  await expect(page.getByTestId('company-cidade')).toHaveValue('Campinas');
  await expect(page.getByTestId('company-ibge')).toHaveValue(otherCep.codigo_ibge);
  await expect(page.getByTestId('company-uf')).toHaveValue('SP');
  await page.getByTestId('company-numero').fill('250');
  // A wrong IBGE code is caught on the spot, with the shared schema's message.
  await page.getByTestId('company-ibge').fill('4106902');
  await page.getByTestId('company-ibge').blur();
  await expect(page.getByTestId('error-endereco.codigo_municipio')).toContainText(
    'não é de um município de SP',
  );
  await page.getByTestId('company-ibge').fill(otherCep.codigo_ibge);
  await page.getByTestId('company-ibge').blur();
  await expect(page.getByTestId('error-endereco.codigo_municipio')).toHaveCount(0);
  await shot(page, testInfo, '05-empresa-endereco-cep');
  await page.getByTestId('wizard-next').click();

  // (c) Review and save.
  await expect(page.getByTestId('company-review')).toContainText(formatCnpj(company.cnpj));
  await shot(page, testInfo, '06-empresa-revisao');
  await page.getByTestId('wizard-save').click();
  await expect(page.getByTestId('certificate-section')).toBeVisible();
  await expect(page.getByTestId('company-selector')).toContainText(company.nome_fantasia);

  // (d) Certificate: wrong password first, the file stays loaded.
  await page.getByTestId('certificate-file').setInputFiles(pfxPath);
  await expect(page.getByTestId('certificate-file-name')).toContainText('certificado-empresa.pfx');
  await page.locator('#certificate-password').fill('senha-errada');
  await page.getByTestId('certificate-inspect').click();
  await expect(page.getByTestId('error-certificate.password')).toContainText(
    'Senha do certificado incorreta',
  );
  await expect(page.getByTestId('certificate-file-name')).toContainText('certificado-empresa.pfx');
  await shot(page, testInfo, '07-certificado-senha-errada');
  await page.locator('#certificate-password').fill(pfxPassword);
  await page.getByTestId('certificate-inspect').click();
  await expect(page.getByTestId('certificate-subject')).toContainText(company.razao_social);
  await shot(page, testInfo, '08-certificado-conferido');
  await page.getByTestId('certificate-upload').click();
  await expect(page.getByTestId('certificate-uploaded')).toContainText('Certificado enviado');
  expect(await page.content()).not.toContain(pfxPassword);
  await shot(page, testInfo, '09-certificado-enviado');
  await page.getByTestId('wizard-skip').click();

  // (e0) The CT-e defaults, before the first CT-e (issue 26): CFOP per route, ICMS, RNTRC, série.
  const defaults = page.getByTestId('cte-defaults');
  await defaults.getByTestId('def-rntrc').fill('12345678');
  await defaults.getByTestId('def-cfop-intra').fill('5353');
  await defaults.getByTestId('def-cfop-inter').fill('6353');
  await defaults.locator('#def-serie').fill('2');
  await defaults.getByTestId('def-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Padrões do CT-e salvos' })).toBeVisible();
  await page.getByTestId('wizard-skip').click();

  // (e) Logo over 200 KB: reduced in the page, then sent.
  await page.getByTestId('logo-file').setInputFiles(logoPath);
  await expect(page.getByTestId('logo-resized')).toContainText('foi reduzida', { timeout: 30_000 });
  await expect(page.getByTestId('logo-preview')).toBeVisible();
  await shot(page, testInfo, '10-logotipo');
  await page.getByTestId('wizard-skip').click();

  // (f) Services: CT-e as Simples Nacional in homologação.
  const cte = page.getByTestId('service-cte');
  await cte.getByTestId('service-cte-CRT').click();
  await page.getByRole('option', { name: '1 – Simples Nacional', exact: true }).click();
  await cte.getByTestId('service-cte-save').click();
  await expect(cte.getByTestId('service-cte-saved')).toBeVisible();
  await expect(cte.getByTestId('service-cte-status')).toHaveText('Configurado');
  await shot(page, testInfo, '11-servicos');
  await page.getByTestId('wizard-finish').click();
  await expect(page.getByRole('heading', { level: 1, name: company.nome_fantasia })).toBeVisible();
  await expect(page.getByTestId('detail-selected')).toBeVisible();
  await shot(page, testInfo, '12-empresa-detalhe');

  // Listed, selected in the top bar.
  await page.getByTestId('nav-empresas').click();
  const row = page.getByTestId(`company-row-${company.cnpj}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('company-selected-badge')).toBeVisible();
  await shot(page, testInfo, '13-empresas-lista');

  // The first CT-e of the new company starts from the defaults given in the setup.
  await page.getByTestId('nav-emitir-cte').click();
  await page.locator('[data-step="modal"]').click();
  await expect(page.locator('#f-rodoviario-rntrc')).toHaveValue('12345678');
  await page.locator('[data-step="revisao"]').click();
  await expect(page.getByText('Série 2')).toBeVisible();

  // Conta: the quotas of the hosted sandbox account.
  await page.getByTestId('nav-conta').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Conta' })).toBeVisible();
  await expect(page.getByTestId('quota').first()).toBeVisible();
  await shot(page, testInfo, '14-conta');
});
