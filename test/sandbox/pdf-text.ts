// Reads back the sandbox's plain PDFs (electron/sandbox/pdf.ts) without a PDF tool: pdf-lib writes
// Helvetica text as hex strings in deflated content streams, one `Tj` per line.
import { inflateSync } from 'node:zlib';

/** WinAnsi codes 0x80–0x9f that are not Latin-1 (the rest of WinAnsi is). */
const WIN_ANSI: Record<number, string> = {
  0x80: '€',
  0x82: '‚',
  0x84: '„',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
};

const decode = (hex: string): string =>
  Buffer.from(hex, 'hex').reduce((text, code) => text + (WIN_ANSI[code] ?? String.fromCharCode(code)), '');

/** The strings the PDF's content streams show, in order (title first, then the lines, page by page). */
export function plainPdfLines(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/(?<!end)stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const shown of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) lines.push(decode(shown[1]));
  }
  return lines;
}
