// Batch PDFs on headless Chromium: printouts joined into a few print jobs and split back must give
// each document exactly its own sheets, its own text and "FL x/y", and a barcode that still reads
// as its own key; every word sits where printing the document alone puts it. PDFs and PNGs stay in
// test-results/documents/batch/.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PdfEngine } from '../../electron/documents/pdf';
import {
  ChromiumPdfEngine,
  DEFAULT_CHROMIUM_PATH,
  htmlBatchToPdfSettled,
} from '../../electron/documents/pdf';
import { DEFAULT_BATCH_LIMITS, planBatch } from '../../electron/documents/pdf-batch';
import { renderDocumentHtml } from '../../electron/documents/render';
import type { RenderDocumentResult } from '../../electron/documents/render';
import { accessKeyCheckDigit } from '../../electron/fiscal/access-key';
import { formatChave } from '../../electron/shared/format';
import { fiscalRef } from '../support/shared';
import { cteXml } from './fixtures';
import { decode, resultsDir, sharedAvailable } from './support';

const chromiumPath = process.env.CARRETA_CHROMIUM ?? DEFAULT_CHROMIUM_PATH;
const toolsAvailable =
  existsSync(chromiumPath) && existsSync('/usr/bin/pdftotext') && existsSync('/usr/bin/pdftoppm');
if (!toolsAvailable) {
  if (process.env.CI === 'true')
    throw new Error(`Chromium (${chromiumPath}) and poppler-utils are required under CI=true`);
  console.warn('[aviso] Chromium ou poppler-utils ausentes: testes de PDF em lote serão pulados.');
}

const outDir = path.join(resultsDir, 'batch');

function save(name: string, pdf: Uint8Array): string {
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

function text(file: string, page?: number): string {
  const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  return execFileSync('pdftotext', ['-layout', ...range, file, '-'], { encoding: 'utf8' });
}

type Word = [string, number, number, number, number];

/**
 * Every word with its box (points), page by page. Sorted within each page: Chromium may paint the
 * same boxes in another order.
 */
function words(file: string): Word[][] {
  const xml = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  return xml
    .split('<page ')
    .slice(1)
    .map((page) =>
      [...page.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g)]
        .map((m): Word => [m[5] ?? '', Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])])
        .sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1] || a[2] - b[2]),
    );
}

/** Same words at the same places, to a hundredth of a point (rotated text differs in rounding). */
function expectSameWords(actual: Word[][], expected: Word[][]): void {
  expect(actual.map((page) => page.map((w) => w[0]))).toEqual(expected.map((page) => page.map((w) => w[0])));
  let worst = 0;
  actual.forEach((page, p) =>
    page.forEach((word, w) => {
      const other = expected[p]?.[w] ?? word;
      for (let k = 1; k <= 4; k++) worst = Math.max(worst, Math.abs(Number(word[k]) - Number(other[k])));
    }),
  );
  expect(worst).toBeLessThan(0.01);
}

function info(file: string): { pages: number; size: string; title: string } {
  const out = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return {
    pages: Number(/Pages:\s+(\d+)/.exec(out)?.[1]),
    size: /Page size:\s+(.*)/.exec(out)?.[1] ?? '',
    title: /Title:\s+(.*)/.exec(out)?.[1] ?? '',
  };
}

function raster(file: string, page: number): Uint8Array {
  const prefix = file.replace(/\.pdf$/, `-p${page}`);
  execFileSync('pdftoppm', [
    '-r',
    '200',
    '-f',
    String(page),
    '-l',
    String(page),
    '-png',
    '-singlefile',
    file,
    prefix,
  ]);
  return readFileSync(`${prefix}.png`);
}

/** A valid access key for CT-e number `n` (series 1), so every document has its own key and barcode. */
function keyFor(n: number): string {
  const body = `352406${'12345678000199'}57001${String(n).padStart(9, '0')}1${String(10_000_000 + n).slice(-8)}`;
  return `${body}${accessKeyCheckDigit(body)}`;
}

/** Images placed in the PDF, by page and size (pdfimages -list without the object numbers). */
function images(file: string): string[] {
  return execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((line) => line.trim().split(/\s+/).slice(0, 6).join(' '));
}

/** A small striped PNG as a company logo. */
function logoDataUrl(): string {
  const png = new PNG({ width: 60, height: 30 });
  for (let i = 0; i < png.data.length; i += 4) {
    const dark = Math.floor(i / 4 / 6) % 2 === 0;
    png.data.set(dark ? [20, 40, 160, 255] : [255, 255, 255, 255], i);
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

/** Counts the print jobs that reach the browser. */
function counting(engine: PdfEngine): PdfEngine & { calls: number } {
  const wrapped = {
    calls: 0,
    htmlToPdf: (html: string) => {
      wrapped.calls += 1;
      return engine.htmlToPdf(html);
    },
    close: () => engine.close(),
  };
  return wrapped;
}

describe.skipIf(!toolsAvailable)('batch PDFs on headless Chromium, split per document', () => {
  let engine: ChromiumPdfEngine;
  beforeAll(() => {
    engine = new ChromiumPdfEngine({ executablePath: chromiumPath, poolSize: 2 });
  });
  afterAll(async () => {
    await engine.close();
  });

  it('each PDF: its own pages, key, FL x/y and barcode, and the same words as printed alone', async () => {
    const shape: [number, number][] = [
      [2, 5],
      [120, 900],
      [1, 0],
      [40, 400],
      [3, 20],
      [6, 60],
    ];
    // The third document carries a logo: joined jobs must wait for its image as a single print does.
    const results: RenderDocumentResult[] = shape.map(([keys, words], i) =>
      renderDocumentHtml(
        cteXml(keys, words, '', keyFor(501 + i)),
        i === 2 ? { logoDataUrl: logoDataUrl() } : {},
      ),
    );
    if (sharedAvailable) {
      for (const file of [
        'Engenere_BrazilFiscalReport/tests/fixtures/dacte/dacte_test_1.xml',
        'nfephp-org_sped-da/examples/cteos/fixtures/cte_hom_com_prot.xml',
      ])
        results.push(renderDocumentHtml(readFileSync(fiscalRef(file), 'utf8')));
    }
    expect(results.some((r) => r.pages > 2)).toBe(true);
    const counted = counting(engine);
    const limits = { ...DEFAULT_BATCH_LIMITS, maxSheets: 8 };
    const htmls = results.map((r) => r.html);
    expect(planBatch(htmls, limits).find((job) => job.indices.includes(2))?.indices.length).toBeGreaterThan(
      1,
    );
    const outcomes = await htmlBatchToPdfSettled(counted, htmls, limits);
    // Joined for real: fewer print jobs than documents, not one job per document.
    expect(counted.calls).toBeLessThan(results.length);
    expect(counted.calls).toBeGreaterThan(1);

    for (const [i, result] of results.entries()) {
      const outcome = outcomes[i];
      if (!outcome?.ok) throw new Error(`document ${i} has no PDF`);
      const file = save(`${result.kind}-${i}`, outcome.pdf);
      const meta = info(file);
      expect(meta.pages).toBe(result.pages);
      expect(meta.size).toMatch(/A4/);
      expect(meta.title).toMatch(/^DACTE/);
      const all = text(file);
      expect(all).toContain(formatChave(result.key));
      for (const other of results)
        if (other.key !== result.key) expect(all).not.toContain(formatChave(other.key));
      for (let page = 1; page <= result.pages; page++) {
        expect(text(file, page)).toMatch(new RegExp(`\\s${page}/${result.pages}\\s+\\d{2}/\\d{2}/\\d{4}`));
      }
      const alone = save(`${result.kind}-${i}-alone`, await engine.htmlToPdf(result.html));
      // Same words at the same places as printing the document alone.
      expectSameWords(words(file), words(alone));
      expect(images(file)).toEqual(images(alone));
      if (i === 2) expect(images(file).length).toBeGreaterThan(0);
      for (const page of new Set([1, result.pages])) {
        const codes = await decode(raster(file, page), ['Code128']);
        expect(codes.map((c) => c.text)).toContain(result.key);
      }
    }
  }, 180_000);
});
