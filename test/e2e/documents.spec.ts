import { copyFile, readFile } from 'node:fs/promises';

import type { TestInfo } from '@playwright/test';

import { DEMO_CNPJ } from '../../electron/app/demo';
import { cteBody } from '../sandbox/dfe/fixtures';
import type { E2eHost, Page } from './fixtures';
import { expect, test } from './fixtures';
import { exportTwoMonths, painelTwoMonths } from './painel-months';
import { shot } from './shots';

// Documentos in demonstração mode: three CT-e issued straight through the embedded sandbox's API,
// synchronized into the cache, browsed, searched, previewed and saved as PDF — then the sandbox is
// stopped and the same works from the local cache alone. The demonstração's month (32 documents:
// 30 of them freight documents with R$ 90.366,90 of freight, and two MDF-e) is there too.

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const destinatarios = [
  { nome: 'Mercearia Boa Vista Ltda', UFFim: 'SP' as const },
  { nome: 'Atacado Pinheirinho Eireli', UFFim: 'PR' as const },
  { nome: 'Distribuidora Araucária SA', UFFim: 'SP' as const },
];

/** The time as a Brasília wall clock with its offset, the way an emitter writes dhEmi. */
function brasilia(date: Date): string {
  return `${new Date(date.getTime() - 3 * 3_600_000).toISOString().slice(0, 19)}-03:00`;
}

async function issue(webHost: E2eHost): Promise<void> {
  const endpoint = await webHost.app.context.embedded.ensure();
  const tokenAnswer = await fetch(endpoint.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: endpoint.clientId,
      client_secret: endpoint.clientSecret,
      scope: 'cte',
    }),
  });
  expect(tokenAnswer.ok).toBe(true);
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
  for (const [i, dest] of destinatarios.entries()) {
    const body = cteBody({ UFFim: dest.UFFim });
    // Homologação names the destinatário by the MOC literal (Anexo I G005, rejection 649): the
    // name the search looks for travels in the referência, which the search also indexes.
    body.referencia = `e2e-doc-${i + 1}-${dest.nome.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
    body.infCte.ide.nCT = 501 + i;
    body.infCte.ide.dhEmi = brasilia(new Date(Date.now() - (3 - i) * 3_600_000));
    body.infCte.emit = { ...body.infCte.emit, CNPJ: DEMO_CNPJ };
    body.infCte.vPrest = {
      vTPrest: 1000 * (i + 1),
      vRec: 1000 * (i + 1),
      Comp: [{ xNome: 'Frete peso', vComp: 1000 * (i + 1) }],
    };
    const answer = await fetch(`${endpoint.url}/cte`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(answer.status, await answer.clone().text()).toBeLessThan(300);
  }
}

async function savePdf(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const download = page.waitForEvent('download');
  await page.getByTestId('doc-pdf').click();
  const done = await download;
  expect(done.suggestedFilename()).toMatch(/^\d{44}-dacte\.pdf$/);
  const file = await done.path();
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Kept beside the screenshots, to look at the printout itself.
  await copyFile(file, testInfo.outputPath(`${name}.pdf`));
}

async function browseSearchOpen(page: Page, testInfo: TestInfo, label: string): Promise<void> {
  const table = page.getByTestId('doc-table');
  await expect(table.locator('tbody tr')).toHaveCount(35);
  await expect(page.getByTestId('total-count')).toHaveText('35');
  await expect(page.getByTestId('total-frete')).toHaveText(/R\$\s96\.366,90/);
  // Filter: destination UF SP.
  if (!(await page.getByTestId('f-uf-fim').isVisible())) await page.getByTestId('doc-filters-toggle').click();
  await page.getByTestId('f-uf-fim').fill('sp');
  await page.getByTestId('doc-apply').click();
  // Two of these and 14 of the month (11 CT-e, the CT-e Simplificado and the two CT-e OS).
  await expect(page.getByTestId('total-count')).toHaveText('16');
  await shot(page, testInfo, `${label}-filtros`);
  // Full-text search on a party name, filters cleared.
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(page.getByTestId('total-count')).toHaveText('35');
  await page.getByTestId('doc-text').fill('Pinheirinho');
  await page.getByTestId('doc-search').click();
  await expect(page.getByTestId('total-count')).toHaveText('1');
  await table.locator('tbody tr').first().click();
  const detail = page.getByTestId('doc-detail');
  await expect(detail).toBeVisible();
  await expect(page.getByTestId('doc-chave')).toHaveText(/^(\d{4} ){10}\d{4}$/);
  await page.getByTestId('doc-preview-btn').click();
  const frame = page.frameLocator('[data-testid="doc-preview"]');
  // The Pinheirinho document is the second one: R$ 2.000,00.
  await expect(frame.getByText('R$ 2.000,00').first()).toBeVisible();
  await shot(page, testInfo, `${label}-detalhe`);
  await savePdf(page, testInfo, `${label}-dacte`);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await page.getByTestId('doc-text').fill('');
  await page.getByTestId('doc-search').click();
  await expect(page.getByTestId('total-count')).toHaveText('35');
}

test('issued documents sync, then browse, search, preview and PDF work online and offline', async ({
  page,
  openApp,
  webHost,
}, testInfo) => {
  await openApp();
  await issue(webHost);
  await page.getByTestId('nav-documentos').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documentos' })).toBeVisible();
  await page.getByTestId('doc-sync').click();
  await expect(page.getByTestId('sync-last')).not.toHaveText(/nunca/, { timeout: 30_000 });
  await shot(page, testInfo, 'documentos-lista');
  await browseSearchOpen(page, testInfo, 'online');

  // Offline: the sandbox stops and cannot come back (demonstração would otherwise restart it on
  // the first request), and the connectivity monitor notices.
  const embedded = webHost.app.context.embedded;
  // The background schedulers (sync, NF-e poller) legitimately try the API on their own timers;
  // stop them so that what is counted below is only what browsing asks for.
  webHost.app.context.sync.stop();
  webHost.app.context.inbox.stop();
  let attempts = 0;
  embedded.ensure = () => {
    attempts += 1;
    return Promise.reject(new Error('sem rede (teste)'));
  };
  const deadUrl = embedded.url();
  await embedded.close();
  // The monitor probes where the API was; nothing listens there any more.
  embedded.url = () => deadUrl;
  await webHost.app.context.connectivity.refresh();
  await page.reload();
  await expect(page.getByTestId('doc-offline')).toContainText('Mostrando o cache local');
  await browseSearchOpen(page, testInfo, 'offline');
  await shot(page, testInfo, 'documentos-offline');
  // Browsing, searching, preview and PDF never asked for the API: all of it came from the cache.
  const attemptsBeforeBrowsing = attempts;
  await browseSearchOpen(page, testInfo, 'offline-2');
  expect(attempts).toBe(attemptsBeforeBrowsing);

  // The accounting export and a backup come from the cache too.
  // (The month spans two calendar months: both exports together — the 33 freight documents and the
  // two MDF-e — and the month's cancellation, correction letter and MDF-e closing, which the sync
  // cached with their XML.)
  const exported = await exportTwoMonths(page);
  expect([exported.documents, exported.events, exported.frete]).toEqual([35, 3, 96366.9]);

  const painel = await painelTwoMonths(page, () => page.getByTestId('nav-painel').click());
  expect(painel.total).toEqual({ count: 33, frete: 96366.9 });
  // The companies come from the API; offline, the ones kept on this computer: the selector still
  // names the company and the checklist never asks to register (or certify) the one the API has.
  const selector = page.getByTestId('company-selector');
  await expect(selector).toContainText('Carreta Demonstração');
  await expect(selector).toContainText('45.723.174/0001-10');
  await expect(page.getByTestId('company-selector-cached')).toBeVisible();
  await expect(page.getByTestId('first-step-empresa-go')).toHaveCount(0);
  await expect(page.getByTestId('first-step-certificado-go')).toHaveCount(0);
  await expect(page.getByText('Cadastrar a empresa emitente')).toHaveCount(0);
  await shot(page, testInfo, 'painel');

  await page.getByTestId('nav-configuracoes').click();
  const backup = page.waitForEvent('download');
  await page.getByTestId('backup-create').click();
  const backupZip = await readFile(await (await backup).path());
  expect(backupZip.subarray(0, 2).toString('latin1')).toBe('PK');
  await page.getByTestId('backup-section').scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'configuracoes-backup');
});
