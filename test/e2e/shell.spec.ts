import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

import type { Page } from './fixtures';
import { expect, projectRoot, test } from './fixtures';

const areas = [
  ['painel', 'Painel'],
  ['documentos', 'Documentos'],
  ['emitir-cte', 'Emitir CT-e'],
  ['emitir-cteos', 'Emitir CT-e OS'],
  ['emitir-dce', 'Emitir DC-e'],
  ['emitir-mdfe', 'Emitir MDF-e'],
  ['mdfe-abertos', 'MDF-e em aberto'],
  ['caixa-entrada', 'Caixa de entrada NF-e'],
  ['empresas', 'Empresas'],
  ['consultas', 'Consultas'],
  ['conta', 'Conta'],
  ['configuracoes', 'Configurações'],
] as const;

/** The badge may appear more than once (header, painel card): every copy must agree. */
async function expectDemoBadges(page: Page): Promise<void> {
  const badges = page.getByTestId('env-badge');
  await expect(badges.first()).toBeVisible();
  // Every copy on screen (the set can change while the page settles): read them all at once.
  await expect
    .poll(async () => (await badges.allTextContents()).map((text) => text.trim()))
    .toEqual(expect.arrayContaining(['DEMONSTRAÇÃO']));
  const texts = (await badges.allTextContents()).map((text) => text.trim());
  expect(texts.every((text) => text === 'DEMONSTRAÇÃO')).toBe(true);
}

test('the shell loads and hides the launch token from the address bar', async ({ page, openApp }) => {
  await openApp();
  expect(page.url()).not.toContain('token');
  await expect(page.getByRole('heading', { level: 1, name: 'Painel', exact: true })).toBeVisible();
  await expect(page.getByTestId('connectivity')).toBeVisible();

  // A reload in the same tab keeps working: the token stays in sessionStorage.
  await page.reload();
  await expect(page.getByTestId('app-ready')).toBeVisible();
  await expectDemoBadges(page);
});

test('with animations turned off in the system, the screens do not move', async ({ page, openApp }) => {
  await openApp();
  // The suite's browser asks for reduced motion (playwright.config.ts), as Windows does when its
  // animations are off: transitions and animations end at once.
  const durations = await page.evaluate(() => {
    const style = getComputedStyle(document.querySelector('main') ?? document.body);
    return [style.transitionDuration, style.animationDuration];
  });
  expect(durations).toEqual(['1e-05s', '1e-05s']);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const normal = await page.evaluate(
    () => getComputedStyle(document.querySelector('main') ?? document.body).animationDuration,
  );
  expect(normal).toBe('0s');
});

test('every area opens from the sidebar', async ({ page, openApp }) => {
  await openApp();
  for (const [name, title] of areas) {
    await page.getByTestId(`nav-${name}`).click();
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true }), name).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`#/${name}`));
  }
});

test('the environment badge says DEMONSTRAÇÃO on a fresh install', async ({ page, openApp }) => {
  await openApp();
  await expectDemoBadges(page);
  await page.getByTestId('nav-documentos').click();
  await expectDemoBadges(page);
});

test('home screen screenshot', async ({ page, openApp }, testInfo) => {
  await openApp();
  await expect(page.getByRole('heading', { level: 1, name: 'Painel', exact: true })).toBeVisible();
  // The first launch seeds the demo company on the local sandbox: show the screen once it is there.
  await expect(page.locator('header.topbar')).toContainText('Carreta Demonstração', { timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready);
  const shot = testInfo.outputPath('painel.png');
  await page.screenshot({ path: shot });
  await testInfo.attach('painel', { path: shot, contentType: 'image/png' });
  // The README's picture is refreshed on request only: it shows a temp path and the time, so copying
  // it on every run would leave the work tree dirty.
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    const target = path.join(projectRoot, 'docs', 'screenshots', 'painel.png');
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(shot, target);
  }
});
