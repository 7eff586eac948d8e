import { pdfImage } from './pdf-image';

/**
 * A small PDF writer for the sandbox's `/pdf` endpoints: A4 pages of Helvetica text with an
 * optional logo at the top of the first page. The hosted service renders rich DACTE layouts;
 * the sandbox only needs real, openable PDFs whose content tests (and people) can read.
 */
export interface PdfContent {
  title: string;
  lines: string[];
  /** Company logo (JPEG, or 8-bit non-interlaced PNG); other formats are left out. */
  logo?: Buffer | null;
}

export interface PdfHelper {
  render(content: PdfContent): Buffer;
}

const PAGE_W = 595;
const PAGE_H = 842;
const MARGIN = 50;
const LINE_H = 14;

/** WinAnsi characters outside Latin-1 (typographic punctuation users paste from documents). */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
};

/** WinAnsi covers Portuguese accents; anything else becomes '?'. */
function pdfString(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 63;
    const c =
      code <= 255 ? ch : WIN_ANSI_EXTRA[ch] !== undefined ? String.fromCharCode(WIN_ANSI_EXTRA[ch]) : '?';
    out += c === '(' || c === ')' || c === '\\' ? `\\${c}` : c;
  }
  return `(${out})`;
}

export function renderPdf(content: PdfContent): Buffer {
  const objects: Buffer[] = [];
  const add = (body: Buffer | string) => {
    objects.push(Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'));
    return objects.length;
  };
  const logo = content.logo ? pdfImage(content.logo) : null;
  const perPage = Math.floor((PAGE_H - 2 * MARGIN - 40) / LINE_H);
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(1, content.lines.length); i += perPage)
    pages.push(content.lines.slice(i, i + perPage));

  const catalogId = add('');
  const pagesId = add('');
  const fontId = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  let imageId = 0;
  if (logo) {
    const stream = (dict: string, data: Buffer) =>
      Buffer.concat([Buffer.from(`${dict}\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);
    const common = `/Type /XObject /Subtype /Image /Width ${logo.width} /Height ${logo.height} /BitsPerComponent 8`;
    const maskId = logo.alpha
      ? add(
          stream(
            `<< ${common} /ColorSpace /DeviceGray /Filter /FlateDecode /Length ${logo.alpha.length} >>`,
            logo.alpha,
          ),
        )
      : 0;
    const smask = maskId ? ` /SMask ${maskId} 0 R` : '';
    imageId = add(
      stream(
        `<< ${common} /ColorSpace /${logo.colorSpace} /Filter /${logo.filter}${smask} /Length ${logo.data.length} >>`,
        logo.data,
      ),
    );
  }
  const pageIds: number[] = [];
  pages.forEach((lines, index) => {
    let y = PAGE_H - MARGIN;
    let ops = '';
    if (index === 0 && imageId) {
      const h = 60;
      const w = Math.round((h * logo!.width) / logo!.height);
      ops += `q ${w} 0 0 ${h} ${MARGIN} ${y - h} cm /Im1 Do Q\n`;
      y -= h + 10;
    }
    ops += `BT /F1 14 Tf ${MARGIN} ${y - 14} Td ${pdfString(content.title)} Tj ET\n`;
    y -= 34;
    for (const line of lines) {
      ops += `BT /F1 10 Tf ${MARGIN} ${y} Td ${pdfString(line)} Tj ET\n`;
      y -= LINE_H;
    }
    const stream = Buffer.from(ops, 'latin1');
    const contentId = add(
      Buffer.concat([
        Buffer.from(`<< /Length ${stream.length} >>\nstream\n`),
        stream,
        Buffer.from('\nendstream'),
      ]),
    );
    const xobject = index === 0 && imageId ? ` /XObject << /Im1 ${imageId} 0 R >>` : '';
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Contents ${contentId} 0 R /Resources << /Font << /F1 ${fontId} 0 R >>${xobject} >> >>`,
      ),
    );
  });
  objects[catalogId - 1] = Buffer.from(`<< /Type /Catalog /Pages ${pagesId} 0 R >>`);
  objects[pagesId - 1] = Buffer.from(
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
  );

  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n'];
  for (const o of offsets) xref.push(`${String(o).padStart(10, '0')} 00000 n \n`);
  xref.push(
    `trailer\n<< /Size ${objects.length + 1} /Root ${catalogId} 0 R >>\nstartxref\n${offset}\n%%EOF\n`,
  );
  chunks.push(Buffer.from(xref.join(''), 'latin1'));
  return Buffer.concat(chunks);
}

export const pdfHelper: PdfHelper = { render: renderPdf };
