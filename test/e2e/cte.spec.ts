import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { DEMO_CNPJ, demoCompany } from '../../electron/app/demo';
import type { CommandEnvelope } from '../../electron/shared/errors';
import { generateNote } from '../../electron/sandbox/nfe/generator';
import { completeCteSteps, issueAuthorized, step } from './cte-steps';
import type { Page } from './fixtures';
import { expect, test } from './fixtures';
import { dceForm } from '../app/dce/fixtures';
import { shot } from './shots';

// Emitir CT-e in demonstração mode: an NF-e where the demo company is the carrier is imported as
// XML, the form is completed step by step, previewed and issued through the embedded sandbox; then
// the DACTE is saved as PDF, a correction letter is sent and the CT-e is cancelled.

test.setTimeout(120_000);

function carrierNote(seed = 'e2e-cte-1') {
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
    seed,
    dhEmi: new Date(Date.now() - 2 * 3_600_000),
    dhRecbto: new Date(Date.now() - 2 * 3_600_000 + 60_000),
  });
}

async function openPanel(page: Page, header: string): Promise<void> {
  await page.locator('.p-panel-header', { hasText: header }).getByRole('button').click();
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
    await expect(page.getByTestId('import-report')).toContainText('1 chave adicionada;');
    await expect(page.getByTestId('nfe-keys')).toContainText('4');
    await shot(page, testInfo, '02-documentos-importados');

    const preview = page.frameLocator('[data-testid="dacte-preview"]');
    await completeCteSteps(page, {
      ufIni: note.content.emit.mun.uf,
      ufFim: note.content.dest.mun.uf,
      after: {
        geral: async () => {
          await expect(page.locator('#f-geral-inicio-cMun')).toHaveValue(note.content.emit.mun.ibge);
          await shot(page, testInfo, '03-dados-gerais');
        },
        partes: async () => {
          await expect(page.locator('#f-remetente-xNome')).toHaveValue(note.content.emit.xNome);
          await shot(page, testInfo, '04-partes');
        },
        valores: () => shot(page, testInfo, '05-valores'),
        impostos: () => shot(page, testInfo, '06-impostos'),
        carga: () => shot(page, testInfo, '07-carga'),
        revisao: async () => {
          // Homologação (demo): the remetente prints as the MOC literal (Anexo I G002).
          await expect(
            preview.getByText('CTE EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL').first(),
          ).toBeVisible({ timeout: 20_000 });
          await shot(page, testInfo, '08-revisao');
        },
      },
    });

    await issueAuthorized(page);
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
    await expect(page.getByTestId('confirm-act')).toContainText('NATUREZA CORRIGIDA');
    await expect(page.getByTestId('confirm-act-irreversible')).toContainText('não pode ser desfeita');
    await page.getByTestId('confirm-act-yes').click();
    await expect(page.getByText('a última prevalece')).toBeVisible({ timeout: 20_000 });
    await shot(page, testInfo, '10-correcao');

    await openPanel(page, 'Cancelar');
    await expect(page.getByTestId('cancel-window')).toContainText('dias');
    await page.locator('#justificativa').fill('Frete lançado em duplicidade pelo operador');
    await expect(page.getByTestId('cancel-counter')).toHaveText('42/255 caracteres');
    // Cancelling asks first; going back leaves the CT-e authorized and nothing is sent.
    await page.getByTestId('confirm-cancel').click();
    const ask = page.getByTestId('confirm-act');
    await expect(ask).toContainText('Cancelar este CT-e?');
    await expect(ask).toContainText('“Frete lançado em duplicidade pelo operador”');
    await expect(ask).toContainText('O cancelamento não pode ser desfeito.');
    await shot(page, testInfo, '11-confirmar-cancelamento');
    await page.getByRole('button', { name: 'Voltar sem cancelar' }).click();
    await expect(ask).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('status')).toHaveText('autorizado');
    await openPanel(page, 'Cancelar');
    await page.locator('#justificativa').fill('Frete lançado em duplicidade pelo operador');
    await page.getByTestId('confirm-cancel').click();
    await page.getByTestId('confirm-act-yes').click();
    await expect(page.getByTestId('status')).toHaveText('cancelado', { timeout: 20_000 });
    await shot(page, testInfo, '11-cancelado');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('an imported NF-e without protocol: its warning stays on the review and Emitir waits for the acknowledgement', async ({
  page,
  openApp,
}, testInfo) => {
  const note = carrierNote('e2e-cte-sem-protocolo');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'carreta-e2e-nfe-'));
  const xmlFile = path.join(dir, `${note.chave}-nfe.xml`);
  // The nfeProc as another system may hand it out before the authorization: no protNFe.
  await writeFile(xmlFile, note.nfeProcXml.replace(/<protNFe[\s\S]*<\/protNFe>/, ''), 'utf8');
  try {
    await openApp('/emitir-cte');
    await step(page, 'documentos');
    await page.getByTestId('nfe-xml').setInputFiles(xmlFile);
    await expect(page.getByTestId('import-report')).toContainText('não tem protocolo de autorização');
    await completeCteSteps(page, { ufIni: note.content.emit.mun.uf, ufFim: note.content.dest.mun.uf });
    const warnings = page.getByTestId('nfe-warnings');
    await expect(warnings).toContainText(`(${note.chave}) não tem protocolo de autorização`);
    await expect(page.getByTestId('emitir')).toBeDisabled();
    await expect(page.getByTestId('emit-blocked')).toContainText('Há avisos sobre as NF-e importadas');
    await shot(page, testInfo, '12-avisos-nfe');
    await page.getByText('Li os avisos das NF-e importadas e quero emitir mesmo assim.').click();
    await expect(page.getByTestId('emitir')).toBeEnabled();
    await expect(page.getByTestId('emit-blocked')).toHaveCount(0);
    await issueAuthorized(page);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/** The agenda of one party panel: search, then pick the entry by its name. */
async function pickFromAgenda(page: Page, panel: RegExp, text: string, nome: string): Promise<void> {
  const box = page.locator('.p-panel').filter({ has: page.locator('.p-panel-header', { hasText: panel }) });
  await box.getByLabel('Buscar nos parceiros').fill(text);
  await box.getByRole('button', { name: 'Parceiros', exact: true }).click();
  await box.getByRole('button', { name: new RegExp(nome) }).click();
}

test('a CT-e carrying the company DC-e: partners from the agenda, DC-e picked, DACTE preview, issued', async ({
  page,
  openApp,
  webHost,
}, testInfo) => {
  await openApp('/emitir-cte');
  await expect(page.getByRole('heading', { level: 1, name: 'Emitir CT-e' })).toBeVisible();
  // A DC-e the company issued as carrier: its parties enter the address book, its key is offered.
  const envelope = (await webHost.app.dispatch('dce:issue', {
    company: DEMO_CNPJ,
    form: dceForm(),
  })) as CommandEnvelope<{ status: string; numero: number; document: { chave?: string | null } | null }>;
  if (!envelope.ok) throw new Error(envelope.error.message);
  expect(envelope.data.status).toBe('autorizado');
  const numero = envelope.data.numero;
  const chave = String(envelope.data.document?.chave ?? '');
  expect(chave).toMatch(/^\d{44}$/);

  await step(page, 'documentos');
  await expect(page.getByTestId('dce-offered')).toContainText('Loja Destino Ltda');
  await page.getByTestId(`add-dce-${numero}`).click();
  await expect(page.getByText('Chave de DC-e válida')).toBeVisible();
  await expect(page.locator('#f-documentos-dce-0-chave')).toHaveValue(chave);
  await shot(page, testInfo, '21-documentos-dce');

  // Observações: the contribuinte's and the fisco's fields, printed on the DACTE.
  await page.locator('[data-step="observacoes"]').click();
  await page.getByRole('button', { name: 'Adicionar observação do contribuinte' }).click();
  await page.locator('#f-observacoes-obsCont-0-xCampo').fill('Pedido');
  await page.locator('#f-observacoes-obsCont-0-xTexto').fill('PED-E2E-77');
  await page.getByRole('button', { name: 'Adicionar observação ao fisco' }).click();
  await page.locator('#f-observacoes-obsFisco-0-xCampo').fill('Regime');
  await page.locator('#f-observacoes-obsFisco-0-xTexto').fill('Especial 42');
  await shot(page, testInfo, '21b-observacoes');

  const preview = page.frameLocator('[data-testid="dacte-preview"]');
  await completeCteSteps(page, {
    ufIni: 'PR',
    ufFim: 'SP',
    after: {
      geral: async () => {
        // A typed IBGE code brings the município's name (and UF) from the table.
        await page.locator('#f-geral-inicio-cMun').fill('4106902');
        await expect(page.locator('#f-geral-inicio-xMun')).toHaveValue('Curitiba');
        await page.locator('#f-geral-fim-cMun').fill('3550308');
        await expect(page.locator('#f-geral-fim-xMun')).toHaveValue('São Paulo');
        await page.getByTestId('retira').click();
        await page.locator('#f-geral-xDetRetira').fill('Retirada na filial de São Paulo');
        await shot(page, testInfo, '20-dados-gerais-retira');
      },
      partes: async () => {
        await page.getByTestId('open-address-book').click();
        const book = page.getByTestId('address-book');
        await expect(book).toContainText('Maria Remetente');
        await expect(book).toContainText('Loja Destino Ltda');
        await shot(page, testInfo, '22-catalogo-parceiros');
        await page.keyboard.press('Escape');
        await expect(book).toBeHidden();
        await pickFromAgenda(page, /^Remetente/, 'Maria', 'Maria Remetente');
        await pickFromAgenda(page, /^Destinatário/, 'Loja', 'Loja Destino Ltda');
        await expect(page.locator('#f-remetente-xNome')).toHaveValue('Maria Remetente');
        await expect(page.locator('#f-destinatario-endereco-xMun')).toHaveValue('São Paulo');
      },
      carga: async () => {
        await page.locator('#f-carga-quantidades-0-qCarga').fill('12,5');
        await page.locator('#f-carga-vCarga').fill('62,15');
      },
      revisao: async () => {
        await expect(preview.getByText('PRÉ-VISUALIZAÇÃO — SEM VALOR FISCAL')).toBeVisible({
          timeout: 20_000,
        });
        await expect(preview.getByText(chave)).toBeVisible();
        await expect(preview.getByText('PED-E2E-77')).toBeVisible();
        await expect(preview.getByText('Especial 42')).toBeVisible();
        // Homologação (demo): the payload names the parties by the MOC literal (Anexo I G002–G005);
        // the form keeps the real name (checked on the partes step).
        await expect(
          preview.getByText('CTE EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL').first(),
        ).toBeVisible();
        await expect(page.getByTestId('authorizer-status')).toContainText('em operação');
        await shot(page, testInfo, '23-revisao-dce');
      },
    },
  });
  await issueAuthorized(page);
  await shot(page, testInfo, '24-autorizado-dce');
});
