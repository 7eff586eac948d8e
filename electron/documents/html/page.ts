import type { Stamp } from '../status';
import { esc } from './format';

/** Sheet geometry in millimetres (A4 portrait, 5 mm margin). Pagination relies on these numbers. */
export const SHEET = { width: 210, height: 297, margin: 5, contentWidth: 200, contentHeight: 287 } as const;

// Liberation Sans first: metric-compatible with Arial (the pagination estimates hold for both) and, where
// installed, the same glyphs on every machine; Windows, without it, prints with Arial.
export const FONT_STACK = "'Liberation Sans', Arial, 'DejaVu Sans', sans-serif";

// Each sheet is a box of fixed size that clips its content: `contain: strict` tells Chromium so, and
// it then lays each sheet out on its own instead of paginating the whole printout box by box;
// `content-visibility: auto` lets it skip the sheets nobody sees on screen (a batch's print page, the
// preview's sheets off screen) and print in one layout pass instead of two. Neither changes a pixel
// (see electron/documents/README.md for the measurements).
const BASE_CSS = `
@page { size: A4 portrait; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: ${FONT_STACK}; color: #000; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.sheet { position: relative; width: ${SHEET.width}mm; height: ${SHEET.height}mm; padding: ${SHEET.margin}mm; overflow: clip; background: #fff; break-after: page; page-break-after: always; contain: strict; content-visibility: auto; }
.sheet:last-child { break-after: auto; page-break-after: auto; }
@media screen { body { background: #777; } .sheet { margin: 6mm auto; box-shadow: 0 1mm 4mm rgba(0,0,0,.4); } }
.t { border-left: .2mm solid #000; border-top: .2mm solid #000; width: ${SHEET.contentWidth}mm; }
.gap { margin-top: 1mm; }
.r { display: flex; width: 100%; }
.col { display: flex; flex-direction: column; }
.c { border-right: .2mm solid #000; border-bottom: .2mm solid #000; overflow: clip; padding: .3mm .8mm; flex: none; }
.l { font-size: 5pt; line-height: 1.25; text-transform: uppercase; white-space: nowrap; overflow: clip; }
.v { font-size: 7.5pt; line-height: 1.25; font-weight: bold; white-space: nowrap; overflow: clip; text-overflow: ellipsis; }
.vs { font-size: 6.5pt; line-height: 1.2; font-weight: bold; }
.wrap { white-space: normal; }
.st { height: 3.5mm; line-height: 3.4mm; font-size: 5.5pt; font-weight: bold; text-align: center; text-transform: uppercase; background: #e4e4e4; padding: 0; }
.center { text-align: center; }
.right { text-align: right; }
.mono { font-variant-numeric: tabular-nums; }
.banner { height: 4.8mm; line-height: 4.2mm; border: .3mm solid #000; text-align: center; font-size: 8pt; font-weight: bold; margin-top: .8mm; white-space: nowrap; overflow: clip; }
.wm { position: absolute; left: 0; top: 0; width: ${SHEET.width}mm; height: ${SHEET.height}mm; display: flex; align-items: center; justify-content: center; pointer-events: none; z-index: 10; }
.wm span { transform: rotate(-40deg); font-size: 88pt; font-weight: bold; letter-spacing: 4mm; white-space: nowrap; }
.wm.cancel span { color: rgba(200, 0, 0, .28); border: 2mm solid rgba(200, 0, 0, .28); padding: 2mm 8mm; }
.wm.hom span { color: rgba(0, 0, 0, .08); font-size: 54pt; }
.line { height: 3mm; line-height: 3mm; font-size: 6.5pt; white-space: nowrap; overflow: clip; }
.dl { border-bottom: .1mm dotted #888; }
svg { display: block; }
`;

export interface SheetFlags {
  homologacao: boolean;
  /** The situation stamp (see status.ts): CANCELADO and DENEGADO in red, SEM VALOR FISCAL in grey. */
  stamp: Stamp;
}

export function watermarks(flags: SheetFlags): string {
  let out = '';
  if (flags.homologacao || flags.stamp === 'SEM VALOR FISCAL')
    out += '<div class="wm hom"><span>SEM VALOR FISCAL</span></div>';
  if (flags.stamp === 'CANCELADO' || flags.stamp === 'DENEGADO')
    out += `<div class="wm cancel"><span>${flags.stamp}</span></div>`;
  return out;
}

/** Banner lines (status marks, homologação, contingency) under the header of every sheet. */
export function bannersHtml(texts: string[]): string {
  return texts.map((t) => `<div class="banner">${esc(t)}</div>`).join('');
}

export const HOMOLOGACAO_TEXT = 'EMITIDO EM AMBIENTE DE HOMOLOGAÇÃO – SEM VALOR FISCAL';
/** A banner line: 4.8 mm and its 0.8 mm margin, rounded up. */
export const HOMOLOGACAO_BANNER_MM = 5.8;

export function homologacaoBanner(): string {
  return `<div class="banner">${HOMOLOGACAO_TEXT}</div>`;
}

export function sheet(body: string, flags: SheetFlags): string {
  return `<section class="sheet">${body}${watermarks(flags)}</section>`;
}

export function htmlDocument(title: string, css: string, sheets: string[]): string {
  return `<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${BASE_CSS}${css}</style></head><body>${sheets.join('')}</body></html>`;
}

/** The visible text of trusted HTML (tags dropped, the escapes of esc() undone), for width estimates. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * The font size (pt) at which `text` fits `widthMm` on one line, from `basePt` down to `minPt`;
 * undefined when it does not fit even at `minPt`.
 */
export function fittingPt(text: string, widthMm: number, basePt: number, minPt: number): number | undefined {
  // The estimate runs short on wide capitals (W, M, Ç, Ã): keep 15 % to spare.
  const width = textWidthMm(text, basePt) * 1.15;
  if (width <= widthMm) return basePt;
  const pt = Math.floor(((basePt * widthMm) / width) * 10) / 10;
  return pt >= minPt ? pt : undefined;
}

/**
 * A labelled cell of fixed size. `value` is trusted HTML (callers escape). A value too long for
 * one line is set smaller, then on two lines, so no text is clipped (Anexo II §2.3: a field may
 * take more than one line).
 */
export function cell(
  label: string,
  value: string,
  widthMm: number,
  heightMm: number,
  extraClass = '',
): string {
  const text = plainText(value);
  const room = widthMm - 2;
  const pt = fittingPt(text, room, 7.5, 6);
  const style =
    pt === undefined
      ? ` style="white-space:normal;overflow-wrap:anywhere;text-overflow:clip;font-size:${Math.max(4.5, Math.min(6, Math.floor(((7.5 * 2 * room * 0.9) / textWidthMm(text, 7.5)) * 10) / 10))}pt;line-height:1.1"`
      : pt < 7.5
        ? ` style="font-size:${pt}pt"`
        : '';
  return `<div class="c ${extraClass}" style="width:${widthMm}mm;height:${heightMm}mm"><div class="l">${esc(label)}</div><div class="v"${style}>${value}</div></div>`;
}

export function sectionTitle(text: string): string {
  return `<div class="r"><div class="c st" style="width:100%">${esc(text)}</div></div>`;
}

// Approximate Arial / Liberation Sans advance widths (em) by character class: enough to predict line
// breaks for pagination without a layout engine.
const NARROW = new Set([..." .,:;'!|ijlI[]()-/ft"]);
const WIDE = new Set([...'MWmw@%']);

function charEm(ch: string): number {
  if (NARROW.has(ch)) return 0.3;
  if (WIDE.has(ch)) return 0.85;
  if (ch >= 'A' && ch <= 'Z') return 0.69;
  if (/[À-ÝÇ]/.test(ch)) return 0.69;
  return 0.56;
}

export function textWidthMm(text: string, fontPt: number): number {
  let em = 0;
  for (const ch of text) em += charEm(ch);
  return em * fontPt * 0.3528;
}

/**
 * Greedy word wrap by estimated width. Pagination needs a line count before layout; the estimate is
 * slightly conservative (92% of the box), and each printed line is clipped by CSS, so a misestimate
 * never pushes the layout.
 */
export function wrapText(text: string, widthMm: number, fontPt = 6.5): string[] {
  const budget = widthMm * 0.92;
  return wrapWith(text, (s) => textWidthMm(s, fontPt) <= budget);
}

/**
 * Greedy word wrap with a width test: every paragraph starts a new line, blank paragraphs are
 * dropped, and a word longer than a line is cut where it stops fitting.
 */
export function wrapWith(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r/g, '').split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      let w = word;
      while (!fits(w)) {
        if (line) {
          lines.push(line);
          line = '';
        }
        let cut = w.length - 1;
        while (cut > 1 && !fits(w.slice(0, cut))) cut--;
        lines.push(w.slice(0, cut));
        w = w.slice(cut);
      }
      const candidate = line === '' ? w : `${line} ${w}`;
      if (fits(candidate)) line = candidate;
      else {
        lines.push(line);
        line = w;
      }
    }
    if (line) lines.push(line);
  }
  return lines;
}
