// The blocks of the DAMDFE that grow with the document (observação, the transport's further data,
// the documents by unloading municipality) as rows of known height, laid over as many sheets as
// they need [MOC3 §9 p.86: "tantas folhas quantas forem necessárias"]. Rows are never cut: a row
// that does not fit starts the next sheet, under the section's title marked "(continuação)".
import { esc } from '../html/format';
import { measureMm, wrapLines } from './text';

export interface FlowRow {
  mm: number;
  html: string;
}

export interface FlowSection {
  title: string;
  /** A header row repeated under the title on every sheet (column captions). */
  head?: FlowRow;
  rows: FlowRow[];
}

/** A piece of a section placed on one sheet. */
export interface FlowChunk {
  section: number;
  from: number;
  to: number;
  continued: boolean;
}

export const GAP_MM = 1;
/** The top rule of a bordered block (`.t`), outside its rows' heights. */
export const RULE_MM = 0.2;
export const TITLE_MM = 3.5;
export const LINE_MM = 3;
/** A row of one text line: the line and the cell's bottom rule. */
export const ROW_MM = 3.3;
export const LINE_PT = 6.5;
/** Inner width of a full-width cell: 200 mm less the borders and 0.8 mm padding each side. */
export const FULL_TEXT_MM = 197.8;

function overhead(section: FlowSection): number {
  return GAP_MM + RULE_MM + TITLE_MM + (section.head?.mm ?? 0);
}

/**
 * Places the sections in order: the first sheet has `firstFree` mm below its fixed blocks, every
 * further sheet `nextFree` below its header. A section with no rows is left out.
 */
export function planFlow(sections: FlowSection[], firstFree: number, nextFree: number): FlowChunk[][] {
  const sheets: FlowChunk[][] = [[]];
  let free = firstFree;
  sections.forEach((section, index) => {
    let at = 0;
    let continued = false;
    while (at < section.rows.length) {
      let used = overhead(section);
      let to = at;
      while (to < section.rows.length && used + (section.rows[to]?.mm ?? 0) <= free) {
        used += section.rows[to]?.mm ?? 0;
        to++;
      }
      const sheetIsEmpty = (sheets[sheets.length - 1]?.length ?? 0) === 0 && free === nextFree;
      if (to === at && !sheetIsEmpty) {
        sheets.push([]);
        free = nextFree;
        continue;
      }
      if (to === at) to = at + 1; // a row taller than a whole sheet: it goes alone (rows are bounded)
      sheets[sheets.length - 1]?.push({ section: index, from: at, to, continued });
      free -= used;
      at = to;
      continued = true;
      if (sheets.length > 2000) return; // a hostile XML cannot make an endless document
    }
  });
  return sheets;
}

export function renderChunk(section: FlowSection, chunk: FlowChunk): string {
  const title = chunk.continued ? `${section.title} (continuação)` : section.title;
  const rows = section.rows
    .slice(chunk.from, chunk.to)
    .map((r) => r.html)
    .join('');
  return `<div class="t gap"><div class="r"><div class="c st" style="width:100%">${esc(title)}</div></div>${section.head?.html ?? ''}${rows}</div>`;
}

/** One row of cells: `[widthMm, innerHtml, extraClass]`, all `mm` tall. */
export function row(mm: number, cells: [number, string, string?][], rowClass = ''): FlowRow {
  const html = cells
    .map(
      ([w, inner, cls]) =>
        `<div class="c fl ${cls ?? ''}" style="width:${w}mm;height:${mm}mm">${inner}</div>`,
    )
    .join('');
  return { mm, html: `<div class="r ${rowClass}" style="height:${mm}mm">${html}</div>` };
}

/** Wrapped text as full-width rows of one line each. */
export function textRows(text: string): FlowRow[] {
  return wrapLines(text, FULL_TEXT_MM, LINE_PT).map((line) =>
    row(ROW_MM, [[200, `<div class="ln">${esc(line)}</div>`]]),
  );
}

/**
 * A caption on the left and its value wrapped on the right, one row per line (the rows of one item
 * are drawn as one cell: no rule between its lines).
 */
export function labelledRows(label: string, value: string, labelMm = 42): FlowRow[] {
  const valueMm = 200 - labelMm;
  const lines = wrapLines(value, valueMm - 1.8, LINE_PT);
  const labels = wrapLines(label, labelMm - 1.8, LINE_PT);
  const count = Math.max(lines.length, labels.length, 1);
  return Array.from({ length: count }, (_, i) => {
    const last = i === count - 1 ? '' : ' open';
    return row(ROW_MM, [
      [labelMm, `<div class="ln lb">${esc(labels[i] ?? '')}</div>`, last],
      [valueMm, `<div class="ln">${esc(lines[i] ?? '')}</div>`, last],
    ]);
  });
}

/** True when `text` fits `widthMm` at `pt` on one line (used for fixed cells of bounded fields). */
export function fitsOneLine(text: string, widthMm: number, pt: number): boolean {
  return measureMm(text, pt) <= widthMm;
}

export const DAMDFE_CSS = `
.dm .c, .dm .l, .dm .v { overflow: visible; text-overflow: clip; }
.dm .ln { font-size: ${LINE_PT}pt; line-height: ${LINE_MM}mm; height: ${LINE_MM}mm; white-space: nowrap; }
.dm .lb { font-weight: bold; }
.dm .fl { padding: 0 .8mm; }
.dm .k, .dm .dk { font-size: 7pt; line-height: ${LINE_MM}mm; white-space: nowrap; font-variant-numeric: tabular-nums; }
.dm .k b, .dm .dk b { display: inline-block; width: 15mm; }
.dm .dr { height: ${ROW_MM}mm; }
.dm .dk { width: 100mm; height: ${ROW_MM}mm; }
.dm .c.open { border-bottom-color: transparent; }
.dm .vt { font-size: 6.5pt; line-height: 3mm; font-weight: bold; white-space: nowrap; }
.dm .em { font-size: 7pt; line-height: 3.2mm; white-space: nowrap; }
.dm .mark { border: .5mm solid #000; text-align: center; font-weight: bold; margin-top: 1mm; }
.dm .mark div { font-size: 7pt; line-height: 3.2mm; white-space: nowrap; }
.dm .mark .big { font-size: 11pt; line-height: 5mm; }
/* The stamps of a portrait sheet: nine letters at the DACTE's 88 pt would run past its edges. */
.dm ~ .wm.cancel span, .wm.enc span { font-size: 66pt; letter-spacing: 2mm; }
.wm.enc span { color: rgba(0, 40, 160, .25); border: 2mm solid rgba(0, 40, 160, .25); padding: 2mm 8mm; }
`;
