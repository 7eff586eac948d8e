// Just enough MIME reading for the tests: headers (with RFC 2047 words), multipart parts, and
// base64/quoted-printable bodies. A real parser would hide mistakes in how the app builds messages.

export interface MimePart {
  headers: Map<string, string>;
  body: Buffer;
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g, (_all, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

function decodeBody(raw: string, encoding: string | undefined): Buffer {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(raw.replace(/\s+/g, ''), 'base64');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const text = raw
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(text, 'latin1');
  }
  return Buffer.from(raw, 'latin1');
}

export function parseMime(raw: Buffer): { headers: Map<string, string>; parts: MimePart[] } {
  const text = raw.toString('latin1');
  const split = text.indexOf('\r\n\r\n');
  const headers = parseHeaders(text.slice(0, split));
  const parts: MimePart[] = [];
  const collect = (head: Map<string, string>, body: string) => {
    const type = head.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (!boundary) {
      parts.push({ headers: head, body: decodeBody(body, head.get('content-transfer-encoding')) });
      return;
    }
    const pieces = body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      const content = piece.replace(/^\r\n/, '');
      const end = content.indexOf('\r\n\r\n');
      collect(parseHeaders(content.slice(0, end)), content.slice(end + 4).replace(/\r\n$/, ''));
    }
  };
  collect(headers, text.slice(split + 4));
  return { headers, parts };
}

export function attachmentName(part: MimePart): string | null {
  const disposition = part.headers.get('content-disposition') ?? '';
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}
