// The demonstração's month spans the current calendar month and the previous one (its documents are
// dated over the last 30 days), so the Painel's figures are read for both and added up.
import { readFile } from 'node:fs/promises';

import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';

export interface PainelFigures {
  count: number;
  frete: number;
}

/** "R$ 93.366,90" → 93366.9 */
export function reais(text: string): number {
  return Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
}

/** Shows a month's figures (by `show`) and reads them from the screen once its answer arrived. */
async function figures(page: Page, show: () => Promise<void>): Promise<PainelFigures> {
  const answer = page.waitForResponse(
    (r) => r.url().includes('/api/invoke/') && r.url().includes('dashboard'),
  );
  await show();
  const envelope = (await (await answer).json()) as { data: { count: number } };
  // The screen shows what the answer said.
  await expect(page.getByTestId('kpi-count')).toHaveText(String(envelope.data.count));
  return {
    count: Number(await page.getByTestId('kpi-count').textContent()),
    frete: reais((await page.getByTestId('kpi-frete').textContent()) ?? ''),
  };
}

/** Opens the Painel (by `open`) and reads this month and the previous one, and their sum. */
export async function painelTwoMonths(
  page: Page,
  open: () => Promise<void>,
): Promise<{ months: PainelFigures[]; total: PainelFigures }> {
  const current = await figures(page, open);
  const previous = await figures(page, () => page.getByRole('button', { name: 'Mês anterior' }).click());
  return {
    months: [current, previous],
    total: {
      count: current.count + previous.count,
      frete: Math.round((current.frete + previous.frete) * 100) / 100,
    },
  };
}

export interface ExportFigures {
  documents: number;
  events: number;
  frete: number;
  icms: number;
  declarado: number;
  /** Every file name of both packages. */
  names: string[];
}

/**
 * From Documentos: exports this month and the previous one to the accountant and adds up what
 * both packages say (the "N documentos e M eventos" line, the CSV's freight totals).
 */
export async function exportTwoMonths(page: Page): Promise<ExportFigures> {
  await page.getByTestId('doc-export').click();
  const figures: ExportFigures = { documents: 0, events: 0, frete: 0, icms: 0, declarado: 0, names: [] };
  for (const period of ['Mês atual', 'Mês anterior']) {
    await page.getByTestId('export-dialog').getByRole('button', { name: period }).click();
    const exported = page.waitForEvent('download');
    await page.getByTestId('export-run').click();
    const zip = unzipSync(await readFile(await (await exported).path()));
    await expect(page.getByTestId('export-done')).toBeVisible();
    const done = (await page.getByTestId('export-done').textContent()) ?? '';
    const counted = /(\d+) documentos? e (\d+) eventos? exportados/.exec(done);
    expect(counted, done).not.toBeNull();
    figures.documents += Number(counted![1]);
    figures.events += Number(counted![2]);
    await expect(page.getByTestId('export-missing')).toHaveCount(0);
    figures.names.push(...Object.keys(zip));
    const total = strFromU8(zip['resumo.csv']!).trim().split('\r\n').at(-1)!.split(';');
    expect(total[0]).toBe('Total de frete (CT-e e CT-e OS autorizados)');
    const [frete, icms, declarado] = total.slice(10, 13).map((v) => Number(v.replace(',', '.')));
    figures.frete = Math.round((figures.frete + frete!) * 100) / 100;
    figures.icms = Math.round((figures.icms + icms!) * 100) / 100;
    figures.declarado = Math.round((figures.declarado + declarado!) * 100) / 100;
  }
  await page.keyboard.press('Escape');
  return figures;
}
