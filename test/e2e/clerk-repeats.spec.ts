import { DEMO_CNPJ } from '../../electron/app/demo';
import type { CommandEnvelope } from '../../electron/shared/errors';
import { formatChave } from '../../electron/shared/format';
import { demoCteForm, nfeKey } from '../fiscal/payload/forms';
import type { E2eHost, Page } from './fixtures';
import { expect, test } from './fixtures';

// Issue 26 item 1, "nothing stale goes out": a copy of an issued CT-e leaves its NF-e out (and says
// on which CT-e they are), the amount to be received follows the total until the clerk types one
// and a difference is said beside the fields and on the review, a key already on a CT-e is warned
// on the documents step, and cancelling a CT-e that an MDF-e carries names the MDF-e first.

test.setTimeout(120_000);

async function call<T>(webHost: E2eHost, channel: string, input: unknown): Promise<T> {
  const envelope = (await webHost.app.dispatch(channel, input)) as CommandEnvelope<T>;
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.message}`);
  return envelope.data;
}

const step = (page: Page, key: string) => page.locator(`[data-step="${key}"]`);

test('a copy of a CT-e: without its NF-e, with the amount to be received in step with the total', async ({
  page,
  openApp,
  webHost,
}) => {
  await openApp();
  await webHost.app.context.embedded.ensure();
  const chave = nfeKey(2611);
  const issued = await call<{ status: string; numero: number; serie: number; document: { id: string } }>(
    webHost,
    'cte:issue',
    {
      kind: 'cte',
      company: DEMO_CNPJ,
      form: demoCteForm({ documentos: { nfe: [{ chave }], dce: [], outros: [] } }),
    },
  );
  expect(issued.status).toBe('autorizado');
  const original = `CT-e ${issued.serie}/${issued.numero}`;

  await test.step('Parceiros learnt the parties of the demonstração CT-e by the names typed', async () => {
    await page.getByTestId('nav-parceiros').click();
    await page.getByTestId('partners').getByRole('textbox').first().fill('Indústria Remetente');
    await expect(page.getByTestId('book-entries')).toContainText('Indústria Remetente Ltda');
    // Documentos finds the new CT-e by that name too (its XML names the MOC's literal).
    await page.getByTestId('nav-documentos').click();
    await page.getByTestId('doc-text').fill('Remetente');
    await page.getByTestId('doc-search').click();
    await expect(
      page
        .getByTestId('doc-table')
        .locator('tbody tr')
        .filter({ hasText: String(issued.numero) }),
    ).toHaveCount(1);
  });

  await test.step('Duplicar leaves the NF-e out and lists it with the CT-e it is on', async () => {
    await page.goto(`${webHost.url}#/emitir-cte/documento/cte/${issued.document.id}`);
    await page.getByRole('button', { name: 'Duplicar' }).click();
    await expect(page).toHaveURL(/#\/emitir-cte$/);
    const notice = page.getByTestId('copy-nfe');
    await expect(notice).toContainText(`Cópia do ${original}: a NF-e dele não foi copiada`);
    await expect(notice).toContainText(formatChave(chave));
    await step(page, 'documentos').click();
    await expect(page.getByTestId('nfe-keys')).toHaveCount(0);
  });

  await test.step('the amount to be received follows a new total; an edited one is compared', async () => {
    await step(page, 'valores').click();
    const total = page.locator('#f-valores-vTPrest');
    const receber = page.locator('#f-valores-vRec');
    await expect(receber).toHaveValue('1.500,00');
    // The freight went up: the first component; the total follows the sum, vRec the total.
    await page.locator('#f-valores-componentes-0-vComp').fill('1.840,00');
    await expect(total).toHaveValue('2.140,00');
    await expect(receber).toHaveValue('2.140,00');
    await expect(page.getByText('confira')).toHaveCount(0);
    await receber.fill('1.890,00');
    await receber.blur();
    const note = 'a receber R$ 1.890,00 é menor que o total R$ 2.140,00 — confira';
    await expect(page.locator('[data-path="valores.vTPrest"] .cte-field__hint')).toHaveText(note);
    await expect(page.locator('[data-path="valores.vRec"] .cte-field__hint')).toHaveText(note);
    // A new total no longer drags the clerk's own amount along.
    await page.locator('#f-valores-componentes-0-vComp').fill('1.900,00');
    await expect(total).toHaveValue('2.200,00');
    await expect(receber).toHaveValue('1.890,00');
    await step(page, 'revisao').click();
    await expect(page.getByTestId('review-vrec')).toContainText(
      'a receber R$ 1.890,00 é menor que o total R$ 2.200,00 — confira',
    );
  });

  await test.step('a key already on a CT-e is warned on the documents step', async () => {
    await step(page, 'documentos').click();
    await page.locator('#f-documentos-nfe').fill(chave);
    await page
      .locator('[data-path="documentos.nfe"]')
      .getByRole('button', { name: 'Adicionar', exact: true })
      .click();
    await expect(page.getByTestId('nfe-in-use')).toContainText(`Já está no ${original}`);
    // As with the import, the review asks for the acknowledgement before sending.
    await step(page, 'revisao').click();
    await expect(page.getByTestId('nfe-warnings')).toContainText(`já consta em outro CT-e (${original})`);
    await expect(page.getByTestId('emitir')).toBeDisabled();
  });

  await test.step('keeping the copied NF-e on purpose puts them back with the same warning', async () => {
    await page.goto(`${webHost.url}#/emitir-cte/documento/cte/${issued.document.id}`);
    await page.getByRole('button', { name: 'Duplicar' }).click();
    await page.getByTestId('copy-nfe-keep').click();
    await expect(page.getByTestId('copy-nfe')).toHaveCount(0);
    await step(page, 'documentos').click();
    await expect(page.locator('#f-documentos-nfe-0-chave')).toHaveValue(chave);
    await expect(page.getByTestId('nfe-in-use')).toContainText(`Já está no ${original}`);
  });
});

test('cancelling a CT-e that an open MDF-e carries names the MDF-e, and the authority refuses it (528)', async ({
  page,
  openApp,
  webHost,
}) => {
  await openApp();
  await webHost.app.context.sync.idle();
  // The demo's open trip carries the newest authorized CT-e to Belo Horizonte (2 days old).
  const row = await webHost.app.context.cache.require().db.get<{ api_id: string }>(
    `SELECT api_id FROM documents WHERE kind = 'cte' AND status = 'autorizado'
         AND municipio_fim = 'Belo Horizonte' ORDER BY data_emissao DESC LIMIT 1`,
  );
  expect(row).toBeTruthy();
  await page.goto(`${webHost.url}#/emitir-cte/documento/cte/${row!.api_id}`);
  await page.locator('.p-panel-header', { hasText: 'Cancelar' }).getByRole('button').click();
  const panel = page.getByTestId('cancel-panel');
  await expect(panel.getByTestId('cte-on-mdfe')).toContainText(
    'Este CT-e está no MDF-e 1/2, ainda em aberto',
  );
  await expect(panel.getByTestId('cte-on-mdfe')).toContainText('rejeição 528');
  await page.locator('#justificativa').fill('Frete lançado em duplicidade pelo operador');
  await page.getByTestId('confirm-cancel').click();
  const ask = page.getByTestId('confirm-act');
  await expect(ask.getByTestId('confirm-mdfe')).toContainText('MDF-e 1/2');
  await expect(ask.getByTestId('confirm-mdfe')).toContainText('é preciso cancelar o MDF-e 1/2 primeiro');
  await page.getByTestId('confirm-act-yes').click();
  await expect(page.getByTestId('timeline')).toContainText(
    'Pedido de cancelamento rejeitado: Rejeição: Vedado cancelamento se exitir MDF-e autorizado para o CTe',
    { timeout: 20_000 },
  );
  await expect(page.getByTestId('status')).toHaveText('autorizado');
  // What the manual prescribes: the MDF-e, one click away.
  await panel.getByTestId('cte-on-mdfe-open').click();
  await expect(page).toHaveURL(/#\/mdfe\/\d+\/\d+$/);
});
