import { readFile, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';

import { contentTypeFor } from '../shared/content-types';

export const APP_SCHEME = 'app';
export const APP_HOST = 'carreta';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_START_URL = `${APP_ORIGIN}/index.html`;

/** Registered before `ready`: a standard, secure scheme gets a real origin, fetch and storage. */
export const appSchemePrivileges = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
};

export { contentTypeFor };

/**
 * Maps an app:// URL to a file inside `root`, or null when the URL is foreign or would leave the
 * folder. Decoding happens before the check, so `%2e%2e`, `%5c` (a Windows separator) and NUL bytes
 * cannot slip past it.
 */
export function resolveAppPath(root: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  if (pathname === '/' || pathname === '') pathname = '/index.html';
  const base = resolve(root);
  const target = resolve(base, '.' + pathname.replace(/\\/g, '/'));
  const rel = relative(base, target);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  return target;
}

function notFound(): Response {
  return new Response('Não encontrado.', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
  });
}

async function isFile(filePath: string): Promise<boolean> {
  try {
    return (await stat(filePath)).isFile();
  } catch {
    return false;
  }
}

export interface AppProtocolOptions {
  /** The built renderer folder (`dist/`). */
  root: string;
  csp: string;
}

/**
 * The `protocol.handle('app', …)` handler: serves the built renderer read-only. Extensionless paths
 * that match no file get index.html, so a reload on a client-side route still opens the app.
 */
export function createAppProtocolHandler(
  options: AppProtocolOptions,
): (request: Request) => Promise<Response> {
  const indexPath = join(resolve(options.root), 'index.html');
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return notFound();
    const resolved = resolveAppPath(options.root, request.url);
    if (!resolved) return notFound();
    let filePath = resolved;
    if (!(await isFile(filePath))) {
      if (extname(filePath) !== '' || !(await isFile(indexPath))) return notFound();
      filePath = indexPath;
    }
    let body: Buffer;
    try {
      body = await readFile(filePath);
    } catch {
      return notFound();
    }
    const type = contentTypeFor(filePath);
    const headers: Record<string, string> = {
      'Content-Type': type,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache',
    };
    if (type.startsWith('text/html')) {
      headers['Content-Security-Policy'] = options.csp;
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };
}
