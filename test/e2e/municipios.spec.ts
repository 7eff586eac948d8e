import { expect, test } from './fixtures';
import { shot } from './shots';

// The município pickers of Emitir CT-e against the real IBGE table on the host: a name typed in
// lower case without accents, a pick by mouse and by keyboard, a typed code, and a valid code the
// table lacks (a warning, not a refusal). Screenshots of the open list are attached.

test('início e fim da prestação by name, by keyboard and by IBGE code', async ({
  page,
  openApp,
}, testInfo) => {
  await openApp('/emitir-cte');
  await expect(page.getByRole('heading', { level: 1, name: 'Emitir CT-e' })).toBeVisible();

  const inicio = page.locator('#f-geral-inicio-xMun');
  await inicio.pressSequentially('campinas');
  const campinas = page.getByRole('option', { name: 'Campinas/SP — 3509502' });
  await expect(campinas).toBeVisible();
  await expect(page.getByRole('option').first()).toHaveText('Campinas/SP — 3509502');
  await shot(page, testInfo, '01-lista-campinas', { fullPage: false });
  await campinas.click();
  await expect(page.locator('#f-geral-inicio-cMun')).toHaveValue('3509502');
  await expect(inicio).toHaveValue('Campinas');
  await expect(page.getByTestId('geral-inicio-uf')).toContainText('SP — São Paulo');
  await expect(page.getByRole('option')).toHaveCount(0);

  const fim = page.locator('#f-geral-fim-xMun');
  // Centred, so the list opens below the field rather than under the sticky step bar.
  await fim.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await fim.pressSequentially('SAO JOSE DOS CAMP');
  await expect(page.getByRole('option').first()).toHaveText('São José dos Campos/SP — 3549904');
  await shot(page, testInfo, '02-lista-sem-acento', { fullPage: false });
  await fim.press('ArrowDown');
  await fim.press('Enter');
  await expect(page.locator('#f-geral-fim-cMun')).toHaveValue('3549904');
  await expect(fim).toHaveValue('São José dos Campos');

  // A typed code brings its name and UF; a valid code missing from the table only warns.
  const code = page.locator('#f-geral-fim-cMun');
  await code.fill('4106902');
  await expect(fim).toHaveValue('Curitiba');
  await expect(page.getByTestId('geral-fim-uf')).toContainText('PR — Paraná');
  await code.fill('4106910');
  await expect(page.getByTestId('geral-fim-warning')).toHaveText(
    'Código IBGE não encontrado na tabela do IBGE; confira antes de emitir.',
  );
  await expect(code).toHaveValue('4106910');
  await shot(page, testInfo, '03-codigo-fora-da-tabela', { fullPage: false });
});
