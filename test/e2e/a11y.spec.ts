import { createRequire } from 'node:module';

import type { AxeResults, RunOptions } from 'axe-core';

import { DEMO_CNPJ } from '../../electron/app/demo';
import { areas } from '../../renderer/src/areas';
import type { Page } from './fixtures';
import { expect, test } from './fixtures';

// Accessibility, zero (issue 26 item 6): axe-core on every screen of the demonstração — each area
// and tab, each step of the CT-e form, a document's drawer and screens, the dialogs — with the WCAG
// 2.1 A/AA rules and axe's best practices (heading order, empty headers, landmarks). Pinned at no
// violation: a new screen or a new control that breaks a rule fails here with its selector.

test.setTimeout(240_000);

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

const AXE_SOURCE = (createRequire(import.meta.url)('axe-core') as { source: string }).source;
// The DACTE previews are sandboxed iframes of printouts, not screens: not entered.
const OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: TAGS },
  iframes: false,
  resultTypes: ['violations'],
};

/**
 * What axe finds on the page as it stands: "rule: selector", one line per element. The app is one
 * page whose routes change the hash, so axe is loaded into it once, not before every check.
 */
async function violations(page: Page): Promise<string[]> {
  // Spinners and toasts settle first: the resting screen is what is checked.
  await expect(page.locator('.pi-spin')).toHaveCount(0, { timeout: 15_000 });
  // A message that has just appeared fades in (PrimeVue's enter transition): half-transparent, its
  // text fails color-contrast until the fade ends. A slow machine catches it mid-fade (CI, stop 29).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(
    (options) => (window as unknown as { axe: { run(o: unknown): Promise<AxeResults> } }).axe.run(options),
    OPTIONS,
  );
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

const TABS = [
  '/empresas/nova',
  `/empresas/${DEMO_CNPJ}`,
  '/consultas/cnpj',
  '/consultas/listagem',
  '/conta/autorizadores',
  '/conta/certificados',
  '/conta/emails',
];
const CTE_STEPS = ['partes', 'valores', 'impostos', 'carga', 'documentos', 'modal', 'observacoes', 'revisao'];

test('every screen of the demonstração passes axe (WCAG 2.1 A/AA and best practices)', async ({
  page,
  openApp,
  webHost,
}) => {
  await openApp();
  await webHost.app.context.sync.idle();
  const found: Record<string, string[]> = {};
  const check = async (name: string) => {
    const list = await violations(page);
    if (list.length) found[name] = list;
  };
  const visit = async (route: string) => {
    await page.goto(`${webHost.url}#${route}`);
    await expect(page.locator('h1').first()).toBeVisible();
  };

  for (const area of areas) {
    await visit(area.path);
    if (area.name === 'documentos')
      await expect(page.getByTestId('doc-table').locator('tbody tr td:nth-child(2)').first()).toBeVisible();
    await check(area.path);
  }
  for (const route of TABS) {
    await visit(route);
    await check(route);
  }
  await visit('/emitir-cte');
  for (const key of CTE_STEPS) {
    await page.locator(`[data-step="${key}"]`).click();
    await expect(page.locator(`[data-step="${key}"]`)).toHaveAttribute('aria-current', 'step');
    await check(`/emitir-cte › ${key}`);
  }

  await visit('/documentos');
  await page.getByTestId('doc-table').locator('tbody tr').first().locator('td').nth(3).click();
  await expect(page.getByTestId('doc-detail')).toBeVisible();
  await check('Documentos › documento');
  await page.keyboard.press('Escape');
  await page.getByTestId('doc-export').click();
  await expect(page.getByTestId('export-dialog')).toBeVisible();
  await check('Documentos › exportar');

  const repos = webHost.app.context.cache.require();
  const mdfe = await repos.db.get<{ company: string; id: number }>(
    "SELECT company, id FROM mdfe_documents WHERE status = 'autorizado' LIMIT 1",
  );
  await visit(`/mdfe/${mdfe!.company}/${mdfe!.id}`);
  await expect(page.getByTestId('mdfe-resumo')).toBeVisible();
  await check('MDF-e');
  const cte = await repos.db.get<{ api_id: string }>(
    "SELECT api_id FROM documents WHERE kind = 'cte' AND status = 'autorizado' LIMIT 1",
  );
  await visit(`/emitir-cte/documento/cte/${cte!.api_id}`);
  await expect(page.getByTestId('status')).toHaveText('autorizado');
  await check('CT-e');

  expect(found).toEqual({});
});
