// Printouts through headless Chromium: text in the PDF, page count, and the barcode and QR code read
// back from a raster of the real PDF page. PNGs stay in test-results/documents/ for a human look.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeyCheckDigit } from '../../electron/fiscal/access-key';
import { ChromiumPdfEngine, DEFAULT_CHROMIUM_PATH, htmlBatchToPdf } from '../../electron/documents/pdf';
import { renderDocumentHtml } from '../../electron/documents/render';
import { formatChave } from '../../electron/shared/format';
import { fiscalRef } from '../support/shared';
import { cteXml } from './fixtures';
import { decode, resultsDir, sharedAvailable } from './support';

const chromiumPath = process.env.CARRETA_CHROMIUM ?? DEFAULT_CHROMIUM_PATH;
const toolsAvailable =
  existsSync(chromiumPath) && existsSync('/usr/bin/pdftotext') && existsSync('/usr/bin/pdftoppm');
if (!toolsAvailable) {
  if (process.env.CI === 'true')
    throw new Error(`Chromium (${chromiumPath}) and poppler-utils are required under CI=true`);
  console.warn('[aviso] Chromium ou poppler-utils ausentes: testes de PDF serão pulados.');
}

function save(name: string, pdf: Uint8Array): string {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

function pdfPages(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
}

/** Rasterizes page `page` (1-based) to `<name>-<page>.png` at `dpi` and returns the PNG bytes. */
function raster(file: string, name: string, dpi: number, page = 1): Uint8Array {
  const prefix = path.join(resultsDir, `${name}-p${page}-${dpi}dpi`);
  execFileSync('pdftoppm', [
    '-r',
    String(dpi),
    '-f',
    String(page),
    '-l',
    String(page),
    '-png',
    '-singlefile',
    file,
    prefix,
  ]);
  return readFileSync(`${prefix}.png`);
}

describe.skipIf(!toolsAvailable)('PDF through headless Chromium', () => {
  let engine: ChromiumPdfEngine;
  beforeAll(() => {
    engine = new ChromiumPdfEngine({ executablePath: chromiumPath, poolSize: 2 });
  });
  afterAll(async () => {
    await engine.close();
  });

  it.skipIf(!sharedAvailable)(
    'DACTE: key, names and values in the PDF; barcode and QR code read back from the page',
    async () => {
      const xml = readFileSync(
        fiscalRef('Engenere_BrazilFiscalReport/tests/fixtures/dacte/dacte_test_1.xml'),
        'utf8',
      );
      const result = renderDocumentHtml(xml);
      const file = save('dacte_test_1', await engine.htmlToPdf(result.html));
      expect(pdfPages(file)).toBe(1);
      const text = pdfText(file);
      expect(text).toContain(formatChave(result.key));
      for (const needle of [
        'FANTASMA TRANSPORTES LTDA',
        'INDUSTRIA FANTASMA DE TESTE',
        'EMPRESA DE TESTE',
        'R$ 221,19',
        // The sample's protCTe is about another key (chCTe 4224030248…): not this CT-e's authorization.
        'SEM AUTORIZAÇÃO DE USO – SEM VALOR FISCAL',
        '1/1',
      ]) {
        expect(text).toContain(needle);
      }
      expect(text).toContain('EMITIDO EM AMBIENTE DE HOMOLOGAÇÃO – SEM VALOR FISCAL');
      expect(text).not.toContain('2324240111249023');
      raster(file, 'dacte_test_1', 60);
      const codes = await decode(raster(file, 'dacte_test_1', 200), ['Code128', 'QRCode']);
      const byFormat = Object.fromEntries(codes.map((c) => [c.format, c.text]));
      expect(byFormat['Code128']).toBe(result.key);
      expect(byFormat['QRCode']).toBe(
        'https://dfe-portal.svrs.rs.gov.br/cte/qrCode?chCTe=42240302484555000343570020003396861081562222&tpAmb=1',
      );
    },
    60_000,
  );

  it('multi-sheet DACTE: the PDF has exactly the computed pages, each with its folha x/y', async () => {
    const result = renderDocumentHtml(cteXml(120, 900));
    const file = save('dacte_120_nfe', await engine.htmlToPdf(result.html));
    expect(pdfPages(file)).toBe(result.pages);
    const text = pdfText(file);
    for (let page = 1; page <= result.pages; page++) expect(text).toContain(`${page}/${result.pages}`);
    for (let page = 1; page <= result.pages; page++) raster(file, 'dacte_120_nfe', 60, page);
    const codes = await decode(raster(file, 'dacte_120_nfe', 200, result.pages), ['Code128']);
    expect(codes.map((c) => c.text)).toContain(result.key);
  }, 60_000);

  it('alphanumeric CNPJ: the hybrid CODE-128 barcode printed on the page reads back as the key', async () => {
    const body = `352606${'12ABC345DE67'}35${'57'}001${'000000123'}1${'00001234'}`;
    const key = `${body}${accessKeyCheckDigit(body)}`;
    expect(key).toMatch(/^\d{6}[0-9A-Z]{12}\d{26}$/);
    const result = renderDocumentHtml(cteXml(2, 5, '', key));
    expect(result.key).toBe(key);
    const file = save('dacte_cnpj_alfa', await engine.htmlToPdf(result.html));
    expect(pdfText(file)).toContain(formatChave(key));
    // Anexo II asks for at least 300 dpi; the longer hybrid code has narrower modules.
    const codes = await decode(raster(file, 'dacte_cnpj_alfa', 300), ['Code128']);
    expect(codes.map((c) => c.text)).toEqual([key]);
  }, 60_000);

  it.skipIf(!sharedAvailable)(
    'DACTE OS, DACE and event printouts in one batch',
    async () => {
      const files = [
        'nfephp-org_sped-da/examples/cteos/fixtures/cte_hom_com_prot.xml',
        'Unimake_Uninfe/exemplos xml/CTe 4.00/CTeOS/CTeOS_ComTodasAsTags.xml',
        'Unimake_DFe/source/Unimake.DFe.Test/DCe/Resources/dceProc.xml',
        'Unimake_Uninfe/exemplos xml/CTe 4.00/cce35150107565416000104570000000012301000012300-ped-eve.xml',
        'Unimake_Uninfe/exemplos xml/CTe 4.00/canc50200206117473000150570010000005671227070615-ped-eve.xml',
        'Engenere_BrazilFiscalReport/tests/fixtures/dacte/dacte_test_overload.xml',
      ];
      const results = files.map((f) => renderDocumentHtml(readFileSync(fiscalRef(f), 'utf8')));
      const pdfs = await htmlBatchToPdf(
        engine,
        results.map((r) => r.html),
        2,
      );
      pdfs.forEach((pdf, i) => {
        const result = results[i];
        if (result === undefined) throw new Error('missing result');
        const name = `${result.kind}-${i}`;
        const file = save(name, pdf);
        expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
        expect(pdfPages(file)).toBe(result.pages);
        raster(file, name, 60);
      });
      const osText = pdfText(path.join(resultsDir, 'dacte-os-0.pdf'));
      expect(osText).toContain('DACTE OS');
      expect(osText).toContain('SERVICO DE FRETE');
      expect(pdfText(path.join(resultsDir, 'dace-2.pdf'))).toContain('R$ 10,00');
      expect(pdfText(path.join(resultsDir, 'evento-cce-3.pdf'))).toContain('CARTA DE CORREÇÃO ELETRÔNICA');
    },
    120_000,
  );
});
