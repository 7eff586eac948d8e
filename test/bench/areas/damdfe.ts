// DAMDFE figures: XML → HTML per MDF-e (each a first print: the barcode and QR code memo is cleared
// before every render) over the reference samples and synthetic trips of 1 to 400 documents, and 100
// different DAMDFEs printed in one batch on headless Chromium and written as 100 PDF files (seconds,
// pages per second, Chromium's CPU per page).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { clearCodeCache } from '../../../electron/documents/html/codes';
import { ChromiumPdfEngine } from '../../../electron/documents/pdf';
import { renderDocumentHtml } from '../../../electron/documents/render';
import { docKey, mdfeEventXml, mdfeXml, withDv } from '../../documents/mdfe-fixtures';
import { referencePath, sharedAvailable } from '../../support/shared';
import type { Figure } from '../types';
import { note } from '../types';
import type { BatchRun } from '../support/printing';
import { describeRuns, medianRun, printBatch } from '../support/printing';

const ROUNDS = 5;
const BATCH = 100;
/** Rounds of the batch: the median is reported (the machine is shared with other work). */
const RUNS = 3;

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function round(value: number, places: number): number {
  const f = 10 ** places;
  return Math.round(value * f) / f;
}

/** MDF-e number `n` of the batch: its own key (so its own barcode and QR code) and 1–60 CT-e. */
function trip(n: number): { xml: string; events: string[] } {
  const key = withDv(`35260612345678000199580010${String(n).padStart(8, '0')}1${String(n).padStart(8, '0')}`);
  const keys = Array.from({ length: 1 + ((n * 7) % 60) }, (_, i) => docKey('57', n * 100 + i));
  const groups = [
    { cMun: '4106902', xMun: 'Curitiba', keys: keys.slice(0, Math.ceil(keys.length / 2)) },
    { cMun: '4113700', xMun: 'Londrina', keys: keys.slice(Math.ceil(keys.length / 2)) },
  ].filter((g) => g.keys.length > 0);
  const xml = mdfeXml({
    key,
    cStat: '100',
    tpAmb: n % 5 === 0 ? '2' : '1',
    groups,
    trailers: n % 3,
    valePed: n % 2,
  });
  const events = n % 4 === 0 ? [mdfeEventXml({ key, tpEvento: '110112', cStat: '135' })] : [];
  return { xml, events };
}

function samples(): { xml: string; events: string[] }[] {
  const synthetic = [1, 20, 400].map((count) => ({
    xml: mdfeXml({
      cStat: '100',
      trailers: 1,
      groups: [
        {
          cMun: '4106902',
          xMun: 'Curitiba',
          keys: Array.from({ length: count }, (_, i) => docKey('57', i + 1)),
        },
      ],
    }),
    events: [],
  }));
  if (!sharedAvailable) {
    note('../shared ausente: só MDF-e sintéticos');
    return synthetic;
  }
  const dir = referencePath('mdfe', 'samples');
  const refs = readdirSync(dir)
    .filter((f) => /^0[1-4]_.*\.xml$/.test(f))
    .map((f) => ({ xml: readFileSync(path.join(dir, f), 'utf8'), events: [] }));
  return [...refs, ...synthetic];
}

export default async function* damdfe(): AsyncGenerator<Figure> {
  const docs = samples();
  for (const d of docs) renderDocumentHtml(d.xml, { events: d.events }); // warm-up
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const d of docs) {
      clearCodeCache();
      const start = performance.now();
      renderDocumentHtml(d.xml, { events: d.events });
      times.push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  note(`html: ${times.length} renders of ${docs.length} MDF-e; p95 ${quantile(times, 0.95).toFixed(2)} ms`);
  yield { name: 'html_median_ms', value: round(quantile(times, 0.5), 3), unit: 'ms' };

  const batch = Array.from({ length: BATCH }, (_, i) => {
    const t = trip(i + 1);
    return renderDocumentHtml(t.xml, { events: t.events });
  });
  const htmls = batch.map((r) => r.html);
  if (new Set(htmls).size !== BATCH) throw new Error('the batch repeats a document');
  const pages = batch.map((r) => r.pages);
  const sheets = pages.reduce((n, p) => n + p, 0);
  const engine = new ChromiumPdfEngine({ poolSize: 2 });
  try {
    // Browser start-up and the engine's first batch are not counted: the app keeps its engine, and
    // its two pages, warm (the first batch of a fresh browser costs about a third more: its
    // processes grow their memory and load fonts).
    describeRuns(
      'pdf, first batch (not counted)',
      [await printBatch(engine, htmls, pages, 'damdfe')],
      sheets,
    );
    const runs: BatchRun[] = [];
    for (let r = 0; r < RUNS; r++) runs.push(await printBatch(engine, htmls, pages, 'damdfe'));
    describeRuns('pdf', runs, sheets);
    const run = medianRun(runs);
    const browserCpu = runs.reduce((n, x) => n + x.browserCpu, 0) / runs.length;
    yield { name: 'pdf_batch_100_s', value: round(run.seconds, 2), unit: 's' };
    yield { name: 'pdf_pages_per_s', value: round(sheets / run.seconds, 1), unit: 'pages/s' };
    if (Number.isFinite(browserCpu))
      yield { name: 'pdf_cpu_ms_per_page', value: round((browserCpu * 1000) / sheets, 1), unit: 'ms' };
  } finally {
    await engine.close();
  }
}
