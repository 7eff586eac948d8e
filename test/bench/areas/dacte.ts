// DACTE figures: XML → HTML per document over the reference samples (each a first print: the barcode
// and QR code memo is cleared before every render), and 100 different DACTEs printed in one batch on
// headless Chromium and written as 100 PDF files (seconds, pages per second, CPU per PDF).
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { PDFDocument } from 'pdf-lib';

import { clearCodeCache } from '../../../electron/documents/html/codes';
import { ChromiumPdfEngine, htmlBatchToPdf } from '../../../electron/documents/pdf';
import { renderDocumentHtml } from '../../../electron/documents/render';
import { accessKeyCheckDigit } from '../../../electron/fiscal/access-key';
import { cteXml } from '../../documents/fixtures';
import { MAX, stressCte } from '../../documents/stress';
import { printableSamples } from '../../documents/support';
import type { Figure } from '../types';
import { note } from '../types';
import { percentile } from '../support/stats';

const ROUNDS = 5;
const BATCH = 100;

function round(value: number, places: number): number {
  const f = 10 ** places;
  return Math.round(value * f) / f;
}

/**
 * CPU seconds used so far by this process's descendants (the browser and its helpers), from /proc;
 * null elsewhere. On a loaded machine the wall time of the batch says little, the CPU time does.
 */
function childrenCpuSeconds(): number | null {
  if (process.platform !== 'linux') return null;
  const procs = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended while the table was read.
    }
  }
  let ticks = 0;
  for (const [pid, info] of procs) {
    let up: number | undefined = info.ppid;
    while (up !== undefined && up > 1 && up !== process.pid) up = procs.get(up)?.ppid;
    if (up === process.pid && pid !== process.pid) ticks += info.ticks;
  }
  return ticks / 100; // USER_HZ is 100 on Linux
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

/** Every file is a PDF of its own document's page count (outside the timing). */
async function checkFiles(dir: string, pages: number[]): Promise<void> {
  const files = readdirSync(dir).sort();
  if (files.length !== pages.length)
    throw new Error(`${files.length} PDF files for ${pages.length} documents`);
  for (const [i, name] of files.entries()) {
    const doc = await PDFDocument.load(await readFile(path.join(dir, name)), { updateMetadata: false });
    if (doc.getPageCount() !== pages[i])
      throw new Error(`${name}: ${doc.getPageCount()} pages, expected ${pages[i]}`);
  }
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
  const sheets = batch.reduce((n, r) => n + r.pages, 0);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'carreta-bench-dacte-'));
  const engine = new ChromiumPdfEngine({ poolSize: 2 });
  try {
    // Browser start-up is not part of the batch: the app keeps its engine, and its two pages, warm.
    await htmlBatchToPdf(engine, htmls.slice(0, 2), 2);
    const cpuBefore = childrenCpuSeconds();
    const nodeCpu = process.cpuUsage();
    const start = performance.now();
    // Counted: a layout change that stops the joined jobs from adding up shows as ~100 print jobs.
    let jobs = 0;
    const counted = {
      htmlToPdf: (html: string) => ((jobs += 1), engine.htmlToPdf(html)),
      close: () => engine.close(),
    };
    const pdfs = await htmlBatchToPdf(counted, htmls, 2);
    await Promise.all(
      pdfs.map((pdf, i) => writeFile(path.join(dir, `dacte-${String(i + 1).padStart(3, '0')}.pdf`), pdf)),
    );
    const seconds = (performance.now() - start) / 1000;
    const cpuAfter = childrenCpuSeconds();
    const used = process.cpuUsage(nodeCpu);
    const browserCpu = cpuBefore === null || cpuAfter === null ? Number.NaN : cpuAfter - cpuBefore;
    const nodeSeconds = (used.user + used.system) / 1e6;
    await checkFiles(
      dir,
      batch.map((r) => r.pages),
    );
    note(
      `pdf: ${pdfs.length} files, ${sheets} pages in ${jobs} print jobs, ${pdfs.reduce((n, p) => n + p.length, 0)} bytes; cpu (user+sys): browser ${browserCpu.toFixed(2)} s + node ${nodeSeconds.toFixed(2)} s = ${(((browserCpu + nodeSeconds) * 1000) / BATCH).toFixed(1)} ms per PDF; load ${os.loadavg()[0]?.toFixed(1)}`,
    );
    yield { name: 'pdf_batch_100_s', value: round(seconds, 2), unit: 's' };
    yield { name: 'pdf_pages_per_s', value: round(sheets / seconds, 1), unit: 'pages/s' };
    if (Number.isFinite(browserCpu))
      yield {
        name: 'pdf_cpu_ms_per_pdf',
        value: round(((browserCpu + nodeSeconds) * 1000) / BATCH, 1),
        unit: 'ms',
      };
    // Stress documents (every free text at its maximum length, 400 NF-e keys, 10 ObsCont and
    // ObsFisco, 24 components, all four parties): the continuation sheets at work.
    const stress = Array.from({ length: 6 }, (_, i) => renderDocumentHtml(stressCte(MAX, 500 + i)));
    const stressPages = stress.reduce((n, r) => n + r.pages, 0);
    const stressStart = performance.now();
    await htmlBatchToPdf(
      engine,
      stress.map((r) => r.html),
      2,
    );
    const stressSeconds = (performance.now() - stressStart) / 1000;
    note(`stress: ${stress.length} documents, ${stressPages} pages in ${stressSeconds.toFixed(2)} s`);
    yield { name: 'stress_pages_per_s', value: round(stressPages / stressSeconds, 1), unit: 'pages/s' };
  } finally {
    await engine.close();
    await rm(dir, { recursive: true, force: true });
  }
}
