import type { Locator } from '@playwright/test';

import { DEMO_CNPJ } from '../../electron/app/demo';
import { formatCnpj } from '../../electron/shared/format';
import { areas } from '../../renderer/src/areas';
import { cteBody } from '../sandbox/dfe/fixtures';
import type { E2eHost, Page } from './fixtures';
import { expect, test } from './fixtures';

// Every screen at 1366×768 (the common office laptop) against a committed baseline, so a layout
// regression (a clipped label, the step bar over a field, a sidebar that scrolls) shows as a pixel
// difference. Baselines live in visual.spec.ts-snapshots/ and are regenerated, after a deliberate
// change of a screen or of the demo data, with:
//
//   npx vite build --mode web && npx playwright test --project=brasilia test/e2e/visual.spec.ts --update-snapshots=all
//
// (`=all`: without it Playwright rewrites only the images beyond the tolerance, and a changed sidebar
// could stay stale in the others.)
//
// What changes from run to run is frozen or masked: the browser clock is fixed (then runs on, so
// the app's timers work), and whatever the web host dates by its own clock — dates, times, access
// keys, the lists' rows, the month's figures, the data folder — is painted over.

test.use({ viewport: { width: 1366, height: 768 } });
test.setTimeout(60_000);

/** A Thursday afternoon in Brasília. */
const FROZEN = new Date('2026-11-26T15:00:00-03:00');

/** dd/mm/aaaa, hh:mm, 44-character keys in groups and day counts ("364 dias restantes"), wherever they appear. */
const RUN_TIME_TEXT = /\d{2}\/\d{2}\/\d{4}|\b\d{1,2}:\d{2}\b|(?:[0-9A-Z]{4} ){10}[0-9A-Z]{4}|\b\d+ dias?\b/;

/** What the web host dates by its own clock, within `root` (the page, or a dialog over it). */
function dynamic(root: Page | Locator): Locator[] {
  return [
    root.getByText(RUN_TIME_TEXT),
    root.locator('.p-datatable-tbody'),
    root.getByTestId('painel-data'),
    root.getByTestId('painel-kpis'),
    root.getByTestId('painel-status'),
    root.getByTestId('painel-tomadores'),
    root.getByTestId('sync-bar'),
    // The inbox counters appear whenever the demo's first distribution lands.
    root.locator('.sidebar__counts'),
  ];
}

async function open(page: Page, openApp: (route?: string) => Promise<void>, route: string): Promise<void> {
  await page.clock.install({ time: FROZEN });
  await page.clock.resume();
  await openApp(route);
  await expect(page.getByTestId('company-selector')).toContainText(formatCnpj(DEMO_CNPJ));
  await expect(page.locator('h1').first()).toBeVisible();
}

/** The whole window, or only `part` (a drawer over a list that changes with the data). */
async function snap(page: Page, name: string, mask: Locator[] = [], part?: Locator): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  // Spinners settle and toasts go first: only the resting screen is compared.
  await expect(page.locator('.pi-spin')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.p-toast-message')).toHaveCount(0, { timeout: 15_000 });
  await expect(part ?? page).toHaveScreenshot(`${name}.png`, {
    mask: [...dynamic(part ?? page), ...mask],
    maxDiffPixelRatio: 0.02,
    animations: 'disabled',
    caret: 'hide',
  });
}

for (const area of areas) {
  test(`screen: ${area.title}`, async ({ page, openApp }) => {
    await open(page, openApp, area.path);
    if (area.name === 'caixa-entrada') {
      // Settle the inbox first: the demo's notes arrive with the first distribution, whenever it runs.
      await page.getByTestId('inbox-buscar').click();
      await expect(page.getByText('Última consulta: nunca')).toHaveCount(0, { timeout: 30_000 });
    }
    await snap(page, area.name);
  });
}

test('screen: a form step with the step bar at the bottom (Emitir CT-e, Partes)', async ({
  page,
  openApp,
}) => {
  await open(page, openApp, '/emitir-cte');
  await page.locator('[data-step="partes"]').click();
  await snap(page, 'emitir-cte-partes', [page.getByTestId('autosave')]);
  // The bar sits on the window's bottom edge, over the content's padding.
  const bar = page.locator('.carreta-step-bar');
  const box = await bar.boundingBox();
  expect(box && Math.round(box.y + box.height)).toBe(768);
});

test('screen: the accountant export dialog', async ({ page, openApp }) => {
  await open(page, openApp, '/documentos');
  await page.getByTestId('doc-export').click();
  await expect(page.getByTestId('export-dialog')).toBeVisible();
  await snap(page, 'dialog-exportar');
});

test('screen: the filters of Documentos, open', async ({ page, openApp }) => {
  await open(page, openApp, '/documentos');
  await page.getByTestId('doc-filters-toggle').click();
  await expect(page.getByTestId('doc-filters-panel')).toBeVisible();
  await snap(page, 'documentos-filtros');
});

/** One authorized CT-e of the demo company through the embedded sandbox's API. */
async function issueOne(webHost: E2eHost): Promise<void> {
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
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
  const body = cteBody({ UFFim: 'PR' });
  body.referencia = 'e2e-visual-1';
  body.infCte.ide.nCT = 9001;
  body.infCte.ide.dhEmi = `${new Date(Date.now() - 3 * 3_600_000 - 600_000).toISOString().slice(0, 19)}-03:00`;
  body.infCte.emit = { ...body.infCte.emit, CNPJ: DEMO_CNPJ };
  const answer = await fetch(`${endpoint.url}/cte`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
}

test('screen: a document (CT-e details from Documentos)', async ({ page, openApp, webHost }) => {
  await issueOne(webHost);
  await open(page, openApp, '/documentos');
  await page.getByTestId('doc-sync').click();
  const row = page.getByTestId('doc-table').locator('tbody tr').filter({ hasText: '9001' });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await row.locator('td').nth(3).click();
  const detail = page.getByTestId('doc-detail');
  await expect(detail).toBeVisible();
  await snap(page, 'documento-cte', [detail.getByText('e2e-visual-1')], detail);
});

test('at 1280×720 the sidebar fits without scrolling and the selector shows the whole CNPJ', async ({
  page,
  openApp,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page, openApp, '/emitir-cte');
  const sidebar = page.locator('.sidebar');
  const [scrollHeight, clientHeight] = await sidebar.evaluate((el) => [el.scrollHeight, el.clientHeight]);
  expect(scrollHeight).toBeLessThanOrEqual(clientHeight);
  await expect(page.getByTestId('nav-configuracoes')).toBeInViewport();
  // Every area title on one line (a wrapped title is a row twice as tall).
  const heights = await page
    .locator('.sidebar__link')
    .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().height)));
  expect(new Set(heights).size).toBe(1);
  const cnpj = page.getByTestId('company-selector-cnpj');
  await expect(cnpj).toHaveText(formatCnpj(DEMO_CNPJ));
  const [cnpjScroll, cnpjClient] = await cnpj.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(cnpjScroll).toBeLessThanOrEqual(cnpjClient);
  // The step bar sits on the window's bottom edge.
  const box = await page.locator('.carreta-step-bar').boundingBox();
  expect(box && Math.round(box.y + box.height)).toBe(720);
});
