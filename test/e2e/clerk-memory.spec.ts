import { DEMO_CNPJ } from '../../electron/app/demo';
import { expect, test } from './fixtures';

// Issue 26 item 2, forms that remember: the CT-e OS gets the CT-e's help (CFOP search, the TAF and
// the INSS from the company's defaults) and the DC-e an NCM by the item's description. (Parceiros
// learning a demonstração CT-e's parties by their typed names: clerk-repeats.spec.ts; the new
// company's CT-e defaults asked in its setup: onboarding.spec.ts.)

test.setTimeout(120_000);

test('CT-e OS and DC-e get the CT-e’s help', async ({ page, openApp }) => {
  await openApp(`/empresas/${DEMO_CNPJ}?aba=padroes`);
  const defaults = page.getByTestId('cte-defaults');
  await defaults.getByTestId('def-taf').fill('123456789012');
  await defaults.locator('#def-pinss').fill('11');
  await defaults.getByTestId('def-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Padrões do CT-e salvos' })).toBeVisible();

  await test.step('CT-e OS: CFOP search, TAF and INSS from the defaults', async () => {
    await page.getByTestId('nav-emitir-cteos').click();
    await page.locator('#cfop-busca-os').fill('não contribuinte');
    await page.getByRole('button', { name: /^5357 / }).click();
    await expect(page.locator('#f-geral-cfop')).toHaveValue('5357');
    await page.locator('[data-step="modal"]').click();
    await expect(page.locator('#f-rodoviario-taf')).toHaveValue('123456789012');
    await page.locator('[data-step="valores"]').click();
    await page.locator('#f-valores-componentes-0-vComp').fill('1.000,00');
    await expect(page.locator('#f-valores-vTPrest')).toHaveValue('1.000,00');
    await page.locator('[data-step="impostos"]').click();
    const federais = page.getByTestId('federais-on');
    if (!(await federais.locator('input').isChecked())) await federais.click();
    await expect(page.locator('#f-impostos-tributosFederais-vINSS')).toHaveValue('110,00');
  });

  await test.step('DC-e: the NCM chapter found by the item’s description', async () => {
    await page.getByTestId('nav-emitir-dce').click();
    await expect(page.getByText(/Próximo número: \d+/)).toBeVisible();
    const description = page.locator('#dce-itens-0-xProd');
    // The very first input of a fresh form is kept (a capture-phase touch used to drop it).
    await description.fill('Camisetas de algodão');
    await expect(description).toHaveValue('Camisetas de algodão');
    const suggest = page.getByTestId('dce-ncm-suggest');
    await expect(suggest).toContainText('61 — Vestuário e seus acessórios, de malha');
    await suggest.getByRole('button', { name: /^61 — / }).click();
    await expect(page.locator('#dce-itens-0-ncm')).toHaveValue('61');
    await expect(suggest).toHaveCount(0);
  });
});
