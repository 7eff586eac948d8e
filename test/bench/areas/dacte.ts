// DACTE figures: XML → HTML per document over the reference samples (each a first print: the barcode
// and QR code memo is cleared before every render), and 100 different DACTEs printed in one batch on
// headless Chromium and written as 100 PDF files (seconds, pages per second, Chromium's CPU per
// page), and the stress documents' continuation sheets (pages per second).
import os from 'node:os';

import { clearCodeCache } from '../../../electron/documents/html/codes';
import { ChromiumPdfEngine, htmlBatchToPdf } from '../../../electron/documents/pdf';
import { renderDocumentHtml } from '../../../electron/documents/render';
import { accessKeyCheckDigit } from '../../../electron/fiscal/access-key';
import { cteXml } from '../../documents/fixtures';
import { MAX, stressCte } from '../../documents/stress';
import { printableSamples } from '../../documents/support';
import type { Figure } from '../types';
import { note } from '../types';
import type { BatchRun } from '../support/printing';
import { describeRuns, medianRun, printBatch } from '../support/printing';
import { percentile } from '../support/stats';

const ROUNDS = 5;
const BATCH = 100;
/** Rounds of each batch: the median is reported (the machine is shared with other work). */
const RUNS = 3;

function round(value: number, places: number): number {
  const f = 10 ** places;
  return Math.round(value * f) / f;
}

/** The same CT-e as number `n`: nCT, and its keys (with their check digit) wherever they appear. */
function renumber(xml: string, n: number): string {
  let out = xml.replace(/<nCT>[^<]*<\/nCT>/, `<nCT>${n}</nCT>`);
  const keys = new Set([...xml.matchAll(/(?:<chCTe>|Id="CTe)(\d{44})/g)].map((m) => m[1] ?? ''));
  for (const key of keys) {
    // cUF AAMM CNPJ mod série | nCT (9) | tpEmis cCT | DV
    const body = `${key.slice(0, 25)}${String(n).padStart(9, '0')}${key.slice(34, 43)}`;
    out = out.split(key).join(`${body}${accessKeyCheckDigit(body)}`);
  }
  return out;
}

export default async function* dacte(): AsyncGenerator<Figure> {
  let xmls = printableSamples()
    .filter((s) => s.root === 'cteProc' || s.root === 'CTe')
    .map((s) => s.xml);
  if (xmls.length === 0) {
    note('../shared ausente: usando CT-e sintéticos');
    xmls = Array.from({ length: 20 }, (_, i) => cteXml(1 + i * 3, 10 + i * 20));
  }
  for (const xml of xmls) renderDocumentHtml(xml); // warm-up (JIT, lazy module state)
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const xml of xmls) {
      clearCodeCache();
      const cpu = process.cpuUsage();
      const start = performance.now();
      renderDocumentHtml(xml);
      times.push(performance.now() - start);
      const used = process.cpuUsage(cpu);
      cpuTimes.push((used.user + used.system) / 1000);
    }
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  // CPU time is printed beside wall time: on a shared, loaded machine it shows the work itself.
  note(
    `html: ${times.length} renders of ${xmls.length} samples; cpu median ${percentile(cpuTimes, 50).toFixed(2)} ms, p95 ${percentile(cpuTimes, 95).toFixed(2)} ms; load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  yield { name: 'html_median_ms', value: round(percentile(times, 50), 3), unit: 'ms' };
  yield { name: 'html_p95_ms', value: round(percentile(times, 95), 3), unit: 'ms' };

  // 100 different documents: the samples over and over, each copy with its own number and key
  // (so its own barcode and QR code), written as 100 files.
  const batch = Array.from({ length: BATCH }, (_, i) =>
    renderDocumentHtml(renumber(xmls[i % xmls.length] ?? '', 9001 + i)),
  );
  const htmls = batch.map((r) => r.html);
  if (new Set(htmls).size !== BATCH) throw new Error('the batch repeats a document');
  const pages = batch.map((r) => r.pages);
  const sheets = pages.reduce((n, p) => n + p, 0);
  const engine = new ChromiumPdfEngine({ poolSize: 2 });
  try {
    // Browser start-up and the engine's first batch are not counted: the app keeps its engine, and
    // its two pages, warm (the first batch of a fresh browser costs about a third more: its
    // processes grow their memory and load fonts).
    describeRuns('pdf, first batch (not counted)', [await printBatch(engine, htmls, pages, 'dacte')], sheets);
    const runs: BatchRun[] = [];
    for (let r = 0; r < RUNS; r++) runs.push(await printBatch(engine, htmls, pages, 'dacte'));
    describeRuns('pdf', runs, sheets);
    const run = medianRun(runs);
    const browserCpu = runs.reduce((n, x) => n + x.browserCpu, 0) / runs.length;
    yield { name: 'pdf_batch_100_s', value: round(run.seconds, 2), unit: 's' };
    yield { name: 'pdf_pages_per_s', value: round(sheets / run.seconds, 1), unit: 'pages/s' };
    if (Number.isFinite(browserCpu))
      yield { name: 'pdf_cpu_ms_per_page', value: round((browserCpu * 1000) / sheets, 1), unit: 'ms' };
    // Stress documents (every free text at its maximum length, 400 NF-e keys, 10 ObsCont and
    // ObsFisco, 24 components, all four parties): the continuation sheets at work.
    const stress = Array.from({ length: 6 }, (_, i) => renderDocumentHtml(stressCte(MAX, 500 + i)));
    const stressPages = stress.reduce((n, r) => n + r.pages, 0);
    const stressRuns: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const stressStart = performance.now();
      await htmlBatchToPdf(
        engine,
        stress.map((x) => x.html),
        2,
      );
      stressRuns.push((performance.now() - stressStart) / 1000);
    }
    stressRuns.sort((a, b) => a - b);
    const stressSeconds = stressRuns[Math.floor((stressRuns.length - 1) / 2)] ?? Number.NaN;
    note(
      `stress: ${stress.length} documents, ${stressPages} pages in ${stressRuns.map((x) => x.toFixed(2)).join(', ')} s`,
    );
    yield { name: 'stress_pages_per_s', value: round(stressPages / stressSeconds, 1), unit: 'pages/s' };
  } finally {
    await engine.close();
  }
}
