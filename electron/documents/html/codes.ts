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

/** Sizes the bwip-js SVG in millimetres; the barcode may stretch horizontally, the QR code keeps its aspect. */
function sizeSvg(svg: string, widthMm: number, heightMm: number, stretch: boolean): string {
  const extra = `width="${widthMm}mm" height="${heightMm}mm" shape-rendering="crispEdges"${stretch ? ' preserveAspectRatio="none"' : ''}`;
  return svg.replace('<svg ', `<svg ${extra} `).replace(/\n/g, '');
}

const cache = new Map<string, string>();

function cached(key: string, make: () => string): string {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size > 500) cache.clear();
    cache.set(key, value);
  }
  return value;
}

/**
 * bwip-js draws bars as stroked lines. Stretched non-uniformly (bars to a fixed width and height), a
 * PDF rasterizer widens strokes by the average scale and the narrow spaces vanish, so the bars are
 * rewritten as filled rectangles, which scale exactly.
 */
function strokesToRects(svg: string): string {
  return svg.replace(
    /<path stroke="([^"]+)" stroke-width="([\d.]+)" d="([^"]+)"\s*\/>/g,
    (_all, color: string, width: string, d: string) => {
      const w = Number(width);
      const rects: string[] = [];
      for (const m of d.matchAll(/M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)/g)) {
        const x = Number(m[1]) - w / 2;
        const y1 = Math.min(Number(m[2]), Number(m[4]));
        const y2 = Math.max(Number(m[2]), Number(m[4]));
        rects.push(`M${x} ${y1}h${w}v${y2 - y1}h${-w}z`);
      }
      return `<path fill="${color}" d="${rects.join('')}"/>`;
    },
  );
}

/** Inline SVG of the access-key barcode; bars scale to `widthMm` × `heightMm` (quiet zone outside, in CSS). */
export function accessKeyBarcodeSvg(key: string, widthMm: number, heightMm: number): string {
  if (key === '') return '';
  return cached(`b:${key}:${widthMm}:${heightMm}`, () =>
    sizeSvg(strokesToRects(bwipjs.toSVG(accessKeyBarcodeOptions(key))), widthMm, heightMm, true),
  );
}

/** Inline SVG of a level-M QR code of `sizeMm` square (quiet zone added by the caller's padding). */
export function qrCodeSvg(content: string, sizeMm: number): string {
  if (content === '') return '';
  return cached(`q:${content}:${sizeMm}`, () =>
    sizeSvg(bwipjs.toSVG(qrCodeOptions(content)), sizeMm, sizeMm, false),
  );
}
