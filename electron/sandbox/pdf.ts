import type { PDFFont, PDFImage } from 'pdf-lib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * The sandbox's plain PDFs (pdf-lib): A4 pages of Helvetica text with an optional logo at the top of
 * the first page — the answer of the `/pdf` endpoints when no browser engine prints the rich layout.
 * The sandbox only needs real, openable PDFs whose content tests (and people) can read.
 */
export interface PdfContent {
  title: string;
  lines: string[];
  /** Company logo (PNG or JPEG); one pdf-lib cannot read is left out. */
  logo?: Buffer | null;
}

export interface PdfHelper {
  render(content: PdfContent): Promise<Buffer>;
}

const PAGE_W = 595;
const PAGE_H = 842;
const MARGIN = 50;
const LINE_H = 14;
const LOGO_H = 60;

/** Helvetica's standard encoding (WinAnsi) covers Portuguese accents; anything else becomes '?'. */
function encodable(font: PDFFont): (text: string) => string {
  const known = new Set(font.getCharacterSet());
  return (text) => [...text].map((ch) => (known.has(ch.codePointAt(0) ?? 0) ? ch : '?')).join('');
}

async function embedLogo(doc: PDFDocument, bytes: Buffer): Promise<PDFImage | null> {
  // A copy of its own: pdf-lib reads a JPEG through `new DataView(data.buffer)`, which ignores the
  // offset of a Buffer sliced from Node's shared pool.
  const own = new Uint8Array(bytes);
  try {
    if (own[0] === 0xff && own[1] === 0xd8) return await doc.embedJpg(own);
    if (bytes.subarray(1, 4).toString('latin1') === 'PNG') return await doc.embedPng(own);
  } catch {
    // A logo pdf-lib cannot read (a corrupt file, an unusual PNG) leaves the PDF without it.
  }
  return null;
}

export async function renderPdf(content: PdfContent): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(content.title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const clean = encodable(font);
  const logo = content.logo ? await embedLogo(doc, content.logo) : null;
  const perPage = Math.floor((PAGE_H - 2 * MARGIN - 40) / LINE_H);
  for (let start = 0; start < Math.max(1, content.lines.length); start += perPage) {
    const page = doc.addPage([PAGE_W, PAGE_H]);
    let y = PAGE_H - MARGIN;
    if (start === 0 && logo) {
      const width = Math.round((LOGO_H * logo.width) / logo.height);
      page.drawImage(logo, { x: MARGIN, y: y - LOGO_H, width, height: LOGO_H });
      y -= LOGO_H + 10;
    }
    page.drawText(clean(content.title), { x: MARGIN, y: y - 14, size: 14, font });
    y -= 34;
    for (const line of content.lines.slice(start, start + perPage)) {
      page.drawText(clean(line), { x: MARGIN, y, size: 10, font });
      y -= LINE_H;
    }
  }
  return Buffer.from(await doc.save());
}

export const pdfHelper: PdfHelper = { render: renderPdf };
