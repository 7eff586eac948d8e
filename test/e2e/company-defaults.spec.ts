// Empresas → Padrões do CT-e: the demo company's defaults are shown, edited and saved in Portuguese,
// and a new CT-e starts from them (RNTRC on the modal step, CFOP by the route's type).
import { DEMO_CNPJ } from '../../electron/app/demo';
import { expect, test } from './fixtures';

test.setTimeout(90_000);

test('the CT-e defaults are edited in Empresas and a new CT-e starts from them', async ({
  page,
  openApp,
}) => {
  await openApp(`/empresas/${DEMO_CNPJ}`);
  await page.getByTestId('tab-padroes').click();
  const section = page.getByTestId('cte-defaults');
  await expect(page.getByTestId('def-rntrc')).toHaveValue('45723174');
  await expect(page.getByTestId('def-cfop-intra')).toHaveValue('5353');
  await expect(page.getByTestId('def-cfop-inter')).toHaveValue('6353');

  // A CFOP of the wrong route type is refused, in words.
  await page.getByTestId('def-cfop-intra').fill('6352');
  await page.getByTestId('def-save').click();
  await expect(section.getByTestId('error-cfopIntra')).toHaveText(
    'CFOP dentro do estado: um CFOP de prestação dentro do estado começa com 5 (ex.: 5353)',
  );
  await page.getByTestId('def-cfop-intra').fill('5352');
  await page.getByTestId('def-rntrc').fill('87654321');
  await page.getByTestId('def-save').click();
  await expect(page.getByText('Padrões do CT-e salvos')).toBeVisible();

  await page.getByTestId('nav-emitir-cte').click();
  await page.locator('[data-step="modal"]').click();
  await expect(page.locator('#f-rodoviario-rntrc')).toHaveValue('87654321');
  await page.locator('[data-step="impostos"]').click();
  await expect(page.locator('#f-impostos-icms-pICMS')).toHaveValue('12,00');
});
