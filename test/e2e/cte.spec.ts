import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { TestInfo } from '@playwright/test';

import { DEMO_CNPJ, demoCompany } from '../../electron/app/demo';
import { generateNote } from '../../electron/sandbox/nfe/generator';
import type { Page } from './fixtures';
import { expect, test } from './fixtures';

// Emitir CT-e in demonstração mode: an NF-e where the demo company is the carrier is imported as
// XML, the form is completed step by step, previewed and issued through the embedded sandbox; then
// the DACTE is saved as PDF, a correction letter is sent and the CT-e is cancelled.

test.setTimeout(120_000);

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

function carrierNote() {
  const e = demoCompany.endereco;
  return generateNote({
    company: {
      cnpj: DEMO_CNPJ,
      nome: demoCompany.nome_razao_social,
      logradouro: e.logradouro,
      numero: e.numero,
      bairro: e.bairro,
      codigoMunicipio: e.codigo_municipio,
      cidade: e.cidade,
      uf: e.uf,
      cep: e.cep,
    },
    role: 'transportador',
    tpAmb: 2,
    seed: 'e2e-cte-1',
    dhEmi: new Date(Date.now() - 2 * 3_600_000),
    dhRecbto: new Date(Date.now() - 2 * 3_600_000 + 60_000),
  });
}

async function openPanel(page: Page, header: string): Promise<void> {
  await page.locator('.p-panel-header', { hasText: header }).getByRole('button').click();
}

async function step(page: Page, key: string): Promise<void> {
  await page.locator(`[data-step="${key}"]`).click();
}

test('a CT-e from an NF-e XML: import, preview, issue, PDF, correction and cancellation', async ({
  page,
  openApp,
}, testInfo) => {
  const note = carrierNote();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'carreta-e2e-nfe-'));
  const xmlFile = path.join(dir, `${note.chave}-nfe.xml`);
  await writeFile(xmlFile, note.nfeProcXml, 'utf8');
  try {
    await openApp('/emitir-cte');
    await expect(page.getByRole('heading', { level: 1, name: 'Emitir CT-e' })).toBeVisible();
    await shot(page, testInfo, '01-dados-gerais-vazio');

    await step(page, 'documentos');
    await page.getByTestId('nfe-xml').setInputFiles(xmlFile);
    await expect(page.getByTestId('import-report')).toContainText('1 chave(s) adicionada(s)');
    await expect(page.getByTestId('nfe-keys')).toContainText('4');
    await shot(page, testInfo, '02-documentos-importados');

    await step(page, 'geral');
    const ufIni = note.content.emit.mun.uf;
    const ufFim = note.content.dest.mun.uf;
    await page.locator('#f-geral-cfop').fill(ufIni === ufFim ? '5353' : '6353');
    await expect(page.locator('#f-geral-inicio-cMun')).toHaveValue(note.content.emit.mun.ibge);
    await shot(page, testInfo, '03-dados-gerais');

    await step(page, 'partes');
    await expect(page.locator('#f-remetente-xNome')).toHaveValue(note.content.emit.xNome);
    // The state registrations come from the NF-e as they are and must pass the IE check.
    await expect(page.locator('[data-step="partes"] .steps__count')).toHaveCount(0);
    await shot(page, testInfo, '04-partes');

    await step(page, 'valores');
    await page.locator('#f-valores-componentes-0-vComp').fill('1.500,00');
    await page.locator('#f-valores-vTPrest').fill('1.500,00');
    await page.locator('#f-valores-vRec').fill('1.500,00');
    await expect(page.getByTestId('soma-componentes')).toContainText('confere com o total');
    await shot(page, testInfo, '05-valores');

    await step(page, 'impostos');
    await page.locator('#f-impostos-icms-pICMS').fill('12');
    await expect(page.getByTestId('vicms')).toContainText('180,00');
    await shot(page, testInfo, '06-impostos');

    await step(page, 'carga');
    await page.locator('#f-carga-proPred').fill('MERCADORIAS DIVERSAS');
    await shot(page, testInfo, '07-carga');

    await step(page, 'modal');
    await page.locator('#f-rodoviario-rntrc').fill('12345678');

    await step(page, 'revisao');
    await expect(page.locator('.steps__count')).toHaveCount(0);
    const preview = page.frameLocator('[data-testid="dacte-preview"]');
    await expect(preview.getByText(note.content.emit.xNome).first()).toBeVisible({ timeout: 20_000 });
    await shot(page, testInfo, '08-revisao');

    await page.getByTestId('emitir').click();
    await expect(page.getByTestId('issue-result')).toContainText('autorizado', { timeout: 30_000 });
    await expect(page.getByTestId('chave')).toHaveText(/^(\d{4} ){10}\d{4}$/);
    await shot(page, testInfo, '09-autorizado');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Salvar PDF' }).click();
    const pdf = await readFile(await (await download).path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await page.getByRole('button', { name: 'Abrir' }).click();
    await expect(page.getByTestId('status')).toHaveText('autorizado');

    await openPanel(page, 'Carta de correção');
    await page.getByLabel('Novo valor 1').fill('NATUREZA CORRIGIDA');
    await page.getByTestId('send-correction').click();
    await expect(page.getByText('(a última prevalece)')).toBeVisible({ timeout: 20_000 });
    await shot(page, testInfo, '10-correcao');

    await openPanel(page, 'Cancelar');
    await expect(page.getByTestId('cancel-window')).toContainText('dias');
    await page.locator('#justificativa').fill('Frete lançado em duplicidade pelo operador');
    await expect(page.getByTestId('cancel-counter')).toHaveText('42/255 caracteres');
    await page.getByTestId('confirm-cancel').click();
    await expect(page.getByTestId('status')).toHaveText('cancelado', { timeout: 20_000 });
    await shot(page, testInfo, '11-cancelado');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
