import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rendererCsp } from '../../electron/shared/csp';
import { createAppProtocolHandler, resolveAppPath } from '../../electron/main/protocol';

let base: string;
let root: string;
let handler: (request: Request) => Promise<Response>;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'carreta-protocol-'));
  root = join(base, 'dist');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Carreta</title>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets', 'app.css'), 'body{}');
  writeFileSync(join(root, 'assets', 'logo.svg'), '<svg/>');
  writeFileSync(join(root, 'assets', 'font.woff2'), 'x');
  writeFileSync(join(base, 'secret.txt'), 'SEGREDO');
  mkdirSync(join(base, 'dist-secret'));
  writeFileSync(join(base, 'dist-secret', 'file.txt'), 'SEGREDO');
  handler = createAppProtocolHandler({ root, csp: rendererCsp });
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

const get = (url: string, method = 'GET') => handler(new Request(url, { method }));

describe('app:// protocol handler', () => {
  it('serves index.html at the root with the renderer CSP', async () => {
    for (const url of ['app://carreta/', 'app://carreta/index.html']) {
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(rendererCsp);
      expect(await response.text()).toContain('<title>Carreta</title>');
    }
  });

  it('gives assets their content type and no CSP header', async () => {
    const cases: Array<[string, string]> = [
      ['assets/app.js', 'text/javascript; charset=utf-8'],
      ['assets/app.css', 'text/css; charset=utf-8'],
      ['assets/logo.svg', 'image/svg+xml'],
      ['assets/font.woff2', 'font/woff2'],
    ];
    for (const [file, type] of cases) {
      const response = await get(`app://carreta/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBeNull();
    }
  });

  it('falls back to index.html (with CSP) for client routes, but not for missing files', async () => {
    const route = await get('app://carreta/cte/novo');
    expect(route.status).toBe(200);
    expect(route.headers.get('content-security-policy')).toBe(rendererCsp);
    expect((await get('app://carreta/assets/missing.js')).status).toBe(404);
  });

  it.each([
    'app://carreta/../secret.txt',
    'app://carreta/%2e%2e/secret.txt',
    'app://carreta/%2E%2E%2Fsecret.txt',
    'app://carreta/assets/..%2f..%2fsecret.txt',
    'app://carreta/..%5csecret.txt',
    'app://carreta/assets%5c..%5c..%5csecret.txt',
    'app://carreta/..%2fdist-secret%2ffile.txt',
    'app://carreta/index.html%00.js',
    'app://carreta/%E0%A4%A',
    'app://other/index.html',
    'https://carreta/index.html',
  ])('refuses %s', async (url) => {
    const response = await get(url);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('SEGREDO');
  });

  it('never resolves a path outside the root', () => {
    // The URL parser already folds `..` and `%2e%2e` segments at the root: they stay inside.
    expect(resolveAppPath(root, 'app://carreta/%2e%2e/secret.txt')).toBe(join(root, 'secret.txt'));
    expect(resolveAppPath(root, 'app://carreta/assets/..%2f..%2fsecret.txt')).toBeNull();
    expect(resolveAppPath(root, 'app://carreta/..%5c..%5csecret.txt')).toBeNull();
    expect(resolveAppPath(root, 'app://carreta/assets/app.js')).toBe(join(root, 'assets', 'app.js'));
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get('app://carreta/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-security-policy')).toBe(rendererCsp);
    expect(await head.text()).toBe('');
    expect((await get('app://carreta/index.html', 'POST')).status).toBe(404);
  });
});
