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
    // The total and the amount to be received follow the component (issue 26).
    await ux.fill(page.locator('#f-valores-componentes-0-vComp'), '2.350,00', 'valor do componente');
    await ux.click(step(page, 'carga'), 'passo Carga');
    await ux.fill(page.locator('#f-carga-proPred'), 'Papel cartão', 'produto predominante');
    await ux.click(step(page, 'revisao'), 'passo Revisão');
    return send(page, ux);
  });
  return { inputs: ux.count, log: ux.log, status };
}

/**
 * Key presses, counted as a keyboard-only clerk makes them: each key (Tab, Enter, an arrow,
 * Ctrl+Enter) is one, each character typed is one, and picking the file in the system's dialog is
 * one. `tabTo` presses Tab (or Shift+Tab) until the target has the focus, so the count is the real
 * distance of the page's Tab order, not a guess.
 */
export class KeyCounter {
  readonly log: string[] = [];
  presses = 0;
  tabs = 0;

  constructor(private readonly page: Page) {}

  async press(key: string, times = 1): Promise<void> {
    for (let i = 0; i < times; i += 1) {
      await this.page.keyboard.press(key);
      this.presses += 1;
      if (key === 'Tab' || key === 'Shift+Tab') this.tabs += 1;
    }
    this.log.push(times > 1 ? `${key} ×${times}` : key);
  }

  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
    this.presses += text.length;
    this.log.push(`digitar "${text}"`);
  }

  /** Tab (or Shift+Tab) until `target` holds the focus; fails past `max` presses. */
  async tabTo(target: Locator, what: string, backward = false, max = 300): Promise<void> {
    const key = backward ? 'Shift+Tab' : 'Tab';
    let n = 0;
    const focused = () =>
      target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
    while (!(await focused())) {
      if (n >= max) throw new Error(`${what}: não chegou com ${max} × ${key}`);
      await this.page.keyboard.press(key);
      n += 1;
    }
    this.presses += n;
    this.tabs += n;
    this.log.push(`${key} ×${n} até ${what}`);
  }

  /** Enter on a file field opens the system's dialog; choosing the file there is one press. */
  async pickFile(file: string): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.press('Enter');
    await (await chooser).setFiles(file);
    this.presses += 1;
    this.log.push('escolher arquivo');
  }
}

export interface KeyboardResult {
  keys: number;
  tabs: number;
  log: string[];
  status: string;
}

/**
 * The demo's first CT-e with the keyboard only (issue 26 item 3): the same NF-e of new parties as
 * `firstCteFlow`, from the Painel to the authorization, without the mouse. Ctrl+Enter sends from the
 * review.
 */
export async function keyboardCteFlow(page: Page, numero = 8301): Promise<KeyboardResult> {
  const keys = new KeyCounter(page);
  const spec = {
    emit: DEMO_PARTIES.papel,
    dest: DEMO_PARTIES.atacado,
    numero,
    vNF: 23_400,
    pesoB: 4200,
    qVol: 210,
  };
  const focusedStep = (key: string) => expect(step(page, key)).toBeFocused();
  const status = await withNfeFile(spec, async (file) => {
    await keys.tabTo(page.getByTestId('nav-emitir-cte'), 'menu Emitir CT-e');
    await keys.press('Enter');
    // The form opens with the focus in its first field; the steps are one stop above it.
    await expect(page.locator('#f-geral-cfop')).toBeFocused();
    await keys.press('Shift+Tab');
    await focusedStep('geral');
    await keys.press('ArrowRight', 5);
    await focusedStep('documentos');
    await keys.press('Enter');
    await expect(page.getByTestId('nfe-xml')).toBeFocused();
    await keys.pickFile(file);
    await expect(page.getByTestId('import-report')).toContainText('1 chave adicionada');
    await keys.press('Shift+Tab');
    await focusedStep('documentos');
    await keys.press('ArrowLeft', 3);
    await keys.press('Enter');
    await expect(page.locator('#f-valores-componentes-0-xNome')).toBeFocused();
    await keys.press('Tab');
    await keys.type('2350');
    // The total and the amount to be received follow the components.
    await expect(page.locator('#f-valores-vRec')).toHaveValue('2.350,00');
    await keys.press('Enter');
    await keys.press('Shift+Tab');
    await focusedStep('impostos');
    await keys.press('ArrowRight');
    await keys.press('Enter');
    await keys.tabTo(page.locator('#f-carga-proPred'), 'produto predominante');
    await keys.type('Papel cartão');
    await keys.press('Control+Enter');
    await expect(step(page, 'revisao')).toHaveAttribute('aria-current', 'step');
    await expect(page.locator('.steps__count'), 'no step left with a field to correct').toHaveCount(0);
    await keys.press('Control+Enter');
    const result = page.getByTestId('issue-result');
    await expect(result).toContainText(/autorizado|rejeitado|erro/, { timeout: 30_000 });
    return (await result.textContent())?.includes('autorizado') ? 'autorizado' : 'não autorizado';
  });
  return { keys: keys.presses, tabs: keys.tabs, log: keys.log, status };
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
