// Plain Portuguese for the clerk (issue 19, item 9), clicked through the real UI in demonstração:
// technical panels behind one closed "Avançado"; correction-letter fields by their DACTE captions;
// downloads only for events that exist, named <chave>-<tipo>; Parceiros in the sidebar; no
// placeholder descriptions nor "(s)" plurals. Assertions hold in any time zone and locale.
import { DEMO_CNPJ } from '../../electron/app/demo';
import type { CommandEnvelope } from '../../electron/shared/errors';
import { demoCteForm } from '../fiscal/payload/forms';
import { expect, test } from './fixtures';

test.setTimeout(90_000);

test('a CT-e screen in plain words: Avançado closed, DACTE captions, files that exist', async ({
  page,
  openApp,
  webHost,
}) => {
  await openApp();
  const call = async <T>(channel: string, input: unknown): Promise<T> => {
    const envelope = (await webHost.app.dispatch(channel, input)) as CommandEnvelope<T>;
    if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.message}`);
    return envelope.data;
  };
  await webHost.app.context.embedded.ensure();
  const issued = await call<{ status: string; document: { id: string; chave: string } }>('cte:issue', {
    kind: 'cte',
    company: DEMO_CNPJ,
    form: demoCteForm(),
  });
  expect(issued.status).toBe('autorizado');
  const { id, chave } = issued.document;

  await page.goto(`${webHost.url}#/emitir-cte/documento/cte/${id}`);
  await expect(page.getByTestId('timeline')).toContainText('Autorizado');
  const main = page.locator('main');
  // One "Avançado", closed: no debug, no internal reference, no raw XML in sight.
  await expect(page.locator('.p-panel-title', { hasText: 'Depuração' })).toHaveCount(0);
  const advanced = page.getByTestId('doc-advanced');
  await expect(advanced.getByTestId('doc-referencia')).toBeHidden();
  // (Closed panels keep their content in the page, hidden: what matters is what the clerk sees.)
  await expect(main.getByText(/^carreta-/)).toBeHidden();
  await expect(main.getByText('XML enviado')).toBeHidden();
  await expect(main.getByText('Mostrar dados técnicos')).toBeHidden();

  // Files: the authorized XML and the DACTE; no cancellation nor letter that does not exist.
  const files = page.getByTestId('doc-files');
  await expect(files.getByRole('button')).toHaveText(['XML autorizado', 'DACTE (PDF)']);
  const download = page.waitForEvent('download');
  await files.getByRole('button', { name: 'XML autorizado' }).click();
  expect((await download).suggestedFilename()).toBe(`${chave}-cte.xml`);

  // The correction letter lists its fields by the DACTE's captions, never "ide/natOp".
  await page.locator('.p-panel-title', { hasText: 'Carta de correção' }).click();
  await page.getByLabel('Campo da correção 1').click();
  const options = page.locator('.p-select-option');
  await expect(options.first()).toBeVisible();
  const labels = await options.allTextContents();
  expect(labels).toContain('CFOP – Natureza da operação');
  expect(labels).toContain('RNTRC da empresa');
  for (const label of labels) expect(label).not.toMatch(/\/|natOp|xObs|infQ/);
  await page.keyboard.press('Escape');

  // "Avançado" opens by its title and holds the technical parts.
  await advanced.locator('.p-panel-title').click();
  await expect(advanced.getByTestId('doc-referencia')).toHaveText(/^carreta-/);
  await expect(advanced).toContainText('XML enviado');
  await expect(advanced).toContainText('Depuração');

  // After a cancellation, its XML is offered, named by the key.
  await call('cte:cancel', { kind: 'cte', id, justificativa: 'Frete lançado em duplicidade no sistema' });
  await page.reload();
  await expect(page.getByTestId('status')).toHaveText(/cancelado/i);
  await expect(files.getByRole('button', { name: 'Cancelamento (XML)' })).toBeVisible();
  const cancelDownload = page.waitForEvent('download');
  await files.getByRole('button', { name: 'Cancelamento (XML)' }).click();
  expect((await cancelDownload).suggestedFilename()).toBe(`${chave}-cancelamento.xml`);
});

test('Parceiros in the sidebar; descriptions and counts in plain Portuguese', async ({ page, openApp }) => {
  await openApp('/painel');
  await page.getByTestId('nav-parceiros').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Parceiros' })).toBeVisible();
  await expect(page.getByTestId('partners')).toBeVisible();
  await page.getByTestId('book-new').click();
  await expect(page.getByText('Novo parceiro', { exact: true })).toBeVisible();

  for (const route of ['/documentos', '/emitir-cte', '/caixa-entrada', '/empresas', '/conta']) {
    await page.goto(page.url().replace(/#.*$/, `#${route}`));
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('main')).not.toContainText('Aqui você vai');
    await expect(page.locator('main')).not.toContainText(/\w\(s\)/);
  }
  await page.goto(page.url().replace(/#.*$/, '#/conta/emails'));
  await expect(page.getByRole('tab', { name: 'E-mails enviados pela API' })).toBeVisible();
});
