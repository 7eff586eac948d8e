import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';

import type { CarretaApp } from '../../../electron/app/index';
import { createApp } from '../../../electron/app/index';
import type { HostPrinter, PrinterAdapter } from '../../../electron/app/host';
import { extractFields } from '../../../electron/app/sync/extract';
import { packFile } from '../../../electron/cache/repositories';
import type { PrintProgress } from '../../../electron/shared/schemas/printing';
import { memoryHost } from '../../support/memory-host';
import { issueTime, makeCertificate, makeDoc, makeParties } from '../../cache/repositories/fixtures';

const company = '11222333000181';
let app: CarretaApp | null = null;
afterEach(async () => {
  await app?.dispose();
  app = null;
});

/** Records what the service asks of the host's printer; PDFs are the HTML behind a marker. */
class FakePrinter implements PrinterAdapter {
  printed: { html: string; deviceName?: string }[] = [];
  pdfs: string[] = [];
  answer = true;
  failOn: string | null = null;
  constructor(
    readonly canPrint: boolean,
    readonly list: HostPrinter[] = [],
  ) {}
  listPrinters = () => Promise.resolve(this.list);
  print(html: string, options: { deviceName?: string }) {
    this.printed.push({ html, deviceName: options.deviceName });
    return Promise.resolve(this.answer);
  }
  toPdf(html: string) {
    if (this.failOn !== null && html.includes(this.failOn)) return Promise.reject(new Error('engine broke'));
    this.pdfs.push(html);
    return Promise.resolve(Buffer.from(`%PDF-fake ${html.length}`));
  }
}

async function start(printer: PrinterAdapter, save?: (bytes: Buffer) => string | null) {
  const made = memoryHost({ settings: { environment: 'sandbox' } });
  made.host.printer = printer;
  if (save) made.host.saveFile = (_options, bytes) => Promise.resolve(save(bytes));
  const started = await createApp(made.host);
  app = started;
  const repos = started.context.cache.require();
  const parties = makeParties(5, 20);
  const certificate = makeCertificate(6);
  const docs = Array.from({ length: 4 }, (_, i) =>
    makeDoc({ seed: 9, company, certificate, parties, numero: i + 1, dhEmi: issueTime(i, 4, 1) }),
  );
  await repos.documents.upsertBatch(
    await Promise.all(
      docs.map(async (doc, i) => ({
        company,
        kind: 'cte' as const,
        environment: 'sandbox' as const,
        record: doc.record,
        fields: extractFields(doc.xml).fields,
        // The last one never had its XML downloaded.
        files:
          i === 3
            ? []
            : [{ kind: 'xml' as const, file: await packFile(Buffer.from(doc.xml), 'application/xml') }],
      })),
    ),
  );
  const rows = await started.dispatch('documents:search', {
    filter: { company },
    sort: { field: 'numero', dir: 'asc' },
  });
  if (!rows.ok) throw new Error(rows.error.message);
  const ids = (rows.data as { rows: { id: number; chave: string }[] }).rows;
  const progress: PrintProgress[] = [];
  started.events.subscribe((event, payload) => {
    if (event === 'print:progress') progress.push(payload as PrintProgress);
  });
  return { app: started, host: made.host, docs, rows: ids, progress };
}

async function ok<T>(target: CarretaApp, channel: string, input: unknown): Promise<T> {
  const answer = await target.dispatch(channel, input);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
  return answer.data as T;
}

describe('printing from the offline cache', () => {
  it('previews the same script-free HTML that goes to the printer', async () => {
    const printer = new FakePrinter(true, [{ name: 'HP', displayName: 'HP LaserJet', isDefault: true }]);
    const { app: a, rows } = await start(printer);
    const preview = await ok<{ html: string; kind: string; fileName: string }>(a, 'print:preview', {
      id: rows[0].id,
    });
    expect(preview.kind).toBe('dacte');
    expect(preview.fileName).toBe(`${rows[0].chave}-dacte.pdf`);
    expect(preview.html).not.toMatch(/<script/i);
    const result = await ok<{ mode: string }>(a, 'print:print', { id: rows[0].id });
    expect(result.mode).toBe('printed');
    expect(printer.printed).toEqual([{ html: preview.html, deviceName: undefined }]);
  });

  it('prints directly to a named printer and remembers it only when asked', async () => {
    const printer = new FakePrinter(true, [{ name: 'HP', displayName: 'HP LaserJet', isDefault: true }]);
    const { app: a, rows, host } = await start(printer);
    await ok(a, 'print:print', { id: rows[1].id, printer: 'HP' });
    expect(host.settings.get().printer ?? null).toBeNull();
    await ok(a, 'print:print', { id: rows[1].id, printer: 'HP', remember: true });
    expect(host.settings.get().printer).toBe('HP');
    expect(printer.printed.map((p) => p.deviceName)).toEqual(['HP', 'HP']);
    const printers = await ok<{ canPrint: boolean; remembered: string; printers: HostPrinter[] }>(
      a,
      'print:printers',
      {},
    );
    expect(printers).toEqual({ canPrint: true, remembered: 'HP', printers: printer.list });
    printer.answer = false;
    expect((await ok<{ mode: string }>(a, 'print:print', { id: rows[1].id })).mode).toBe('cancelled');
  });

  it('web host: print hands the PDF to the browser, PDF comes back as base64', async () => {
    const printer = new FakePrinter(false);
    const { app: a, rows } = await start(printer);
    const result = await ok<{ mode: string; file: { base64: string; fileName: string } }>(a, 'print:print', {
      id: rows[0].id,
    });
    expect(result.mode).toBe('browser');
    expect(Buffer.from(result.file.base64, 'base64').toString()).toMatch(/^%PDF/);
    expect(printer.printed).toHaveLength(0);
    const pdf = await ok<{ base64: string; savedTo: null }>(a, 'print:pdf', { id: rows[0].id });
    expect(Buffer.from(pdf.base64, 'base64').toString()).toMatch(/^%PDF/);
    expect((await ok<{ canPrint: boolean }>(a, 'print:printers', {})).canPrint).toBe(false);
  });

  it('saves the PDF through the host dialog when there is one', async () => {
    const saved: Buffer[] = [];
    const { app: a, rows } = await start(new FakePrinter(true), (bytes) => {
      saved.push(bytes);
      return 'C:\\Users\\x\\a.pdf';
    });
    const pdf = await ok<{ savedTo: string; base64: null; cancelled: boolean }>(a, 'print:pdf', {
      id: rows[2].id,
    });
    expect(pdf).toMatchObject({ savedTo: 'C:\\Users\\x\\a.pdf', base64: null, cancelled: false });
    expect(saved[0].toString()).toMatch(/^%PDF/);
  });

  it('batch PDF: progress per document, a ZIP of the good ones and the failures listed', async () => {
    const printer = new FakePrinter(true);
    const { app: a, rows, progress } = await start(printer);
    const ids = rows.map((r) => r.id);
    const result = await ok<{
      done: number;
      total: number;
      failures: { id: number; message: string }[];
      file: { base64: string };
    }>(a, 'print:batch', { ids, action: 'pdf', jobId: 'job-1' });
    expect(result).toMatchObject({ done: 4, total: 4 });
    // The fourth document has no XML in the cache.
    expect(result.failures.map((f) => f.id)).toEqual([ids[3]]);
    expect(result.failures[0].message).toMatch(/sincronize/i);
    const zip = unzipSync(Buffer.from(result.file.base64, 'base64'));
    expect(Object.keys(zip).sort()).toEqual(
      rows
        .slice(0, 3)
        .map((r) => `${r.chave}-dacte.pdf`)
        .sort(),
    );
    expect(strFromU8(Object.values(zip)[0])).toMatch(/^%PDF/);
    expect(progress.filter((p) => p.jobId === 'job-1').at(-1)).toMatchObject({
      phase: 'done',
      done: 4,
      failed: 1,
    });
    // Announced while prepared, then counted as each PDF comes back (joined print jobs finish in bursts).
    const running = progress.filter((p) => p.phase === 'running').map((p) => p.done);
    expect(running).toEqual([...running].sort((x, y) => x - y));
    expect(running.at(-1)).toBe(4);
  });

  it('batch print needs a printer and sends every document to it', async () => {
    const printer = new FakePrinter(true);
    const { app: a, rows } = await start(printer);
    const ids = rows.slice(0, 3).map((r) => r.id);
    const refused = await a.dispatch('print:batch', { ids, action: 'print', jobId: 'j' });
    expect(refused.ok).toBe(false);
    const result = await ok<{ mode: string; failures: unknown[] }>(a, 'print:batch', {
      ids,
      action: 'print',
      printer: 'HP',
      jobId: 'j',
    });
    expect(result).toMatchObject({ mode: 'printed', failures: [] });
    expect(printer.printed.map((p) => p.deviceName)).toEqual(['HP', 'HP', 'HP']);
  });

  it('rejects bad input in Portuguese', async () => {
    const { app: a } = await start(new FakePrinter(true));
    const answer = await a.dispatch('print:batch', { ids: [], action: 'pdf', jobId: 'x' });
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.message).toMatch(/Selecione ao menos um documento/);
  });
});
