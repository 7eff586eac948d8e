// The demonstração's month spans the current calendar month and the previous one (its documents are
// dated over the last 30 days), so the Painel's figures are read for both and added up.
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

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
  const answer = page.waitForResponse((r) => r.url().includes('/api/invoke/') && r.url().includes('dashboard'));
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
