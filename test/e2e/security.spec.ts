// What the user sees of the rules that keep secrets and keys where they belong: demonstração warns
// against a real certificate, the settings say a changed server asks for the secret again, and a
// restored backup that points elsewhere shows each server change, keeping this machine's by default.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

import { DEMO_CNPJ } from '../../electron/app/demo';
import type { CommandEnvelope } from '../../electron/shared/errors';
import type { Settings } from '../../electron/shared/schemas/settings';
import { expect, test } from './fixtures';
import { shot } from './shots';

test('demonstração: the certificate screen warns against using a real certificate', async ({
  page,
  openApp,
}, testInfo) => {
  await openApp('/empresas');
  await page.getByTestId(`company-row-${DEMO_CNPJ}`).click();
  await page.getByTestId('tab-certificado').click();
  const warning = page.getByTestId('certificate-demo-warning');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('não use aqui o certificado digital real da empresa');
  await shot(page, testInfo, 'certificado-demonstracao');
});

test('settings say a changed server asks for the secret again; a restore keeps this machine’s servers', async ({
  page,
  openApp,
  webHost,
}, testInfo) => {
  const dispatch = async <T>(channel: string, input: unknown = {}): Promise<T> => {
    const envelope = (await webHost.app.dispatch(channel, input)) as CommandEnvelope<T>;
    if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.message}`);
    return envelope.data;
  };
  const before = await dispatch<Settings>('settings:get');
  const made = await dispatch<{ base64: string }>('backup:create');
  const entries = unzipSync(Buffer.from(made.base64, 'base64'));
  const settings = JSON.parse(strFromU8(entries['settings.json']!)) as Settings;
  settings.hosts.sandbox = {
    api: 'https://api.estranho.example',
    auth: 'https://auth.estranho.example/oauth/token',
  };
  entries['settings.json'] = strToU8(JSON.stringify(settings));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'carreta-e2e-restore-'));
  const file = path.join(dir, 'copia.zip');
  await writeFile(file, zipSync(entries));

  try {
    await openApp('/configuracoes');
    await page.getByTestId('settings-advanced').getByRole('button').first().click();
    await expect(page.getByTestId('hosts-rebind-note')).toContainText('precisa ser digitado de novo');
    await expect(page.getByTestId('smtp-rebind-note')).toContainText('digitada de novo');

    await page.getByTestId('backup-file').setInputFiles(file);
    const changes = page.getByTestId('backup-setting-changes');
    await expect(changes).toBeVisible();
    await expect(changes).toContainText('https://api.estranho.example');
    await expect(page.getByTestId('backup-setting-hosts.sandbox').locator('input')).not.toBeChecked();
    await shot(page, testInfo, 'restauracao-servidores');
    await page.getByTestId('backup-confirm-yes').click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Cópia de segurança restaurada.' }),
    ).toBeVisible();
    const after = await dispatch<Settings>('settings:get');
    expect(after.hosts).toEqual(before.hosts);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
