// Visual snapshots: the first sheet of every printable sample under ../shared, rendered by headless
// Chromium at 60 dpi in grayscale, against a committed baseline in __snapshots__/. UPDATE_SNAPSHOTS=1
// writes the baselines; actual and diff images of a failure stay in test-results/documents/snapshots/.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHROMIUM_PATH } from '../../electron/documents/pdf';
import { renderDocumentHtml } from '../../electron/documents/render';
import { diffImages, toGray, writeGray } from './png-diff';
import type { GrayImage } from './png-diff';
import { printableSamples, resultsDir, sharedAvailable } from './support';

const baselineDir = path.join(import.meta.dirname, '__snapshots__');
const outDir = path.join(resultsDir, 'snapshots');
const update = process.env.UPDATE_SNAPSHOTS === '1';
const ci = process.env.CI === 'true';
/** Luminance steps a pixel may move (anti-aliasing) before it counts as different. */
const TOLERANCE = 48;
/** Share of differing pixels that fails a snapshot. */
const MAX_RATIO = 0.005;
const DPI = 60;
// One A4 sheet in CSS pixels (96 per inch).
const SHEET_PX = { width: Math.round((210 / 25.4) * 96), height: Math.round((297 / 25.4) * 96) };

const chromiumPath = process.env.CARRETA_CHROMIUM ?? DEFAULT_CHROMIUM_PATH;
/** The snapshots are only comparable with the pinned fonts (CI installs them, see .ci/run). */
function fontsPinned(): boolean {
  try {
    return execFileSync('fc-match', ['Liberation Sans'], { encoding: 'utf8' }).includes('Liberation');
  } catch {
    return false;
  }
}
const toolsAvailable = existsSync(chromiumPath) && fontsPinned();
if (!toolsAvailable) {
  if (ci) throw new Error('Chromium and the Liberation fonts are required for the snapshots under CI=true');
  console.warn('[aviso] Chromium ou a fonte Liberation Sans ausentes: snapshots visuais serão pulados.');
}

/**
 * The baseline's file name: the sample's own file name plus a short hash of its path under
 * ../shared, so the committed images name no reference repository (they are our renders, not copies).
 */
export function snapshotName(sample: string): string {
  const base = path
    .basename(sample)
    .replace(/\.xml$/i, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `${base}-${createHash('sha1').update(sample).digest('hex').slice(0, 8)}`;
}

/**
 * Samples published with real companies' data (a genuine homologação document) are rendered by the
 * other tests but not kept as committed images.
 */
const REAL_DATA = /sped-da[\\/]/;

describe('png diff', () => {
  const image = (values: number[]): GrayImage => ({
    width: values.length,
    height: 1,
    data: Uint8Array.from(values),
  });
  it('counts pixels past the tolerance and size changes', () => {
    expect(diffImages(image([0, 128, 255]), image([0, 128, 255]), 10).differing).toBe(0);
    expect(diffImages(image([0, 128, 255]), image([5, 128, 200]), 10).differing).toBe(1);
    const resized = diffImages(image([0, 0]), image([0, 0, 0]), 10);
    expect(resized.sameSize).toBe(false);
    expect(resized.differing).toBe(1);
  });
  it('grayscale PNGs survive the round trip', () => {
    const original = image([0, 17, 200, 255]);
    expect(Array.from(toGray(writeGray(original)).data)).toEqual([0, 17, 200, 255]);
  });
});

const samples = printableSamples().filter((sample) => !REAL_DATA.test(sample.name));

describe.skipIf(!sharedAvailable || !toolsAvailable)('printout snapshots', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const context = await browser.newContext({
      viewport: SHEET_PX,
      deviceScaleFactor: DPI / 96,
      javaScriptEnabled: false,
      offline: true,
    });
    page = await context.newPage();
    await page.emulateMedia({ media: 'print' });
    mkdirSync(outDir, { recursive: true });
  }, 60_000);
  afterAll(async () => browser?.close());

  it('finds the samples', () => {
    expect(samples.length).toBeGreaterThan(20);
  });

  it.each(samples.map((s) => [s.name, s] as const))(
    '%s',
    async (_name, sample) => {
      const name = snapshotName(sample.name);
      const { html } = renderDocumentHtml(sample.xml);
      await page.setContent(html, { waitUntil: 'load' });
      const shot = await page.screenshot({ clip: { x: 0, y: 0, ...SHEET_PX }, animations: 'disabled' });
      const actual = toGray(shot);
      const baselineFile = path.join(baselineDir, `${name}.png`);
      if (update) {
        mkdirSync(baselineDir, { recursive: true });
        writeFileSync(baselineFile, writeGray(actual));
        return;
      }
      if (!existsSync(baselineFile)) {
        writeFileSync(path.join(outDir, `${name}.actual.png`), writeGray(actual));
        if (ci)
          throw new Error(`Sem baseline para ${sample.name}: gere com UPDATE_SNAPSHOTS=1 e faça commit.`);
        console.warn(`[aviso] sem baseline para ${sample.name} (gere com UPDATE_SNAPSHOTS=1)`);
        return;
      }
      const result = diffImages(toGray(readFileSync(baselineFile)), actual, TOLERANCE);
      if (!result.sameSize || result.ratio > MAX_RATIO) {
        writeFileSync(path.join(outDir, `${name}.actual.png`), writeGray(actual));
        writeFileSync(path.join(outDir, `${name}.diff.png`), result.diffPng);
      }
      expect(result.sameSize, `${name}: size`).toBe(true);
      expect(result.ratio, `${name}: ${result.differing} pixels differ`).toBeLessThanOrEqual(MAX_RATIO);
    },
    30_000,
  );
});
