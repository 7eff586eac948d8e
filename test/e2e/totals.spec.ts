import { DEMO_CNPJ } from '../../electron/app/demo';
import { cteBody, dceBody } from '../sandbox/dfe/fixtures';
import type { E2eHost } from './fixtures';
import { expect, test } from './fixtures';
import { exportTwoMonths, painelTwoMonths } from './painel-months';
import { shot } from './shots';

// Numbers a clerk can trust, in demonstração: on top of the demo month (30 documents: R$ 90.366,90
// of freight, R$ 10.304,90 of ICMS, a DC-e declaring R$ 1.289,00, a cancelled CT-e and a corrected
// one), two authorized CT-e, a cancelled one and a DC-e issued through the embedded sandbox's API. Freight counts only the authorized CT-e; the DC-e's
// goods value is shown apart as declared; the same figures on Documentos and the Painel; the search
// box finds by município without accents; emission sorts by time of day.

test.setTimeout(120_000);

/** Some minutes ago as a Brasília wall clock with its offset, the way an emitter writes dhEmi. */
function minutesAgo(minutes: number): string {
  return `${new Date(Date.now() - minutes * 60_000 - 3 * 3_600_000).toISOString().slice(0, 19)}-03:00`;
}

async function issue(webHost: E2eHost): Promise<void> {
  const endpoint = await webHost.app.context.embedded.ensure();
  const tokenAnswer = await fetch(endpoint.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: endpoint.clientId,
      client_secret: endpoint.clientSecret,
      scope: 'cte dce',
    }),
  });
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
  const post = async (path: string, body: unknown) => {
    const answer = await fetch(`${endpoint.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(answer.status, await answer.clone().text()).toBeLessThan(300);
    return (await answer.json()) as { id: string; status: string };
  };
  // Numbers and times in different orders, so a sort by number cannot pass for a sort by time.
  const ctes = [
    { nCT: 601, UFFim: 'SP' as const, valor: 1000, ago: 5 },
    { nCT: 602, UFFim: 'PR' as const, valor: 2000, ago: 20 },
    { nCT: 603, UFFim: 'PR' as const, valor: 7000, ago: 10 },
  ];
  const ids: string[] = [];
  for (const c of ctes) {
    const body = cteBody({ UFFim: c.UFFim });
    body.referencia = `e2e-totals-${c.nCT}`;
    body.infCte.ide.nCT = c.nCT;
    body.infCte.ide.dhEmi = minutesAgo(c.ago);
    body.infCte.emit = { ...body.infCte.emit, CNPJ: DEMO_CNPJ };
    body.infCte.vPrest = { vTPrest: c.valor, vRec: c.valor, Comp: [{ xNome: 'Frete peso', vComp: c.valor }] };
    const doc = await post('/cte', body);
    expect(doc.status).toBe('autorizado');
    ids.push(doc.id);
  }
  await post(`/cte/${ids[2]}/cancelamento`, { justificativa: 'Frete lançado em duplicidade no sistema' });
  const dce = dceBody();
  dce.referencia = 'e2e-totals-dce';
  dce.infDCe.ide.dhEmi = minutesAgo(15);
  dce.infDCe.Transportadora = { ...dce.infDCe.Transportadora!, CNPJ: DEMO_CNPJ };
  dce.infDCe.transp = { ...dce.infDCe.transp, CNPJTransp: DEMO_CNPJ };
  expect((await post('/dce', dce)).status).toBe('autorizado');
}

test('freight counts only authorized CT-e, the DC-e apart; search by município; sort by time', async ({
  page,
  openApp,
  webHost,
}, testInfo) => {
  await openApp();
  await issue(webHost);
  await page.getByTestId('nav-documentos').click();
  await page.getByTestId('doc-sync').click();
  // The month's 32 (two of them MDF-e) and these four.
  await expect(page.getByTestId('total-count')).toHaveText('36', { timeout: 30_000 });
  // 90.366,90 + 1.000 + 2.000: the cancelled 7.000 (and the month's cancelled 3.568,60) and the
  // DC-e's goods (R$ 37,50 + the month's R$ 1.289,00) are not freight.
  await expect(page.getByTestId('total-frete')).toHaveText(/^R\$\s93\.366,90$/);
  await expect(page.getByTestId('total-declarado')).toHaveText(/^R\$\s1\.326,50$/);
  await expect(page.getByTestId('doc-totals')).toContainText('Frete (CT-e e CT-e OS autorizados)');
  await shot(page, testInfo, 'totais');

  const table = page.getByTestId('doc-table');
  // Newest first by date and time: 601 (5 min ago), 603 (10), DC-e 55 (15), 602 (20), then the
  // month's (a day old and older).
  await expect(table.locator('tbody tr')).toHaveCount(36);
  const numbers = await table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => (row.querySelectorAll('td')[3]?.textContent ?? '').trim()));
  expect(numbers.slice(0, 5).map((n) => n.replace(/^\d+\//, ''))).toEqual(['601', '603', '55', '602', '27']);
  await expect(table.locator('tbody tr').nth(2)).toContainText('declarado');

  // The box promises município: without accents and case, start or end of the route.
  // São Paulo: two of these and the month's charter from Mogi das Cruzes.
  await page.getByTestId('doc-text').fill('SAO PAULO');
  await page.getByTestId('doc-search').click();
  await expect(page.getByTestId('total-count')).toHaveText('3');
  // Londrina: two of these and the month's corn to the cooperative (R$ 4.120,00 + R$ 139,90).
  await page.getByTestId('doc-text').fill('londrina');
  await page.getByTestId('doc-search').click();
  await expect(page.getByTestId('total-count')).toHaveText('3');
  await expect(page.getByTestId('total-frete')).toHaveText(/^R\$\s6\.259,90$/);
  await page.getByTestId('doc-text').fill('curitiba');
  await page.getByTestId('doc-search').click();
  await expect(page.getByTestId('total-count')).toHaveText('4');
  await shot(page, testInfo, 'busca-municipio');

  await page.getByTestId('doc-text').fill('José Destinatário');
  await page.getByTestId('doc-search').click();
  await expect(page.getByTestId('total-count')).toHaveText('1');
  await table.locator('tbody tr').first().click();
  await expect(page.getByTestId('doc-detail')).toContainText('Valor declarado das mercadorias');
  await expect(page.getByTestId('doc-detail')).not.toContainText('Valor da prestação');
  await page.keyboard.press('Escape');

  // The accountant's package holds every document and the cancellation, and totals only freight.
  await page.getByTestId('doc-text').fill('');
  await page.getByTestId('doc-search').click();
  // The month's documents fall in this calendar month and the previous one: both exports together
  // hold every document and event, and their freight adds up to Documentos' figure.
  const { names, ...freight } = await exportTwoMonths(page);
  // Events: the two cancellations, the month's correction letter and its MDF-e closing.
  expect(freight.documents).toBe(36);
  expect(freight.events).toBe(4);
  expect(names.filter((n) => n.endsWith('-cancelamento.xml'))).toHaveLength(2);
  expect(names.filter((n) => /\/\d{44}-(cte|cteos|dce)\.xml$/.test(n))).toHaveLength(34);
  expect(names.filter((n) => /\/\d{44}-mdfe\.xml$/.test(n))).toHaveLength(2);
  expect(names.filter((n) => /-mdfe-encerramento-\d+\.xml$/.test(n))).toHaveLength(1);
  expect([freight.frete, freight.icms, freight.declarado].map((v) => v.toFixed(2))).toEqual([
    '93366.90',
    '10664.90',
    '1326.50',
  ]);
  await page.keyboard.press('Escape');

  // The Painel too, month by month: the two add up to Documentos' figures.
  const painel = await painelTwoMonths(page, () => page.getByTestId('nav-painel').click());
  expect(painel.total).toEqual({ count: 34, frete: 93366.9 });
  await shot(page, testInfo, 'painel');
});
