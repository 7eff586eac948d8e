// Contingency QR codes (MOC CT-e 4.00 Visão Geral §9.2.2; Anexo I G215–G217): in FS-DA and EPEC the
// QR code of the CT-e (and CT-e Simplificado), in FS-DA the CT-e OS's, and the DC-e's in contingency
// (tpEmis 2, the value its XSD enumerates) carry `&sign=`, the RSA-SHA1 of the key with the
// certificate that signs the document. Documents issued through the sandbox; the DACTE and the DACE
// printed to PDF by Chromium, rasterized, the QR code read back by zxing, and the signature checked
// by an independent tool, openssl, against the certificate — never by the code that made it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ChromiumPdfEngine, DEFAULT_CHROMIUM_PATH } from '../../electron/documents/pdf';
import { parseDocument } from '../../electron/documents/parse';
import { renderDocumentHtml } from '../../electron/documents/render';
import { makePfx } from '../../electron/sandbox/certificates/make-pfx';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { certifiedCompany, client, getToken, startTestSandbox } from '../sandbox/support';
import { COMPANY_CNPJ, cteBody, cteOsBody, cteSimpBody, dceBody, NOW } from '../sandbox/dfe/fixtures';
import { CTE_XSD, DCE_XSD, xsdErrors } from '../sandbox/dfe/xsd';
import { decode, htmlText, resultsDir, sharedAvailable } from './support';

const chromiumPath = process.env.CARRETA_CHROMIUM ?? DEFAULT_CHROMIUM_PATH;
const tools = existsSync(chromiumPath) && existsSync('/usr/bin/pdftoppm') && existsSync('/usr/bin/openssl');
if (!tools) {
  if (process.env.CI === 'true')
    throw new Error('Chromium, poppler-utils and openssl are required under CI=true');
  console.warn('[aviso] Chromium, poppler-utils ou openssl ausentes: leitura do QR de contingência pulada.');
}

let sandbox: RunningSandbox;
let api: ReturnType<typeof client>;
let engine: ChromiumPdfEngine | undefined;
let work: string;
const pfx = makePfx({
  cpfCnpj: COMPANY_CNPJ,
  razaoSocial: 'TRANSPORTES TESTE LTDA',
  password: 'x',
  notBefore: new Date(NOW.getTime() - 30 * 86_400_000),
});

beforeAll(async () => {
  sandbox = await startTestSandbox({ clockStart: NOW.getTime() });
  api = client(sandbox.url, await getToken(sandbox.url));
  await certifiedCompany(sandbox, api, COMPANY_CNPJ, 'TRANSPORTES TESTE LTDA', pfx);
  work = mkdtempSync(path.join(tmpdir(), 'carreta-qr-'));
  writeFileSync(path.join(work, 'cert.pem'), pfx.certificatePem);
  if (tools) engine = new ChromiumPdfEngine({ executablePath: chromiumPath, poolSize: 1 });
}, 60_000);
afterAll(async () => {
  await engine?.close();
  await sandbox?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

type Doc = { id: string; status: string; chave: string };
let n = 9000;
const dhEmi = () => new Date(NOW.getTime() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
const CONTINGENCIA = {
  dhCont: new Date(NOW.getTime() - 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z'),
  xJust: 'Falha de comunicação com a SEFAZ autorizadora',
};

const issuedXml = new Map<string, string>();
const xmlOf = async (chave: string) => issuedXml.get(chave)!;

async function issue(path: '/cte' | '/cteos' | '/cte/simp' | '/dce', body: unknown): Promise<string> {
  const res = await api.post<Doc>(path, body);
  expect(res.status, res.raw.toString()).toBe(200);
  expect(res.body.status).toBe('autorizado');
  const kind = path === '/cte/simp' ? 'cte' : path.slice(1);
  const xml = (await api.get<Buffer>(`/${kind}/${res.body.id}/xml`)).raw.toString('utf8');
  issuedXml.set(res.body.chave, xml);
  return xml;
}

function cte(tpEmis: number) {
  const body = cteBody();
  body.infCte.ide.nCT = ++n;
  body.referencia = `qr-${n}`;
  Object.assign(body.infCte.ide, { dhEmi: dhEmi(), tpEmis }, tpEmis === 5 ? CONTINGENCIA : {});
  return body;
}

/** openssl's verdict on `sign` as the RSA-SHA1 of `chave` made with the certificate's key. */
function opensslVerifies(chave: string, sign: string): boolean {
  const data = path.join(work, `${chave}.txt`);
  const sig = path.join(work, `${chave}.sig`);
  const pub = path.join(work, 'pub.pem');
  writeFileSync(data, chave);
  writeFileSync(sig, Buffer.from(sign, 'base64'));
  execFileSync('openssl', ['x509', '-in', path.join(work, 'cert.pem'), '-pubkey', '-noout', '-out', pub]);
  try {
    const out = execFileSync('openssl', ['dgst', '-sha1', '-verify', pub, '-signature', sig, data], {
      encoding: 'utf8',
    });
    return out.trim() === 'Verified OK';
  } catch {
    return false;
  }
}

/** The QR code of the first sheet of `html`'s PDF, read back from a 200 dpi raster. */
async function qrOfPrintout(html: string, name: string): Promise<string> {
  const pdf = await engine!.htmlToPdf(html);
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const prefix = path.join(resultsDir, `${name}-p1`);
  execFileSync('pdftoppm', ['-r', '200', '-f', '1', '-l', '1', '-png', '-singlefile', file, prefix]);
  const codes = await decode(readFileSync(`${prefix}.png`), ['QRCode']);
  expect(codes).toHaveLength(1);
  return codes[0]!.text;
}

// The Base64 is written as is, as in the manual's example ("&sign=ZZSKiypy7fkg22MUv6TUh71EI+wL…"):
// read it raw, since URLSearchParams would turn its "+" into spaces.
const signOf = (qr: string) => /[?&]sign=([^&]*)/.exec(qr)?.[1] ?? null;

describe.skipIf(!sharedAvailable)('the QR code of a document in contingency carries sign', () => {
  it('CT-e: FS-DA (5) and EPEC (4) sign the key; normal emission (1) does not', async () => {
    for (const tpEmis of [5, 4]) {
      const view = parseDocument(await issue('/cte', cte(tpEmis)));
      if (view.kind !== 'cte') throw new Error(view.kind);
      const sign = signOf(view.qrCode);
      expect(sign, `tpEmis ${tpEmis}`).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      // The signed address still fits the layout (qrCodCTe pattern and length).
      expect(xsdErrors(await xmlOf(view.chave), CTE_XSD('procCTe_v4.00.xsd'))).toBeNull();
      expect(opensslVerifies(view.chave, sign!)).toBe(true);
      // Another key under the same signature is refused: openssl does check.
      expect(opensslVerifies(`${view.chave.slice(0, 43)}${(Number(view.chave[43]) + 1) % 10}`, sign!)).toBe(
        false,
      );
    }
    const normal = parseDocument(await issue('/cte', cte(1)));
    if (normal.kind !== 'cte') throw new Error(normal.kind);
    expect(normal.qrCode).not.toContain('sign=');
  });

  it('CT-e OS in FS-DA and CT-e Simplificado in EPEC', async () => {
    const os = cteOsBody();
    Object.assign(os.infCte.ide, { nCT: ++n, dhEmi: dhEmi(), tpEmis: 5, ...CONTINGENCIA });
    os.referencia = `qr-${n}`;
    const osView = parseDocument(await issue('/cteos', os));
    if (osView.kind !== 'cteos') throw new Error(osView.kind);
    expect(opensslVerifies(osView.chave, signOf(osView.qrCode)!)).toBe(true);
    const simp = cteSimpBody();
    Object.assign(simp.infCte.ide, { nCT: ++n, dhEmi: dhEmi(), tpEmis: 4 });
    simp.referencia = `qr-${n}`;
    const simpView = parseDocument(await issue('/cte/simp', simp));
    if (simpView.kind !== 'cte') throw new Error(simpView.kind);
    expect(opensslVerifies(simpView.chave, signOf(simpView.qrCode)!)).toBe(true);
  });

  it.skipIf(!tools)(
    'the FS-DA DACTE: its printed QR code decodes to the key and a sign openssl verifies',
    async () => {
      const xml = await issue('/cte', cte(5));
      const view = parseDocument(xml);
      if (view.kind !== 'cte') throw new Error(view.kind);
      const printed = await qrOfPrintout(renderDocumentHtml(xml).html, 'qr-dacte-fsda');
      expect(printed).toBe(view.qrCode);
      expect(new URL(printed).searchParams.get('chCTe')).toBe(view.chave);
      expect(opensslVerifies(view.chave, signOf(printed)!)).toBe(true);
    },
    60_000,
  );

  it.skipIf(!tools)(
    'the DC-e in contingency (tpEmis 2): the DACE prints its mark, and its QR code a sign openssl verifies',
    async () => {
      const body = dceBody();
      Object.assign(body.infDCe.ide, { nDC: ++n, dhEmi: dhEmi(), tpEmis: 2 });
      body.referencia = `qr-${n}`;
      const xml = await issue('/dce', body);
      const view = parseDocument(xml);
      if (view.kind !== 'dce') throw new Error(view.kind);
      expect(view.chave[34]).toBe('2');
      expect(xsdErrors(xml, DCE_XSD('procDCe_v1.00.xsd'))).toBeNull();
      const { html } = renderDocumentHtml(xml);
      expect(htmlText(html)).toContain('EMITIDO EM CONTINGÊNCIA');
      const printed = await qrOfPrintout(html, 'qr-dace-contingencia');
      expect(new URL(printed).searchParams.get('chDCe')).toBe(view.chave);
      expect(opensslVerifies(view.chave, signOf(printed)!)).toBe(true);
      // A DC-e issued normally has neither the mark nor a sign.
      const normal = dceBody();
      Object.assign(normal.infDCe.ide, { nDC: ++n, dhEmi: dhEmi() });
      normal.referencia = `qr-${n}`;
      const normalXml = await issue('/dce', normal);
      expect(htmlText(renderDocumentHtml(normalXml).html)).not.toContain('EMITIDO EM CONTINGÊNCIA');
      expect(normalXml).not.toContain('sign=');
    },
    60_000,
  );
});
