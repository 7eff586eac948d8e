// The printing service prints MDF-e like the other documents: preview, PDF and a batch of PDFs through
// a real Chromium engine (joined print jobs split back per document), with the events that close or
// cancel the MDF-e read from what the source hands over.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import type { PrinterAdapter } from '../../../electron/app/host';
import { PrintingService } from '../../../electron/app/printing/service';
import type { Printable } from '../../../electron/app/printing/source';
import { ChromiumPdfEngine, DEFAULT_CHROMIUM_PATH } from '../../../electron/documents/pdf';
import { formatChave } from '../../../electron/shared/format';
import { docKey, mdfeEventXml, mdfeXml, withDv } from '../../documents/mdfe-fixtures';
import { memoryHost } from '../../support/memory-host';

const chromium = process.env.CARRETA_CHROMIUM ?? DEFAULT_CHROMIUM_PATH;
const tools = existsSync(chromium) && existsSync('/usr/bin/pdftotext');

const keyOf = (n: number) => withDv(`3526061234567800019958001000000${String(n).padStart(3, '0')}112345678`);

function printable(id: number): Printable {
  const key = keyOf(id);
  const groups = [
    { cMun: '4106902', xMun: 'Curitiba', keys: [docKey('57', id * 10 + 1), docKey('57', id * 10 + 2)] },
  ];
  return {
    id,
    company: '12345678000199',
    label: `MDF-e 1/${id}`,
    baseName: key,
    xml: mdfeXml({ key, cStat: '100', groups }),
    events: id === 2 ? [mdfeEventXml({ key, tpEvento: '110112', cStat: '135' })] : [],
    cancelled: false,
  };
}

describe.skipIf(!tools)('printing service with MDF-e', () => {
  const engine = new ChromiumPdfEngine({ executablePath: chromium });
  afterAll(async () => {
    await engine.close();
  });

  it('preview, PDF and a batch of DAMDFEs', async () => {
    const { host } = memoryHost({ settings: { environment: 'sandbox' } });
    const printer: PrinterAdapter = {
      canPrint: false,
      listPrinters: () => Promise.resolve([]),
      print: () => Promise.resolve(false),
      toPdf: async (html) => Buffer.from(await engine.htmlToPdf(html)),
    };
    host.printer = printer;
    const service = new PrintingService({
      source: { load: (id) => Promise.resolve(printable(id)) },
      logos: { load: () => Promise.resolve(null) },
      host,
      progress: () => undefined,
    });
    const preview = await service.preview(2);
    expect(preview.kind).toBe('damdfe');
    expect(preview.html).toContain('MDF-e ENCERRADO');
    const result = await service.batch({ ids: [1, 2, 3], action: 'pdf', jobId: 'j1' });
    expect(result.failures).toEqual([]);
    const dir = mkdtempSync(path.join(tmpdir(), 'damdfe-batch-'));
    const zip = Buffer.from(result.file?.base64 ?? '', 'base64');
    const files = unzipSync(new Uint8Array(zip));
    expect(Object.keys(files).sort()).toEqual([1, 2, 3].map((id) => `${keyOf(id)}.pdf`).sort());
    for (const id of [1, 2, 3]) {
      const file = path.join(dir, `${id}.pdf`);
      writeFileSync(file, files[`${keyOf(id)}.pdf`] ?? new Uint8Array());
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain(formatChave(keyOf(id)));
      expect(text).toContain(formatChave(docKey('57', id * 10 + 2)));
      expect(text.includes('MDF-e ENCERRADO')).toBe(id === 2);
    }
  }, 120_000);
});
