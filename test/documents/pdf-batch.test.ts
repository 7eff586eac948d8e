// Batch PDFs without a browser: how printouts are joined into print jobs, and how the joined PDF is
// split back. A stand-in engine draws one PDF page per sheet and writes which printout and sheet it
// came from into the page size, so every page of every split PDF can be traced to its source.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { htmlDocument, sheet } from '../../electron/documents/html/page';
import { DEFAULT_BATCH_LIMITS, parsePrintout, planBatch } from '../../electron/documents/pdf-batch';
import type { PdfEngine } from '../../electron/documents/pdf';
import { htmlBatchToPdf, htmlBatchToPdfSettled } from '../../electron/documents/pdf';
import { splitPdf } from '../../electron/documents/pdf-split';
import { renderDocumentHtml } from '../../electron/documents/render';
import { cteXml } from './fixtures';
import { printableSamples } from './support';

const flags = { homologacao: false, stamp: undefined };

/** Printout `doc` with `sheets` sheets, each marked with its printout and sheet number. */
function printout(doc: number, sheets: number, css = ''): string {
  const body = Array.from({ length: sheets }, (_, s) => sheet(`<p data-mark="${doc}:${s + 1}"></p>`, flags));
  return htmlDocument(`DACTE ${doc} & cia`, css, body);
}

/** Page size 100+doc × 200+sheet points: the marks of each page, read back from any PDF. */
class MarkingEngine implements PdfEngine {
  calls: string[] = [];
  /** Pages to drop from every joined job (a layout that would not add up). */
  dropPages = 0;
  failOn: string | null = null;

  async htmlToPdf(html: string): Promise<Uint8Array> {
    this.calls.push(html);
    if (this.failOn !== null && html.includes(this.failOn)) throw new Error('engine broke');
    const marks = [...html.matchAll(/data-mark="(\d+):(\d+)"/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const joined = (html.match(/<!DOCTYPE/g) ?? []).length === 1 && new Set(marks.map((m) => m[0])).size > 1;
    const doc = await PDFDocument.create();
    doc.setTitle(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
    doc.setProducer('marking engine');
    for (const [d, s] of marks.slice(0, joined ? marks.length - this.dropPages : marks.length)) {
      doc.addPage([100 + (d ?? 0), 200 + (s ?? 0)]);
    }
    return doc.save();
  }

  async close(): Promise<void> {}
}

async function marksOf(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((p) => `${p.getWidth() - 100}:${p.getHeight() - 200}`);
}

function expectedMarks(doc: number, sheets: number): string[] {
  return Array.from({ length: sheets }, (_, s) => `${doc}:${s + 1}`);
}

describe('planBatch', () => {
  it('joins printouts with the same stylesheet, in order, spreading the sheets over the workers', () => {
    const htmls = Array.from({ length: 10 }, (_, i) => printout(i, 1 + (i % 3)));
    const jobs = planBatch(htmls, { maxSheets: 8, maxChars: 1e6, concurrency: 2 });
    expect(jobs.flatMap((j) => j.indices)).toEqual([...htmls.keys()]);
    // 19 sheets, at most 8 a job, aiming at 80% of that: 3 jobs, rounded up to a multiple of 2.
    expect(jobs).toHaveLength(4);
    const sizes = jobs.map((j) => j.pages.reduce((x, y) => x + y, 0));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(3);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(8);
    for (const job of jobs) {
      expect(job.titles).toEqual(job.indices.map((i) => `DACTE ${i} & cia`));
      expect(job.html.match(/<!DOCTYPE/g)).toHaveLength(1);
      expect(job.html.match(/<section class="sheet">/g)).toHaveLength(job.pages.reduce((a, b) => a + b, 0));
    }
  });

  it('keeps a printout alone when its stylesheet differs, it is too large or it is not made of sheets', () => {
    const htmls = [
      printout(0, 1),
      printout(1, 1, '.x{color:red}'),
      printout(2, 1),
      printout(3, 30),
      '<p>não é uma impressão</p>',
      printout(5, 1),
      printout(6, 1),
    ];
    const jobs = planBatch(htmls, { ...DEFAULT_BATCH_LIMITS, maxSheets: 4 });
    expect(jobs.map((j) => j.indices)).toEqual([[0], [1], [2], [3], [4], [5, 6]]);
    expect(jobs[3]?.html).toBe(htmls[3]);
    expect(jobs[3]?.pages).toEqual([30]);
    expect(jobs[4]?.pages).toEqual([]);
  });

  it('caps the characters of a joined job (Electron loads it as a data: URL)', () => {
    const htmls = Array.from({ length: 6 }, (_, i) => printout(i, 1));
    const size = parsePrintout(htmls[0] ?? '')?.body.length ?? 0;
    const jobs = planBatch(htmls, { maxSheets: 100, maxChars: size * 2, concurrency: 1 });
    expect(jobs.flatMap((j) => j.indices)).toEqual([...htmls.keys()]);
    expect(Math.max(...jobs.map((j) => j.indices.length))).toBe(2);
  });

  it('with the default limits, a day of printouts goes in a few joined jobs within the caps', () => {
    const htmls = [
      ...printableSamples().map((s) => renderDocumentHtml(s.xml).html),
      ...Array.from({ length: 60 }, (_, i) => renderDocumentHtml(cteXml(1 + i * 4, i * 30)).html),
    ];
    const jobs = planBatch(htmls);
    const joined = jobs.filter((j) => j.indices.length > 1);
    expect(joined.length).toBeGreaterThan(0);
    // Fewer jobs cost less (each one has a fixed cost in Chromium), in a multiple of the workers.
    expect(joined.length).toBeLessThanOrEqual(6);
    for (const job of joined) {
      expect(job.pages.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(DEFAULT_BATCH_LIMITS.maxSheets);
      expect(job.html.length).toBeLessThan(DEFAULT_BATCH_LIMITS.maxChars + 10_000);
    }
  });

  it('reads as many sheets from every real printout as it has pages', () => {
    const samples = printableSamples();
    const results = [
      renderDocumentHtml(cteXml(120, 900)),
      renderDocumentHtml(cteXml(2, 5)),
      ...samples.map((s) => renderDocumentHtml(s.xml)),
    ];
    for (const result of results) expect(parsePrintout(result.html)?.sheets).toBe(result.pages);
  });
});

describe('batch PDFs split per printout', () => {
  const sheets = [1, 3, 1, 2, 1, 1, 4, 1];
  const htmls = sheets.map((n, i) => printout(i, n));

  it('few print jobs, and each PDF holds exactly its own pages, titled as the printout', async () => {
    const engine = new MarkingEngine();
    const pdfs = await htmlBatchToPdf(engine, htmls, 2);
    expect(engine.calls.length).toBeLessThan(htmls.length);
    expect(pdfs).toHaveLength(htmls.length);
    for (const [i, pdf] of pdfs.entries()) {
      expect(await marksOf(pdf)).toEqual(expectedMarks(i, sheets[i] ?? 0));
      const doc = await PDFDocument.load(pdf, { updateMetadata: false });
      expect(doc.getTitle()).toBe(`DACTE ${i} & cia`);
      expect(doc.getProducer()).toBe('marking engine');
    }
  });

  it('a joined PDF whose pages do not add up is printed again one printout at a time', async () => {
    const engine = new MarkingEngine();
    engine.dropPages = 1;
    const pdfs = await htmlBatchToPdf(engine, htmls, 2);
    for (const [i, pdf] of pdfs.entries())
      expect(await marksOf(pdf)).toEqual(expectedMarks(i, sheets[i] ?? 0));
    expect(engine.calls.length).toBeGreaterThan(htmls.length);
  });

  it('a failing printout fails alone; the others still get their PDFs', async () => {
    const engine = new MarkingEngine();
    engine.failOn = 'data-mark="3:2"';
    const settled: number[] = [];
    const outcomes = await htmlBatchToPdfSettled(engine, htmls, { onSettled: (i) => settled.push(i) });
    expect(settled.sort((a, b) => a - b)).toEqual([...htmls.keys()]);
    expect(outcomes.map((o) => o.ok)).toEqual(sheets.map((_, i) => i !== 3));
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.ok) expect(await marksOf(outcome.pdf)).toEqual(expectedMarks(i, sheets[i] ?? 0));
    }
    await expect(htmlBatchToPdf(engine, htmls, 2)).rejects.toThrow('engine broke');
  });

  it('splitPdf refuses page ranges that do not cover the PDF', async () => {
    const engine = new MarkingEngine();
    const joined = await engine.htmlToPdf(htmls.slice(0, 2).join(''));
    await expect(
      splitPdf(joined, [
        { pages: 1, title: 'a' },
        { pages: 1, title: 'b' },
      ]),
    ).rejects.toThrow(/4 pages, the printouts 2/);
  });
});
