import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { makePfx } from '../../electron/sandbox/certificates/make-pfx';
import { renderPdf } from '../../electron/sandbox/pdf';
import { projectRoot } from '../support/shared';
import { plainPdfLines } from './pdf-text';
import { CLIENT_ID, CLIENT_SECRET, client, empresaBody, getToken, startTestSandbox } from './support';

describe('data directory', () => {
  it('keeps companies and tokens across a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'carreta-sandbox-'));
    try {
      const first = await startTestSandbox({ dataDir: dir });
      const token = await getToken(first.url);
      expect((await client(first.url, token).post('/empresas', empresaBody())).status).toBe(200);
      await first.close();

      const second = await startTestSandbox({ dataDir: dir });
      const again = await client(second.url, token).get<{ data: unknown[] }>('/empresas');
      expect(again.status).toBe(200);
      expect(again.body.data).toHaveLength(1);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('listens on loopback only', async () => {
    const sandbox = await startTestSandbox();
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await sandbox.close();
  });
});

describe('npm run sandbox', () => {
  it('prints exactly "listening on http://127.0.0.1:<port>" and answers the token endpoint', async () => {
    const tsx = path.join(
      projectRoot,
      'node_modules',
      '.bin',
      process.platform === 'win32' ? 'tsx.cmd' : 'tsx',
    );
    const child = spawn(
      tsx,
      ['electron/sandbox/cli.ts', '--port', '0', '--client-id', 'cli-id', '--client-secret', 'cli-secret'],
      {
        cwd: projectRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('\n')) resolve(out.split('\n')[0]);
        });
        child.on('exit', (code) => reject(new Error(`saiu com ${code}`)));
      });
      expect(line).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
      const url = line.replace('listening on ', '');
      const res = await fetch(`${url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&client_id=cli-id&client_secret=cli-secret',
      });
      expect(res.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('refuses bad arguments with a usage message', async () => {
    const tsx = path.join(
      projectRoot,
      'node_modules',
      '.bin',
      process.platform === 'win32' ? 'tsx.cmd' : 'tsx',
    );
    const child = spawn(tsx, ['electron/sandbox/cli.ts', '--port', 'abc'], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('porta inválida');
  });
});

describe('npm run sandbox -- --data', () => {
  const tsx = path.join(
    projectRoot,
    'node_modules',
    '.bin',
    process.platform === 'win32' ? 'tsx.cmd' : 'tsx',
  );
  /** Starts the CLI; resolves with its URL once it listens, and a stop that waits for the exit. */
  async function startCli(args: string[]) {
    const credentials = ['--client-id', CLIENT_ID, '--client-secret', CLIENT_SECRET];
    const child = spawn(tsx, ['electron/sandbox/cli.ts', '--port', '0', ...credentials, ...args], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      void exited.then((code) => reject(new Error(`saiu com ${code}: ${err}`)));
    });
    return {
      url,
      stop: async () => {
        child.kill('SIGTERM');
        return exited;
      },
    };
  }

  it('seals private keys as the embedded sandbox does; its key (0600) opens them on the next start', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'carreta-sandbox-cli-'));
    const cnpj = '11222333000181';
    const pfx = makePfx({ cpfCnpj: cnpj, razaoSocial: 'RODOVIA AZUL TRANSPORTES LTDA' });
    const pemBody = pfx.privateKeyPem.split('\n').slice(1, -2).join('');
    try {
      const first = await startCli(['--data', dir]);
      try {
        const api = client(first.url, await getToken(first.url));
        expect((await api.post('/empresas', empresaBody(cnpj))).status).toBe(200);
        const put = await api.put(`/empresas/${cnpj}/certificado`, {
          certificado: pfx.pfxBase64,
          password: pfx.password,
        });
        expect(put.status, put.raw.toString()).toBe(200);
      } finally {
        expect(await first.stop()).toBe(0);
      }
      for (const name of readdirSync(dir)) {
        const bytes = readFileSync(path.join(dir, name)).toString('latin1');
        expect(bytes, name).not.toContain('PRIVATE KEY-----');
        expect(bytes, name).not.toContain(pemBody.slice(0, 64));
      }
      const keyFile = path.join(dir, 'vault.key');
      expect(Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64')).toHaveLength(32);
      if (process.platform !== 'win32') expect(statSync(keyFile).mode & 0o777).toBe(0o600);

      // Opened with the same key: the certificate is still there (an unopenable one is dropped).
      const second = await startCli(['--data', dir]);
      try {
        const api = client(second.url, await getToken(second.url));
        expect((await api.get(`/empresas/${cnpj}/certificado`)).status).toBe(200);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('never overwrites a --key-file that holds no key', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'carreta-sandbox-cli-'));
    try {
      const other = path.join(dir, 'anotacoes.txt');
      writeFileSync(other, 'não é uma chave');
      await expect(startCli(['--data', path.join(dir, 'dados'), '--key-file', other])).rejects.toThrow(
        /não contém uma chave do cofre/,
      );
      expect(readFileSync(other, 'utf8')).toBe('não é uma chave');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('pdf helper', () => {
  it('writes a PDF that a reader opens: A4 pages, the title and every line, WinAnsi text', async () => {
    const lines = Array.from({ length: 80 }, (_, i) => `Linha ${i} – ação (teste) “ok” € ✓`);
    const pdf = await renderPdf({ title: 'DACTE (sandbox)', lines });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getPage(1).getSize()).toEqual({ width: 595, height: 842 });
    expect(doc.getTitle()).toBe('DACTE (sandbox)');
    const shown = plainPdfLines(pdf);
    // 50 lines fit a page; the title opens every page. Outside WinAnsi (✓) becomes '?'.
    expect(shown).toHaveLength(82);
    expect(shown[0]).toBe('DACTE (sandbox)');
    expect(shown[4]).toBe('Linha 3 – ação (teste) “ok” € ?');
    expect(shown[51]).toBe('DACTE (sandbox)');
    expect(shown[81]).toBe('Linha 79 – ação (teste) “ok” € ?');
  });

  it('an empty document still has its page and title', async () => {
    const pdf = await renderPdf({ title: 'Vazio', lines: [] });
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    expect(plainPdfLines(pdf)).toEqual(['Vazio']);
  });
});

describe('pdf logo', () => {
  /** The logo's pixels as the PDF holds them: the image XObject's samples and its soft mask. */
  async function embeddedImage(pdf: Buffer) {
    const doc = await PDFDocument.load(pdf);
    const streams = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFRawStream => object instanceof PDFRawStream)
      .filter((stream) => stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    const image = streams.find((stream) => stream.dict.get(PDFName.of('SMask')) !== undefined);
    const mask = streams.find((stream) => stream !== image);
    return { image, mask, count: streams.length };
  }

  it('embeds an RGBA PNG (filters, alpha) with a soft mask, above the title', async () => {
    const { PNG } = await import('pngjs');
    const png = new PNG({ width: 7, height: 5 });
    for (let i = 0; i < 35; i++) png.data.set([(i * 37) % 256, (i * 11) % 256, 255 - i, i * 7], i * 4);
    const bytes = PNG.sync.write(png, { filterType: 4 });
    const pdf = await renderPdf({ title: 'Com logo', lines: ['x'], logo: bytes });
    const { image, mask, count } = await embeddedImage(pdf);
    expect(count).toBe(2);
    expect(image!.dict.get(PDFName.of('Width'))?.toString()).toBe('7');
    expect(image!.dict.get(PDFName.of('ColorSpace'))).toBe(PDFName.of('DeviceRGB'));
    const rgb = inflateSync(image!.contents);
    const alpha = inflateSync(mask!.contents);
    for (let i = 0; i < 35; i++) {
      expect([...rgb.subarray(i * 3, i * 3 + 3)]).toEqual([(i * 37) % 256, (i * 11) % 256, 255 - i]);
      expect(alpha[i]).toBe(i * 7);
    }
    expect(plainPdfLines(pdf)).toEqual(['Com logo', 'x']);
  });

  it('keeps a JPEG as it is and leaves out what is not an image', async () => {
    // A frame header (SOF0: 8 bits, 2×3 pixels, three components) is all pdf-lib reads of a JPEG.
    const sof0 = [
      0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x02, 0x00, 0x03, 0x03, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1,
    ];
    const jpeg = Buffer.from([0xff, 0xd8, ...sof0, 0xff, 0xd9]);
    const withJpeg = await embeddedImage(await renderPdf({ title: 'JPEG', lines: [], logo: jpeg }));
    expect(withJpeg.count).toBe(1);
    expect(withJpeg.mask?.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('DCTDecode'));
    expect(Buffer.from(withJpeg.mask!.contents).equals(jpeg)).toBe(true);
    for (const logo of [Buffer.from('GIF89a'), Buffer.from('\x89PNG\r\n\x1a\n quebrado', 'latin1')]) {
      const pdf = await renderPdf({ title: 'Sem logo', lines: ['x'], logo });
      expect((await embeddedImage(pdf)).count).toBe(0);
      expect(plainPdfLines(pdf)).toEqual(['Sem logo', 'x']);
    }
  });
});
