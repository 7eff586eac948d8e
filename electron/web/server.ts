// The browser host: the built renderer plus the command table over HTTP + server-sent events, on
// loopback only. Used by `npm run web`, the end-to-end tests and the benchmarks.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import type { HostAdapter } from '../app/host';
import { StartupNotices } from '../app/stores/notices';
import { damagedSecretsNotice } from '../app/stores/secrets';
import { openSettingsStore } from '../app/stores/settings';
import { createWebPrinter } from './printing';
import type { CarretaApp } from '../app/index';
import { createApp } from '../app/index';
import { ChromiumPdfEngine } from '../documents/pdf';
import type { PdfEngine } from '../documents/pdf';
import { createEmbeddedDemo } from '../sandbox/embedded';
import { findChromium } from '../sandbox/pdf-engine';
import type { Logger } from '../app/logger';
import { consoleLogger } from '../app/logger';
import type { ApiOptions } from './api';
import { handleApi, sendError } from './api';
import type { EventStream } from './event-stream';
import { allowedHostHeaders, checkHostAndOrigin, isLoopbackHost } from './guard';
import { createWebSecretStore } from './secret-store';
import { serveStatic } from './static-files';
import { UPLOAD_DIR, UploadStore } from './uploads';
import { MAX_BACKUP_FILE_BYTES } from '../shared/schemas/documents';

export interface WebHostOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Loopback only: 127.0.0.0/8, ::1 or localhost. Default 127.0.0.1. */
  host?: string;
  dataDir: string;
  /** The built renderer (`vite build --mode web` → dist/). */
  distDir: string;
  /** Fixed token (tests); by default a fresh random one per launch. */
  token?: string;
  logger?: Logger;
  heartbeatMs?: number;
  bodyLimit?: number;
  /** The largest streamed upload (a backup); default the restore command's own cap. */
  uploadLimit?: number;
  /**
   * An HTML → PDF engine the caller owns and closes (tests share one across hosts). Absent: the host
   * starts one headless Chromium of its own, on the first printout, closed with the host.
   */
  pdfEngine?: PdfEngine;
}

export interface WebHost {
  url: string;
  token: string;
  port: number;
  app: CarretaApp;
  close(): Promise<void>;
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

function validate(options: WebHostOptions): { host: string; port: number; token: string } {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host)) {
    throw new Error(
      `O Carreta no navegador só atende no próprio computador (127.0.0.1); endereço recusado: ${host}`,
    );
  }
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Porta inválida: ${port}`);
  const token = options.token ?? randomBytes(32).toString('base64url');
  if (!/^[A-Za-z0-9_-]{16,200}$/.test(token))
    throw new Error('Token inválido: use ao menos 16 letras, dígitos, - ou _.');
  // `localhost` may resolve to ::1 first; bind where the printed URL points.
  return { host: host.toLowerCase() === 'localhost' ? '127.0.0.1' : host, port, token };
}

function buildAdapter(
  dataDir: string,
  logger: Logger,
  uploads: UploadStore,
  given: PdfEngine | undefined,
): HostAdapter {
  // Private to the user: 0700 on POSIX (a mode Windows ignores; there the profile folder protects it).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const notices = new StartupNotices();
  const secrets = createWebSecretStore(dataDir, logger, 'secrets.json', {
    onDamaged: (copy) => notices.add(damagedSecretsNotice(copy)),
  });
  // One browser for the app's printouts and the demonstração's sandbox (it never closes an engine
  // handed to it): a second Chromium would cost its start and its memory for the same work.
  const engine = given ?? new ChromiumPdfEngine({ poolSize: 2, executablePath: findChromium() ?? undefined });
  return {
    kind: 'web',
    version: packageVersion(),
    platform: process.platform,
    userDataDir: dataDir,
    settings: openSettingsStore(dataDir, logger, notices),
    secrets,
    notices,
    logger,
    printer: createWebPrinter(engine, { ownsEngine: given === undefined }),
    takeUpload: (id) => uploads.take(id),
    // Demonstração's local sandbox, printing on the same engine.
    demo: createEmbeddedDemo({ userDataDir: dataDir, logger, secrets, pdfEngine: engine }),
  };
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** Routes a request after the Host/Origin guard; any failure becomes a 500 envelope, never a crash. */
function requestListener(
  api: ApiOptions,
  distDir: string,
  allowedHosts: () => ReadonlySet<string>,
): Listener {
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const guard = checkHostAndOrigin(req, allowedHosts());
    if (!guard.ok) {
      res.setHeader('connection', 'close');
      return sendError(res, guard.status, 'forbidden', guard.message);
    }
    const pathname = (req.url ?? '/').split('?')[0].split('#')[0] || '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) return handleApi(req, res, pathname, api);
    return serveStatic(req, res, distDir, pathname);
  };
  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      api.logger.error(`web host: ${req.method} ${(req.url ?? '').split('?')[0]} failed`, error);
      if (res.headersSent) res.destroy();
      else sendError(res, 500, 'internal', 'Erro interno do servidor local. Tente novamente.');
    });
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const { host, port: wantedPort, token } = validate(options);
  const logger = options.logger ?? consoleLogger;
  const uploads = new UploadStore(
    path.join(options.dataDir, UPLOAD_DIR),
    options.uploadLimit ?? MAX_BACKUP_FILE_BYTES,
  );
  // Uploads nobody took (a crash, a closed tab) do not outlive the run that received them.
  await uploads.sweep();
  const app = await createApp(buildAdapter(options.dataDir, logger, uploads, options.pdfEngine));
  const streams = new Set<EventStream>();
  const api: ApiOptions = {
    app,
    token,
    logger,
    streams,
    bodyLimit: options.bodyLimit ?? 10 * 1024 * 1024,
    heartbeatMs: options.heartbeatMs ?? 15_000,
    uploads,
  };
  // Known only once listening (port 0); no request can arrive before that.
  let allowedHosts: ReadonlySet<string> = new Set();
  const server = createServer(requestListener(api, options.distDir, () => allowedHosts));
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  const port = await listen(server, wantedPort, host).catch(async (error: unknown) => {
    await app.dispose();
    throw error;
  });
  allowedHosts = allowedHostHeaders(host, port);

  let closing: Promise<void> | null = null;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    token,
    port,
    app,
    close() {
      closing ??= (async () => {
        for (const stream of [...streams]) stream.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await app.dispose();
        await uploads.sweep();
      })();
      return closing;
    },
  };
}
