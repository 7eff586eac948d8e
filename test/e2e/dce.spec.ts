import { copyFile, readFile } from 'node:fs/promises';

import type { Page } from './fixtures';
import { expect, test } from './fixtures';
import { shot } from './shots';

// Emitir DC-e in demonstração mode: the clerk fills remetente, destinatário and items, sees the
// errors and the totals, previews the DACE, issues through the embedded sandbox and saves the DACE
// as PDF; the DC-e then shows in the issued list.

test.setTimeout(120_000);

async function fillParty(
  page: Page,
  path: string,
  p: {
    doc: string;
    nome: string;
    cep: string;
    lgr: string;
    nro: string;
    bairro: string;
    mun: string;
    ibge: string;
    /** The UF's option in the select; picked before the code when `pickUf`, else filled by the code. */
    uf: string;
    pickUf?: boolean;
  },
): Promise<void> {
  const field = (name: string) => page.locator(`#f-${path}-${name}`);
  await field('cpfCnpj').fill(p.doc);
  await field('xNome').fill(p.nome);
  await field('endereco-cep').fill(p.cep);
  await field('endereco-xLgr').fill(p.lgr);
  await field('endereco-nro').fill(p.nro);
  await field('endereco-xBairro').fill(p.bairro);
  await field('endereco-xMun').fill(p.mun);
  const uf = page.getByTestId(`${path}-endereco-uf`);
  if (p.pickUf) {
    await uf.click();
    // The DC-e takes Brazilian addresses only: no "EX — Exterior" among the 27 UFs.
    await expect(page.getByRole('option')).toHaveCount(27);
    await page.getByRole('option', { name: p.uf }).click();
  }
  await field('endereco-cMun').fill(p.ibge);
  await expect(uf).toContainText(p.uf);
}

async function typeNumber(page: Page, id: string, text: string): Promise<void> {
  const input = page.locator(`#${id}`);
  await input.click();
  await input.press('Control+a');
  await input.pressSequentially(text);
  await input.blur();
}

test('issues a DC-e through the form and saves its DACE as PDF', async ({ page, openApp }, testInfo) => {
  await openApp('/emitir-dce');
  await expect(page.getByRole('heading', { level: 1, name: 'Emitir DC-e' })).toBeVisible();
  await expect(page.getByText(/Próximo número: \d+/)).toBeVisible();

  // Sending an empty form shows what is missing, in Portuguese, and sends nothing.
  await page.getByRole('button', { name: 'Emitir DC-e' }).click();
  await expect(page.locator('[data-path="remetente.cpfCnpj"] [role="alert"]')).toHaveText(
    'informe o CPF ou CNPJ',
  );
  await expect(page.getByText(/campos? a corrigir/)).toBeVisible();
  await shot(page, testInfo, 'dce-erros');

  await fillParty(page, 'remetente', {
    doc: '12345678909',
    nome: 'Maria Remetente',
    cep: '80010000',
    lgr: 'Rua das Flores',
    nro: '10',
    bairro: 'Centro',
    mun: 'Curitiba',
    ibge: '4106902',
    uf: 'PR — Paraná',
  });
  await fillParty(page, 'destinatario', {
    doc: '11444777000161',
    nome: 'Loja Destino Ltda',
    cep: '01310100',
    lgr: 'Avenida Paulista',
    nro: '1000',
    bairro: 'Bela Vista',
    mun: 'São Paulo',
    ibge: '3550308',
    uf: 'SP — São Paulo',
    pickUf: true,
  });
  await page.locator('#dce-itens-0-xProd').fill('Livros usados');
  await page.locator('#dce-itens-0-ncm').fill('49');
  await typeNumber(page, 'dce-itens-0-qCom', '3');
  await typeNumber(page, 'dce-itens-0-vUnCom', '12,50');
  await page.getByRole('button', { name: 'Adicionar item' }).click();
  await page.locator('#dce-itens-1-xProd').fill('Caneca de cerâmica');
  await page.locator('#dce-itens-1-ncm').fill('69120000');
  await typeNumber(page, 'dce-itens-1-qCom', '2');
  await typeNumber(page, 'dce-itens-1-vUnCom', '7,33');
  await expect(page.getByTestId('dce-total')).toHaveText(/R\$\s52,16/);
  await expect(page.getByText(/campos? a corrigir/)).toBeHidden();
  await shot(page, testInfo, 'dce-formulario');

  await page.getByRole('button', { name: 'Pré-visualizar DACE' }).click();
  const frame = page.frameLocator('iframe[title="Pré-visualização do DACE"]');
  await expect(frame.getByText('PRÉ-VISUALIZAÇÃO — SEM VALOR FISCAL')).toBeVisible();
  await expect(frame.getByText('Loja Destino Ltda').first()).toBeVisible();
  await shot(page, testInfo, 'dce-previa');
  await page.getByRole('dialog').getByRole('button', { name: 'Emitir DC-e' }).click();

  await expect(page.getByTestId('dce-outcome')).toContainText('Autorizada', { timeout: 30_000 });
  await expect(page.getByTestId('dce-status')).toHaveText('Autorizada');
  await shot(page, testInfo, 'dce-autorizada');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Salvar DACE em PDF' }).click();
  const done = await download;
  expect(done.suggestedFilename()).toMatch(/\.pdf$/);
  const file = await done.path();
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await copyFile(file, testInfo.outputPath('dace.pdf'));

  await expect(page.getByTestId('dce-list')).toContainText('Loja Destino Ltda');
  await expect(page.getByTestId('dce-list')).toContainText(/R\$\s52,16/);
  await shot(page, testInfo, 'dce-lista');

  // Cancellation inside the 24-hour window, with a justificativa of at least 15 characters.
  await page.getByRole('button', { name: 'Cancelar DC-e' }).click();
  const confirm = page.getByRole('button', { name: 'Confirmar cancelamento' });
  await page.locator('#dce-justificativa').fill('curta');
  await expect(confirm).toBeDisabled();
  await page.locator('#dce-justificativa').fill('Declaração emitida com o destinatário errado');
  await shot(page, testInfo, 'dce-cancelamento');
  await confirm.click();
  await expect(page.getByTestId('confirm-act')).toContainText('Cancelar esta DC-e?');
  await page.getByTestId('confirm-act-yes').click();
  await expect(page.getByTestId('dce-status')).toHaveText('Cancelada', { timeout: 30_000 });
  await expect(page.getByTestId('dce-list')).toContainText('Cancelada');
  await expect(page.getByRole('button', { name: 'XML do cancelamento' })).toBeVisible();

  // The parties of the authorized DC-e went to the address book: a new DC-e offers them.
  await page.getByRole('button', { name: 'Nova DC-e' }).click();
  const book = page.getByLabel('Buscar nos parceiros').nth(1);
  await book.fill('Loja Destino');
  await book.press('Enter');
  await page
    .getByTestId('party-book-results')
    .getByRole('button', { name: /Loja Destino Ltda/ })
    .click();
  await expect(page.locator('#f-destinatario-cpfCnpj')).toHaveValue('11.444.777/0001-61');
  await expect(page.locator('#f-destinatario-endereco-xLgr')).toHaveValue('Avenida Paulista');
  await expect(page.getByTestId('destinatario-endereco-uf')).toContainText('SP — São Paulo');
  await shot(page, testInfo, 'dce-agenda');
});
