// DACTE figures: XML → HTML per document over the reference samples (each a first print: the barcode
// and QR code memo is cleared before every render), and 100 PDFs in one batch on headless Chromium.
import { readdirSync, readFileSync } from 'node:fs';
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
    const cpuBefore = childrenCpuSeconds();
    const nodeCpu = process.cpuUsage();
    const start = performance.now();
    const pdfs = await htmlBatchToPdf(engine, htmls, 2);
    const seconds = (performance.now() - start) / 1000;
    const cpuAfter = childrenCpuSeconds();
    const used = process.cpuUsage(nodeCpu);
    const browserCpu = cpuBefore === null || cpuAfter === null ? Number.NaN : cpuAfter - cpuBefore;
    note(
      `pdf: ${pdfs.length} PDFs, ${pdfs.reduce((n, p) => n + p.length, 0)} bytes; cpu: browser ${browserCpu.toFixed(2)} s + node ${((used.user + used.system) / 1e6).toFixed(2)} s; load ${os.loadavg()[0]?.toFixed(1)}`,
    );
    yield { name: 'pdf_batch_100_s', value: round(seconds, 2), unit: 's' };
  } finally {
    await engine.close();
  }
}
