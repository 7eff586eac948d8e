// Requests a web page makes. Any page the user opens can send "simple" cross-site requests to
// 127.0.0.1 (a form POST, fetch in no-cors mode) — it cannot read the answers, but it can make
// them count: ten wrong secrets from a page would lock the app out of its own sandbox for a
// minute. None of the sandbox's clients is a browser page (the app and the web host call it from
// Node; the renderer's CSP allows no other origin), so a request a browser marks as coming from a
// page is refused before it reaches any credential check or throttle.
import type { FastifyRequest } from 'fastify';

/** `Sec-Fetch-Site` values of requests a page did not start (typed address, bookmark) or our own. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * Why `request` comes from a web page other than `ownOrigin` (a phrase for the answer), or null.
 * Browsers send `Origin` on every cross-origin POST (`null` from sandboxed frames and under
 * `Referrer-Policy: no-referrer`), and the Fetch Metadata header `Sec-Fetch-Site` on every request;
 * Node's fetch and axios send neither.
 */
export function webPageOrigin(request: FastifyRequest, ownOrigin: string): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== ownOrigin) return `Origin ${origin.slice(0, 100)}`;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && !OWN_FETCH_SITES.has(site.toLowerCase()))
    return `Sec-Fetch-Site ${site.slice(0, 20)}`;
  return null;
}

export const WEB_PAGE_REFUSED =
  'Pedidos vindos de uma página da web não são aceitos: o sandbox atende apenas ao aplicativo.';
