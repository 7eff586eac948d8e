// A clerk restores a backup someone else made (issue 24): the file is streamed from the browser to
// the host, the confirmation lists what the backup would change (nothing ticked) and the sends it
// carries, and after the restore nothing has been sent — each send waits in "Pendentes de revisão"
// until the clerk resolves it; the one already authorized is recognised, never sent again.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { DEMO_CNPJ } from '../../electron/app/demo';
import type { CommandEnvelope } from '../../electron/shared/errors';
import type { Settings } from '../../electron/shared/schemas/settings';
import { craftBackup } from '../support/backup-craft';
import { demoCteForm } from '../fiscal/payload/forms';
import { expect, test } from './fixtures';
import { shot } from './shots';

test.setTimeout(120_000);

test('a restored backup sends nothing by itself: the clerk reviews each send it carried', async ({
  page,
  openApp,
  webHost,
}, testInfo) => {
  const dispatch = async <T>(channel: string, input: unknown = {}): Promise<T> => {
    const envelope = (await webHost.app.dispatch(channel, input)) as CommandEnvelope<T>;
    if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.message}`);
    return envelope.data;
  };
  const issued = await dispatch<{ referencia: string; status: string }>('cte:issue', {
    kind: 'cte',
    company: DEMO_CNPJ,
    form: demoCteForm(),
  });
  expect(issued.status).toBe('autorizado');
  const before = await dispatch<Settings>('settings:get');
  const made = await dispatch<{ base64: string }>('backup:create');
  const crafted = await craftBackup(Buffer.from(made.base64, 'base64'), {
    sql: [
      `UPDATE outbox SET state = 'sending' WHERE referencia = '${issued.referencia}'`,
      `INSERT INTO outbox (referencia, kind, company, environment, serie, numero, payload_json, state, created_at, updated_at)
         SELECT 'carreta-plantado-e2e', kind, company, environment, serie, numero + 40,
                json_set(replace(payload_json, referencia, 'carreta-plantado-e2e'), '$.infCte.ide.nCT', numero + 40),
                'queued', created_at, updated_at
           FROM outbox WHERE referencia = '${issued.referencia}'`,
    ],
    settings: (s): Settings => ({
      ...s,
      environment: 'producao',
      smtp: {
        host: 'smtp.estranho.example',
        port: 465,
        security: 'tls',
        user: 'alguem@estranho.example',
        fromName: 'Alguém',
        fromAddress: 'alguem@estranho.example',
        replyTo: 'responda@estranho.example',
        cc: [],
        bcc: ['oculta@estranho.example'],
        subjectTemplate: 'Documento',
        bodyTemplate: 'Segue.',
      },
    }),
  });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'carreta-e2e-restore-review-'));
  const file = path.join(dir, 'copia-de-outra-pessoa.zip');
  await writeFile(file, crafted);

  try {
    await openApp('/configuracoes');
    await page.getByTestId('backup-file').setInputFiles(file);
    const dialog = page.getByTestId('backup-confirm');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('backup-confirm-held')).toContainText('2 pedidos de emissão');
    await expect(page.getByTestId('backup-confirm-kept-dir')).toContainText('bancos-anteriores');
    await expect(page.getByTestId('backup-setting-environment')).toContainText('Produção');
    await expect(page.getByTestId('backup-setting-smtp')).toContainText('oculta@estranho.example');
    for (const key of ['environment', 'smtp'])
      await expect(page.getByTestId(`backup-setting-${key}`).locator('input')).not.toBeChecked();
    await shot(page, testInfo, 'restauracao-confirmacao');
    await page.getByTestId('backup-confirm-yes').click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Cópia de segurança restaurada.' }),
    ).toBeVisible();

    // Nothing changed unticked, nothing was sent.
    const after = await dispatch<Settings>('settings:get');
    expect(after.environment).toBe(before.environment);
    expect(after.smtp).toEqual(before.smtp);
    const { client, target } = await webHost.app.context.api.client();
    const lookup = { cpf_cnpj: DEMO_CNPJ, ambiente: target.ambiente };
    expect(await client.cte.porReferencia(lookup, 'carreta-plantado-e2e')).toBeNull();

    const held = (await dispatch<{ items: { id: number; referencia: string }[] }>('outbox:held')).items;
    const planted = held.find((row) => row.referencia === 'carreta-plantado-e2e')!;
    const authorized = held.find((row) => row.referencia === issued.referencia)!;
    const review = page.getByTestId('restore-review');
    await expect(review).toBeVisible();
    await expect(page.getByTestId(`review-row-${planted.id}`)).toContainText('na fila, não enviado');
    await expect(page.getByTestId(`review-row-${authorized.id}`)).toContainText('em envio');
    await shot(page, testInfo, 'restauracao-revisao');

    // The planted one: the API never saw it. Checking says so; discarding closes it.
    await page.getByTestId(`review-conferir-${planted.id}`).click();
    await expect(page.getByTestId(`review-note-${planted.id}`)).toContainText('nunca chegou a ser enviado');
    await page.getByTestId(`review-descartar-${planted.id}`).click();
    await expect(page.getByTestId(`review-row-${planted.id}`)).toHaveCount(0);
    await expect(page.getByTestId('review-last')).toContainText('Pedido descartado');

    // The authorized one: recognised by its referência, not sent again.
    await page.getByTestId(`review-conferir-${authorized.id}`).click();
    await expect(page.getByTestId('review-last')).toContainText('já tinha este documento');
    await expect(page.getByTestId(`review-row-${authorized.id}`)).toHaveCount(0);
    expect(await client.cte.porReferencia(lookup, 'carreta-plantado-e2e')).toBeNull();

    // The database the restore replaced is listed, with the way back.
    await expect(page.getByTestId('backup-kept-0')).toContainText('Guardado em');
    await expect(page.getByTestId('backup-kept-restore-0')).toBeVisible();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
