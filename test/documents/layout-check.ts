// Layout invariants of a printout, checked on what Chromium really lays out and prints:
// - in the PDF (pdftotext -bbox-layout word boxes): no word closer to a sheet edge than the 5 mm
//   printable margin, and the words the test expects, as many times as expected;
// - in the same layout (print media, A4): no element clips its text (content wider or taller than
//   a box that hides its overflow), which is where a PDF would silently lose text.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { SHEET } from '../../electron/documents/html/page';
import { DEFAULT_CHROMIUM_PATH } from '../../electron/documents/pdf';
import { resultsDir } from './support';

export interface Word {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

const PT_PER_MM = 72 / 25.4;

/** Word boxes (points) of every page: pdftotext -bbox-layout. */
export function pdfWords(file: string): { pages: { width: number; height: number }[]; words: Word[] } {
  const xml = execFileSync('pdftotext', ['-bbox-layout', file, '-'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const pages: { width: number; height: number }[] = [];
  const words: Word[] = [];
  const decode = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  for (const part of xml.split(/<page /).slice(1)) {
    const size = /^width="([\d.]+)" height="([\d.]+)"/.exec(part);
    pages.push({ width: Number(size?.[1]), height: Number(size?.[2]) });
    for (const m of part.matchAll(
      /<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g,
    )) {
      words.push({
        page: pages.length,
        text: decode(m[5] ?? ''),
        xMin: Number(m[1]),
        yMin: Number(m[2]),
        xMax: Number(m[3]),
        yMax: Number(m[4]),
      });
    }
  }
  return { pages, words };
}

/** Words (excluding the diagonal watermark) closer than the printable margin to an edge. */
export function outsideMargin(
  pages: { width: number; height: number }[],
  words: Word[],
  ignore: RegExp = /^(SEM|VALOR|FISCAL|CANCELADO|DENEGADO)$/,
): Word[] {
  const m = SHEET.margin * PT_PER_MM - 0.5;
  return words.filter((w) => {
    if (ignore.test(w.text)) return false;
    const p = pages[w.page - 1];
    if (p === undefined) return true;
    return w.xMin < m || w.yMin < m || w.xMax > p.width - m || w.yMax > p.height - m;
  });
}

/**
 * Text the laid-out printout clips: every text node's glyph boxes must lie inside each ancestor
 * that hides its overflow (and inside its sheet). Empty space overflowing a box is not clipping.
 */
export async function clippedBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const tol = 1;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const parent = node.parentElement;
      if (text === '' || parent === null || parent.closest('.wm, svg, style, title') !== null) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
      for (let el: HTMLElement | null = parent; el !== null && el !== document.body; el = el.parentElement) {
        const style = getComputedStyle(el);
        const hidesX = style.overflowX !== 'visible';
        const hidesY = style.overflowY !== 'visible';
        if (!hidesX && !hidesY) continue;
        const box = el.getBoundingClientRect();
        const bl = parseFloat(style.borderLeftWidth) || 0;
        const bt = parseFloat(style.borderTopWidth) || 0;
        const left = box.left + bl;
        const top = box.top + bt;
        const right = left + el.clientWidth;
        const bottom = top + el.clientHeight;
        const cut = rects.some(
          (r) =>
            (hidesX && (r.left < left - tol || r.right > right + tol)) ||
            (hidesY && (r.top < top - tol || r.bottom > bottom + tol)),
        );
        if (cut) {
          out.push(`${el.className || el.tagName}: ${text.slice(0, 80)}`);
          break;
        }
      }
    }
    return out;
  });
}

export interface LayoutReport {
  pages: number;
  words: Word[];
  text: string;
  outside: Word[];
  clipped: string[];
}

/** Chromium laid out for print on A4, shared by the layout tests. */
export class LayoutProbe {
  private browser: Browser | undefined;
  private page: Page | undefined;

  constructor(private readonly executablePath = process.env.CARRETA_CHROMIUM ?? DEFAULT_CHROMIUM_PATH) {}

  private async ready(): Promise<Page> {
    if (this.page) return this.page;
    const { chromium } = await import('playwright-core');
    this.browser = await chromium.launch({
      executablePath: this.executablePath,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const context = await this.browser.newContext({
      viewport: { width: Math.round((210 / 25.4) * 96), height: Math.round((297 / 25.4) * 96) },
      offline: true,
    });
    this.page = await context.newPage();
    await this.page.emulateMedia({ media: 'print' });
    return this.page;
  }

  /** Lays out `html` and returns the clipped boxes (no PDF). */
  async clipped(html: string): Promise<string[]> {
    const page = await this.ready();
    await page.setContent(html, { waitUntil: 'load' });
    return clippedBoxes(page);
  }

  /** Lays out `html`, prints it to a PDF and reads its word boxes. */
  async check(name: string, html: string): Promise<LayoutReport> {
    const page = await this.ready();
    await page.setContent(html, { waitUntil: 'load' });
    const clipped = await clippedBoxes(page);
    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    const dir = path.join(resultsDir, 'layout');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name.replace(/[^A-Za-z0-9]+/g, '-').slice(-80)}.pdf`);
    writeFileSync(file, pdf);
    const { pages, words } = pdfWords(file);
    return {
      pages: pages.length,
      words,
      text: words.map((w) => w.text).join(' '),
      outside: outsideMargin(pages, words),
      clipped,
    };
  }

  async close(): Promise<void> {
    await this.browser?.close();
  }
}
