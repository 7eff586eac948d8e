// A fresh install in demonstração shows a month of work on first open (issue #19 item 1): the
// embedded sandbox issued 32 documents of the demo company over the last 30 days and the sync brought
// them to the cache — the Painel, Documentos and "MDF-e em aberto" show them without the clerk asking.
import { expect, test } from './fixtures';
import { painelTwoMonths } from './painel-months';

test.setTimeout(120_000);
// What a fresh install does by itself: seeded in this file's own data folder, not copied.
test.use({ freshInstall: true });

test('Documentos and the Painel show the demo month on first open', async ({ page, openApp }) => {
  await openApp();
  await page.getByTestId('nav-documentos').click();
  // No "Sincronizar" click: the list fills itself when the first sync ends.
  await expect(page.getByTestId('total-count')).toHaveText('32', { timeout: 30_000 });
  // 25 CT-e, the CT-e Simplificado and two CT-e OS authorized; the cancelled CT-e (R$ 3.568,60)
  // and the DC-e's declared goods (R$ 1.289,00) are not freight.
  await expect(page.getByTestId('total-frete')).toHaveText(/^R\$\s90\.366,90$/);
  await expect(page.getByTestId('total-declarado')).toHaveText(/^R\$\s1\.289,00$/);
  const table = page.getByTestId('doc-table');
  await expect(table.locator('tbody tr')).toHaveCount(32);
  await expect(table).toContainText('Cancelado');
  await expect(table).toContainText('CT-e OS');
  await expect(table).toContainText('DC-e');
  await expect(table).toContainText('MDF-e');
  await expect(table).toContainText('Encerrado');

  // The second trip of the demo truck is still on the road: counted in the sidebar and listed.
  await expect(page.getByTestId('mdfe-count-abertos')).toHaveText('1');
  await page.getByTestId('nav-mdfe-abertos').click();
  const open = page.locator('[data-testid^="mdfe-aberto-"]');
  await expect(open).toHaveCount(1);
  await expect(open).toContainText('CRT4E21');
  await expect(open).toContainText('SP → MG');
  await expect(open).toContainText('Belo Horizonte');
  // Its XML came with the sync: closing is one click (then a confirmation) at Belo Horizonte/MG.
  await open.locator('[data-testid^="mdfe-encerrar-"]').click();
  const dialog = page.getByTestId('confirm-act');
  await expect(dialog).toContainText(
    '(placa CRT4E21), vai ser encerrado na SEFAZ agora, em Belo Horizonte/MG',
  );
  await dialog.getByTestId('confirm-act-back').click();
  await expect(dialog).toHaveCount(0);

  const painel = await painelTwoMonths(page, () => page.getByTestId('nav-painel').click());
  // "Documentos no mês" counts the CT-e, CT-e OS and DC-e; the MDF-e have their own card.
  expect(painel.total).toEqual({ count: 30, frete: 90366.9 });
  await expect(page.getByTestId('kpi-mdfe-abertos')).toHaveText('1 em aberto agora — encerrar');
});
