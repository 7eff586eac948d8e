// Type less (issue #19 item 7): inputs (fields typed + clicks) to issue a CT-e in a fresh
// demonstração, counted on the real UI in Chromium through the browser host by the same flows the
// end-to-end spec asserts (test/e2e/ux-inputs.ts): the first CT-e (new parties), a repeat CT-e
// (known parties, a new NF-e; goal ≤ 8), the key presses of the first CT-e with the keyboard only
// (issue 26, goal ≤ 80) and the second MDF-e of the demo truck from two CT-e averbados by themselves
// (issue #25, goal ≤ 6).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { chromium } from '@playwright/test';

import { silentLogger } from '../../../electron/app/logger';
import { startWebHost } from '../../../electron/web/server';
import { chromiumLaunchOptions } from '../../e2e/chromium';
import { DEMO_CNPJ } from '../../../electron/app/demo';
import { firstCteFlow, keyboardCteFlow, repeatCteFlow, repeatMdfeFlow } from '../../e2e/ux-inputs';
import { demoCteForm } from '../../fiscal/payload/forms';
import { distDir, ensureWebBuild } from '../support/dist';
import type { Figure } from '../types';
import { note } from '../types';

export default async function* ux(): AsyncGenerator<Figure> {
  await ensureWebBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'carreta-bench-ux-'));
  const host = await startWebHost({ port: 0, dataDir, distDir, logger: silentLogger });
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
  try {
    const started = Date.now();
    await host.app.context.embedded.ensure();
    await host.app.context.sync.idle();
    note(`demo month seeded and synced in ${Date.now() - started} ms`);
    // Each CT-e from a freshly opened app (the clerk's day starts there), in its own browser context.
    const openApp = async () => {
      const context = await browser.newContext({
        viewport: { width: 1366, height: 768 },
        locale: 'pt-BR',
        timezoneId: 'America/Sao_Paulo',
      });
      const page = await context.newPage();
      await page.goto(`${host.url}#token=${host.token}`);
      await page.getByTestId('app-ready').waitFor({ timeout: 30_000 });
      return { page, close: () => context.close() };
    };
    const one = await openApp();
    const first = await firstCteFlow(one.page);
    await one.close();
    note(`first CT-e (${first.status}): ${first.log.join(' · ')}`);
    if (first.status !== 'autorizado') throw new Error('the first CT-e was not authorized');
    yield { name: 'inputs_first_cte', value: first.inputs, unit: 'inputs' };
    const two = await openApp();
    const repeat = await repeatCteFlow(two.page);
    await two.close();
    note(`repeat CT-e (${repeat.status}): ${repeat.log.join(' · ')}`);
    if (repeat.status !== 'autorizado') throw new Error('the repeat CT-e was not authorized');
    yield { name: 'inputs_repeat_cte', value: repeat.inputs, unit: 'inputs' };
    // Issue 26: the demo's first CT-e with the keyboard only (goal ≤ 80 key presses).
    const three = await openApp();
    const keyboard = await keyboardCteFlow(three.page);
    await three.close();
    note(`keyboard CT-e (${keyboard.status}, ${keyboard.tabs} Tabs): ${keyboard.log.join(' · ')}`);
    if (keyboard.status !== 'autorizado') throw new Error('the keyboard CT-e was not authorized');
    yield { name: 'keys_keyboard_cte', value: keyboard.keys, unit: 'keys' };
    // Two CT-e of one trip issued before the count (the clerk's day had them), averbados by the queue.
    for (let i = 0; i < 2; i++) {
      const issued = (await host.app.dispatch('cte:issue', {
        kind: 'cte',
        company: DEMO_CNPJ,
        form: demoCteForm(),
      })) as {
        ok: boolean;
      };
      if (!issued.ok) throw new Error('the trip CT-e were not issued');
    }
    const four = await openApp();
    const mdfe = await repeatMdfeFlow(four.page);
    await four.close();
    note(`repeat MDF-e (${mdfe.status}): ${mdfe.log.join(' · ')}`);
    if (mdfe.status !== 'autorizado') throw new Error('the second MDF-e was not authorized');
    yield { name: 'inputs_repeat_mdfe', value: mdfe.inputs, unit: 'inputs' };
  } finally {
    await browser.close();
    await host.close();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}
