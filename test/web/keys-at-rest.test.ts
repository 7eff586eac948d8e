// Keys at rest: after demonstração runs in the browser host (the embedded sandbox starts, seeds its
// demo company and certificate) and the user uploads a certificate of their own, the whole data
// folder is scanned — no PEM private key, no key bytes, no certificate password, no .pfx anywhere —
// and on POSIX every folder is 0700 and every file 0600 or stricter.
import { createPrivateKey } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_CNPJ } from '../../electron/app/demo';
import { silentLogger } from '../../electron/app/logger';
import { cnpjCheckDigits } from '../../electron/fiscal/cnpj';
import { makePfx } from '../../electron/sandbox/certificates/make-pfx';
import type { CommandEnvelope } from '../../electron/shared/errors';
import type { WebHost } from '../../electron/web/server';
import { startWebHost } from '../../electron/web/server';
import type { TestHost } from './helpers';
import { invokeRaw, startTestHost, testToken } from './helpers';

const BASE = '44555666' + '0001';
const CNPJ = BASE + cnpjCheckDigits(BASE);
const PFX = makePfx({
  cpfCnpj: CNPJ,
  razaoSocial: 'TRANSPORTES CHAVE GUARDADA LTDA',
  password: 'Senha-Pfx-3a7c9e1b5d',
});
const KEY_DER = createPrivateKey(PFX.privateKeyPem).export({ type: 'pkcs1', format: 'der' });
const KEY_PKCS8 = createPrivateKey(PFX.privateKeyPem).export({ type: 'pkcs8', format: 'der' });
const PEM_BODY = PFX.privateKeyPem.split('\n').slice(1, -2).join('');

describe('keys at rest in the data folder (browser host, demonstração)', () => {
  let host: TestHost;
  let files: string[] = [];
  let dirs: string[] = [];

  async function ok<T = unknown>(channel: string, input: unknown = {}): Promise<T> {
    const res = await invokeRaw(host.port, channel, JSON.stringify(input));
    const envelope = res.json() as CommandEnvelope<T>;
    if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
    return envelope.data;
  }

  beforeAll(async () => {
    host = await startTestHost();
    // The demo starts on first use and seeds its company, certificate and logo.
    await ok('account:quotas');
    await ok('companies:save', {
      cpf_cnpj: CNPJ,
      nome_razao_social: 'TRANSPORTES CHAVE GUARDADA LTDA',
      email: 'fiscal@chave.example',
      endereco: {
        logradouro: 'Rua das Chaves',
        numero: '10',
        bairro: 'Centro',
        codigo_municipio: '3550308',
        cidade: 'São Paulo',
        uf: 'SP',
        cep: '01310100',
      },
    });
    const { handle } = await ok<{ handle: string }>('certificate:load', {
      fileName: 'chave.pfx',
      base64: PFX.pfxBase64,
    });
    await ok('certificate:upload', { handle, password: PFX.password, cpfCnpj: CNPJ });
    const listed = await ok<{ certificates: { cpfCnpj: string }[] }>('certificates:list', {});
    expect(listed.certificates.map((c) => c.cpfCnpj)).toEqual(expect.arrayContaining([CNPJ]));
    await ok('backup:create');
    // Closing checkpoints SQLite's WAL into the files scanned below.
    await host.close();
    const entries = await readdir(host.dataDir, { withFileTypes: true, recursive: true });
    files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
    dirs = [
      host.dataDir,
      ...entries.filter((e) => e.isDirectory()).map((e) => path.join(e.parentPath, e.name)),
    ];
  }, 90_000);

  afterAll(async () => {
    await host?.cleanup();
  });

  it('the scan sees the sandbox database, the cache and the secrets file', () => {
    const names = files.map((file) => path.relative(host.dataDir, file));
    expect(names).toEqual(
      expect.arrayContaining([
        path.join('sandbox', 'sandbox.sqlite'),
        'carreta.db',
        'secrets.json',
        'settings.json',
      ]),
    );
  });

  it('no file holds a private key, its bytes, the .pfx or its password', async () => {
    for (const file of files) {
      const bytes = await readFile(file);
      const text = bytes.toString('latin1');
      expect(text, `${file}: PEM private key`).not.toMatch(/PRIVATE KEY-----/);
      expect(text, `${file}: key body`).not.toContain(PEM_BODY.slice(100, 164));
      expect(bytes.includes(KEY_DER.subarray(200, 248)), `${file}: PKCS#1 key bytes`).toBe(false);
      expect(bytes.includes(KEY_PKCS8.subarray(200, 248)), `${file}: PKCS#8 key bytes`).toBe(false);
      expect(text, `${file}: .pfx`).not.toContain(PFX.pfxBase64.slice(200, 264));
      for (const form of [PFX.password, Buffer.from(PFX.password).toString('base64')])
        expect(text, `${file}: certificate password`).not.toContain(form);
    }
  });

  it.skipIf(process.platform === 'win32')('folders are 0700 and files 0600 or stricter (POSIX)', async () => {
    for (const dir of dirs) expect(((await stat(dir)).mode & 0o777).toString(8), dir).toBe('700');
    for (const file of files) expect((await stat(file)).mode & 0o077, file).toBe(0);
  });
});

describe('the demo after its key was lost (secret store reset)', () => {
  it('drops the certificate it can no longer open and seeds a fresh one', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'carreta-vault-lost-'));
    const start = () => startWebHost({ dataDir: dir, distDir: dir, token: testToken, logger: silentLogger });
    /** The demo company's certificate thumbprint, as the sandbox lists it. */
    const demoThumbprint = async (host: WebHost) => {
      const envelope = (await host.app.dispatch('certificates:list', {})) as CommandEnvelope<{
        certificates: { cpfCnpj: string; thumbprint: string | null }[];
      }>;
      if (!envelope.ok) throw new Error(envelope.error.message);
      return envelope.data.certificates.find((c) => c.cpfCnpj === DEMO_CNPJ)?.thumbprint ?? null;
    };
    try {
      const first = await start();
      const before = await demoThumbprint(first);
      expect(before).toMatch(/^[0-9A-F]{40}$/);
      await first.close();
      const secretsFile = path.join(dir, 'secrets.json');
      const secrets = JSON.parse(await readFile(secretsFile, 'utf8')) as Record<string, string>;
      expect(Object.keys(secrets)).toContain('sandbox:key-vault');
      delete secrets['sandbox:key-vault'];
      await writeFile(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
      const second = await start();
      try {
        // A fresh certificate (another thumbprint) whose key the sandbox can open again.
        const after = await demoThumbprint(second);
        expect(after).toMatch(/^[0-9A-F]{40}$/);
        expect(after).not.toBe(before);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    }
  }, 60_000);
});
