import { demoCompany } from '../../electron/app/demo';
import type { Page } from './fixtures';
import { expect, test } from './fixtures';
import { shot } from './shots';

// Emitir CT-e OS in demonstração mode: a passenger fretamento from Campinas (SP) to Florianópolis
// (SC) through PR, filled step by step (percurso, tomador, federal taxes, seguro, TAF, vehicle,
// eventual fretamento), previewed and issued through the embedded sandbox; the authorized CT-e OS
// opens its lifecycle screen. A screenshot of each step is attached.

test.setTimeout(120_000);

async function step(page: Page, key: string): Promise<void> {
  await page.locator(`[data-step="${key}"]`).click();
}

async function pick(page: Page, selectId: string, option: string): Promise<void> {
  await page.locator(`#${selectId}`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A Brasília date-time three days ahead, as a datetime-local input takes it. */
/** Three days ahead as the field shows Brasília wall time: 'dd/mm/aaaa hh:mm'. */
function tripLocal(): string {
  const [day, time] = new Date(Date.now() + 3 * 86_400_000 - 3 * 3_600_000)
    .toISOString()
    .slice(0, 16)
    .split('T');
  return `${day!.split('-').reverse().join('/')} ${time}`;
}

test('a CT-e OS of passenger transport: every step, preview, issue, lifecycle screen', async ({
  page,
  openApp,
}, testInfo) => {
  // The CT-e OS requires the emitter's state registration: the demo company has one from the start.
  expect(demoCompany.inscricao_estadual).toBe('110042490114');

  await openApp('/emitir-cteos');
  await expect(page.getByRole('heading', { level: 1, name: 'Emitir CT-e OS' })).toBeVisible();
  await shot(page, testInfo, '01-dados-gerais-vazio');

  await page.locator('#f-geral-cfop').fill('6357');
  await page.locator('#f-geral-inicio-cMun').fill('3509502');
  await page.locator('#f-geral-inicio-xMun').fill('Campinas');
  await page.locator('#f-geral-fim-cMun').fill('4205407');
  await page.locator('#f-geral-fim-xMun').fill('Florianópolis');
  await page.getByTestId('add-uf').click();
  await pick(page, 'f-geral-percurso-0', 'PR — Paraná');
  await expect(page.locator('[data-path="geral.cfop"] small')).toContainText('entre UFs');
  await shot(page, testInfo, '02-dados-gerais');

  await step(page, 'tomador');
  await page.locator('#f-tomador-cpfCnpj').fill('04.252.011/0001-10');
  await page.locator('#f-tomador-xNome').fill('Escola Boa Viagem Ltda');
  await page.locator('#f-tomador-endereco-xLgr').fill('Rua das Flores');
  await page.locator('#f-tomador-endereco-nro').fill('100');
  await page.locator('#f-tomador-endereco-xBairro').fill('Centro');
  await page.locator('#f-tomador-endereco-cMun').fill('3509502');
  await page.locator('#f-tomador-endereco-xMun').fill('Campinas');
  await shot(page, testInfo, '03-tomador');

  await step(page, 'valores');
  await page.locator('#f-valores-componentes-0-vComp').fill('1.200,00');
  await page.locator('#f-valores-vTPrest').fill('1.200,00');
  await page.locator('#f-valores-vRec').fill('1.200,00');
  await expect(page.getByTestId('soma-componentes')).toContainText('confere com o total');
  await shot(page, testInfo, '04-valores');

  await step(page, 'impostos');
  await page.locator('#f-impostos-icms-pICMS').fill('12');
  await expect(page.getByTestId('vicms')).toContainText('144,00');
  // A company tomador of passenger transport: the federal taxes open by themselves for the INSS.
  await page.locator('#f-impostos-tributosFederais-vINSS').fill('132,00');
  await page.locator('#f-impostos-tributosFederais-vPIS').fill('7,80');
  await shot(page, testInfo, '05-impostos');

  await step(page, 'servico');
  await page.locator('#f-servico-xDescServ').fill('FRETAMENTO EVENTUAL');
  await page.locator('#f-servico-qCarga').fill('40');
  await page.getByTestId('add-seguro').click();
  await page.locator('#f-seguro-0-xSeg').fill('Seguradora Estrada');
  await page.locator('#f-seguro-0-nApol').fill('AP-2026-77');
  await shot(page, testInfo, '06-servico');

  await step(page, 'modal');
  await expect(page.getByTestId('registro-hint')).toHaveText('Pessoas entre UFs: informe o TAF.');
  await page.locator('#f-rodoviario-taf').fill('123456789012');
  await pick(page, 'f-rodoviario-fretamento', 'Eventual (uma viagem)');
  await page.locator('#f-rodoviario-fretamento-dhViagem').fill(tripLocal());
  await page.getByTestId('veiculo-on').click();
  await page.locator('#f-rodoviario-placa').fill('ABC1D23');
  await shot(page, testInfo, '07-modal');

  await step(page, 'observacoes');
  await page.locator('#f-observacoes-xObs').fill('Saída às 7h da escola.');
  await shot(page, testInfo, '08-observacoes');

  await step(page, 'revisao');
  await expect(page.locator('.steps__count')).toHaveCount(0);
  const preview = page.frameLocator('[data-testid="dacte-preview"]');
  await expect(preview.locator('body')).toContainText('FLORIANÓPOLIS', { ignoreCase: true, timeout: 15_000 });
  await shot(page, testInfo, '09-revisao');

  await page.getByTestId('emitir-cteos').click();
  await expect(page).toHaveURL(/#\/emitir-cte\/documento\/cteos\//, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('CT-e OS');
  await shot(page, testInfo, '10-documento');
});
