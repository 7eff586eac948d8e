import { readFile } from 'node:fs/promises';

import type { InboxNote } from '../../electron/shared/schemas/inbox';
import { completeCteSteps, issueAuthorized, step } from './cte-steps';
import type { E2eHost, Page } from './fixtures';
import { expect, test } from './fixtures';
import { shot } from './shots';

// Caixa de entrada NF-e in demonstração mode: the embedded sandbox seeds the demo company's
// inbox on first use (four notes as recipient, one corrected; two as carrier, one cancelled).

/** Notes injected into the embedded sandbox's stream through its control API. */
async function sandboxInject(webHost: E2eHost, body: Record<string, unknown>): Promise<string[]> {
  const endpoint = await webHost.app.context.embedded.ensure();
  const response = await fetch(`${endpoint.url}/_sandbox/nfe/inject`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-secret': endpoint.clientSecret },
    body: JSON.stringify(body),
  });
  expect(response.status, 'inject').toBe(201);
  return ((await response.json()) as { chaves: string[] }).chaves;
}

/** The carrier notes of the cached inbox that can become a CT-e (not cancelled). */
async function carrierNotes(webHost: E2eHost, company: string): Promise<InboxNote[]> {
  const answer = await webHost.app.dispatch('inbox:list', { company, tab: 'transportador' });
  if (!answer.ok) throw new Error(answer.error.message);
  return (answer.data as { notes: InboxNote[] }).notes.filter((n) => !n.cancelada);
}

const destTable = (page: Page) => page.getByTestId('inbox-table-destinatario');
const carrierTable = (page: Page) => page.getByTestId('inbox-table-transportador');

test('fetch notes, ciência to all, confirm one, open its DANFE, issue a CT-e from carrier notes', async ({
  page,
  openApp,
  webHost,
}, testInfo) => {
  test.setTimeout(180_000);
  await openApp('/caixa-entrada');
  // The sandbox seeds the demo notes on the inbox's first use (signing keys are made then, slow on
  // a loaded machine); a request racing that first seed sees an empty stream, so wait for it.
  await expect
    .poll(
      async () => {
        const company = webHost.app.context.host.settings.get().selectedCompany;
        const answer = company ? await webHost.app.dispatch('inbox:pending', { company }) : null;
        return answer?.ok === true ? (answer.data as { notes: unknown[] }).notes.length : 0;
      },
      { timeout: 30_000 },
    )
    .toBe(4);
  await expect(page.getByTestId('distribution-bar')).toContainText('Última consulta: nunca');

  await page.getByTestId('inbox-buscar').click();
  await expect(carrierTable(page).locator('tbody tr')).toHaveCount(2);
  await expect(carrierTable(page)).toContainText('Completa');
  await expect(carrierTable(page)).toContainText('Cancelada');
  await expect(page.getByTestId('inbox-count-novas')).toBeVisible();
  await shot(page, testInfo, 'inbox-transportador');

  await page.getByTestId('tab-destinatario').click();
  await expect(destTable(page).locator('tbody tr')).toHaveCount(4);
  await expect(destTable(page).getByTestId('note-state').first()).toHaveText('Resumo');
  await page.getByTestId('ciencia-all').click();
  await expect(
    destTable(page).getByTestId('note-state').filter({ hasText: 'Ciência registrada' }),
  ).toHaveCount(4);
  await shot(page, testInfo, 'inbox-ciencia');

  // The full notes arrive after the ciência (the demo sandbox releases them at once).
  await page.getByTestId('inbox-buscar').click();
  await expect(destTable(page).getByTestId('note-state').filter({ hasText: 'Completa' })).toHaveCount(4);

  const first = destTable(page).locator('tbody tr').first();
  await first.locator('.p-checkbox').click();
  await page.getByTestId('manifest-selected').click();
  await expect(page.getByTestId('manifest-dialog')).toContainText('1 nota selecionada');
  await shot(page, testInfo, 'inbox-manifestar');
  await page.getByTestId('manifest-send').click();
  await expect(page.getByTestId('confirm-act')).toContainText('recebeu as mercadorias');
  await expect(page.getByTestId('confirm-act-irreversible')).toContainText('não pode ser cancelada');
  await page.getByTestId('confirm-act-yes').click();
  await expect(first).toContainText('Confirmação da operação');
  await expect(first.getByTestId('note-deadline')).toHaveText('—');

  await first.getByTestId('open-danfe').click();
  await expect(page.getByTestId('danfe-frame')).toBeVisible();
  await shot(page, testInfo, 'inbox-danfe');
  await page.keyboard.press('Escape');

  await page.getByTestId('tab-manifestacoes').click();
  await expect(page.getByTestId('manifestations-table').locator('tbody tr')).toHaveCount(5);
  await expect(page.getByTestId('manifestations-table')).toContainText('Registrada');
  // Every note has a ciência; with `conclusiva` the three without a conclusive one are listed again.
  await expect(page.getByTestId('pending-table')).toContainText('Nenhuma nota pendente.');
  await page.getByTestId('pending-conclusiva').click();
  await expect(page.getByTestId('pending-table').locator('tbody tr')).toHaveCount(3);
  await shot(page, testInfo, 'inbox-manifestacoes');

  // A second carrier note from the same emitente arrives, so one CT-e can carry both keys.
  const company = webHost.app.context.host.settings.get().selectedCompany!;
  const valid = await carrierNotes(webHost, company);
  expect(valid).toHaveLength(1);
  const { target } = await webHost.app.context.api.client();
  const [injected] = await sandboxInject(webHost, {
    cpf_cnpj: company,
    ambiente: target.ambiente,
    role: 'transportador',
    count: 1,
    emitente: { cpf_cnpj: valid[0]!.emitenteDoc, nome_razao_social: valid[0]!.emitenteNome },
  });
  await page.getByTestId('tab-transportador').click();
  await page.getByTestId('inbox-buscar').click();
  await expect(carrierTable(page).locator('tbody tr')).toHaveCount(3);
  const chaves = [valid[0]!.chave, injected!];

  // The period is typed and shown as dd/mm/aaaa; a period before every note leaves the list empty.
  await page.locator('#filter-ate-transportador').fill('01/01/2026');
  const carrierPanel = page.getByTestId('notes-transportador');
  await carrierPanel.getByTestId('filter-apply').click();
  await expect(carrierTable(page)).toContainText('Nenhuma nota recebida como transportador');
  // A day that does not exist is said, naming the field, and not searched as if it were empty.
  await page.locator('#filter-de-transportador').fill('31022026');
  await expect(page.locator('#filter-de-transportador')).toHaveValue('31/02/2026');
  await expect(carrierPanel.getByTestId('date-problem')).toHaveText('De: 31/02/2026 não é uma data válida');
  await shot(page, testInfo, 'inbox-filtro-datas');
  await carrierPanel.getByTestId('filter-clear').click();
  await expect(page.locator('#filter-de-transportador')).toHaveValue('');
  await expect(carrierPanel.getByTestId('date-problem')).toHaveCount(0);
  await expect(page.locator('#filter-ate-transportador')).toHaveValue('');
  await expect(carrierTable(page).locator('tbody tr')).toHaveCount(3);

  // Both carrier notes selected → Emitir CT-e: the form is pre-filled from their XML.
  const rows = carrierTable(page).locator('tbody tr').filter({ hasNotText: 'Cancelada' });
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await row.locator('.p-checkbox').click();
  await shot(page, testInfo, 'inbox-emitir-cte');
  await page.getByTestId('emitir-cte').click();
  await expect(page).toHaveURL(/#\/emitir-cte\?nfe=\d{44}(,|%2C)\d{44}$/);
  await expect(page.getByText('2 NF-e da caixa de entrada preenchidas no formulário.')).toBeVisible();
  const inicio = await page.locator('#f-geral-inicio-cMun').inputValue();
  const fim = await page.locator('#f-geral-fim-cMun').inputValue();
  expect(inicio).toMatch(/^\d{7}$/);
  await step(page, 'documentos');
  const keyInputs = page.getByTestId('nfe-keys').locator('input');
  await expect(keyInputs).toHaveCount(2);
  expect(
    (await keyInputs.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)))
      .map((v) => v.replace(/\D/g, ''))
      .sort(),
  ).toEqual([...chaves].sort());
  await shot(page, testInfo, 'cte-documentos-da-caixa');

  // The IBGE code's first two digits name the UF.
  await completeCteSteps(page, {
    ufIni: inicio.slice(0, 2),
    ufFim: fim.slice(0, 2),
    after: { revisao: () => shot(page, testInfo, 'cte-revisao') },
  });
  // The two notes have different destinatários: the pre-fill's warning stays on the review and
  // Emitir waits until the clerk says it was read (issue 14, item 6).
  await expect(page.getByTestId('nfe-warnings')).toContainText('destinatários diferentes');
  await expect(page.getByTestId('emitir')).toBeDisabled();
  await page.getByText('Li os avisos das NF-e importadas e quero emitir mesmo assim.').click();
  await issueAuthorized(page);
  await shot(page, testInfo, 'cte-autorizado');

  // The authorized CT-e's XML lists both NF-e among its documents.
  await page.getByRole('button', { name: 'Abrir' }).click();
  await expect(page.getByTestId('status')).toHaveText('autorizado');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'XML autorizado' }).click();
  const xml = await readFile(await (await download).path(), 'utf8');
  const infNFe = [...xml.matchAll(/<infNFe>\s*<chave>(\w{44})<\/chave>/g)].map((m) => m[1]);
  expect(infNFe.sort()).toEqual([...chaves].sort());
  await shot(page, testInfo, 'cte-documento');
});
