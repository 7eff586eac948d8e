// What the printing benchmarks share: a batch printed on the PDF engine and written one file per
// document, timed by the wall clock and by the CPU time of every Chromium process.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { PDFDocument } from 'pdf-lib';

import type { PdfEngine } from '../../../electron/documents/pdf';
import { htmlBatchToPdf } from '../../../electron/documents/pdf';
import { note } from '../types';

/** USER_HZ: the unit of the times in /proc/<pid>/stat (100 on every Linux we run on). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds used so far by the processes under this one (the browser and all its helpers), from
 * /proc; null elsewhere. Counts the live processes' own time and the time of the helpers that
 * already ended (Chromium starts a print compositor per print job and ends it after: its time is
 * in its parent's cutime/cstime once reaped). On a loaded machine the wall time of a batch says
 * little, the CPU time says what the work costs.
 */
export function descendantsCpuSeconds(root = process.pid): number | null {
  if (process.platform !== 'linux') return null;
  const procs = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): state ppid … utime stime cutime cstime.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
      procs.set(Number(entry), { ppid: Number(fields[1]), ticks });
    } catch {
      // The process ended while the table was read.
    }
  }
  let ticks = 0;
  for (const [pid, info] of procs) {
    let up: number | undefined = info.ppid;
    while (up !== undefined && up > 1 && up !== root) up = procs.get(up)?.ppid;
    if (up === root && pid !== root) ticks += info.ticks;
  }
  return ticks / TICKS_PER_SECOND;
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

export interface BatchRun {
  seconds: number;
  /** CPU seconds of all Chromium processes (NaN where /proc is missing). */
  browserCpu: number;
  /** CPU seconds of this process (planning, splitting, writing). */
  nodeCpu: number;
  jobs: number;
  bytes: number;
}

/**
 * Prints `htmls` as one batch on `engine` (2 jobs at a time, as the app does) and writes one PDF
 * file per document into a fresh folder, which is checked (page counts) and removed afterwards.
 */
export async function printBatch(
  engine: PdfEngine,
  htmls: string[],
  pages: number[],
  prefix: string,
): Promise<BatchRun> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `carreta-bench-${prefix}-`));
  try {
    // Counted: a layout change that stops the joined jobs from adding up shows as ~100 print jobs.
    let jobs = 0;
    const counted: PdfEngine = {
      htmlToPdf: (html) => ((jobs += 1), engine.htmlToPdf(html)),
      close: () => engine.close(),
    };
    const cpuBefore = descendantsCpuSeconds();
    const nodeBefore = process.cpuUsage();
    const start = performance.now();
    const pdfs = await htmlBatchToPdf(counted, htmls, 2);
    await Promise.all(
      pdfs.map((pdf, i) => writeFile(path.join(dir, `${prefix}-${String(i + 1).padStart(3, '0')}.pdf`), pdf)),
    );
    const seconds = (performance.now() - start) / 1000;
    const cpuAfter = descendantsCpuSeconds();
    const node = process.cpuUsage(nodeBefore);
    await checkFiles(dir, pages);
    return {
      seconds,
      browserCpu: cpuBefore === null || cpuAfter === null ? Number.NaN : cpuAfter - cpuBefore,
      nodeCpu: (node.user + node.system) / 1e6,
      jobs,
      bytes: pdfs.reduce((n, p) => n + p.length, 0),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The run of median wall time among `runs` (the machine is shared: one slow round is noise). */
export function medianRun(runs: BatchRun[]): BatchRun {
  const sorted = [...runs].sort((a, b) => a.seconds - b.seconds);
  const run = sorted[Math.floor((sorted.length - 1) / 2)];
  if (run === undefined) throw new Error('no runs');
  return run;
}

export function describeRuns(label: string, runs: BatchRun[], pages: number): void {
  for (const run of runs) {
    note(
      `${label}: ${run.seconds.toFixed(2)} s, ${pages} pages in ${run.jobs} print jobs, ${run.bytes} bytes; cpu (user+sys) browser ${run.browserCpu.toFixed(2)} s (${((run.browserCpu * 1000) / pages).toFixed(1)} ms/page) + node ${run.nodeCpu.toFixed(2)} s; load ${os.loadavg()[0]?.toFixed(1)}`,
    );
  }
}
