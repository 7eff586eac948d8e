// DAMDFE and MDF-e event printouts through headless Chromium, read back from the real PDF: the key
// as text, the CODE-128C barcode and the QR code decoded from a raster of the page, every bundled
// document key, the marks, and a layout invariant on the PDF's word boxes (pdftotext -bbox-layout):
// every word inside the printable area and no two words on top of each other, so no text is cut at a
// sheet's edge or runs over its neighbour. PDFs and PNGs stay in test-results/documents/damdfe/.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChromiumPdfEngine, DEFAULT_CHROMIUM_PATH, htmlBatchToPdf } from '../../electron/documents/pdf';
import { renderDocumentHtml } from '../../electron/documents/render';
import type { RenderDocumentOptions } from '../../electron/documents/render';
import { formatChave } from '../../electron/shared/format';
import { referencePath } from '../support/shared';
import { DOC_DETAILS, docKey, MDFE_KEY, mdfeEventXml, mdfeXml } from './mdfe-fixtures';
import { decode, resultsDir, sharedAvailable } from './support';

const chromiumPath = process.env.CARRETA_CHROMIUM ?? DEFAULT_CHROMIUM_PATH;
const toolsAvailable =
  existsSync(chromiumPath) && existsSync('/usr/bin/pdftotext') && existsSync('/usr/bin/pdftoppm');
if (!toolsAvailable) {
  if (process.env.CI === 'true')
    throw new Error(`Chromium (${chromiumPath}) and poppler-utils are required under CI=true`);
  console.warn('[aviso] Chromium ou poppler-utils ausentes: testes de PDF do DAMDFE serão pulados.');
}

const outDir = path.join(resultsDir, 'damdfe');
const samplesDir = referencePath('mdfe', 'samples');
const PT_PER_MM = 72 / 25.4;
/** The sheet's 5 mm margin (html/page.ts SHEET), less half a point for rounding. */
const MARGIN_PT = 5 * PT_PER_MM - 0.5;

interface Word {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface Page {
  width: number;
  height: number;
  words: Word[];
}

function save(name: string, pdf: Uint8Array): string {
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
}

function pages(file: string): Page[] {
  const xml = execFileSync('pdftotext', ['-bbox-layout', file, '-'], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  return xml
    .split('<page ')
    .slice(1)
    .map((chunk) => {
      const size = /width="([\d.]+)" height="([\d.]+)"/.exec(chunk);
      return {
        width: Number(size?.[1]),
        height: Number(size?.[2]),
        words: [
          ...chunk.matchAll(
            /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
          ),
        ].map((m) => ({
          text: m[5] ?? '',
          x0: Number(m[1]),
          y0: Number(m[2]),
          x1: Number(m[3]),
          y1: Number(m[4]),
        })),
      };
    });
}

/**
 * The big rotated watermarks (SEM VALOR FISCAL, CANCELADO, ENCERRADO) lie over the sheet on purpose;
 * pdftotext reads their rotated letters one by one, each in a box far taller than any printed line.
 */
function isWatermark(w: Word): boolean {
  return w.y1 - w.y0 > 30 && /^[ACDEFILMNORSV]+$/.test(w.text);
}

/** Layout invariant: every word inside the printable area, no two words overlapping. */
function layoutProblems(file: string): string[] {
  const problems: string[] = [];
  pages(file).forEach((page, p) => {
    const words = page.words.filter((w) => !isWatermark(w));
    for (const w of words) {
      if (
        w.x0 < MARGIN_PT ||
        w.y0 < MARGIN_PT ||
        w.x1 > page.width - MARGIN_PT ||
        w.y1 > page.height - MARGIN_PT
      )
        problems.push(
          `p${p + 1}: "${w.text}" outside the printable area (${w.x0},${w.y0})-(${w.x1},${w.y1})`,
        );
    }
    const sorted = [...words].sort((a, b) => a.y0 - b.y0);
    for (let i = 0; i < sorted.length; i++) {
      const a = sorted[i];
      if (a === undefined) continue;
      for (let j = i + 1; j < sorted.length; j++) {
        const b = sorted[j];
        if (b === undefined || b.y0 >= a.y1 - 1) break;
        const dx = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
        const dy = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
        if (dx > 0.5 && dy > 1) problems.push(`p${p + 1}: "${a.text}" overlaps "${b.text}"`);
      }
    }
  });
  return problems;
}

function raster(file: string, name: string, dpi: number, page = 1): Uint8Array {
  const prefix = path.join(outDir, `${name}-p${page}-${dpi}dpi`);
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

function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

/** Keys of infDoc (infCTe, infNFe, infMDFeTransp) as the raw XML lists them, read apart from the parser. */
function bundledKeys(xml: string): string[] {
  const infDoc = /<infDoc>([\s\S]*?)<\/infDoc>/.exec(xml)?.[1] ?? '';
  return [...infDoc.matchAll(/<ch(?:CTe|NFe|MDFe)>\s*([0-9A-Z]{44})\s*<\/ch(?:CTe|NFe|MDFe)>/g)].map(
    (m) => m[1] ?? '',
  );
}

describe.skipIf(!toolsAvailable)('DAMDFE and MDF-e events in the real PDF', () => {
  let engine: ChromiumPdfEngine;
  beforeAll(() => {
    engine = new ChromiumPdfEngine({ executablePath: chromiumPath, poolSize: 2 });
  });
  afterAll(async () => {
    await engine.close();
  });

  async function print(name: string, xml: string, options: RenderDocumentOptions = {}) {
    const result = renderDocumentHtml(xml, options);
    const file = save(name, await engine.htmlToPdf(result.html));
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBe(result.pages);
    for (let p = 1; p <= Math.min(result.pages, 3); p++) raster(file, name, 80, p);
    return { result, file, text: pdfText(file) };
  }

  const sampleFiles = sharedAvailable
    ? readdirSync(samplesDir)
        .filter((f) => f.endsWith('.xml'))
        .sort()
    : [];

  it.skipIf(!sharedAvailable)('finds the eight MDF-e samples of the reference', () => {
    expect(sampleFiles).toHaveLength(8);
  });

  for (const name of sampleFiles) {
    it(`${name}: key, barcode, QR code, every document key, no clipping`, async () => {
      const xml = readFileSync(path.join(samplesDir, name), 'utf8');
      const base = name.replace(/\.xml$/, '');
      const { result, file, text } = await print(base, xml);
      const key =
        /<infMDFe\b[^>]*\bId="MDFe([0-9A-Z]{44})"/.exec(xml)?.[1] ??
        /<chMDFe>([0-9A-Z]{44})<\/chMDFe>/.exec(xml)?.[1];
      expect(result.key).toBe(key);
      expect(text).toContain(formatChave(key ?? ''));
      const codes = await decode(raster(file, base, 200), ['Code128', 'QRCode']);
      expect(codes.filter((c) => c.format === 'Code128').map((c) => c.text)).toEqual([key]);
      const qr = /<qrCodMDFe>\s*(?:<!\[CDATA\[)?\s*([^\s\]<]+)/.exec(xml)?.[1]?.replace(/&amp;/g, '&');
      expect(codes.filter((c) => c.format === 'QRCode').map((c) => c.text)).toEqual(
        qr === undefined ? [] : [qr],
      );
      if (/^<?(?:\?xml[^>]*\?>\s*)?<(mdfeProc|MDFe)\b/.test(xml.replace(/^\uFEFF/, '').trimStart())) {
        expect(result.kind).toBe('damdfe');
        const keys = bundledKeys(xml);
        expect(keys.length).toBeGreaterThan(0);
        for (const k of new Set(keys))
          expect(count(text, formatChave(k)), k).toBe(keys.filter((x) => x === k).length);
      }
      const nProt = /<infProt\b[\s\S]*?<nProt>(\d+)<\/nProt>/.exec(xml)?.[1];
      if (nProt !== undefined) expect(text).toContain(nProt);
      if (/<tpAmb>2<\/tpAmb>/.test(xml))
        expect(text).toContain('EMITIDO EM AMBIENTE DE HOMOLOGAÇÃO – SEM VALOR FISCAL');
      expect(layoutProblems(file)).toEqual([]);
    }, 60_000);
  }

  it('stress: every field at its XSD length, 10 drivers, 3 trailers, long observations, 1,500 keys', async () => {
    const W = 'W'.repeat(60);
    const drivers = Array.from({ length: 10 }, (_, i) => ({
      xNome: `${W.slice(0, 57)}${String(i).padStart(3, '0')}`,
      CPF: '12345678909',
    }));
    const groups = [0, 1, 2].map((g) => ({
      cMun: ['4106902', '4113700', '4115200'][g] ?? '',
      xMun: `${'W'.repeat(58)}${g}`,
      keys: Array.from({ length: 500 }, (_, i) => docKey(g === 2 ? '55' : '57', g * 1000 + i + 1)),
      tipo: g === 2 ? ('NFe' as const) : ('CTe' as const),
      extra: '',
    }));
    groups.push({
      cMun: '4104808',
      xMun: 'Cascavel',
      keys: [docKey('57', 9001), docKey('57', 9002)],
      tipo: 'CTe',
      extra: DOC_DETAILS,
    });
    const xml = mdfeXml({
      cStat: '100',
      long: true,
      drivers,
      trailers: 3,
      valePed: 6,
      groups,
      infCpl: Array.from({ length: 600 }, (_, i) => `OBS${i}WWW`)
        .join(' ')
        .slice(0, 5000),
      infAdFisco: 'M'.repeat(2000),
    });
    const extra = Array.from({ length: 25 }, (_, i) =>
      mdfeEventXml({
        tpEvento: '110114',
        cStat: '135',
        nSeq: i + 2,
        condutor: { xNome: `${W.slice(0, 55)}E${i}`, CPF: String(10000000000 + i) },
      }),
    );
    const logo = `data:image/png;base64,${readFileSync(path.join(import.meta.dirname, '..', '..', 'resources', 'icon.png')).toString('base64')}`;
    const { result, file, text } = await print('stress', xml, {
      events: [...extra, mdfeEventXml({ tpEvento: '110112', cStat: '135', nSeq: 40 })],
      logoDataUrl: logo,
    });
    expect(layoutProblems(file)).toEqual([]);
    expect(result.pages).toBeGreaterThan(5);
    for (const g of groups) for (const k of g.keys) expect(count(text, formatChave(k)), k).toBe(1);
    for (let p = 1; p <= result.pages; p++) expect(text).toContain(`${p}/${result.pages}`);
    expect(text).toContain('MDF-e ENCERRADO');
    expect(text).toContain('MSCU1234567');
    expect(text.replace(/\s+/g, '')).toContain('M'.repeat(2000));
    for (let i = 0; i < 25; i++) expect(text).toContain(`E${i}`);
    const codes = await decode(raster(file, 'stress', 200, result.pages), ['Code128']);
    expect(codes.map((c) => c.text)).toEqual([MDFE_KEY]);
  }, 120_000);

  it('marks read from the PDF: cancelled, closed, unauthorized, contingency', async () => {
    const htmls = [
      renderDocumentHtml(mdfeXml({ cStat: '100' }), {
        events: [mdfeEventXml({ tpEvento: '110111', cStat: '135' })],
      }),
      renderDocumentHtml(mdfeXml({ cStat: '100' }), {
        events: [mdfeEventXml({ tpEvento: '110112', cStat: '135' })],
      }),
      renderDocumentHtml(mdfeXml()),
      renderDocumentHtml(mdfeXml({ tpEmis: '2' })),
      renderDocumentHtml(mdfeXml({ cStat: '100' })),
    ];
    const pdfs = await htmlBatchToPdf(
      engine,
      htmls.map((h) => h.html),
      2,
    );
    const texts: string[] = [];
    for (const [i, pdf] of pdfs.entries()) {
      const file = save(`mark-${i}`, pdf);
      raster(file, `mark-${i}`, 80);
      expect(layoutProblems(file)).toEqual([]);
      // The stamps lie over the sheet; the codes under them must still read.
      const codes = await decode(raster(file, `mark-${i}`, 200), ['Code128', 'QRCode']);
      expect(codes.map((c) => c.format).sort(), `mark-${i}`).toEqual(['Code128', 'QRCode']);
      texts.push(pdfText(file));
    }
    expect(texts[0]).toContain('MDF-e CANCELADO');
    expect(texts[0]).toContain('CANCELADO');
    expect(texts[1]).toContain('MDF-e ENCERRADO');
    expect(texts[1]).toContain('Encerrado em 11/06/2026');
    expect(texts[2]).toContain('SEM AUTORIZAÇÃO DE USO – SEM VALOR FISCAL');
    expect(texts[3]).toContain('Obrigatória a autorização em 168 horas após esta emissão (10/06/2026 08:15)');
    expect(texts[3]).not.toContain('SEM AUTORIZAÇÃO');
    for (const mark of ['CANCELADO', 'ENCERRADO', 'SEM AUTORIZAÇÃO', 'SEM VALOR FISCAL', 'CONTINGÊNCIA'])
      expect(texts[4]).not.toContain(mark);
  }, 120_000);

  it('event printouts in the PDF: labels, dates, CPF/CNPJ, 400 NF-e over sheets', async () => {
    const keys = Array.from({ length: 400 }, (_, i) => docKey('55', i + 1));
    const cases = [
      mdfeEventXml({ tpEvento: '110111', cStat: '135' }),
      mdfeEventXml({ tpEvento: '110112', cStat: '135' }),
      mdfeEventXml({
        tpEvento: '110114',
        cStat: '135',
        condutor: { xNome: 'W'.repeat(60), CPF: '98765432100' },
      }),
      mdfeEventXml({ tpEvento: '110115', cStat: '135', docs: keys }),
    ];
    const texts: string[] = [];
    for (const [i, xml] of cases.entries()) {
      const { file, text } = await print(`evento-${i}`, xml);
      expect(layoutProblems(file)).toEqual([]);
      expect(text).toContain(formatChave(MDFE_KEY));
      expect(text).toContain('12.345.678/0001-99');
      expect(text).toContain('11/06/2026 17:40');
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
      texts.push(text);
    }
    expect(texts[0]).toContain('Viagem cancelada pelo contratante antes da saida');
    expect(texts[1]).toContain('PR (41)');
    expect(texts[2]).toContain('987.654.321-00');
    for (const k of keys) expect(count(texts[3] ?? '', formatChave(k))).toBe(1);
  }, 120_000);
});
