// The clerk's view of the averbação in demonstração, through the real UI: two CT-e issued from NF-e
// XML are averbados by themselves (Documentos shows "Averbado" and the protocol, the drawer the
// averbação number, the CT-e's history the protocol); the MDF-e started from them has its insurance
// block filled — insurer, CNPJ, policy and the averbação numbers of its CT-e — and is issued; the
// Painel says the averbação is up to date; Empresas shows the averbadora and "Testar conexão" works.
// The second MDF-e of the same truck takes at most 6 inputs (ux.inputs_repeat_mdfe).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { DEMO_CNPJ, demoCompany } from '../../electron/app/demo';
import { generateNote } from '../../electron/sandbox/nfe/generator';
import { demoCteForm } from '../fiscal/payload/forms';
import { completeCteSteps, issueAuthorized, step } from './cte-steps';
import { expect, test } from './fixtures';
import { repeatMdfeFlow } from './ux-inputs';

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

/** Two notes loaded and unloaded in the same UFs, not Minas Gerais (where the demo truck is open). */
function tripNotes() {
  const seen = new Map<string, ReturnType<typeof carrierNote>>();
  for (let i = 0; i < 5000; i++) {
    const note = carrierNote(`e2e-averbacao-${i}`);
    if (note.content.dest.mun.uf === 'MG') continue;
    const route = `${note.content.emit.mun.uf}>${note.content.dest.mun.uf}`;
    const first = seen.get(route);
    if (first) return [first, note];
    seen.set(route, note);
  }
  throw new Error('no two notes for one trip');
}

test('a CT-e is averbado by itself with its protocol; the MDF-e insurance block fills itself', async ({
  page,
  openApp,
  webHost,
}) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'carreta-e2e-averbacao-'));
  try {
    await openApp('/emitir-cte');
    await webHost.app.context.sync.idle();
    for (const [i, note] of tripNotes().entries()) {
      const file = path.join(dir, `${note.chave}-nfe.xml`);
      await writeFile(file, note.nfeProcXml, 'utf8');
      if (i > 0) await page.getByRole('button', { name: 'Novo CT-e' }).click();
      await step(page, 'documentos');
      await page.getByTestId('nfe-xml').setInputFiles(file);
      await expect(page.getByTestId('import-report')).toContainText('1 chave adicionada;');
      await completeCteSteps(page, { ufIni: note.content.emit.mun.uf, ufFim: note.content.dest.mun.uf });
      await issueAuthorized(page);
    }

    // Documentos: the averbação beside each CT-e, without a click.
    await page.getByTestId('nav-documentos').click();
    const rows = page.getByTestId('doc-table').locator('tbody tr').filter({ hasNotText: 'MDF-e' });
    await expect(rows.nth(0).getByTestId('doc-averbacao')).toHaveText('Averbado', {
      timeout: 20_000,
    });
    await expect(rows.nth(0)).toContainText('TESTE');
    await expect(rows.nth(1).getByTestId('doc-averbacao')).toHaveText('Averbado', {
      timeout: 20_000,
    });
    await rows.nth(0).locator('td').nth(4).click();
    const panel = page.getByTestId('averbacao-panel');
    await expect(panel.getByTestId('averbacao-protocolo')).toHaveText('TESTE');
    const numero = (await panel.getByTestId('averbacao-numeros').textContent())?.trim() ?? '';
    expect(numero).toMatch(/^01234\d{35}$/);
    await page.keyboard.press('Escape');

    // "Não averbados": none.
    await page.getByTestId('doc-nao-averbados').click();
    await expect(page.getByTestId('doc-empty')).toBeVisible();
    await page.getByTestId('doc-nao-averbados').click();

    // The MDF-e of the trip: its insurance block came from the averbação.
    for (let i = 0; i < 2; i++) await rows.nth(i).locator('.p-checkbox').click();
    await page.getByTestId('batch-mdfe').click();
    await expect(page.getByTestId('mdfe-documentos').locator('tbody tr')).toHaveCount(2, { timeout: 20_000 });
    await page.locator('[data-step="seguro"]').click();
    await expect(page.getByTestId('mdfe-averbados')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('mdfe-averbe-antes')).toHaveCount(0);
    await expect(page.getByTestId('seguro-0-seguradora')).toHaveValue('SEGURADORA DEMONSTRACAO SA');
    await expect(page.getByTestId('seguro-0-cnpj')).toHaveValue('31487265000190');
    await expect(page.getByTestId('seguro-0-apolice')).toHaveValue('0458712309');
    const numbers = [
      await page.getByTestId('seguro-0-averbacao-0').inputValue(),
      await page.getByTestId('seguro-0-averbacao-1').inputValue(),
    ];
    expect(numbers).toContain(numero);
    expect(numbers.every((n) => /^01234\d{35}$/.test(n))).toBe(true);
    // The truck and driver of the company's last MDF-e.
    await page.locator('[data-step="veiculo"]').click();
    await expect(page.locator('#f-veiculo-placa')).toHaveValue('CRT4E21');
    await expect(page.locator('#f-rntrc')).not.toHaveValue('');
    await page.locator('[data-step="revisao"]').click();
    await expect(page.locator('.steps__count')).toHaveCount(0);
    await page.getByTestId('emitir-mdfe').click();
    await expect(page.getByTestId('mdfe-outcome')).toContainText('MDF-e autorizado', { timeout: 60_000 });

    // The Painel: up to date, the month's averbações counted.
    await page.getByTestId('nav-painel').click();
    const card = page.getByTestId('painel-averbacao');
    await expect(card.getByTestId('averbacao-status')).toHaveText('Em dia', { timeout: 20_000 });
    await expect(card.getByTestId('averbacao-recusados')).toHaveText('0');

    // Empresas › Averbação: the demo policy, and "Testar conexão" in words.
    await page.goto(`${webHost.url}#/empresas/${DEMO_CNPJ}?aba=averbacao`);
    const settings = page.getByTestId('insurer-settings');
    await expect(settings.getByTestId('ins-apolice')).toHaveValue('0458712309');
    await expect(page.getByTestId('insurer-simulador')).toBeVisible();
    await settings.getByTestId('ins-test').click();
    await expect(page.getByTestId('ins-test-result')).toContainText(
      'A AT&M aceitou o usuário, a senha e o código AT&M. (simulador local da demonstração)',
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the second MDF-e of the same truck, from two CT-e, takes at most 6 inputs', async ({
  page,
  openApp,
  webHost,
}) => {
  await openApp();
  await webHost.app.context.sync.idle();
  // Two CT-e of one trip (Curitiba → São Paulo), issued before the clerk's count starts.
  for (let i = 0; i < 2; i++) {
    const issued = (await webHost.app.dispatch('cte:issue', {
      kind: 'cte',
      company: DEMO_CNPJ,
      form: demoCteForm(),
    })) as { ok: boolean };
    expect(issued.ok).toBe(true);
  }
  await webHost.app.context.sync.idle();
  const flow = await repeatMdfeFlow(page);
  expect(flow.status).toBe('autorizado');
  expect(flow.log).toEqual([
    'clique: menu Documentos',
    'clique: marcar o 1º CT-e',
    'clique: marcar o 2º CT-e',
    'clique: Emitir MDF-e (2 CT-e)',
    'clique: passo Revisão',
    'clique: Emitir MDF-e',
  ]);
  expect(flow.inputs).toBeLessThanOrEqual(6);
});
