import { expect, test } from './fixtures';

// Issue 26 item 5, order and layout: Documentos in emission order by the instant, every column whole
// at 1280×720 and 1366×768, quantities as the clerk typed them.

test.setTimeout(90_000);

test('Documentos: emission order by the instant, no column cut at 1280×720 nor 1366×768', async ({
  page,
  openApp,
  webHost,
}) => {
  await openApp('/documentos');
  await webHost.app.context.sync.idle();
  const table = page.getByTestId('doc-table');
  // The table's empty-state row shows until the first page arrives: wait for the documents' rows.
  const emission = table.locator('tbody tr td:nth-child(2)');
  await expect.poll(() => emission.count()).toBeGreaterThan(10);
  // Newest first by default: each row's dd/mm/aaaa hh:mm is not after the one above it.
  const shown = await emission.allTextContents();
  const instants = shown.map((text) => {
    const [, d, m, y, h, min] = /(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})/.exec(text) ?? [];
    return `${y}${m}${d}${h}${min}`;
  });
  expect(instants.length).toBeGreaterThan(10);
  expect(instants).toEqual([...instants].sort().reverse());

  for (const size of [
    { width: 1280, height: 720 },
    { width: 1366, height: 768 },
  ]) {
    await page.setViewportSize(size);
    const container = table.locator('.p-datatable-table-container');
    const [scroll, client] = await container.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(scroll, `${size.width}×${size.height}: the table scrolls sideways`).toBeLessThanOrEqual(client);
    const cut = await table
      .locator('th, td')
      .evaluateAll((cells) =>
        cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent?.trim() ?? ''),
      );
    expect(cut, `${size.width}×${size.height}`).toEqual([]);
  }
});

test('a quantity shows as typed: "4.200", not "4.200,0000"', async ({ page, openApp }) => {
  await openApp('/emitir-cte');
  await page.locator('[data-step="carga"]').click();
  const quantidade = page.locator('#f-carga-quantidades-0-qCarga');
  await quantidade.fill('4200');
  await quantidade.blur();
  await expect(quantidade).toHaveValue('4.200');
  await quantidade.fill('12,5');
  await quantidade.blur();
  await expect(quantidade).toHaveValue('12,5');
});
