// A road trip in demonstração mode, through the real UI: two CT-e issued from NF-e XML, both picked
// in Documentos, "Emitir MDF-e" fills the manifest from them (municipalities, value, route) and the
// insurance from their averbação, the vehicle and driver of a new truck are typed, the DAMDFE is reviewed without fiscal value and the
// MDF-e is issued and saved as PDF. A second MDF-e for the same truck and unloading UF is warned
// before sending; sent anyway, the sandbox (as SEFAZ) rejects it with 611 and the screen explains
// it in words; "Encerrar o aberto" closes the first and the second is authorized — with the
// vehicle and the driver now picked from the registries the first trip filled.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { DEMO_CNPJ, demoCompany } from '../../electron/app/demo';
import { generateNote } from '../../electron/sandbox/nfe/generator';
import { completeCteSteps, issueAuthorized, step } from './cte-steps';
import type { Page } from './fixtures';
import { expect, test } from './fixtures';
import { shot } from './shots';

test.setTimeout(300_000);

function carrierNote(seed: string) {
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

/** Two notes loaded in the same UF and unloaded in the same UF: one truck's trip (seeds searched). */
function tripNotes() {
  const first = carrierNote('e2e-mdfe-1');
  for (let i = 2; i < 2000; i++) {
    const next = carrierNote(`e2e-mdfe-${i}`);
    if (
      next.content.emit.mun.uf === first.content.emit.mun.uf &&
      next.content.dest.mun.uf === first.content.dest.mun.uf
    )
      return [first, next];
  }
  throw new Error('no second note for the same trip');
}

async function pick(page: Page, testid: string, option: string | RegExp): Promise<void> {
  await page.getByTestId(testid).click();
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * Documentos: the trip's CT-e selected, then "Emitir MDF-e" opens the form filled from them. The
 * demonstração month is listed too (older), and so are the MDF-e issued here: the list is newest
 * first, so the trip's CT-e are the first `count` rows that are not MDF-e.
 */
async function manifestFromDocumentos(page: Page, count: number): Promise<void> {
  await page.getByTestId('nav-documentos').click();
  const rows = page.getByTestId('doc-table').locator('tbody tr').filter({ hasNotText: 'MDF-e' });
  await expect(rows.nth(count)).toBeVisible({ timeout: 20_000 });
  for (let i = 0; i < count; i++) await rows.nth(i).locator('.p-checkbox').click();
  await expect(page.getByTestId('batch-mdfe')).toContainText(`Emitir MDF-e (${count} CT-e)`);
  await page.getByTestId('batch-mdfe').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Emitir MDF-e' })).toBeVisible();
  await expect(page.getByTestId('mdfe-documentos').locator('tbody tr')).toHaveCount(count, {
    timeout: 20_000,
  });
}

/** The insurance block filled itself: the demo's averbadora averbou both CT-e (issue #25). */
async function insurance(page: Page): Promise<void> {
  await page.locator('[data-step="seguro"]').click();
  await expect(page.getByTestId('mdfe-averbados')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('#f-seguros-0-seguradora')).toHaveValue('SEGURADORA DEMONSTRACAO SA');
  await expect(page.locator('#f-seguros-0-apolice')).toHaveValue('0458712309');
  await expect(page.locator('#f-seguros-0-averbacoes-0')).toHaveValue(/^01234\d{35}$/);
  await expect(page.locator('#f-seguros-0-averbacoes-1')).toHaveValue(/^01234\d{35}$/);
}

test('a trip: two CT-e → MDF-e → DAMDFE; the open MDF-e warned, closed, and the next issued', async ({
  page,
  openApp,
}, testInfo) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'carreta-e2e-mdfe-'));
  try {
    const notes = tripNotes();
    for (const [i, note] of notes.entries()) {
      const xmlFile = path.join(dir, `${note.chave}-nfe.xml`);
      await writeFile(xmlFile, note.nfeProcXml, 'utf8');
      if (i === 0) await openApp('/emitir-cte');
      else await page.getByRole('button', { name: 'Novo CT-e' }).click();
      await step(page, 'documentos');
      await page.getByTestId('nfe-xml').setInputFiles(xmlFile);
      await expect(page.getByTestId('import-report')).toContainText('1 chave adicionada;');
      await completeCteSteps(page, { ufIni: note.content.emit.mun.uf, ufFim: note.content.dest.mun.uf });
      await issueAuthorized(page);
      if (i === 0) await shot(page, testInfo, '01-cte-autorizado');
    }
    const dest = notes[0]!.content.dest.mun;

    // The first MDF-e, started from the Documentos selection.
    await manifestFromDocumentos(page, 2);
    await expect(page.getByTestId('mdfe-documentos')).toContainText(`${dest.nome}/${dest.uf}`);
    await shot(page, testInfo, '02-documentos-e-percurso');

    // The form starts with the truck of the company's last MDF-e (the demo's): this trip goes with a
    // new one, typed over it.
    await page.locator('[data-step="veiculo"]').click();
    await expect(page.locator('#f-veiculo-placa')).toHaveValue('CRT4E21');
    await page.locator('#f-veiculo-placa').fill('TRP1A23');
    await page.locator('#f-veiculo-tara').press('ControlOrMeta+a');
    await page.locator('#f-veiculo-tara').pressSequentially('8500');
    await page.locator('#f-veiculo-tara').press('Tab');
    await expect(page.locator('#f-veiculo-tara')).toHaveValue('8500');
    await pick(page, 'veiculo-tpRod', 'Cavalo mecânico');
    await pick(page, 'veiculo-uf', /^SP/);
    await page.locator('#f-condutores-0-nome').fill('JOSE DA SILVA');
    await page.locator('#f-condutores-0-cpf').fill('529.982.247-25');
    await page.locator('#f-rntrc').fill('12345678');
    await shot(page, testInfo, '03-veiculo');

    // Offline validation names the field: without the insurer, a carrier's MDF-e would be refused.
    await insurance(page);
    await page.locator('#f-seguros-0-seguradora').fill('');
    await page.locator('[data-step="revisao"]').click();
    await expect(page.getByTestId('review-errors')).toBeVisible();
    await page.locator('[data-step="seguro"]').click();
    await expect(page.locator('[data-path="seguros.0.seguradora"] [role="alert"]')).toContainText(
      'informe o nome da seguradora',
    );
    await page.locator('#f-seguros-0-seguradora').fill('SEGURADORA DEMONSTRACAO SA');
    await page.locator('[data-step="revisao"]').click();
    await expect(page.locator('.steps__count')).toHaveCount(0);
    const preview = page.frameLocator('[data-testid="damdfe-preview"]');
    await expect(preview.getByText('PRÉ-VISUALIZAÇÃO — SEM VALOR FISCAL')).toBeVisible({ timeout: 30_000 });
    await expect(preview.getByText('TRP1A23').first()).toBeVisible();
    await shot(page, testInfo, '04-revisao-damdfe');

    await page.getByTestId('emitir-mdfe').click();
    await expect(page.getByTestId('mdfe-outcome')).toContainText('MDF-e autorizado', { timeout: 60_000 });
    await shot(page, testInfo, '05-mdfe-autorizado');
    const download = page.waitForEvent('download');
    await page.getByTestId('mdfe-pdf').first().click();
    const pdf = await readFile(await (await download).path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.getByTestId('mdfe-novo').click();

    // The second MDF-e for the same truck and UF: it starts from the last MDF-e — vehicle, driver,
    // RNTRC (issue #26) — and the insurance from the averbação.
    await manifestFromDocumentos(page, 2);
    await page.locator('[data-step="veiculo"]').click();
    await expect(page.locator('#f-veiculo-placa')).toHaveValue('TRP1A23');
    await expect(page.locator('#f-condutores-0-cpf')).toHaveValue('52998224725');
    await expect(page.locator('#f-rntrc')).toHaveValue('12345678');
    await insurance(page);
    await page.locator('[data-step="revisao"]').click();
    await expect(page.locator('.steps__count')).toHaveCount(0);
    await page.getByTestId('emitir-mdfe').click();
    const conflito = page.getByTestId('mdfe-conflito');
    await expect(conflito).toContainText('Este caminhão tem um MDF-e em aberto', { timeout: 30_000 });
    await expect(conflito).toContainText('TRP1A23');
    await shot(page, testInfo, '06-aviso-mdfe-aberto');

    // Sent anyway: the authority refuses it with 611 and the screen says what to do.
    await page.getByTestId('mdfe-emitir-assim-mesmo').click();
    await expect(page.getByTestId('mdfe-rejection')).toContainText('611', { timeout: 60_000 });
    await expect(page.getByTestId('mdfe-rejection-explained')).toContainText(
      'Encerre o MDF-e anterior (tela "MDF-e em aberto") e emita de novo.',
    );
    // Nothing on the form is wrong (closing the other is the fix): no field marked, the review stays.
    await expect(page.locator('.cte-field--invalid')).toHaveCount(0);
    await expect(page.locator('[data-step="revisao"]')).toHaveAttribute('aria-current', 'step');
    await shot(page, testInfo, '07-rejeicao-611');

    // Close the first and issue the second.
    await page.getByTestId('emitir-mdfe').click();
    await expect(conflito).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('mdfe-encerrar-aberto').click();
    // The closing cannot be undone: asked first, in words.
    const ask = page.getByTestId('confirm-act');
    await expect(ask).toContainText('(placa TRP1A23), vai ser encerrado na SEFAZ agora');
    await ask.getByTestId('confirm-act-yes').click();
    await expect(page.getByTestId('mdfe-info')).toContainText('encerrado em', { timeout: 30_000 });
    await page.getByTestId('emitir-mdfe').click();
    await expect(page.getByTestId('mdfe-outcome')).toContainText('MDF-e autorizado', { timeout: 60_000 });
    await shot(page, testInfo, '08-segundo-mdfe-autorizado');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
