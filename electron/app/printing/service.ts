import { zipSync } from 'fflate';

import { htmlBatchToPdfSettled } from '../../documents/pdf';
import { renderDocumentHtml } from '../../documents/render';
import { AppError, toErrorPayload } from '../../shared/errors';
import { brasiliaDay } from '../../shared/format';
import type { PrintBatchResult, PrintProgress } from '../../shared/schemas/printing';
import type { HostAdapter, PrinterAdapter, SaveFileOptions } from '../host';
import { toDataUrl } from '../logos';
import type { Printable, PrintSource } from './source';

export interface LogoSource {
  load(cpfCnpj: string): Promise<{ bytes: Buffer; contentType: string } | null>;
}

export interface PrintingDeps {
  source: PrintSource;
  logos: LogoSource;
  host: Pick<HostAdapter, 'printer' | 'saveFile' | 'settings'>;
  progress(event: PrintProgress): void;
}

export interface ProducedFile {
  fileName: string;
  savedTo: string | null;
  base64: string | null;
  size: number;
  cancelled: boolean;
}

const noPrinter = () =>
  new AppError('printing_unavailable', 'A impressão não está disponível neste modo do aplicativo.');

/** Turns cached documents into printouts: preview, print, PDF and batches, all offline. */
export class PrintingService {
  constructor(private readonly deps: PrintingDeps) {}

  private adapter(): PrinterAdapter {
    const printer = this.deps.host.printer;
    if (!printer) throw noPrinter();
    return printer;
  }

  private async render(item: Printable, logos: Map<string, string | undefined>) {
    if (!logos.has(item.company)) {
      const logo = await this.deps.logos.load(item.company);
      logos.set(item.company, logo ? toDataUrl(logo.bytes, logo.contentType) : undefined);
    }
    return renderDocumentHtml(item.xml, {
      logoDataUrl: logos.get(item.company),
      cancelled: item.cancelled,
      events: item.events,
    });
  }

  async preview(id: number, eventId = 0) {
    const item = await this.deps.source.load(id, eventId);
    const out = await this.render(item, new Map());
    return { html: out.html, kind: out.kind, pages: out.pages, fileName: `${item.baseName}.pdf` };
  }

  async print(id: number, eventId: number, printer: string | undefined, remember: boolean) {
    const adapter = this.adapter();
    const item = await this.deps.source.load(id, eventId);
    const { html } = await this.render(item, new Map());
    if (!adapter.canPrint) {
      const pdf = await adapter.toPdf(html);
      const file = { fileName: `${item.baseName}.pdf`, base64: pdf.toString('base64') };
      return { mode: 'browser' as const, file };
    }
    if (remember) this.deps.host.settings.update({ printer: printer ?? null });
    const printed = await adapter.print(html, { deviceName: printer });
    return { mode: printed ? ('printed' as const) : ('cancelled' as const), file: null };
  }

  async pdf(id: number, eventId = 0): Promise<ProducedFile> {
    const item = await this.deps.source.load(id, eventId);
    const { html } = await this.render(item, new Map());
    const bytes = await this.adapter().toPdf(html);
    return this.deliver(bytes, {
      title: 'Salvar PDF',
      defaultName: `${item.baseName}.pdf`,
      filters: [{ name: 'Documento PDF', extensions: ['pdf'] }],
    });
  }

  async printers() {
    const adapter = this.deps.host.printer;
    const remembered = this.deps.host.settings.get().printer ?? null;
    if (!adapter?.canPrint) return { canPrint: false, printers: [], remembered };
    return { canPrint: true, printers: await adapter.listPrinters(), remembered };
  }

  /**
   * Prints or exports many documents, reporting progress; a failing document is listed in the
   * summary, the rest go on. Printing goes one document at a time (one printer); PDFs are made in a
   * few joined print jobs and split back per document (see htmlBatchToPdfSettled).
   */
  async batch(input: { ids: number[]; action: 'print' | 'pdf'; printer?: string; jobId: string }) {
    const adapter = this.adapter();
    const { ids, action, jobId } = input;
    // In the web host "print" means PDFs the browser opens; printing silently needs a printer name.
    const direct = action === 'print' && adapter.canPrint;
    if (direct && !input.printer) {
      throw new AppError(
        'printer_required',
        'Escolha a impressora para imprimir vários documentos de uma vez.',
      );
    }
    const logos = new Map<string, string | undefined>();
    const pdfs: Record<string, Uint8Array> = {};
    const failures: PrintBatchResult['failures'] = [];
    let done = 0;
    const emit = (current: string | null, phase: PrintProgress['phase']) =>
      this.deps.progress({ jobId, done, total: ids.length, failed: failures.length, current, phase });
    const fail = (id: number, label: string, error: unknown) => {
      failures.push({ id, label, message: toErrorPayload(error).message });
      done += 1;
    };
    const ready: { id: number; label: string; fileName: string; html: string }[] = [];
    for (const id of ids) {
      let label = `Documento ${id}`;
      try {
        const item = await this.deps.source.load(id, 0);
        label = item.label;
        emit(label, 'running');
        const { html } = await this.render(item, logos);
        if (direct) {
          const printed = await adapter.print(html, { deviceName: input.printer });
          if (!printed) throw new AppError('print_failed', 'A impressora recusou o documento.');
          done += 1;
        } else ready.push({ id, label, fileName: `${item.baseName}.pdf`, html });
      } catch (error) {
        fail(id, label, error);
      }
    }
    const engine = {
      htmlToPdf: async (html: string) => new Uint8Array(await adapter.toPdf(html)),
      close: async () => undefined,
    };
    const outcomes = await htmlBatchToPdfSettled(
      engine,
      ready.map((r) => r.html),
      {
        onSettled: (index, outcome) => {
          const doc = ready[index];
          if (doc === undefined) return;
          if (outcome.ok) done += 1;
          else fail(doc.id, doc.label, outcome.error);
          emit(doc.label, 'running');
        },
      },
    );
    // Input order, whatever order the print jobs finished in.
    outcomes.forEach((outcome, index) => {
      const doc = ready[index];
      if (outcome.ok && doc !== undefined) pdfs[uniqueName(pdfs, doc.fileName)] = outcome.pdf;
    });
    failures.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    emit(null, 'done');
    const base = { jobId, total: ids.length, done, failures };
    if (direct) return { ...base, file: null, mode: 'printed' as const };
    if (Object.keys(pdfs).length === 0) return { ...base, file: null, mode: 'saved' as const };
    const zip = Buffer.from(zipSync(pdfs, { level: 0 }));
    const file = await this.deliver(zip, {
      title: 'Salvar PDFs',
      defaultName: `documentos-${brasiliaDay()}.zip`,
      filters: [{ name: 'Arquivo ZIP', extensions: ['zip'] }],
    });
    return { ...base, file, mode: action === 'print' ? ('browser' as const) : ('saved' as const) };
  }

  private async deliver(bytes: Buffer, options: SaveFileOptions): Promise<ProducedFile> {
    if (this.deps.host.saveFile) {
      const savedTo = await this.deps.host.saveFile(options, bytes);
      return {
        fileName: options.defaultName,
        savedTo,
        base64: null,
        size: bytes.length,
        cancelled: savedTo === null,
      };
    }
    const base64 = bytes.toString('base64');
    return { fileName: options.defaultName, savedTo: null, base64, size: bytes.length, cancelled: false };
  }
}

function uniqueName(taken: Record<string, unknown>, name: string): string {
  let candidate = name;
  for (let n = 2; candidate in taken; n += 1) candidate = name.replace(/\.pdf$/, `-${n}.pdf`);
  return candidate;
}
