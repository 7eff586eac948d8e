// How many inputs a clerk spends on a CT-e, counted on the real UI in Chromium (browser host):
// every fill (a field typed) and every click, file pick or selection is one input. Shared by the
// end-to-end spec (ux-inputs.spec.ts, which asserts the goals) and the bench area `ux`.
//
// - repeat CT-e: a new NF-e between a remetente and destinatário the company already carried for
//   (the demonstração's month has them) — issue #19 goal: at most 8 inputs;
// - first CT-e of a fresh demo: an NF-e between parties never carried for.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

import { DEMO_PARTIES } from '../../electron/app/demo-month';
import type { NfeSpec } from '../support/nfe-xml';
import { nfeXml } from '../support/nfe-xml';

/** The Playwright actions a flow makes, each counted as one input of the clerk. */
export class InputCounter {
  readonly log: string[] = [];

  get count(): number {
    return this.log.length;
  }

  async click(target: Locator, what: string): Promise<void> {
    this.log.push(`clique: ${what}`);
    await target.click();
  }

  async fill(target: Locator, value: string, what: string): Promise<void> {
    this.log.push(`digitar: ${what}`);
    await target.fill(value);
  }

  async pickFile(target: Locator, file: string, what: string): Promise<void> {
    this.log.push(`escolher arquivo: ${what}`);
    await target.setInputFiles(file);
  }
}

export interface FlowResult {
  inputs: number;
  log: string[];
  status: string;
}

async function withNfeFile<T>(spec: NfeSpec, run: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'carreta-ux-'));
  try {
    const note = nfeXml(spec);
    const file = path.join(dir, `${note.chave}-nfe.xml`);
    await writeFile(file, note.xml, 'utf8');
    return await run(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const step = (page: Page, key: string) => page.locator(`[data-step="${key}"]`);

/** "Emitir" on the review, and the outcome the clerk reads. */
async function send(page: Page, ux: InputCounter): Promise<string> {
  await expect(page.locator('.steps__count'), 'no step left with a field to correct').toHaveCount(0);
  await ux.click(page.getByTestId('emitir'), 'Emitir');
  const result = page.getByTestId('issue-result');
  await expect(result).toContainText(/autorizado|rejeitado|erro/, { timeout: 30_000 });
  return (await result.textContent())?.includes('autorizado') ? 'autorizado' : 'não autorizado';
}

/**
 * A repeat CT-e: the shipper of packaging in Jundiaí sends a new load to the supermarket in Santos
 * (the month has their CT-e). Starts on any screen of the open app.
 */
export async function repeatCteFlow(page: Page, numero = 8101): Promise<FlowResult> {
  const ux = new InputCounter();
  const spec = {
    emit: DEMO_PARTIES.embalagens,
    dest: DEMO_PARTIES.supermercados,
    numero,
    vNF: 50_800,
    pesoB: 6050,
    qVol: 302,
  };
  const status = await withNfeFile(spec, async (file) => {
    await ux.click(page.getByTestId('nav-emitir-cte'), 'menu Emitir CT-e');
    await ux.click(step(page, 'documentos'), 'passo Documentos');
    await ux.pickFile(page.getByTestId('nfe-xml'), file, 'XML da NF-e');
    await expect(page.getByTestId('import-repeated')).toBeVisible();
    await ux.click(step(page, 'revisao'), 'passo Revisão');
    return send(page, ux);
  });
  return { inputs: ux.count, log: ux.log, status };
}

/**
 * The first CT-e of a fresh demo: an NF-e between a shipper and a buyer never carried for (no CT-e
 * to repeat), so the clerk types the freight and the product.
 */
export async function firstCteFlow(page: Page, numero = 8201): Promise<FlowResult> {
  const ux = new InputCounter();
  const spec = {
    emit: DEMO_PARTIES.papel,
    dest: DEMO_PARTIES.atacado,
    numero,
    vNF: 23_400,
    pesoB: 4200,
    qVol: 210,
  };
  const status = await withNfeFile(spec, async (file) => {
    await ux.click(page.getByTestId('nav-emitir-cte'), 'menu Emitir CT-e');
    await ux.click(step(page, 'documentos'), 'passo Documentos');
    await ux.pickFile(page.getByTestId('nfe-xml'), file, 'XML da NF-e');
    await expect(page.getByTestId('import-report')).toContainText('1 chave adicionada');
    await ux.click(step(page, 'valores'), 'passo Valores');
    await ux.fill(page.locator('#f-valores-componentes-0-vComp'), '2.350,00', 'valor do componente');
    await ux.fill(page.locator('#f-valores-vTPrest'), '2.350,00', 'valor total da prestação');
    await ux.fill(page.locator('#f-valores-vRec'), '2.350,00', 'valor a receber');
    await ux.click(step(page, 'carga'), 'passo Carga');
    await ux.fill(page.locator('#f-carga-proPred'), 'Papel cartão', 'produto predominante');
    await ux.click(step(page, 'revisao'), 'passo Revisão');
    return send(page, ux);
  });
  return { inputs: ux.count, log: ux.log, status };
}

/**
 * The second MDF-e of the demo truck (issue #25 goal: at most 6 inputs): two CT-e just issued and
 * averbados by themselves are the newest rows of Documentos; picked there, "Emitir MDF-e" opens the
 * form filled from them and from the company's last MDF-e (truck, drivers, RNTRC) and the averbação
 * (insurer, policy, averbação numbers); the clerk only reviews and sends.
 */
export async function repeatMdfeFlow(page: Page): Promise<FlowResult> {
  const ux = new InputCounter();
  await ux.click(page.getByTestId('nav-documentos'), 'menu Documentos');
  const rows = page.getByTestId('doc-table').locator('tbody tr').filter({ hasNotText: 'MDF-e' });
  await expect(rows.nth(1)).toBeVisible({ timeout: 20_000 });
  // Both averbados before the clerk picks them (the queue works right after authorization).
  await expect(rows.nth(0).getByTestId('doc-averbacao')).toContainText('Averbado', { timeout: 20_000 });
  await expect(rows.nth(1).getByTestId('doc-averbacao')).toContainText('Averbado', { timeout: 20_000 });
  await ux.click(rows.nth(0).locator('.p-checkbox'), 'marcar o 1º CT-e');
  await ux.click(rows.nth(1).locator('.p-checkbox'), 'marcar o 2º CT-e');
  await ux.click(page.getByTestId('batch-mdfe'), 'Emitir MDF-e (2 CT-e)');
  await expect(page.getByTestId('mdfe-documentos').locator('tbody tr')).toHaveCount(2, { timeout: 20_000 });
  await ux.click(page.locator('[data-step="revisao"]'), 'passo Revisão');
  await expect(page.locator('.steps__count'), 'no step left with a field to correct').toHaveCount(0);
  await ux.click(page.getByTestId('emitir-mdfe'), 'Emitir MDF-e');
  const outcome = page.getByTestId('mdfe-outcome');
  const status = await outcome
    .getByText(/MDF-e autorizado/)
    .waitFor({ timeout: 60_000 })
    .then(
      () => 'autorizado',
      () => 'não autorizado',
    );
  return { inputs: ux.count, log: ux.log, status };
}
