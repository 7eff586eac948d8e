// "MDF-e em aberto": an MDF-e issued for the demo company shows in the view and in the sidebar
// count beside the demo month's trip still on the road; one click asks to close it at its last
// unloading municipality today (the closing cannot be undone): "Voltar" leaves it open, "Sim,
// encerrar" closes it and only the demo's trip is left.
import { mdfeTrip } from '../support/mdfe-trip';
import { expect, test } from './fixtures';

test('an open MDF-e is listed and counted, and closes with one click once confirmed', async ({
  page,
  openApp,
  webHost,
}, testInfo) => {
  test.setTimeout(120_000);
  await openApp('/painel');
  await expect
    .poll(() => webHost.app.context.host.settings.get().selectedCompany, { timeout: 30_000 })
    .toBeTruthy();
  const company = webHost.app.context.host.settings.get().selectedCompany!;
  const issued = await webHost.app.dispatch('mdfe:issue', { company, infMDFe: mdfeTrip(company, 'OPN1A23') });
  expect(issued.ok, JSON.stringify(issued)).toBe(true);
  const cacheId = (issued as { data: { cacheId: number } }).data.cacheId;

  await page.getByTestId('nav-mdfe-abertos').click();
  await expect(page.getByRole('heading', { level: 1, name: 'MDF-e em aberto', exact: true })).toBeVisible();
  const row = page.getByTestId(`mdfe-aberto-${cacheId}`);
  await expect(row).toContainText('OPN1A23');
  await expect(row).toContainText('SP → PR');
  await expect(row).toContainText('Curitiba');
  await page.getByTestId('mdfe-abertos-refresh').click();
  await expect(page.getByTestId('mdfe-count-abertos')).toHaveText('2');
  await page.screenshot({ path: testInfo.outputPath('mdfe-abertos.png') });

  const dialog = page.getByTestId('confirm-act');
  await page.getByTestId(`mdfe-encerrar-${cacheId}`).click();
  await expect(dialog).toContainText('Encerrar este MDF-e?');
  await expect(dialog).toContainText('(placa OPN1A23), vai ser encerrado na SEFAZ agora, em Curitiba/PR');
  await expect(dialog.getByTestId('confirm-act-irreversible')).toContainText('não pode ser desfeito');
  await dialog.getByTestId('confirm-act-back').click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toBeVisible();
  await expect(page.getByTestId('mdfe-abertos-done')).toHaveCount(0);
  const still = await webHost.app.dispatch('mdfe:get', { id: cacheId });
  expect((still as { data: { mdfe: { status: string } } }).data.mdfe.status).toBe('autorizado');

  await page.getByTestId(`mdfe-encerrar-${cacheId}`).click();
  await dialog.getByTestId('confirm-act-yes').click();
  await expect(page.getByTestId('mdfe-abertos-done')).toContainText('encerrado em Curitiba/PR');
  await expect(row).toHaveCount(0);
  await expect(page.locator('[data-testid^="mdfe-aberto-"]')).toContainText('CRT4E21');
  await expect(page.getByTestId('mdfe-count-abertos')).toHaveText('1');
});
