import { PDFDocument } from 'pdf-lib';

export interface PdfPart {
  pages: number;
  title: string;
}

export class PdfSplitMismatch extends Error {
  constructor(expected: number, actual: number) {
    super(`joined PDF has ${actual} pages, the printouts ${expected}`);
  }
}

/**
 * Cuts a joined batch PDF into one complete PDF per printout, by consecutive page ranges. Pages are
 * copied with everything they use (fonts, images, transparency), and each part gets its own title
 * and the source's creator, producer and dates, as if printed alone. A page count that differs
 * from the printouts' total means the page ranges cannot be trusted: nothing is returned.
 */
export async function splitPdf(pdf: Uint8Array, parts: PdfPart[]): Promise<Uint8Array[]> {
  const source = await PDFDocument.load(pdf, { updateMetadata: false });
  const expected = parts.reduce((n, p) => n + p.pages, 0);
  if (source.getPageCount() !== expected) throw new PdfSplitMismatch(expected, source.getPageCount());
  const creator = source.getCreator();
  const producer = source.getProducer();
  const created = source.getCreationDate();
  const modified = source.getModificationDate();
  const out: Uint8Array[] = [];
  let first = 0;
  for (const part of parts) {
    const doc = await PDFDocument.create({ updateMetadata: false });
    const indices = Array.from({ length: part.pages }, (_, k) => first + k);
    for (const page of await doc.copyPages(source, indices)) doc.addPage(page);
    first += part.pages;
    if (part.title !== '') doc.setTitle(part.title);
    if (creator !== undefined) doc.setCreator(creator);
    if (producer !== undefined) doc.setProducer(producer);
    if (created !== undefined) doc.setCreationDate(created);
    if (modified !== undefined) doc.setModificationDate(modified);
    // Object streams would only shave a few kB off each file for several times the CPU.
    out.push(await doc.save({ useObjectStreams: false }));
  }
  return out;
}
