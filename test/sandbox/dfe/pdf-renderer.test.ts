// The sandbox's PDF endpoints over real HTTP: the DACTE/DACE/event printouts of the app's renderer on
// headless Chromium (with the company logo when asked), and the plain PDF when no engine answers.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PdfEngine } from '../../../electron/documents/pdf';
import { findChromium } from '../../../electron/sandbox/pdf-engine';
import type { SandboxOptions } from '../../../electron/sandbox/server';
import { formatChave } from '../../../electron/shared/format';
import { projectRoot, sharedAvailable } from '../../support/shared';
import { certifiedCompany, client, getToken, startTestSandbox } from '../support';
import { COMPANY_CNPJ, cteBody, cteOsBody, dceBody, NOW } from './fixtures';

const outDir = path.join(projectRoot, 'test-results', 'sandbox-pdf');
const chromium = findChromium();
const popplerAvailable = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const ready = sharedAvailable && popplerAvailable;
if (!ready) {
  if (process.env.CI === 'true') throw new Error('../shared and poppler-utils are required under CI=true');
  console.warn('[aviso] ../shared ou poppler-utils ausentes: testes de PDF do sandbox serão pulados.');
}
if (chromium === null) {
  if (process.env.CI === 'true') throw new Error('Chromium is required under CI=true');
  console.warn('[aviso] Chromium ausente: os PDFs ricos do sandbox não serão testados.');
}

type Doc = { id: string; chave: string; status: string };

function pdfFile(name: string, bytes: Buffer): string {
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${name}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
/** Raster images in the PDF (the barcodes are vector: only the logo is an image). */
const pdfImages = (file: string) =>
  execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').length - 2;

function logoPng(): Buffer {
  const png = new PNG({ width: 64, height: 32 });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = (i / 4) % 64 < 32 ? 200 : 20;
    png.data[i + 1] = 40;
    png.data[i + 2] = 90;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

let numero = 5000;
async function setUp(options: SandboxOptions) {
  const sandbox = await startTestSandbox({ clockStart: NOW.getTime(), ...options });
  const api = client(sandbox.url, await getToken(sandbox.url));
  await certifiedCompany(sandbox, api, COMPANY_CNPJ);
  const logo = await api.raw('PUT', `/empresas/${COMPANY_CNPJ}/logotipo`, {
    body: new Uint8Array(logoPng()),
    headers: { 'content-type': 'image/png' },
  });
  expect(logo.status).toBe(204);
  const dhEmi = new Date(sandbox.control.clock.nowMs() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
  const issue = async (prefix: '/cte' | '/cteos' | '/dce') => {
    numero += 1;
    const body =
      prefix === '/cte' ? cteBody() : prefix === '/cteos' ? cteOsBody() : (dceBody() as unknown as never);
    const b = body as unknown as {
      referencia: string;
      infCte?: { ide: { nCT: number; dhEmi: string } };
      infDCe?: { ide: { nDC: number; dhEmi: string } };
    };
    b.referencia = `pdf-${numero}`;
    if (b.infCte) Object.assign(b.infCte.ide, { nCT: numero, dhEmi });
    if (b.infDCe) Object.assign(b.infDCe.ide, { nDC: numero, dhEmi });
    const res = await api.post<Doc>(prefix, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('autorizado');
    return res.body;
  };
  return { sandbox, api, issue };
}

describe.skipIf(!ready || chromium === null)('sandbox PDFs on the browser engine', () => {
  let env: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    env = await setUp({});
  }, 60_000);
  afterAll(async () => env?.sandbox.close());

  it('GET /cte/{id}/pdf is the DACTE: title, key in groups, the logo only with logotipo=true', async () => {
    const doc = await env.issue('/cte');
    const plain = await env.api.get<Buffer>(`/cte/${doc.id}/pdf`);
    expect(plain.headers.get('content-type')).toContain('application/pdf');
    const file = pdfFile('cte', plain.raw);
    const text = pdfText(file);
    expect(text).toContain('DACTE');
    expect(text).toContain(formatChave(doc.chave));
    expect(text).not.toContain('Chave de acesso: '); // not the plain fallback
    expect(pdfImages(file)).toBe(0);

    const withLogo = pdfFile('cte-logo', (await env.api.get<Buffer>(`/cte/${doc.id}/pdf?logotipo=true`)).raw);
    expect(pdfText(withLogo)).toContain(formatChave(doc.chave));
    expect(pdfImages(withLogo)).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('CT-e OS, DC-e, cancellation and correction letter printouts', async () => {
    const os = await env.issue('/cteos');
    const osText = pdfText(pdfFile('cteos', (await env.api.get<Buffer>(`/cteos/${os.id}/pdf`)).raw));
    expect(osText).toContain('DACTE OS');
    expect(osText).toContain(formatChave(os.chave));

    const dce = await env.issue('/dce');
    const dceText = pdfText(pdfFile('dce', (await env.api.get<Buffer>(`/dce/${dce.id}/pdf`)).raw));
    expect(dceText).toContain('DACE');
    expect(dceText).toContain(formatChave(dce.chave));

    const cte = await env.issue('/cte');
    const cc = await env.api.post<{ id: string }>(`/cte/${cte.id}/carta-correcao`, {
      correcoes: [{ grupo_alterado: 'compl', campo_alterado: 'xObs', valor_alterado: 'Entrega pela manhã' }],
    });
    expect(cc.status, JSON.stringify(cc.body)).toBe(200);
    const ccText = pdfText(
      pdfFile('cce', (await env.api.get<Buffer>(`/cte/${cte.id}/carta-correcao/pdf`)).raw),
    );
    expect(ccText).toContain('CARTA DE CORREÇÃO');
    expect(ccText).toContain('Entrega pela manhã');
    expect(ccText).toContain(formatChave(cte.chave));

    const cancel = await env.api.post<{ id: string }>(`/cte/${cte.id}/cancelamento`, {
      justificativa: 'Erro de digitação no valor do frete',
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const evText = pdfText(
      pdfFile('cancel', (await env.api.get<Buffer>(`/cte/eventos/${cancel.body.id}/pdf`)).raw),
    );
    expect(evText).toContain('CANCELAMENTO DE CT-e');
    expect(evText).toContain('Erro de digitação no valor do frete');
  }, 90_000);
});

describe.skipIf(!ready)('sandbox PDFs without a browser engine', () => {
  it('pdfEngine null: the plain PDF answers, valid and readable', async () => {
    const env = await setUp({ pdfEngine: null });
    try {
      const doc = await env.issue('/cte');
      const res = await env.api.get<Buffer>(`/cte/${doc.id}/pdf?logotipo=true`);
      expect(res.status).toBe(200);
      expect(res.raw.subarray(0, 5).toString()).toBe('%PDF-');
      const file = pdfFile('fallback', res.raw);
      const text = pdfText(file);
      expect(text).toContain(`Chave de acesso: ${doc.chave}`);
      expect(pdfImages(file)).toBeGreaterThanOrEqual(1);
    } finally {
      await env.sandbox.close();
    }
  }, 60_000);

  it('an injected engine receives the printout HTML; when it fails the plain PDF answers', async () => {
    const seen: string[] = [];
    let fail = false;
    let closed = false;
    const engine: PdfEngine = {
      async htmlToPdf(html) {
        seen.push(html);
        if (fail) throw new Error('printToPDF failed');
        // A host engine answers whatever its browser prints; the plain writer stands in for it here.
        const { renderPdf } = await import('../../../electron/sandbox/pdf');
        return new Uint8Array(await renderPdf({ title: 'host engine', lines: [String(html.length)] }));
      },
      async close() {
        closed = true;
      },
    };
    const env = await setUp({ pdfEngine: engine });
    try {
      const doc = await env.issue('/cte');
      const first = await env.api.get<Buffer>(`/cte/${doc.id}/pdf`);
      expect(pdfText(pdfFile('injected', first.raw))).toContain('host engine');
      expect(seen).toHaveLength(1);
      expect(seen[0]).toContain('<!DOCTYPE html>');
      expect(seen[0]).toContain(formatChave(doc.chave));

      fail = true;
      const second = await env.api.get<Buffer>(`/cte/${doc.id}/pdf`);
      expect(second.status).toBe(200);
      expect(pdfText(pdfFile('injected-failed', second.raw))).toContain(`Chave de acesso: ${doc.chave}`);
      expect(seen).toHaveLength(2);

      // The watermark is rotated text, which pdftotext drops: the HTML handed to the engine shows it.
      fail = false;
      const cancel = await env.api.post(`/cte/${doc.id}/cancelamento`, {
        justificativa: 'Frete lançado em duplicidade',
      });
      expect(cancel.status).toBe(200);
      await env.api.get<Buffer>(`/cte/${doc.id}/pdf`);
      expect(seen[2]).toContain('<span>CANCELADO</span>');
      expect(seen[0]).not.toContain('<span>CANCELADO</span>');
    } finally {
      await env.sandbox.close();
    }
    expect(closed).toBe(false); // the host's engine stays the host's to close
  }, 60_000);
});
