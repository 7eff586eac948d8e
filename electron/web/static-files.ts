import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

import { contentTypeFor } from '../shared/content-types';
import { rendererCsp } from '../shared/csp';

/** Headers every page and asset of the renderer carries, the same policy as the Electron host. */
export const securityHeaders: Record<string, string> = {
  'content-security-policy': rendererCsp,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { ...securityHeaders, 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

/**
 * Maps a request path to a file inside `root`, or null when it points outside it (`..`, encoded
 * separators, NUL bytes, absolute Windows paths). Only what the build produced is reachable.
 */
export function resolveStaticPath(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || decoded.includes(':')) return null;
  if (decoded.split('/').some((segment) => segment === '..')) return null;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const base = path.resolve(root);
  const target = path.resolve(base, relative);
  if (target !== base && !target.startsWith(base + path.sep)) return null;
  return target;
}

export async function serveStatic(req: IncomingMessage, res: ServerResponse, root: string, pathname: string) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('allow', 'GET, HEAD');
    return plain(res, 405, 'Método não permitido.');
  }
  const file = resolveStaticPath(root, pathname);
  if (!file) return plain(res, 403, 'Caminho recusado.');
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return plain(res, 404, 'Arquivo não encontrado.');
  const hashed = pathname.startsWith('/assets/');
  res.writeHead(200, {
    ...securityHeaders,
    'content-type': contentTypeFor(file),
    'content-length': String(info.size),
    // Vite puts a content hash in every asset name; index.html must always be fresh.
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (req.method === 'HEAD') return res.end();
  await new Promise<void>((resolve) => {
    const stream = createReadStream(file);
    stream.on('error', () => {
      res.destroy();
      resolve();
    });
    stream.on('end', resolve);
    stream.pipe(res);
  });
}
