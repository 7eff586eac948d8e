// Who may talk to the web host. It listens on loopback only, but any page the user opens in the
// same browser can reach 127.0.0.1 too: a per-launch token stops other pages from calling the
// API, and the Host/Origin checks stop DNS-rebinding pages (evil.example resolving to 127.0.0.1).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

export const tokenHeader = 'x-carreta-token';

/** True for 127.0.0.0/8, ::1 and `localhost`; everything else (0.0.0.0, LAN, names) is refused. */
export function isLoopbackHost(host: string): boolean {
  const value = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (value === 'localhost') return true;
  if (isIP(value) === 4) return value.split('.')[0] === '127';
  if (isIP(value) === 6) return value === '::1' || value === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(value);
  return false;
}

/** The Host headers a legitimate page of ours sends. */
export function allowedHostHeaders(bindHost: string, port: number): Set<string> {
  const bound = isIP(bindHost) === 6 ? `[${bindHost}]` : bindHost;
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `${bound}:${port}`]);
}

export type GuardResult = { ok: true } | { ok: false; status: 401 | 403; message: string };

export function checkHostAndOrigin(req: IncomingMessage, allowedHosts: ReadonlySet<string>): GuardResult {
  const host = (req.headers.host ?? '').toLowerCase();
  if (!allowedHosts.has(host)) {
    return { ok: false, status: 403, message: 'Acesso recusado: endereço de origem não permitido.' };
  }
  const origin = req.headers.origin;
  // Same-origin fetches may carry Origin; when present it must be this very page's origin.
  if (origin !== undefined && origin.toLowerCase() !== `http://${host}`) {
    return { ok: false, status: 403, message: 'Acesso recusado: a requisição veio de outra página.' };
  }
  return { ok: true };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

export function checkToken(req: IncomingMessage, token: string): GuardResult {
  const given = req.headers[tokenHeader];
  // Comparing fixed-length digests keeps the comparison constant-time whatever the input length.
  if (typeof given !== 'string' || !timingSafeEqual(digest(given), digest(token))) {
    return {
      ok: false,
      status: 401,
      message: 'Acesso negado: abra o Carreta pelo endereço completo mostrado no terminal (com o token).',
    };
  }
  return { ok: true };
}
