// A keyboard path for the CT-e (issue 26 item 3): the demo's first CT-e issued with the keyboard
// only, counted key by key (the bench reports it as ux.keys_keyboard_cte). Goal: at most 80.
import { expect, test } from './fixtures';
import { keyboardCteFlow } from './ux-inputs';

test.setTimeout(120_000);

test('the first CT-e of the demo with the keyboard only takes at most 80 key presses', async ({
  page,
  openApp,
  webHost,
}) => {
  await openApp();
  await webHost.app.context.sync.idle();
  const run = await keyboardCteFlow(page);
  test.info().annotations.push({ type: 'teclas', description: `${run.keys}: ${run.log.join(' · ')}` });
  expect(run.status, run.log.join(' · ')).toBe('autorizado');
  expect(run.keys, run.log.join(' · ')).toBeLessThanOrEqual(80);
});

test('the keyboard path: focus on each step, after a partner, never a destructive stop after a value', async ({
  page,
  openApp,
}) => {
  await openApp('/emitir-cte');
  await expect(page.locator('#f-geral-cfop')).toBeFocused();
  // Próximo puts the focus on the next step's first field.
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByPlaceholder('Buscar nos parceiros (nome ou CNPJ)').first()).toBeFocused();

  // A partner chosen from the search: the focus goes on to the next party's search.
  await page.keyboard.type('Agropecuaria');
  await page.keyboard.press('Enter');
  await page.getByTestId('party-book-results').getByRole('button').first().click();
  await expect(page.locator('#f-remetente-xNome')).not.toHaveValue('');
  await expect(page.getByPlaceholder('Buscar nos parceiros (nome ou CNPJ)').nth(1)).toBeFocused();

  // Enter in a field goes to the next step; its first field takes the focus.
  await page.locator('#f-destinatario-xNome').press('Enter');
  await expect(page.locator('[data-step="valores"]')).toHaveAttribute('aria-current', 'step');
  await expect(page.locator('#f-valores-componentes-0-xNome')).toBeFocused();
  await page.getByRole('button', { name: 'Adicionar componente' }).click();
  for (const id of ['#f-valores-componentes-0-vComp', '#f-valores-componentes-1-vComp']) {
    await page.locator(id).focus();
    await page.keyboard.press('Tab');
    const next = page.locator(':focus');
    await expect(next).not.toHaveClass(/p-button-danger/);
    await expect(next).not.toHaveAttribute('aria-label', /Remover/);
  }
  // The row's remove stays at hand from the keyboard.
  await page.locator('#f-valores-componentes-1-xNome').press('Control+Delete');
  await expect(page.locator('#f-valores-componentes-1-xNome')).toHaveCount(0);
});
