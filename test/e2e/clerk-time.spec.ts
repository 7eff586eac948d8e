import type { DocumentUpsert } from '../../electron/cache/repositories';
import { DEMO_CNPJ } from '../../electron/app/demo';
import type { E2eHost } from './fixtures';
import { expect, test } from './fixtures';
import { shot } from './shots';

// Brasília time and dd/mm/aaaa whatever the machine: this file also runs in the `utc-en-us` project
// (browser in UTC with an en-US locale), and the web host may itself run in UTC. Every expectation is
// a literal Brasília value: 2026-11-26T02:30:00Z is 25/11/2026 23:30 in Brasília (UTC-3 all year
// since Decreto 9.772/2019), while a UTC clock says 26/11 02:30.

/** Three CT-e straight into the cache, with the issue times the API would have answered. */
async function cacheDocuments(webHost: E2eHost): Promise<void> {
  const docs: [string, number, string][] = [
    // 23:30 on the 25th in Brasília, already the 26th in UTC.
    ['clerk-time-late', 701, '2026-11-26T02:30:00Z'],
    // Earlier the same Brasília evening, written with its own offset.
    ['clerk-time-evening', 702, '2026-11-25T20:05:00-03:00'],
    // 06:00 of the 26th in Brasília.
    ['clerk-time-next', 703, '2026-11-26T09:00:00Z'],
  ];
  const items: DocumentUpsert[] = docs.map(([id, numero, when]) => ({
    company: DEMO_CNPJ,
    kind: 'cte',
    environment: 'demonstracao',
    record: { id, status: 'autorizado', ambiente: 'homologacao' },
    fields: {
      tomadorNome: 'Comércio Boa Vista Ltda',
      tomadorDoc: '11222333000181',
      remetenteNome: 'Indústria Três Rios SA',
      remetenteDoc: '44555666000172',
      destinatarioNome: 'Atacadão Araucária ME',
      destinatarioDoc: '77888999000163',
      ufInicio: 'PR',
      municipioInicio: 'Curitiba',
      ufFim: 'PR',
      municipioFim: 'Londrina',
      valorPrestacao: 100_00,
      valorIcms: null,
      dataEmissao: when,
      serie: 7,
      numero,
      chave: null,
    },
  }));
  await webHost.app.context.cache.require().documents.upsertBatch(items);
}

test('Documentos shows issue times in Brasília, filters by Brasília days and sorts by time', async ({
  page,
  openApp,
  webHost,
}, testInfo) => {
  await openApp();
  await cacheDocuments(webHost);
  await page.getByTestId('nav-documentos').click();
  await page.getByTestId('doc-filters-toggle').click();

  const from = page.locator('#f-from');
  await expect(from).toHaveAttribute('placeholder', 'dd/mm/aaaa');
  await expect(from).not.toHaveAttribute('type', 'date');
  // Typed as digits, shown as dd/mm/aaaa: the browser's locale plays no part.
  await from.pressSequentially('25112026');
  await expect(from).toHaveValue('25/11/2026');
  await page.locator('#f-to').fill('25/11/2026');
  // The demonstração month has documents of its own on these days: only this tomador's are read.
  await page.getByTestId('f-party').fill('11222333000181');
  await page.getByTestId('doc-apply').click();

  // The Brasília day 25/11 holds 701 and 702 (a UTC day would move 701 to the 26th and drop it).
  const rows = page.getByTestId('doc-table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  const cells = await rows.evaluateAll((trs) =>
    trs.map((tr) => {
      const td = tr.querySelectorAll('td');
      return [td[1]?.textContent?.trim(), td[3]?.textContent?.trim()];
    }),
  );
  // Newest first, by date and time.
  expect(cells).toEqual([
    ['25/11/2026 23:30', '7/701'],
    ['25/11/2026 20:05', '7/702'],
  ]);
  await shot(page, testInfo, 'documentos-horario-de-brasilia', { fullPage: false });

  // Oldest first when the column is sorted the other way.
  await page.getByRole('columnheader', { name: 'Emissão' }).click();
  await expect(rows.first()).toContainText('25/11/2026 20:05');

  // The 26th in Brasília: only 703, at 06:00.
  await from.fill('26/11/2026');
  await page.locator('#f-to').fill('26/11/2026');
  await page.getByTestId('doc-apply').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('26/11/2026 06:00');

  // A day that does not exist is said, naming the field, and nothing is searched.
  await from.fill('29/02/2027');
  await expect(page.getByTestId('doc-filters-panel').getByTestId('date-problem')).toHaveText(
    'Período, data inicial: 29/02/2027 não é uma data válida (2027 não é ano bissexto)',
  );
  await page.getByTestId('doc-apply').click();
  await expect(rows).toHaveCount(1);
});

test('month boundaries, the export period and the form clock follow Brasília', async ({ page, openApp }) => {
  // 22:30 of 30 November in Brasília: a UTC (or London, or Lisbon) machine is already in December.
  // The clock then runs on (a frozen Date.now would also freeze Vue's event timestamps).
  await page.clock.install({ time: new Date('2026-12-01T01:30:00Z') });
  await page.clock.resume();
  await openApp();
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
  await expect(page.getByText('Novembro de 2026', { exact: true })).toBeVisible();

  await page.getByTestId('nav-documentos').click();
  await page.getByTestId('doc-export').click();
  const dialog = page.getByTestId('export-dialog');
  // Opens on the previous Brasília month, then "Mês atual" is November.
  await expect(dialog.locator('#export-from')).toHaveValue('01/10/2026');
  await expect(dialog.locator('#export-to')).toHaveValue('31/10/2026');
  await dialog.getByTestId('export-current').click();
  await expect(dialog.locator('#export-from')).toHaveValue('01/11/2026');
  await expect(dialog.locator('#export-to')).toHaveValue('30/11/2026');
  await dialog.locator('#export-to').fill('31/11/2026');
  await expect(dialog.getByTestId('date-problem')).toHaveText('Até: 31/11/2026 não é uma data válida');
  await page.keyboard.press('Escape');

  // The CT-e's issue time is typed as dd/mm/aaaa hh:mm; the draft's "saved at" is Brasília time.
  await page.getByTestId('nav-emitir-cte').click();
  const dhEmi = page.locator('#f-geral-dhEmi');
  await expect(dhEmi).toHaveAttribute('placeholder', 'dd/mm/aaaa hh:mm');
  await dhEmi.pressSequentially('301120262215');
  await expect(dhEmi).toHaveValue('30/11/2026 22:15');
  // A few seconds after 22:30:00 in Brasília (a UTC clock would say 01:30).
  await expect(page.getByTestId('autosave')).toHaveText(/^Rascunho salvo às 22:3[01]:\d\d$/);
  await dhEmi.fill('29/02/2027 10:00');
  await expect(page.getByTestId('date-problem')).toHaveText(
    'Data e hora de emissão: 29/02/2027 não é uma data válida (2027 não é ano bissexto)',
  );
});
