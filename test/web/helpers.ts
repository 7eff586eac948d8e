import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { silentLogger } from '../../electron/app/logger';
import type { WebHost, WebHostOptions } from '../../electron/web/server';
import { startWebHost } from '../../electron/web/server';

export const testToken = 'test-token-0123456789abcdef';

export interface TestHost extends WebHost {
  dataDir: string;
  distDir: string;
  cleanup(): Promise<void>;
}

/** A web host over a tiny stand-in dist/ (the server serves whatever the build produced). */
export async function startTestHost(options: Partial<WebHostOptions> = {}): Promise<TestHost> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'carreta-web-test-'));
  const distDir = path.join(root, 'dist');
  const dataDir = path.join(root, 'data');
  await mkdir(path.join(distDir, 'assets'), { recursive: true });
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Carreta</title>');
  await writeFile(path.join(distDir, 'assets', 'app-abc.js'), 'console.log(1);');
  await writeFile(path.join(root, 'outside.txt'), 'segredo');
  const host = await startWebHost({ dataDir, distDir, token: testToken, logger: silentLogger, ...options });
  return {
    ...host,
    dataDir,
    distDir,
    async cleanup() {
      await host.close();
      // Retries: the embedded sandbox may still be finishing its files when the host closes.
      await rm(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json(): unknown;
}

/** node:http rather than fetch: the tests need to forge Host and Origin headers. */
export function request(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export function invokeRaw(port: number, channel: string, body: string, headers: Record<string, string> = {}) {
  return request(port, {
    method: 'POST',
    path: `/api/invoke/${channel}`,
    headers: { 'x-carreta-token': testToken, 'content-type': 'application/json', ...headers },
    body,
  });
}
