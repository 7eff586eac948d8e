// A carga lotação in demonstração mode, through the real UI: one CT-e issued from an NF-e XML,
// picked alone in Documentos; "Emitir MDF-e" shows the Carga lotação block with the CEPs of the
// CT-e's remetente and destinatário, a wrong CEP is named in Portuguese, the unloading place is
// given by coordinates, the NCM is found by description, the tipo de transportador is chosen, the
// payment block opens pre-filled from the CT-e (NT 2025.001) — removed, the MDF-e is stopped before
// sending with the 302 message — and the MDF-e is authorized.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { DEMO_CNPJ, demoCompany } from '../../electron/app/demo';
import { generateNote } from '../../electron/sandbox/nfe/generator';
import { completeCteSteps, issueAuthorized, step } from './cte-steps';
import type { Page } from './fixtures';
import { expect, test } from './fixtures';
import { shot } from './shots';

test.setTimeout(240_000);

async function pick(page: Page, testid: string, option: string | RegExp): Promise<void> {
  await page.getByTestId(testid).click();
  await page.getByRole('option', { name: option }).first().click();
}

const cepText = (cep: string) => {
  const d = cep.replace(/\D/g, '');
  return `${d.slice(0, 5)}-${d.slice(5)}`;
};

test('one CT-e is a carga lotação: the CEPs come from the CT-e, coordinates are checked, tpTransp is sent', async ({
  page,
  openApp,
}, testInfo) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'carreta-e2e-lotacao-'));
  try {
    const e = demoCompany.endereco;
    const note = generateNote({
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
      seed: 'e2e-mdfe-lotacao',
      dhEmi: new Date(Date.now() - 2 * 3_600_000),
      dhRecbto: new Date(Date.now() - 2 * 3_600_000 + 60_000),
    });
    const xmlFile = path.join(dir, `${note.chave}-nfe.xml`);
    await writeFile(xmlFile, note.nfeProcXml, 'utf8');
    await openApp('/emitir-cte');
    await step(page, 'documentos');
    await page.getByTestId('nfe-xml').setInputFiles(xmlFile);
    await expect(page.getByTestId('import-report')).toContainText('1 chave adicionada;');
    await completeCteSteps(page, { ufIni: note.content.emit.mun.uf, ufFim: note.content.dest.mun.uf });
    await issueAuthorized(page);

    // Documentos: the CT-e alone → Emitir MDF-e.
    await page.getByTestId('nav-documentos').click();
    const rows = page.getByTestId('doc-table').locator('tbody tr').filter({ hasNotText: 'MDF-e' });
    await expect(rows.nth(1)).toBeVisible({ timeout: 20_000 });
    await rows.nth(0).locator('.p-checkbox').click();
    await expect(page.getByTestId('batch-mdfe')).toContainText('Emitir MDF-e (1 CT-e)');
    await page.getByTestId('batch-mdfe').click();
    await expect(page.getByTestId('mdfe-documentos').locator('tbody tr')).toHaveCount(1, { timeout: 20_000 });

    const lotacao = page.getByTestId('mdfe-lotacao');
    await expect(lotacao).toBeVisible();
    const carrega = page.getByTestId('mdfe-lotacao-carrega-cep');
    const descarga = page.getByTestId('mdfe-lotacao-descarga-cep');
    // The NF-e's emitente and destinatário became the CT-e's remetente and destinatário.
    await expect(carrega).toHaveValue(cepText(note.content.emit.cep));
    await expect(descarga).toHaveValue(cepText(note.content.dest.cep));
    await shot(page, testInfo, '01-carga-lotacao');

    await carrega.fill('123');
    await carrega.press('Tab');
    await expect(page.locator('[data-path="lotacao.carrega.cep"] [role="alert"]')).toContainText(
      'CEP do local de carregamento: informe os 8 dígitos',
    );
    await carrega.fill(cepText(note.content.emit.cep));
    await pick(page, 'mdfe-lotacao-descarga-modo', 'Latitude e longitude');
    await page.getByTestId('mdfe-lotacao-descarga-latitude').fill('-95');
    await page.getByTestId('mdfe-lotacao-descarga-longitude').fill('-46,633308');
    await page.getByTestId('mdfe-lotacao-descarga-longitude').press('Tab');
    await expect(page.locator('[data-path="lotacao.descarga.latitude"] [role="alert"]')).toContainText(
      'latitude do local de descarregamento: graus decimais entre -90 e 90',
    );
    await page.getByTestId('mdfe-lotacao-descarga-latitude').fill('-23,550520');
    await page.getByTestId('mdfe-lotacao-descarga-latitude').press('Tab');
    await expect(page.locator('[data-path="lotacao.descarga.latitude"] [role="alert"]')).toHaveCount(0);
    await shot(page, testInfo, '02-coordenadas');

    // NT 2025.001 (301): a carga lotação needs the NCM; this NF-e is not in the inbox, so it is
    // searched by description and picked.
    await expect(page.locator('[data-path="produto.ncm"]')).toContainText('Obrigatório em carga lotação');
    await page.getByTestId('mdfe-ncm-busca').fill('açúcar');
    await page
      .getByTestId('mdfe-ncm-resultados')
      .getByRole('button', { name: /^17 Açúcares/ })
      .click();
    await expect(page.getByTestId('mdfe-ncm')).toHaveValue('17');
    await expect(page.locator('[data-path="produto.ncm"]')).toContainText('Capítulo 17: Açúcares');

    await page.locator('[data-step="veiculo"]').click();
    // The form starts from the last MDF-e's truck: a new one is typed over it.
    await page.locator('#f-veiculo-placa').fill('LOT1A23');
    await page.locator('#f-veiculo-tara').press('ControlOrMeta+a');
    await page.locator('#f-veiculo-tara').pressSequentially('8500');
    await page.locator('#f-veiculo-tara').press('Tab');
    await pick(page, 'veiculo-tpRod', 'Cavalo mecânico');
    await pick(page, 'veiculo-uf', /^SP/);
    await page.locator('#f-condutores-0-nome').fill('JOSE DA SILVA');
    await page.locator('#f-condutores-0-cpf').fill('529.982.247-25');
    await page.locator('#f-rntrc').fill('12345678');
    // TAC with the company's own vehicle: named before SEFAZ answers 457.
    await pick(page, 'mdfe-tp-transp', /^TAC/);
    await expect(page.locator('[data-path="tpTransp"] [role="alert"]')).toContainText('457');
    await pick(page, 'mdfe-tp-transp', /^ETC/);
    await expect(page.locator('[data-path="tpTransp"] [role="alert"]')).toHaveCount(0);
    await shot(page, testInfo, '03-veiculo-tipo-transportador');

    await page.locator('[data-step="seguro"]').click();
    await page.locator('#f-seguros-0-seguradora').fill('SEGURADORA EXEMPLO');
    await page.locator('#f-seguros-0-cnpjSeguradora').fill('33.000.167/0001-01');
    await page.locator('#f-seguros-0-apolice').fill('1234567890');
    await page.locator('#f-seguros-0-averbacoes').fill('0001234567890');

    // The payment block opened pre-filled from the CT-e (NT 2025.001, 302): the tomador pays, one
    // "04 – Frete" component with the CT-e's vTPrest, à vista, into the company's last payee's
    // account (the demonstração month's trips: banco 001, agência 3378); the contratante is the tomador.
    const pagamento = page.getByTestId('pagamento-0');
    await expect(pagamento).toBeVisible();
    await expect(page.locator('#f-pagamentos-0-cpfCnpj')).not.toHaveValue('');
    await expect(page.locator('[data-path="pagamentos.0.componentes.0.tipo"]')).toContainText('04 – Frete');
    await expect(page.locator('#f-pagamentos-0-componentes-0-valor')).not.toHaveValue('');
    await expect(page.locator('[data-path="pagamentos.0.indPag"]')).toContainText('À vista');
    await expect(page.locator('#f-pagamentos-0-banco')).toHaveValue('001');
    await expect(page.locator('#f-pagamentos-0-agencia')).toHaveValue('3378');
    await expect(page.locator('#f-contratantes-0-cpfCnpj')).toHaveValue(
      await page.locator('#f-pagamentos-0-cpfCnpj').inputValue(),
    );
    await shot(page, testInfo, '04-pagamento-preenchido');

    // Without the payment the MDF-e is stopped before sending, with the 302 message at the block.
    await page.getByTestId('pagamento-0-tirar').click();
    await page.locator('[data-step="revisao"]').click();
    await page.getByTestId('emitir-mdfe').click();
    await expect(page.getByTestId('mdfe-problem')).toContainText('a corrigir');
    await expect(page.getByTestId('mdfe-pagamento-erro')).toContainText(
      'pagamento do frete: obrigatório em carga lotação, o MDF-e com um só documento (a SEFAZ rejeita com 302)',
    );
    await expect(page.getByTestId('mdfe-outcome')).toHaveCount(0);
    await shot(page, testInfo, '05-sem-pagamento-302');
    // Given again (pre-filled the same way), it goes.
    await page.getByTestId('mdfe-pagamento-adicionar').click();
    await expect(page.locator('#f-pagamentos-0-banco')).toHaveValue('001');
    await expect(page.getByTestId('mdfe-pagamento-erro')).toHaveCount(0);
    await page.locator('[data-step="revisao"]').click();
    await expect(page.locator('.steps__count')).toHaveCount(0);
    const preview = page.frameLocator('[data-testid="damdfe-preview"]');
    await expect(preview.getByText('PRÉ-VISUALIZAÇÃO — SEM VALOR FISCAL')).toBeVisible({ timeout: 30_000 });
    await expect(preview.getByText('1 – ETC', { exact: true })).toBeVisible();
    await page.getByTestId('emitir-mdfe').click();
    await expect(page.getByTestId('mdfe-outcome')).toContainText('MDF-e autorizado', { timeout: 60_000 });
    await shot(page, testInfo, '06-mdfe-autorizado');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
