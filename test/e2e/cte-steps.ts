// The Emitir CT-e steps a user completes after the NF-e filled the parties, the route and the keys
// (from an imported XML or from inbox notes): CFOP, values, ICMS, cargo, RNTRC, then the review.
// Shared by the CT-e and the inbox end-to-end tests; each step may add its own checks.
import type { Page } from './fixtures';
import { expect } from './fixtures';

export type CteStepKey = 'geral' | 'partes' | 'valores' | 'impostos' | 'carga' | 'modal' | 'revisao';

export async function step(page: Page, key: CteStepKey | 'documentos'): Promise<void> {
  await page.locator(`[data-step="${key}"]`).click();
}

export interface CteFill {
  /**
   * Where the route starts and ends: same UF → 5xxx, otherwise 6xxx; 353 when it starts in the
   * carrier's UF, 932 when it starts elsewhere (MOC CT-e Anexo I G050–G052).
   */
  ufIni: string;
  ufFim: string;
  /** The carrier's UF: the demonstração company is in São Paulo. */
  companyUf?: string;
  /** The freight value as typed (pt-BR), the ICMS rate and the vICMS text it must show. */
  valor?: string;
  pICMS?: string;
  vICMS?: string;
  proPred?: string;
  rntrc?: string;
  /** Checks (and screenshots) run once each step is filled, before moving on. */
  after?: Partial<Record<CteStepKey, () => Promise<void>>>;
}

/** The CFOP of a freight from `ufIni` to `ufFim` by a carrier of `companyUf` (demo: SP). */
export function cfopFor(ufIni: string, ufFim: string, companyUf = 'SP'): string {
  return `${ufIni === ufFim ? '5' : '6'}${ufIni === companyUf ? '353' : '932'}`;
}

/** Completes the remaining required steps and stops on the review, with no field left to correct. */
export async function completeCteSteps(page: Page, fill: CteFill): Promise<void> {
  const valor = fill.valor ?? '1.500,00';
  const after = async (key: CteStepKey) => fill.after?.[key]?.();

  await step(page, 'geral');
  await page.locator('#f-geral-cfop').fill(cfopFor(fill.ufIni, fill.ufFim, fill.companyUf));
  await after('geral');

  await step(page, 'partes');
  // The state registrations come from the NF-e as they are and must pass the IE check.
  await expect(page.locator('[data-step="partes"] .steps__count')).toHaveCount(0);
  await after('partes');

  await step(page, 'valores');
  await page.locator('#f-valores-componentes-0-vComp').fill(valor);
  await page.locator('#f-valores-vTPrest').fill(valor);
  await page.locator('#f-valores-vRec').fill(valor);
  await expect(page.getByTestId('soma-componentes')).toContainText('confere com o total');
  await after('valores');

  await step(page, 'impostos');
  await page.locator('#f-impostos-icms-pICMS').fill(fill.pICMS ?? '12');
  await expect(page.getByTestId('vicms')).toContainText(fill.vICMS ?? '180,00');
  await after('impostos');

  await step(page, 'carga');
  await page.locator('#f-carga-proPred').fill(fill.proPred ?? 'MERCADORIAS DIVERSAS');
  await after('carga');

  await step(page, 'modal');
  await page.locator('#f-rodoviario-rntrc').fill(fill.rntrc ?? '12345678');
  await after('modal');

  await step(page, 'revisao');
  await expect(page.locator('.steps__count')).toHaveCount(0);
  await after('revisao');
}

/** "Emitir" on the review, then the outcome screen with the authorized CT-e's key. */
export async function issueAuthorized(page: Page): Promise<void> {
  await page.getByTestId('emitir').click();
  await expect(page.getByTestId('issue-result')).toContainText('autorizado', { timeout: 30_000 });
  await expect(page.getByTestId('chave')).toHaveText(/^(\d{4} ){10}\d{4}$/);
}
