// The MDF-e lifecycle screen end to end in Chromium over the web host and the embedded sandbox:
// an MDF-e issued through the command path is opened from "MDF-e em aberto", a driver is
// included, the trip is closed at its last unloading municipality after confirming, the timeline
// tells it and the DAMDFE downloads as a PDF; a second MDF-e is cancelled inside its 24 h after
// confirming, and then offers no closing. Documentos finds the first by its plate and opens it.
import { readFile } from 'node:fs/promises';

import { CPF_B } from '../sandbox/mdfe/fixtures';
import { mdfeTrip } from '../support/mdfe-trip';
import type { Page } from './fixtures';
import { expect, test } from './fixtures';

async function issue(
  webHost: { app: { dispatch(c: string, i: unknown): Promise<unknown> } },
  company: string,
  placa: string,
) {
  const issued = (await webHost.app.dispatch('mdfe:issue', {
    company,
    infMDFe: mdfeTrip(company, placa),
  })) as { ok: boolean; data: { cacheId: number; status: string } };
  expect(issued.ok, JSON.stringify(issued)).toBe(true);
  expect(issued.data.status).toBe('autorizado');
  return issued.data.cacheId;
}

async function confirmAct(page: Page, title: string) {
  const dialog = page.getByTestId('confirm-act');
  await expect(dialog).toContainText(title);
  await expect(dialog.getByTestId('confirm-act-irreversible')).toContainText('não pode ser desfeito');
  await dialog.getByTestId('confirm-act-yes').click();
}

test('an MDF-e is opened, gets a driver, is closed and its DAMDFE downloaded; another is cancelled', async ({
  page,
  openApp,
  webHost,
}, testInfo) => {
  test.setTimeout(150_000);
  await openApp('/painel');
  await expect
    .poll(() => webHost.app.context.host.settings.get().selectedCompany, { timeout: 30_000 })
    .toBeTruthy();
  const company = webHost.app.context.host.settings.get().selectedCompany!;
  const first = await issue(webHost, company, 'LCY1A23');

  await page.getByTestId('nav-mdfe-abertos').click();
  await page.getByTestId(`mdfe-abrir-${first}`).click();
  await expect(page.getByTestId('mdfe-status')).toHaveText('Autorizado (em aberto)');
  await expect(page.getByTestId('mdfe-veiculo')).toContainText('LCY1A23');
  await expect(page.getByTestId('cancelar-prazo')).toContainText(/2[34] horas e \d+ minutos?/);

  await page.getByRole('button', { name: 'Mostrar inclusão de condutor' }).click();
  await page.getByTestId('condutor-nome').fill('MARIA SOUZA');
  await page.getByTestId('condutor-cpf').fill(CPF_B);
  await page.getByTestId('incluir-condutor').click();
  await expect(page.getByTestId('mdfe-feito')).toContainText('Condutor incluído');
  await expect(page.getByTestId('mdfe-condutores')).toContainText('MARIA SOUZA (111.444.777-35) — incluído');
  await expect(page.getByTestId('mdfe-timeline')).toContainText('Inclusão de condutor — MARIA SOUZA');

  await expect(page.getByTestId('encerrar-municipio')).toHaveValue('Curitiba');
  await page.getByTestId('encerrar').click();
  await confirmAct(page, 'Encerrar este MDF-e?');
  await expect(page.getByTestId('mdfe-status')).toHaveText('Encerrado');
  const timeline = page.getByTestId('mdfe-timeline');
  await expect(timeline).toContainText('Autorizado (protocolo');
  await expect(timeline).toContainText('Encerrado em Curitiba/PR com data de');
  await expect(page.getByTestId('encerrar-panel')).toHaveCount(0);
  await expect(page.getByTestId('mdfe-evento-pdf-encerramento')).toBeVisible();
  await expect(page.getByTestId('mdfe-evento-pdf-cancelamento')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('mdfe-encerrado.png'), fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByTestId('mdfe-pdf').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^\d{44}-damdfe\.pdf$/);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // A second trip, cancelled within its 24 hours once the clerk confirms.
  const second = await issue(webHost, company, 'LCY2B34');
  await page.goto(`${webHost.url}#/mdfe/${company}/${second}`);
  await expect(page.getByTestId('mdfe-status')).toHaveText('Autorizado (em aberto)');
  await page.getByTestId('cancelar-justificativa').fill('Viagem desmarcada pelo cliente');
  await page.getByTestId('cancelar').click();
  await page.getByTestId('confirm-act').getByTestId('confirm-act-back').click();
  await expect(page.getByTestId('mdfe-status')).toHaveText('Autorizado (em aberto)');
  await page.getByTestId('cancelar').click();
  await confirmAct(page, 'Cancelar este MDF-e?');
  await expect(page.getByTestId('mdfe-status')).toHaveText('Cancelado');
  await expect(page.getByTestId('mdfe-timeline')).toContainText('Cancelado');
  await expect(page.getByTestId('encerrar-panel')).toHaveCount(0);
  await expect(page.getByTestId('mdfe-evento-xml-cancelamento')).toBeVisible();

  // Documentos lists the manifests: found by plate, no freight added, a click opens the MDF-e.
  await page.getByTestId('nav-documentos').click();
  await page.getByTestId('doc-text').fill('LCY1A23');
  await page.getByTestId('doc-search').click();
  const rows = page.getByTestId('doc-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('MDF-e');
  await expect(rows.first()).toContainText('placa LCY1A23');
  await expect(rows.first()).toContainText('Encerrado');
  await expect(page.getByTestId('total-frete')).toHaveText(/R\$\s0,00/);
  await rows.first().locator('td').nth(3).click();
  await expect(page).toHaveURL(new RegExp(`#/mdfe/${company}/${first}$`));
  await expect(page.getByTestId('mdfe-status')).toHaveText('Encerrado');
});
