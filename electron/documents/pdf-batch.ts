/**
 * Plans a batch of printouts as a few large print jobs. Each printout is a self-contained HTML of
 * `<section class="sheet">` elements, one A4 page each (fixed height, clipped, forced page break).
 * Consecutive printouts with the same stylesheet are joined into one HTML, printed once and split
 * back by page ranges: a print job has a fixed cost (a print compositor process started and ended,
 * a document set up and torn down, the fonts sent along) worth a few sheets, and Chromium's cost per
 * sheet does not grow with the job, so the fewer jobs the better (see README.md); the caps keep one
 * job's memory bounded when the accountant exports a month.
 */

export interface BatchLimits {
  /** Sheets per joined job (jobs aim at 80% of it); several jobs keep both cores busy and progress moving. */
  maxSheets: number;
  /**
   * Characters per joined job, so one job's memory stays bounded (Electron loads each job from a
   * temporary file, so there is no URL length cap; a single printout is never split).
   */
  maxChars: number;
  /** Jobs that may run at once; the sheets are spread evenly over a multiple of this. */
  concurrency: number;
}

export const DEFAULT_BATCH_LIMITS: BatchLimits = { maxSheets: 64, maxChars: 2_000_000, concurrency: 2 };

/** One print job: one printout on its own, or several joined, with each one's page count. */
export interface BatchJob {
  indices: number[];
  html: string;
  /** Sheets of each printout: its pages in the PDF (empty for HTML that is not a printout). */
  pages: number[];
  /** PDF title of each printout (its HTML `<title>`). */
  titles: string[];
}

interface Parsed {
  /** Head without the `<title>`: printouts are joined only when it matches. */
  style: string;
  prefix: string;
  title: string;
  body: string;
  sheets: number;
}

const DOCUMENT = /^(<!DOCTYPE html><html[^>]*><head>)([\s\S]*?)(<\/head><body>)([\s\S]*)<\/body><\/html>\s*$/;
const TITLE = /<title>([^<]*)<\/title>/;
const SHEET_OPEN = '<section class="sheet">';
const SHEET_CLOSE = '</section>';
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

function unescapeTitle(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] ?? '');
}

function count(text: string, needle: string): number {
  let n = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) n += 1;
  return n;
}

/** A printout made only of sheets (nothing else in its body), or null when it cannot be joined. */
export function parsePrintout(html: string): Parsed | null {
  const match = DOCUMENT.exec(html);
  if (match === null) return null;
  const [, open = '', head = '', close = '', body = ''] = match;
  const sheets = count(body, SHEET_OPEN);
  // Sections never nest in a printout, so every sheet closes before the next opens.
  if (sheets === 0 || !body.startsWith(SHEET_OPEN) || !body.endsWith(SHEET_CLOSE)) return null;
  if (count(body, '<section') !== sheets || count(body, SHEET_CLOSE) !== sheets) return null;
  const title = TITLE.exec(head);
  return {
    style: head.replace(TITLE, ''),
    prefix: `${open}${head}${close}`,
    title: unescapeTitle(title?.[1] ?? ''),
    body,
    sheets,
  };
}

function single(index: number, html: string, doc: Parsed | null): BatchJob {
  return { indices: [index], html, pages: doc === null ? [] : [doc.sheets], titles: [doc?.title ?? ''] };
}

/**
 * The job slot of each printout: the batch is cut into even jobs by cumulative size (sheets and
 * characters), in a multiple of the workers so they all finish about together.
 */
function jobSlots(parsed: (Parsed | null)[], limits: BatchLimits): number[] {
  const totalSheets = parsed.reduce((n, p) => n + (p?.sheets ?? 0), 0);
  const totalChars = parsed.reduce((n, p) => n + (p?.body.length ?? 0), 0);
  const concurrency = Math.max(1, limits.concurrency);
  // Aiming at 80% of each cap leaves room for printouts that do not divide evenly.
  const needed = Math.max(
    Math.ceil(totalSheets / Math.max(1, 0.8 * limits.maxSheets)),
    Math.ceil(totalChars / Math.max(1, 0.8 * limits.maxChars)),
  );
  const jobCount = Math.max(1, Math.ceil(needed / concurrency) * concurrency);
  const weight = (p: Parsed | null) =>
    p === null ? 0 : p.sheets / Math.max(1, totalSheets) + p.body.length / Math.max(1, totalChars);
  let before = 0;
  return parsed.map((p) => {
    const w = weight(p);
    const slot = Math.floor(((before + w / 2) / 2) * jobCount);
    before += w;
    return slot;
  });
}

/**
 * Cuts the batch into jobs in input order. The joined HTML keeps the first printout's head; the
 * `.sheet:last-child` rule then lets only the batch's last sheet go without a page break, so each
 * printout starts on a page of its own.
 */
export function planBatch(htmls: string[], limits: BatchLimits = DEFAULT_BATCH_LIMITS): BatchJob[] {
  const parsed = htmls.map(parsePrintout);
  const slots = jobSlots(parsed, limits);

  const jobs: BatchJob[] = [];
  let group: {
    first: Parsed;
    slot: number;
    indices: number[];
    bodies: string[];
    pages: number[];
    titles: string[];
  } | null = null;
  let chars = 0;
  const flush = () => {
    if (group === null) return;
    const { first, indices, bodies, pages, titles } = group;
    if (indices.length === 1) jobs.push(single(indices[0] ?? 0, htmls[indices[0] ?? 0] ?? '', first));
    else jobs.push({ indices, html: `${first.prefix}${bodies.join('')}</body></html>`, pages, titles });
    group = null;
    chars = 0;
  };
  htmls.forEach((html, index) => {
    const doc = parsed[index];
    if (doc === null || doc === undefined) {
      flush();
      jobs.push(single(index, html, null));
      return;
    }
    const sheets = group === null ? 0 : group.pages.reduce((a, b) => a + b, 0);
    const fits =
      group !== null &&
      group.first.style === doc.style &&
      group.slot === slots[index] &&
      sheets + doc.sheets <= limits.maxSheets &&
      chars + doc.body.length <= limits.maxChars;
    if (!fits) flush();
    group ??= { first: doc, slot: slots[index] ?? 0, indices: [], bodies: [], pages: [], titles: [] };
    group.indices.push(index);
    group.bodies.push(doc.body);
    group.pages.push(doc.sheets);
    group.titles.push(doc.title);
    chars += doc.body.length;
  });
  flush();
  return jobs;
}
