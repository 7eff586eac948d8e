import { DEMO_CNPJ } from '../../electron/app/demo';
import type { CommandEnvelope } from '../../electron/shared/errors';
import { demoCteForm } from '../fiscal/payload/forms';
import { expect, test } from './fixtures';
import { shot } from './shots';

// The CT-e detail tells the document's story on any visit, not only the one that made it: a CT-e
// issued and corrected earlier (through the host's command table, as another session would) opens
// with its timeline and its correction letters; a new letter starting from the prevailing one and a
// cancellation then show in place, with their times.

test.setTimeout(90_000);

test('the CT-e detail shows its correction letters and status timeline from the cache and the API', async ({
  page,
  openApp,
  webHost,
}, testInfo) => {
  await openApp();
  const call = async <T>(channel: string, input: unknown): Promise<T> => {
    const envelope = (await webHost.app.dispatch(channel, input)) as CommandEnvelope<T>;
    if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.message}`);
    return envelope.data;
  };
  await webHost.app.context.embedded.ensure();
  const issued = await call<{ status: string; document: { id: string } }>('cte:issue', {
    kind: 'cte',
    company: DEMO_CNPJ,
    form: demoCteForm(),
  });
  expect(issued.status).toBe('autorizado');
  const id = issued.document.id;
  await call('cte:correct', {
    kind: 'cte',
    id,
    correcoes: [{ grupo_alterado: 'compl', campo_alterado: 'xObs', valor_alterado: 'Entrega pela doca 3' }],
  });

  await page.goto(`${webHost.url}#/emitir-cte/documento/cte/${id}`);
  const timeline = page.getByTestId('timeline');
  await expect(timeline).toContainText('Criado e enviado à SEFAZ');
  await expect(timeline).toContainText(/Autorizado — 100/);
  await expect(timeline).toContainText('Carta de correção nº 1: Observações gerais');

  await page.locator('.p-panel-header', { hasText: 'Carta de correção' }).getByRole('button').click();
  const history = page.getByTestId('correction-history');
  await expect(history).toContainText('Cartas registradas: 1 de 20');
  await expect(history).toContainText('Observações gerais: “Entrega pela doca 3”');
  await page.getByTestId('repeat-last').click();
  await expect(page.getByLabel('Novo valor 1')).toHaveValue('Entrega pela doca 3');
  await page.getByLabel('Novo valor 1').fill('Entrega pela doca 4, portão azul');
  await page.getByTestId('send-correction').click();
  await expect(page.getByTestId('confirm-act')).toContainText('A carta anterior deixa de valer');
  await page.getByTestId('confirm-act-yes').click();
  await expect(history).toContainText('Cartas registradas: 2 de 20');
  await expect(history.locator('ol > li').nth(0)).toContainText('substituída');
  await expect(history.locator('ol > li').nth(1)).toContainText('vale esta');
  await expect(timeline).toContainText('Carta de correção nº 2: Observações gerais');
  await shot(page, testInfo, 'cte-cartas-de-correcao');

  // Cancelled in another session: the next visit shows it with its justificativa and time.
  await call('cte:cancel', { kind: 'cte', id, justificativa: 'Frete lançado em duplicidade no sistema' });
  await page.reload();
  await expect(timeline).toContainText('Cancelado: Frete lançado em duplicidade no sistema');
  await expect(page.getByTestId('status')).toHaveText('cancelado');
  // Five fiscal steps, then the averbação of the demonstração's insurer and its cancellation (issue 25).
  await expect(timeline).toContainText('Averbado na AT&M');
  await expect(timeline).toContainText('Cancelamento da averbação registrado');
  await expect(timeline.locator('li')).toHaveCount(7);
  await shot(page, testInfo, 'cte-historico-cancelado');
});
