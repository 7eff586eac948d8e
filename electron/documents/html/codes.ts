import bwipjs from 'bwip-js/generic';
import type { RenderOptions } from 'bwip-js/generic';

type BwipOptions = RenderOptions & { raw?: boolean; eclevel?: 'L' | 'M' | 'Q' | 'H' };

const START_C = 105;
const CODE_A = 101;
const CODE_C = 99;

/**
 * CODE-128 codewords for an access key (start code included; bwip-js adds check and stop).
 *
 * Anexo II §2.17 prescribes pure CODE-128C for the 44 digits. With the alphanumeric CNPJ (NT
 * Conjunta 2025.001) positions 7-18 of the key may hold letters, which code set C cannot carry. Our
 * reading of the rule ("hybrid" CODE-128C with CODE-128A for the letters): keep Start C for the
 * 6 leading digits (cUF + AAMM), switch to code set A for the 12 CNPJ base characters, and switch back
 * to code set C for the remaining 26 digits. A fully numeric key is encoded exactly as before.
 */
export function accessKeyCodewords(key: string): number[] {
  const codewords = [START_C];
  const pushPairs = (digits: string) => {
    for (let i = 0; i < digits.length; i += 2) codewords.push(Number(digits.slice(i, i + 2)));
  };
  if (/^\d+$/.test(key) && key.length % 2 === 0) {
    pushPairs(key);
    return codewords;
  }
  if (!/^\d{6}[0-9A-Z]{12}\d{26}$/.test(key)) {
    // Not a well-formed key (test data, truncated files): still print what is there, all in set A.
    const safe = key.toUpperCase().replace(/[^ -_]/g, '');
    return [103, ...[...safe].map((ch) => ch.charCodeAt(0) - 32)];
  }
  pushPairs(key.slice(0, 6));
  codewords.push(CODE_A);
  for (const ch of key.slice(6, 18)) codewords.push(ch.charCodeAt(0) - 32);
  codewords.push(CODE_C);
  pushPairs(key.slice(18));
  return codewords;
}

function rawText(codewords: number[]): string {
  return codewords.map((cw) => `^${String(cw).padStart(3, '0')}`).join('');
}

/** Options shared by the SVG (printout) and PNG (tests) renderings, so both encode the same symbol. */
export function accessKeyBarcodeOptions(key: string): BwipOptions {
  return { bcid: 'code128', text: rawText(accessKeyCodewords(key)), raw: true, height: 15 };
}

export function qrCodeOptions(content: string): BwipOptions {
  return { bcid: 'qrcode', text: content, eclevel: 'M' };
}

const cache = new Map<string, string>();

/** Forgets the memoized symbols (benchmarks measure a first print). */
export function clearCodeCache(): void {
  cache.clear();
}

function cached(key: string, make: () => string): string {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size > 500) cache.clear();
    cache.set(key, value);
  }
  return value;
}

// The SVGs are drawn here from bwip-js's encodings (raw): filled rectangles in module units. Stroked
// lines (bwip-js's own SVG) get widened by PDF rasterizers when stretched non-uniformly, which erased
// the narrow spaces of the barcode; rectangles scale exactly, and the markup is much smaller.

function svgOpen(viewW: number, viewH: number, widthMm: number, heightMm: number, stretch: boolean): string {
  return `<svg width="${widthMm}mm" height="${heightMm}mm" viewBox="0 0 ${viewW} ${viewH}"${stretch ? ' preserveAspectRatio="none"' : ''} shape-rendering="crispEdges" xmlns="http://www.w3.org/2000/svg">`;
}

/** Widest module Anexo II §2.17 allows: 9 cm / 297 positions. */
export const MAX_MODULE_MM = 0.3;

/**
 * The module we print: under the 0.30 mm maximum, so the 44-digit symbol (277 modules = 77.6 mm)
 * leaves a quiet zone well over the 10 modules of §2.17 in the 9 cm area, and a printer scaling
 * the page (to 97 %, or up to 103 %) stays within the rule.
 */
export const BARCODE_MODULE_MM = 0.28;

/**
 * Bar height: §2.17 asks for 1.5 to 2.5 cm. 18 mm stays above 15 mm when a printer shrinks the
 * page to fit (97 % gives 17.5 mm) and far below 25 mm.
 */
export const BARCODE_HEIGHT_MM = 18;

/**
 * QR code (Anexo II §2.18, §2.18.1): at least 25 mm with 22 mm of content and 3 mm of quiet zone;
 * above 25 mm the quiet zone is 10 % of the whole. 23.5 mm of content and 3 mm each side (29.5 mm,
 * quiet zone 10.2 %) keeps 22.8 mm of content and 28.6 mm overall at 97 %.
 */
export const QR_CONTENT_MM = 23.5;
export const QR_QUIET_MM = 3;

/**
 * Inline SVG of the access-key barcode, `heightMm` tall and at most `maxWidthMm` wide: modules of
 * BARCODE_MODULE_MM when they fit (a numeric key: 277 modules = 77.56 mm), narrower for the longer
 * hybrid code. The quiet zone is left to the surrounding box.
 */
export function accessKeyBarcodeSvg(key: string, maxWidthMm: number, heightMm: number): string {
  if (key === '') return '';
  return cached(`b:${key}:${maxWidthMm}:${heightMm}`, () => {
    const symbol = bwipjs.raw(accessKeyBarcodeOptions(key))[0];
    const sbs = symbol !== undefined && 'sbs' in symbol ? symbol.sbs : [];
    let x = 0;
    let d = '';
    sbs.forEach((width, i) => {
      if (i % 2 === 0) d += `M${x} 0h${width}v1h${-width}z`;
      x += width;
    });
    const widthMm = Math.round(Math.min(maxWidthMm, x * BARCODE_MODULE_MM) * 100) / 100;
    return `${svgOpen(x, 1, widthMm, heightMm, true)}<path fill="#000" d="${d}"/></svg>`;
  });
}

/** Inline SVG of a level-M QR code of `sizeMm` square (quiet zone added by the caller's padding). */
export function qrCodeSvg(content: string, sizeMm: number): string {
  if (content === '') return '';
  return cached(`q:${content}:${sizeMm}`, () => {
    const symbol = bwipjs.raw(qrCodeOptions(content))[0];
    if (symbol === undefined || !('pixs' in symbol)) return '';
    const { pixs, pixx, pixy } = symbol;
    let d = '';
    for (let y = 0; y < pixy; y++) {
      let x = 0;
      while (x < pixx) {
        if (pixs[y * pixx + x] !== 1) {
          x++;
          continue;
        }
        const start = x;
        while (x < pixx && pixs[y * pixx + x] === 1) x++;
        d += `M${start} ${y}h${x - start}v1h${start - x}z`;
      }
    }
    return `${svgOpen(pixx, pixy, sizeMm, sizeMm, false)}<path fill="#000" d="${d}"/></svg>`;
  });
}
