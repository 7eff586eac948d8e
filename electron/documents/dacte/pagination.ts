import { MM } from './sections';

export interface SheetPlan {
  /** Indexes [from, to) into the documents list, laid out in `docRows` two-column rows. */
  docs: { from: number; to: number; rows: number } | undefined;
  /** Indexes [from, to) into the observation lines, in a box of `capacity` lines. */
  obs: { from: number; to: number; capacity: number } | undefined;
}

export interface PaginationInput {
  /** Height left for documents + observations on the first sheet (mm). */
  firstSheetFree: number;
  /** Height of the content area of a continuation sheet below its header (mm). */
  continuationFree: number;
  docCount: number;
  obsLineCount: number;
  /** Observation lines the first sheet always reserves (the box keeps its size when empty). */
  firstObsLines: number;
  /** Most observation lines the first sheet takes before continuing. */
  firstObsMax: number;
  /** Size the first sheet's document box to its content (left out when there is none) instead of filling the sheet. */
  compactDocs?: boolean;
  /** Documents side by side on one row: 2 in the documentos originários, 1 in a table of whole-width rows. */
  docsPerRow?: number;
}

const MIN_FIRST_DOC_ROWS = 2;

/**
 * Splits documentos originários and observações over sheets with fixed row heights, so the page count
 * is known before any rendering (it is printed as "folha x/y" on every sheet). The first sheet keeps
 * the full official layout; what does not fit continues on additional sheets that repeat the header.
 */
export function planSheets(input: PaginationInput): SheetPlan[] {
  const perRow = input.docsPerRow ?? 2;
  const docRowsNeeded = Math.ceil(input.docCount / perRow);
  // When the first sheet's own blocks leave too little room (many banners, large modal blocks),
  // the observations shrink to what fits and the documents move whole to the next sheets, so
  // nothing is pushed past the sheet's edge (Anexo II §2.12: what does not fit continues).
  const obsFit = Math.max(0, Math.floor((input.firstSheetFree - MM.obsBase) / MM.obsLine));
  const firstObs = Math.min(Math.max(input.firstObsLines, input.obsLineCount), input.firstObsMax, obsFit);
  let obsSpace = firstObs > 0 ? MM.obsBase + firstObs * MM.obsLine : 0;
  let firstDocRows = Math.floor((input.firstSheetFree - obsSpace - MM.docsBase) / MM.docRow);
  if (firstDocRows < MIN_FIRST_DOC_ROWS) firstDocRows = 0;
  // Hand spare document rows to the observations when all documents already fit.
  let obsCapacity = firstObs;
  if (docRowsNeeded < firstDocRows && input.obsLineCount > firstObs) {
    const spareRows = firstDocRows - Math.max(docRowsNeeded, MIN_FIRST_DOC_ROWS);
    const extraLines = Math.floor((spareRows * MM.docRow) / MM.obsLine);
    const take = Math.min(extraLines, input.obsLineCount - firstObs);
    obsCapacity += take;
    obsSpace += take * MM.obsLine;
    firstDocRows = Math.floor((input.firstSheetFree - obsSpace - MM.docsBase) / MM.docRow);
  }
  if (input.compactDocs === true) firstDocRows = Math.min(firstDocRows, docRowsNeeded);
  const docsOnFirst = Math.min(input.docCount, firstDocRows * perRow);
  const obsOnFirst = Math.max(
    0,
    Math.min(input.obsLineCount, obsCapacity - (input.obsLineCount > obsCapacity ? 1 : 0)),
  );
  const sheets: SheetPlan[] = [
    {
      docs: firstDocRows > 0 ? { from: 0, to: docsOnFirst, rows: firstDocRows } : undefined,
      obs: obsCapacity > 0 ? { from: 0, to: obsOnFirst, capacity: obsCapacity } : undefined,
    },
  ];
  let docAt = docsOnFirst;
  let obsAt = obsOnFirst;
  while (docAt < input.docCount || obsAt < input.obsLineCount) {
    let free = input.continuationFree;
    const plan: SheetPlan = { docs: undefined, obs: undefined };
    if (docAt < input.docCount) {
      const maxRows = Math.floor((free - MM.docsBase) / MM.docRow);
      const rows = Math.min(maxRows, Math.ceil((input.docCount - docAt) / perRow));
      const to = Math.min(input.docCount, docAt + rows * perRow);
      plan.docs = { from: docAt, to, rows };
      free -= MM.docsBase + rows * MM.docRow;
      docAt = to;
    }
    if (obsAt < input.obsLineCount && free >= MM.obsBase + 2 * MM.obsLine) {
      const capacity = Math.floor((free - MM.obsBase) / MM.obsLine);
      const remaining = input.obsLineCount - obsAt;
      const lines = remaining > capacity ? capacity - 1 : remaining;
      plan.obs = {
        from: obsAt,
        to: obsAt + lines,
        capacity: Math.min(capacity, remaining > capacity ? capacity : remaining),
      };
      obsAt += lines;
    }
    sheets.push(plan);
    if (sheets.length > 500) break; // a hostile XML cannot make us build an endless document
  }
  return sheets;
}
