// Type less (issue #19 item 7): the inputs a clerk spends on a CT-e in a fresh demonstração,
// counted on the real UI. A repeat CT-e (known parties, a new NF-e) must take at most 8; the first
// CT-e is counted too (the bench reports both as ux.inputs_repeat_cte and ux.inputs_first_cte).
import { expect, test } from './fixtures';
import { firstCteFlow, repeatCteFlow } from './ux-inputs';

test.setTimeout(120_000);

test('a repeat CT-e for known parties with a new NF-e takes at most 8 inputs', async ({
  page,
  openApp,
  webHost,
}) => {
  await openApp();
  // The demo month is in the cache (the repeat reads the last CT-e's XML from it).
  await webHost.app.context.sync.idle();
  const repeat = await repeatCteFlow(page);
  expect(repeat.status).toBe('autorizado');
  expect(repeat.log).toEqual([
    'clique: menu Emitir CT-e',
    'clique: passo Documentos',
    'escolher arquivo: XML da NF-e',
    'clique: passo Revisão',
    'clique: Emitir',
  ]);
  expect(repeat.inputs).toBeLessThanOrEqual(8);
  // The values came from the last CT-e between them (CT-e 15: R$ 1.790,00 + R$ 96,40 of toll).
  await expect(page.getByTestId('issue-result')).toContainText('autorizado');
});

test('the first CT-e of a fresh demo, from an NF-e of new parties', async ({ page, openApp, webHost }) => {
  await openApp();
  await webHost.app.context.sync.idle();
  const first = await firstCteFlow(page);
  expect(first.status).toBe('autorizado');
  // CFOP, ICMS and RNTRC came from the company's defaults, the parties, route, cargo and tomador
  // from the NF-e: what is left is the freight and the product.
  expect(first.inputs).toBe(9);
});
