// DACTE figures: XML → HTML per document over the reference samples (each a first print: the barcode
// and QR code memo is cleared before every render), and 100 PDFs in one batch on headless Chromium.
import os from 'node:os';

import { clearCodeCache } from '../../../electron/documents/html/codes';
import { ChromiumPdfEngine, htmlBatchToPdf } from '../../../electron/documents/pdf';
import { renderDocumentHtml } from '../../../electron/documents/render';
import { cteXml } from '../../documents/fixtures';
import { printableSamples } from '../../documents/support';
import type { Figure } from '../types';
import { note } from '../types';

const ROUNDS = 5;
const BATCH = 100;

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function round(value: number, places: number): number {
  const f = 10 ** places;
  return Math.round(value * f) / f;
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
    `html: ${times.length} renders of ${xmls.length} samples; cpu median ${quantile(cpuTimes, 0.5).toFixed(2)} ms, p95 ${quantile(cpuTimes, 0.95).toFixed(2)} ms; load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  yield { name: 'html_median_ms', value: round(quantile(times, 0.5), 3), unit: 'ms' };
  yield { name: 'html_p95_ms', value: round(quantile(times, 0.95), 3), unit: 'ms' };

  const htmls = Array.from({ length: BATCH }, (_, i) => renderDocumentHtml(xmls[i % xmls.length] ?? '').html);
  const engine = new ChromiumPdfEngine({ poolSize: 2 });
  try {
    await engine.htmlToPdf(htmls[0] ?? ''); // browser start-up is not part of the batch
    const start = performance.now();
    const pdfs = await htmlBatchToPdf(engine, htmls, 2);
    const seconds = (performance.now() - start) / 1000;
    note(`pdf: ${pdfs.length} PDFs, ${pdfs.reduce((n, p) => n + p.length, 0)} bytes`);
    yield { name: 'pdf_batch_100_s', value: round(seconds, 2), unit: 's' };
  } finally {
    await engine.close();
  }
}
