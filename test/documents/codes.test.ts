import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import {
  accessKeyBarcodeOptions,
  accessKeyCodewords,
  accessKeyBarcodeSvg,
  qrCodeOptions,
  qrCodeSvg,
} from '../../electron/documents/html/codes';
import { renderDocumentHtml } from '../../electron/documents/render';
import { cteXml } from './fixtures';
import { decode } from './support';

async function png(options: ReturnType<typeof accessKeyBarcodeOptions>): Promise<Uint8Array> {
  // Same symbol as the printout; padding stands for the quiet zone the page leaves around it.
  return bwipjs.toBuffer({
    ...options,
    scale: 2,
    paddingwidth: 20,
    paddingheight: 12,
    backgroundcolor: 'FFFFFF',
  });
}

describe('access-key barcode (CODE-128)', () => {
  it('encodes the MOC example in code set C with check digit 48', () => {
    const codewords = accessKeyCodewords('09758364');
    expect(codewords).toEqual([105, 9, 75, 83, 64]);
    const checksum = codewords.reduce((sum, cw, i) => sum + cw * Math.max(1, i), 0) % 103;
    expect(checksum).toBe(48);
  });

  it('a numeric 44-digit key is pure CODE-128C: start C and 22 pairs', () => {
    const key = '42240302484555000343570020003396861082134657';
    const codewords = accessKeyCodewords(key);
    expect(codewords[0]).toBe(105);
    expect(codewords).toHaveLength(23);
    expect(codewords).not.toContain(101);
  });

  it('an alphanumeric key switches to code set A for the CNPJ letters and back to C', () => {
    const key = '352606' + '12ABC345DE67' + '57001000000001100000001010';
    expect(key).toHaveLength(44);
    const codewords = accessKeyCodewords(key);
    expect(codewords.slice(0, 4)).toEqual([105, 35, 26, 6]);
    expect(codewords[4]).toBe(101);
    expect(codewords[17]).toBe(99);
    expect(codewords).toHaveLength(1 + 3 + 1 + 12 + 1 + 13);
  });

  for (const key of [
    '42240302484555000343570020003396861082134657',
    '35260612ABC345DE6757001000000001100000001010',
    '00000000000000000000000000000000000000000000',
  ]) {
    it(`decodes back to ${key}`, async () => {
      const results = await decode(await png(accessKeyBarcodeOptions(key)), ['Code128']);
      expect(results.map((r) => r.text)).toEqual([key]);
    });
  }

  it('the SVG is sized for the 3×9 cm area with bars between 1.5 and 2.5 cm', () => {
    // 277 modules of 0.28 mm (under the 0.30 mm maximum); the hybrid code (365 modules) narrows its
    // modules to fit the 84 mm.
    const svg = accessKeyBarcodeSvg('42240302484555000343570020003396861082134657', 84, 18);
    expect(svg).toMatch(/^<svg width="77.56mm" height="18mm"/);
    const hybrid = accessKeyBarcodeSvg('35260612ABC345DE6757001000000001100000001010', 84, 18);
    expect(hybrid).toMatch(/^<svg width="84mm" height="18mm"/);
    expect(svg).toContain('preserveAspectRatio="none"');
    expect(accessKeyBarcodeSvg('', 88, 15)).toBe('');
  });
});

/** Sizes (mm) of the first svg after `marker` in the html, and the width of its enclosing box. */
function svgAfter(html: string, marker: RegExp): { width: number; height: number; box: number } {
  const at = html.search(marker);
  const rest = html.slice(at);
  const m =
    /width:([\d.]+)mm;height:[\d.]+mm;padding:([\d.]+)mm 0;[^>]*><svg width="([\d.]+)mm" height="([\d.]+)mm"/.exec(
      rest,
    );
  if (m === null) throw new Error('barcode not found');
  return { box: Number(m[1]), width: Number(m[3]), height: Number(m[4]) };
}

describe('margins over the minimums of Anexo II §2.17 and §2.18 (a printer scaling to 97 % or 103 %)', () => {
  const html = renderDocumentHtml(cteXml(1, 1)).html;

  it('access-key barcode: bars of 15–25 mm and modules ≤ 0.30 mm at 97–103 %, a quiet zone over 10 modules', () => {
    const { width, height, box } = svgAfter(html, /<div class="c" style="width:92mm;height:20mm/);
    const module = width / 277;
    expect(height * 0.97).toBeGreaterThanOrEqual(15);
    expect(height * 1.03).toBeLessThanOrEqual(25);
    expect(module * 1.03).toBeLessThanOrEqual(0.3);
    expect((box - width) / 2).toBeGreaterThanOrEqual(10 * module * 1.5);
    expect(width + 20 * module).toBeLessThanOrEqual(90);
  });

  it('QR code: content ≥ 22 mm and overall ≥ 25 mm at 97 %, quiet zone ≥ 10 % of the whole, inside its 30 mm column', () => {
    const m = /padding:([\d.]+)mm;background:#fff"><svg width="([\d.]+)mm"/.exec(html);
    expect(m).not.toBeNull();
    const quiet = Number(m?.[1]);
    const content = Number(m?.[2]);
    const whole = content + 2 * quiet;
    expect(content * 0.97).toBeGreaterThanOrEqual(22);
    expect(whole * 0.97).toBeGreaterThanOrEqual(25);
    expect(quiet / whole).toBeGreaterThanOrEqual(0.1);
    expect(whole).toBeLessThanOrEqual(30 - 0.4);
    expect(html).toContain('width:30mm;height:59mm;padding:0;');
  });
});

describe('QR code', () => {
  it('decodes back to qrCodCTe (level M)', async () => {
    const content =
      'https://dfe-portal.svrs.rs.gov.br/cte/qrCode?chCTe=42240302484555000343570020003396861081562222&tpAmb=1';
    const image = await bwipjs.toBuffer({
      ...qrCodeOptions(content),
      scale: 4,
      padding: 16,
      backgroundcolor: 'FFFFFF',
    });
    const results = await decode(image, ['QRCode']);
    expect(results.map((r) => r.text)).toEqual([content]);
    expect(results[0]?.ecLevel).toBe('M');
    expect(qrCodeSvg(content, 22)).toMatch(/^<svg width="22mm" height="22mm"/);
  });
});
