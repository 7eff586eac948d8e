// Our Chromium flags against a started browser: Chromium keeps only the last `--disable-features` of
// its command line, so the one in CHROMIUM_ARGS must still turn off every feature playwright-core
// turns off by itself, and it must keep the full browser's address-bar popups (WebUI pages in a
// renderer of their own, busy while idle) from loading at all.
import { existsSync, readFileSync } from 'node:fs';

import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';

import {
  CHROMIUM_ARGS,
  DEFAULT_CHROMIUM_PATH,
  HEADLESS_SHELL_PATH,
  printBrowserPath,
} from '../../electron/documents/pdf';

const available = process.platform === 'linux' && existsSync(DEFAULT_CHROMIUM_PATH);
if (!available) {
  if (process.env.CI === 'true')
    throw new Error(`Chromium (${DEFAULT_CHROMIUM_PATH}) is required under CI=true`);
  console.warn('[aviso] Chromium ausente: os testes das opções do Chromium serão pulados.');
}

const open: Browser[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((b) => b.close()));
});

interface Started {
  /** Every `--disable-features` list on the browser's command line, in order (Chromium uses the last). */
  lists: string[][];
  /** The URLs of every target the browser holds, its own UI pages included. */
  targets: string[];
}

async function start(args: string[]): Promise<Started> {
  const browser = await chromium.launch({ executablePath: DEFAULT_CHROMIUM_PATH, args, headless: true });
  open.push(browser);
  const page = await (await browser.newContext()).newPage();
  await page.setContent('<p>ok</p>');
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  const main = processInfo.find((p) => p.type === 'browser');
  if (!main) throw new Error('no browser process');
  const argv = readFileSync(`/proc/${main.id}/cmdline`, 'utf8').split('\0');
  const { targetInfos } = await cdp.send('Target.getTargets');
  return {
    lists: argv
      .filter((a) => a.startsWith('--disable-features='))
      .map((a) => a.slice('--disable-features='.length).split(',').filter(Boolean)),
    targets: targetInfos.map((t) => t.url),
  };
}

describe.skipIf(!available)('Chromium flags', () => {
  it("keep every feature playwright-core turns off, and the address bar's WebUI popups unloaded", async () => {
    const plain = await start(['--no-sandbox']);
    // The outside facts this stands on: playwright-core passes a list of its own, and the full
    // browser, headless, loads the popups by itself.
    expect(plain.lists).toHaveLength(1);
    expect(plain.lists[0]).toContain('PaintHolding');
    expect(plain.targets.some((url) => url.startsWith('chrome://omnibox-popup'))).toBe(true);

    const ours = await start(CHROMIUM_ARGS);
    expect(ours.lists).toHaveLength(2);
    const [theirs = [], last = []] = ours.lists;
    // Chromium keeps the last list only: ours must repeat theirs.
    expect(theirs.filter((feature) => !last.includes(feature))).toEqual([]);
    expect(last).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
    // And it is the one in force: the popups are not loaded.
    expect(ours.targets.filter((url) => url.startsWith('chrome://'))).toEqual([]);
  }, 30_000);
});

describe('the browser printouts are made with', () => {
  it('prints with the headless shell when it is installed, else with Chromium, unless told otherwise', () => {
    expect(printBrowserPath({}, () => true)).toBe('/usr/bin/chromium-headless-shell');
    expect(printBrowserPath({}, (file) => file !== HEADLESS_SHELL_PATH)).toBe('/usr/bin/chromium');
    expect(printBrowserPath({ CARRETA_CHROMIUM: ' /opt/chrome/chrome ' }, () => true)).toBe(
      '/opt/chrome/chrome',
    );
  });
});
