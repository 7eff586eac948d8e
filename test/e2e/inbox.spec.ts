import type { TestInfo } from '@playwright/test';

import type { Page } from './fixtures';
import { expect, test } from './fixtures';

// Caixa de entrada NF-e in demonstração mode: the embedded sandbox seeds the demo company's
// inbox on first use (four notes as recipient, one corrected; two as carrier, one cancelled).

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

const destTable = (page: Page) => page.getByTestId('inbox-table-destinatario');
const carrierTable = (page: Page) => page.getByTestId('inbox-table-transportador');

test('fetch notes, ciência to all, confirm one, open its DANFE, then Emitir CT-e', async ({
  page,
  openApp,
  webHost,
}, testInfo) => {
  test.setTimeout(90_000);
  await openApp('/caixa-entrada');
  // The sandbox seeds the demo notes on the inbox's first use (signing keys are made then, slow on
  // a loaded machine); a request racing that first seed sees an empty stream, so wait for it.
  await expect
    .poll(
      async () => {
        const company = webHost.app.context.host.settings.get().selectedCompany;
        const answer = company ? await webHost.app.dispatch('inbox:pending', { company }) : null;
        return answer?.ok === true ? (answer.data as { notes: unknown[] }).notes.length : 0;
      },
      { timeout: 30_000 },
    )
    .toBe(4);
  await expect(page.getByTestId('distribution-bar')).toContainText('Última consulta: nunca');

  await page.getByTestId('inbox-buscar').click();
  await expect(carrierTable(page).locator('tbody tr')).toHaveCount(2);
  await expect(carrierTable(page)).toContainText('Completa');
  await expect(carrierTable(page)).toContainText('Cancelada');
  await expect(page.getByTestId('inbox-count-novas')).toBeVisible();
  await shot(page, testInfo, 'inbox-transportador');

  await page.getByTestId('tab-destinatario').click();
  await expect(destTable(page).locator('tbody tr')).toHaveCount(4);
  await expect(destTable(page).getByTestId('note-state').first()).toHaveText('Resumo');
  await page.getByTestId('ciencia-all').click();
  await expect(
    destTable(page).getByTestId('note-state').filter({ hasText: 'Ciência registrada' }),
  ).toHaveCount(4);
  await shot(page, testInfo, 'inbox-ciencia');

  // The full notes arrive after the ciência (the demo sandbox releases them at once).
  await page.getByTestId('inbox-buscar').click();
  await expect(destTable(page).getByTestId('note-state').filter({ hasText: 'Completa' })).toHaveCount(4);

  const first = destTable(page).locator('tbody tr').first();
  await first.locator('.p-checkbox').click();
  await page.getByTestId('manifest-selected').click();
  await expect(page.getByTestId('manifest-dialog')).toContainText('1 nota selecionada');
  await shot(page, testInfo, 'inbox-manifestar');
  await page.getByTestId('manifest-send').click();
  await expect(first).toContainText('Confirmação da operação');
  await expect(first.getByTestId('note-deadline')).toHaveText('—');

  await first.getByTestId('open-danfe').click();
  await expect(page.getByTestId('danfe-frame')).toBeVisible();
  await shot(page, testInfo, 'inbox-danfe');
  await page.keyboard.press('Escape');

  await page.getByTestId('tab-manifestacoes').click();
  await expect(page.getByTestId('manifestations-table').locator('tbody tr')).toHaveCount(5);
  await expect(page.getByTestId('manifestations-table')).toContainText('Registrada');
  await shot(page, testInfo, 'inbox-manifestacoes');

  // Carrier note → Emitir CT-e with its key. The CT-e form does not read `nfe` yet: stop at the route.
  await page.getByTestId('tab-transportador').click();
  const valid = carrierTable(page).locator('tbody tr').filter({ hasNotText: 'Cancelada' });
  await valid.first().locator('.p-checkbox').click();
  await page.getByTestId('emitir-cte').click();
  await expect(page).toHaveURL(/#\/emitir-cte\?nfe=\d{44}$/);
});
