import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliDecompress, deflateRaw, inflateRaw } from 'node:zlib';

import type { Database, PreparedStatement } from '../db';
import type { DocFileKind } from './types';
import { XML_DICTIONARY_V1 } from './xml-dictionary';

const deflateAsync = promisify(deflateRaw);
const inflateAsync = promisify(inflateRaw);
const brotliDecompressAsync = promisify(brotliDecompress);

export type Codec = 'identity' | 'deflate' | 'deflate-d1' | 'brotli';

/** A file ready to store: compressed off the event loop, before the transaction that writes it. */
export interface PackedFile {
  codec: Codec;
  content: Buffer;
  /** Certificate bodies moved out of `content`, by sha256. */
  parts: Map<string, Buffer>;
  sha256: string;
  size: number;
  contentType: string;
}

export interface StoredFileInfo {
  docId: number;
  eventId: number;
  kind: DocFileKind;
  size: number;
  contentType: string;
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

// Base64 never contains '#' or ':', so a marker cannot be mistaken for a certificate body.
const CERTIFICATE = /<X509Certificate>([A-Za-z0-9+/=\s]{200,})<\/X509Certificate>/g;
const MARKER = /<X509Certificate>#part:([0-9a-f]{64})<\/X509Certificate>/g;

function splitParts(text: string): { text: string; parts: Map<string, Buffer> } {
  const parts = new Map<string, Buffer>();
  const replaced = text.replace(CERTIFICATE, (_, body: string) => {
    const hash = sha256(body);
    parts.set(hash, Buffer.from(body, 'utf8'));
    return `<X509Certificate>#part:${hash}</X509Certificate>`;
  });
  return { text: replaced, parts };
}

/**
 * Fiscal XML: the signing certificate (~1.8 KB of base64, the same in every XML of a company) is
 * stored once in file_parts, and the rest is raw deflate primed with a dictionary of the tags
 * (see xml-dictionary.ts); together about 0.2 of the original bytes. PDFs are compressed inside
 * already and are stored as they are.
 */
export async function packFile(bytes: Buffer, contentType: string): Promise<PackedFile> {
  const hash = sha256(bytes);
  const none = new Map<string, Buffer>();
  if (contentType.includes('pdf')) {
    return { codec: 'identity', content: bytes, parts: none, sha256: hash, size: bytes.length, contentType };
  }
  const text = bytes.toString('utf8');
  // Only text that survives the utf8 round trip may be rewritten; anything else is kept byte-exact.
  const { text: slim, parts } = Buffer.from(text, 'utf8').equals(bytes)
    ? splitParts(text)
    : { text: '', parts: none };
  const source = parts.size > 0 ? Buffer.from(slim, 'utf8') : bytes;
  const content = await deflateAsync(source, { level: 6, dictionary: XML_DICTIONARY_V1 });
  return { codec: 'deflate-d1', content, parts, sha256: hash, size: bytes.length, contentType };
}

export async function unpackFile(codec: string, content: Buffer): Promise<Buffer> {
  if (codec === 'deflate-d1') return inflateAsync(content, { dictionary: XML_DICTIONARY_V1 });
  if (codec === 'deflate') return inflateAsync(content);
  if (codec === 'brotli') return brotliDecompressAsync(content);
  if (codec === 'identity') return content;
  throw new Error(`Unknown file codec ${codec}`);
}

function restoreParts(bytes: Buffer, parts: Map<string, Buffer>): Buffer {
  const text = bytes.toString('utf8').replace(MARKER, (_, hash: string) => {
    const body = parts.get(hash);
    if (body === undefined) throw new Error(`Missing file part ${hash}.`);
    return `<X509Certificate>${body.toString('utf8')}</X509Certificate>`;
  });
  return Buffer.from(text, 'utf8');
}

interface FileRow {
  codec: string;
  parts: number;
  content: Buffer;
  sha256: string;
  size: number;
  content_type: string;
}

export class FileRepository {
  private statements: { put: PreparedStatement; part: PreparedStatement } | null = null;

  constructor(private readonly db: Database) {}

  private async prepared() {
    this.statements ??= {
      put: await this.db.prepare(
        `INSERT INTO document_files (doc_id, event_id, kind, codec, parts, content, sha256, size, content_type, fetched_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (doc_id, event_id, kind) DO UPDATE SET codec = excluded.codec, parts = excluded.parts,
           content = excluded.content, sha256 = excluded.sha256, size = excluded.size,
           content_type = excluded.content_type, fetched_at = excluded.fetched_at`,
      ),
      part: await this.db.prepare('INSERT OR IGNORE INTO file_parts (sha256, content) VALUES (?, ?)'),
    };
    return this.statements;
  }

  /** Stores the shared parts of a batch of files once each (inside the batch's transaction). */
  async putParts(files: readonly PackedFile[]): Promise<void> {
    const unique = new Map<string, Buffer>();
    for (const file of files) for (const [hash, body] of file.parts) unique.set(hash, body);
    if (unique.size === 0) return;
    const { part } = await this.prepared();
    for (const [hash, body] of unique) await part.run([hash, body]);
  }

  /** Writes (or replaces) one file; call inside the transaction of the batch it belongs to. */
  async putPacked(
    docId: number,
    eventId: number,
    kind: DocFileKind,
    file: PackedFile,
    withParts = true,
  ): Promise<void> {
    const { put } = await this.prepared();
    if (withParts) await this.putParts([file]);
    await put.run([
      docId,
      eventId,
      kind,
      file.codec,
      file.parts.size > 0 ? 1 : 0,
      file.content,
      file.sha256,
      file.size,
      file.contentType,
      new Date().toISOString(),
    ]);
  }

  /** Writes many files with one statement per 500 (inside the batch's transaction; parts first). */
  async putMany(files: readonly { docId: number; eventId: number; kind: DocFileKind; file: PackedFile }[]) {
    const now = new Date().toISOString();
    for (let start = 0; start < files.length; start += 500) {
      const chunk = files.slice(start, start + 500);
      await this.db.run(
        `INSERT INTO document_files (doc_id, event_id, kind, codec, parts, content, sha256, size, content_type, fetched_at)
         VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
         ON CONFLICT (doc_id, event_id, kind) DO UPDATE SET codec = excluded.codec, parts = excluded.parts,
           content = excluded.content, sha256 = excluded.sha256, size = excluded.size,
           content_type = excluded.content_type, fetched_at = excluded.fetched_at`,
        chunk.flatMap(({ docId, eventId, kind, file }) => [
          docId,
          eventId,
          kind,
          file.codec,
          file.parts.size > 0 ? 1 : 0,
          file.content,
          file.sha256,
          file.size,
          file.contentType,
          now,
        ]),
      );
    }
  }

  async put(docId: number, eventId: number, kind: DocFileKind, bytes: Buffer, contentType: string) {
    const packed = await packFile(bytes, contentType);
    await this.db.transaction(() => this.putPacked(docId, eventId, kind, packed));
  }

  /** The original bytes, checked against the stored sha256 (a damaged page must not reach a printout). */
  async get(
    docId: number,
    eventId: number,
    kind: DocFileKind,
  ): Promise<{ bytes: Buffer; contentType: string } | null> {
    const row = await this.db.get<FileRow>(
      'SELECT codec, parts, content, sha256, size, content_type FROM document_files WHERE doc_id = ? AND event_id = ? AND kind = ?',
      [docId, eventId, kind],
    );
    if (row === undefined) return null;
    let bytes = await unpackFile(row.codec, row.content);
    if (row.parts === 1) {
      const hashes = [...bytes.toString('utf8').matchAll(MARKER)].map((m) => m[1]);
      const found = await this.db.all<{ sha256: string; content: Buffer }>(
        `SELECT sha256, content FROM file_parts WHERE sha256 IN (${hashes.map(() => '?').join(', ') || "''"})`,
        hashes,
      );
      bytes = restoreParts(bytes, new Map(found.map((p) => [p.sha256, p.content])));
    }
    if (sha256(bytes) !== row.sha256 || bytes.length !== row.size) {
      throw new Error(`Stored file ${docId}/${eventId}/${kind} does not match its checksum.`);
    }
    return { bytes, contentType: row.content_type };
  }

  async list(docId: number): Promise<StoredFileInfo[]> {
    const rows = await this.db.all<{
      event_id: number;
      kind: DocFileKind;
      size: number;
      content_type: string;
    }>(
      'SELECT event_id, kind, size, content_type FROM document_files WHERE doc_id = ? ORDER BY event_id, kind',
      [docId],
    );
    return rows.map((row) => ({
      docId,
      eventId: row.event_id,
      kind: row.kind,
      size: row.size,
      contentType: row.content_type,
    }));
  }
}
