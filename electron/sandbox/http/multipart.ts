import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** Marker for bodies parsed by `acceptMultipart`, so handlers can tell them from JSON. */
export interface MultipartBody {
  kind: 'multipart';
  parts: MultipartPart[];
}

export const isMultipart = (body: unknown): body is MultipartBody =>
  !!body && typeof body === 'object' && (body as MultipartBody).kind === 'multipart';

function headerParam(header: string, name: string): string | undefined {
  const match = new RegExp(`${name}\\*?=(?:"([^"]*)"|([^;\\s]*))`, 'i').exec(header);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** Splits a multipart/form-data body (RFC 7578); malformed input → 400. */
export function parseMultipart(body: Buffer, contentType: string): MultipartPart[] {
  const boundary = headerParam(contentType, 'boundary');
  if (!boundary || boundary.length > 200) throw badRequest('Requisição multipart sem "boundary" válido.');
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let pos = body.indexOf(delimiter);
  if (pos < 0) throw badRequest('Corpo multipart malformado.');
  while (pos >= 0) {
    pos += delimiter.length;
    if (body.subarray(pos, pos + 2).toString() === '--') return parts;
    if (body.subarray(pos, pos + 2).toString() === '\r\n') pos += 2;
    const headerEnd = body.indexOf('\r\n\r\n', pos);
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), pos);
    if (headerEnd < 0 || next < 0 || headerEnd > next) throw badRequest('Corpo multipart malformado.');
    const headers = body.subarray(pos, headerEnd).toString('utf8').split('\r\n');
    const disposition = headers.find((h) => /^content-disposition:/i.test(h)) ?? '';
    const type = headers.find((h) => /^content-type:/i.test(h));
    const name = headerParam(disposition, 'name');
    if (!name) throw badRequest('Parte multipart sem nome (Content-Disposition).');
    parts.push({
      name,
      filename: headerParam(disposition, 'filename'),
      contentType: type?.replace(/^content-type:\s*/i, '').trim(),
      data: body.subarray(headerEnd + 4, next),
    });
    pos = next + 2;
  }
  throw badRequest('Corpo multipart malformado.');
}

/** Registers multipart/form-data parsing in a plugin scope; the body becomes a `MultipartBody`. */
export function acceptMultipart(app: FastifyInstance) {
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
    try {
      const parts = parseMultipart(body as Buffer, String(request.headers['content-type']));
      done(null, { kind: 'multipart', parts } satisfies MultipartBody);
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}
