import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { DEMO_CNPJ, demoCompany } from '../../electron/app/demo';
import { generateNote } from '../../electron/sandbox/nfe/generator';
import type { Page } from './fixtures';
import { expect, test } from './fixtures';
import { shot } from './shots';

// Emitir CT-e simplificado in demonstração mode: three NF-e XML (one supplier in Londrina/PR, one
// buyer in Rio de Janeiro/RJ) become one delivery; a second delivery is added by hand with a typed
// key; values, ICMS and cargo are completed, the preview shown and the document issued through the
// embedded sandbox, landing on the document's screen.

test.setTimeout(120_000);

const e = demoCompany.endereco;
const note = (seed: string) =>
  generateNote({
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
    seed,
    dhEmi: new Date(Date.now() - 2 * 3_600_000),
    dhRecbto: new Date(Date.now() - 2 * 3_600_000 + 60_000),
  });

async function step(page: Page, key: string): Promise<void> {
  await page.locator(`[data-step="${key}"]`).click();
}

test('a CT-e simplificado from three NF-e XML plus a typed delivery: import, values, preview, issue', async ({
  page,
  openApp,
}, testInfo) => {
  // Seeds whose supplier is in Londrina/PR and whose buyer is in Rio de Janeiro/RJ.
  const notes = ['simp-7', 'simp-18', 'simp-20'].map(note);
  for (const n of notes) {
    expect(`${n.content.emit.mun.uf}->${n.content.dest.mun.uf}`).toBe('PR->RJ');
  }
  const typed = note('simp-3');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'carreta-e2e-simp-'));
  const files = await Promise.all(
    notes.map(async (n) => {
      const file = path.join(dir, `${n.chave}-nfe.xml`);
      await writeFile(file, n.nfeProcXml, 'utf8');
      return file;
    }),
  );
  try {
    await openApp('/emitir-cte-simp');
    await expect(page.getByRole('heading', { level: 1, name: 'Emitir CT-e simplificado' })).toBeVisible();
    await shot(page, testInfo, '01-dados-gerais-vazio');

    await step(page, 'entregas');
    await page.getByTestId('simp-nfe-xml').setInputFiles(files);
    await expect(page.getByTestId('simp-import-report')).toContainText('3 NF-e incluídas em 1 nova entrega');
    const first = page.getByTestId('simp-entrega-row-0');
    await expect(first).toContainText('Londrina/PR → Rio de Janeiro/RJ');
    // Homologação notes carry a fixed recipient name: the row names the recipient by CNPJ.
    await expect(first).toContainText(
      notes[0]!.content.dest.cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5'),
    );
    await page.locator('#f-entregas-0-vPrest').fill('900,00');
    await page.locator('#f-entregas-0-vRec').fill('900,00');

    await page.getByTestId('simp-add-entrega').click();
    await page.locator('#f-entregas-1-destino-cMun').fill('3303302');
    await page.locator('#f-entregas-1-destino-xMun').fill('Niterói');
    const bad = typed.chave.slice(0, 43) + String((Number(typed.chave[43]) + 1) % 10);
    await page.getByTestId('entrega-chave').fill(bad);
    await expect(page.getByTestId('entrega-1')).toContainText('Chave inválida');
    await page.getByTestId('entrega-chave').fill(typed.chave);
    await expect(page.getByTestId('entrega-1')).toContainText('Chave válida');
    await page.getByTestId('entrega-incluir').click();
    await page.locator('#f-entregas-1-vPrest').fill('350,50');
    await page.locator('#f-entregas-1-vRec').fill('350,50');
    await expect(page.getByTestId('simp-total-prest')).toContainText('1.250,50');
    await expect(page.locator('[data-step="entregas"] .steps__count')).toHaveCount(0);
    await shot(page, testInfo, '02-entregas-editor');
    await page.getByTestId('simp-entregas').scrollIntoViewIfNeeded();
    await shot(page, testInfo, '02-entregas-tabela');

    await step(page, 'geral');
    // From Londrina/PR, by the demonstração carrier of SP: a service started in another UF (G051).
    await page.locator('#f-geral-cfop').fill('6932');
    await page.locator('#f-rodoviario-rntrc').fill('12345678');
    await shot(page, testInfo, '03-dados-gerais');

    await step(page, 'tomador');
    await expect(page.locator('#f-tomador-xNome')).toHaveValue(notes[0]!.content.emit.xNome);
    await shot(page, testInfo, '04-tomador');

    await step(page, 'carga');
    await page.locator('#f-carga-proPred').fill('MERCADORIAS DIVERSAS');
    await shot(page, testInfo, '05-carga');

    await step(page, 'impostos');
    await page.locator('#f-impostos-icms-pICMS').fill('12');
    await expect(page.getByTestId('vicms')).toContainText('150,06');
    await shot(page, testInfo, '06-impostos');

    await step(page, 'revisao');
    await expect(page.locator('.steps__count')).toHaveCount(0);
    await expect(page.getByTestId('simp-resumo')).toContainText('2 (4 NF-e)');
    const preview = page.frameLocator('[data-testid="simp-preview"]');
    await expect(preview.locator('body')).toContainText('Niterói');
    await shot(page, testInfo, '07-revisao');

    await page.getByTestId('simp-emitir').click();
    await expect(page).toHaveURL(/#\/emitir-cte\/documento\/cte\//, { timeout: 30_000 });
    await expect(page.getByText('autorizado').first()).toBeVisible({ timeout: 30_000 });
    await shot(page, testInfo, '08-documento');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
