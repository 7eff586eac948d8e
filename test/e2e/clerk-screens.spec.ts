import { DEMO_CNPJ } from '../../electron/app/demo';
import { expect, test } from './fixtures';
import { repeatCteFlow } from './ux-inputs';

// Issue 26 item 4, screens that start where they should: each screen opens at its top, Emitir opens
// on a new document, Documentos drops "Sem conexão" when the connection is back, an error toast
// closes by itself and never covers the drawer's buttons, a preview that opens below the fold is
// brought into view.

test.setTimeout(120_000);

test('screens start at their top, and Emitir CT-e on a new document', async ({ page, openApp, webHost }) => {
  await openApp('/documentos');
  await webHost.app.context.sync.idle();
  const content = page.locator('.app-shell__content');
  await expect(page.getByTestId('doc-table').locator('tbody tr td:nth-child(2)').first()).toBeVisible();
  await content.evaluate((el) => el.scrollTo({ top: 600 }));
  await expect.poll(() => content.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await page.getByTestId('nav-painel').click();
  await expect(page.locator('h1').first()).toHaveText('Painel');
  expect(await content.evaluate((el) => el.scrollTop)).toBe(0);

  const issued = await repeatCteFlow(page, 8401);
  expect(issued.status).toBe('autorizado');
  await page.getByTestId('nav-painel').click();
  await page.getByTestId('nav-emitir-cte').click();
  await expect(page.getByTestId('issue-result')).toHaveCount(0);
  await expect(page.locator('[data-step="geral"]')).toHaveAttribute('aria-current', 'step');
  await expect(page.locator('#f-geral-cfop')).toBeFocused();
});

test('Documentos drops "Sem conexão" once the connection is back', async ({ page, openApp, webHost }) => {
  await openApp('/documentos');
  const banner = page.getByTestId('doc-offline');
  // The API unreachable: the indicator and a sync say so…
  await expect(async () => {
    webHost.app.events.emit('connectivity:changed', {
      online: false,
      checkedAt: new Date().toISOString(),
      target: 'http://127.0.0.1',
      reason: 'teste',
    });
    webHost.app.events.emit('sync:progress', {
      company: DEMO_CNPJ,
      kind: 'cte',
      environment: 'demonstracao',
      phase: 'offline',
      done: 0,
    });
    await expect(banner).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  // …then the indicator hears the API again.
  webHost.app.events.emit('connectivity:changed', {
    online: true,
    checkedAt: new Date().toISOString(),
    target: 'http://127.0.0.1',
    access: 'ok',
  });
  await expect(banner).toBeHidden();
});

test('an error toast closes by itself and leaves the drawer’s buttons free', async ({
  page,
  openApp,
  webHost,
}) => {
  await page.clock.install();
  await page.clock.resume();
  await openApp('/documentos');
  await webHost.app.context.sync.idle();
  await page.getByTestId('doc-table').locator('tbody tr').first().locator('td').nth(3).click();
  const drawer = page.getByTestId('doc-detail');
  await expect(drawer).toBeVisible();
  const summary = 'Falha de teste: o servidor não respondeu';
  const toast = page.getByTestId('toast').filter({ hasText: summary });
  await expect(async () => {
    webHost.app.events.emit('app:notice', { severity: 'error', summary });
    await expect(toast).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  const box = (await toast.boundingBox())!;
  for (const button of await drawer.getByRole('button').all()) {
    const b = await button.boundingBox();
    if (!b) continue;
    const overlaps =
      b.x < box.x + box.width && box.x < b.x + b.width && b.y < box.y + box.height && box.y < b.y + b.height;
    expect(overlaps, `toast over "${await button.textContent()}"`).toBe(false);
  }
  await page.clock.fastForward(20_000);
  await expect(toast).toHaveCount(0);
});

test('a preview that opens below the fold is brought into view', async ({ page, openApp, webHost }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp('/documentos');
  await webHost.app.context.sync.idle();
  await page.getByTestId('doc-table').locator('tbody tr').first().locator('td').nth(3).click();
  await page.getByTestId('doc-preview-btn').click();
  await expect(page.getByTestId('doc-preview')).toBeInViewport();
});
