// DACTE of the CT-e Simplificado: a cteSimpProc issued through the local sandbox (as the app does),
// the reference example of the XSD, and a many-deliveries case over several sheets. Text checks on the
// HTML; the PDF through headless Chromium with the CODE-128 key and the QR code read back.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ChromiumPdfEngine, DEFAULT_CHROMIUM_PATH } from '../../electron/documents/pdf';
import { parseDocument } from '../../electron/documents/parse';
import { ufOfMunicipio } from '../../electron/documents/parse/cte-simp';
import { renderDocumentHtml } from '../../electron/documents/render';
import type { JsonObject } from '../../electron/fiscal/payload';
import { buildCteSimpPayload } from '../../electron/fiscal/payload';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { formatChave } from '../../electron/shared/format';
import { cteSimpFormSchema } from '../../electron/shared/schemas/cte-simp-form';
import { apiClient, startIssuingSandbox } from '../app/issuing/harness';
import { cteSimpForm } from '../fiscal/payload/cte-simp-forms';
import { company, nfeKey } from '../fiscal/payload/forms';
import { fiscalRef } from '../support/shared';
import { decode, htmlText, resultsDir, sharedAvailable } from './support';

const chromiumPath = process.env.CARRETA_CHROMIUM ?? DEFAULT_CHROMIUM_PATH;
const pdfTools = existsSync(chromiumPath) && existsSync('/usr/bin/pdftoppm');
if (!pdfTools) {
  if (process.env.CI === 'true') throw new Error('Chromium and poppler-utils are required under CI=true');
  console.warn(
    '[aviso] Chromium ou poppler-utils ausentes: leitura do código de barras do DACTE simplificado pulada.',
  );
}

function raster(pdf: Uint8Array, name: string, page: number, dpi = 200): Uint8Array {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const prefix = path.join(resultsDir, `${name}-p${page}-${dpi}dpi`);
  execFileSync('pdftoppm', [
    '-r',
    String(dpi),
    '-f',
    String(page),
    '-l',
    String(page),
    '-png',
    '-singlefile',
    file,
    prefix,
  ]);
  return readFileSync(`${prefix}.png`);
}

/** `count` deliveries of two NF-e each, in place of the issued ones (the signature no longer matters). */
function withDeliveries(xml: string, count: number): string {
  const det = Array.from(
    { length: count },
    (_, i) =>
      `<det nItem="${i + 1}"><cMunIni>4106902</cMunIni><xMunIni>Curitiba</xMunIni><cMunFim>3550308</cMunFim><xMunFim>CIDADE ${i + 1}</xMunFim><vPrest>${i + 1}.25</vPrest><vRec>${i + 1}.25</vRec><infNFe><chNFe>${nfeKey(1000 + 2 * i)}</chNFe></infNFe><infNFe><chNFe>${nfeKey(1001 + 2 * i)}</chNFe></infNFe></det>`,
  ).join('');
  return xml.replace(/<det [\s\S]*<\/det>/, det);
}

describe('DACTE of the CT-e Simplificado (sandbox-issued cteSimpProc)', () => {
  let sandbox: RunningSandbox;
  let xml = '';
  let engine: ChromiumPdfEngine | undefined;

  beforeAll(async () => {
    sandbox = await startIssuingSandbox();
    const client = apiClient(sandbox.url);
    const payload = buildCteSimpPayload(cteSimpFormSchema.parse(cteSimpForm()), {
      company,
      serie: 77,
      numero: 5,
      ambiente: 'homologacao',
      referencia: 'dacte-simp-5',
      dhEmi: new Date(Date.now() - 120_000).toISOString().replace(/\.\d+Z$/, 'Z'),
    }) as JsonObject;
    const doc = await client.cte.emitir(payload, undefined, '/cte/simp');
    expect(doc.status).toBe('autorizado');
    xml = (await client.cte.xml(String(doc.id))).data.toString('utf8');
    if (pdfTools) engine = new ChromiumPdfEngine({ executablePath: chromiumPath, poolSize: 1 });
  }, 30_000);
  afterAll(async () => {
    await engine?.close();
    await sandbox?.close();
  });

  it('parses into the CT-e view with its deliveries, tomador and totals', () => {
    const view = parseDocument(xml);
    if (view.kind !== 'cte') throw new Error(view.kind);
    expect(view.ide.tpCTe).toBe('5');
    expect(view.toma?.xNome).toBe('Indústria Remetente Ltda');
    expect(view.vPrest.vTPrest).toBe('1150.50');
    expect(
      view.entregas?.map((e) => [e.nItem, e.xMunIni, e.UFIni, e.xMunFim, e.UFFim, e.vPrest, e.vRec]),
    ).toEqual([
      ['1', 'Curitiba', 'PR', 'São Paulo', 'SP', '700.00', '700.00'],
      ['2', 'Curitiba', 'PR', 'Campinas', 'SP', '450.50', '400.00'],
    ]);
    expect(view.entregas?.flatMap((e) => e.docs.map((d) => d.chave))).toEqual([
      nfeKey(801),
      nfeKey(802),
      nfeKey(803),
    ]);
    expect(view.vPrest.comps).toEqual([
      { xNome: 'Frete peso', vComp: '600.00' },
      { xNome: 'Pedágio', vComp: '100.00' },
    ]);
  });

  it('prints key, protocol, tomador, deliveries with their keys and values, homologação mark', () => {
    const result = renderDocumentHtml(xml);
    const view = parseDocument(xml);
    if (view.kind !== 'cte') throw new Error(view.kind);
    const text = htmlText(result.html);
    expect(result.kind).toBe('dacte');
    expect(result.pages).toBe(1);
    expect(result.key).toBe(view.chave);
    for (const needle of [
      formatChave(view.chave),
      view.protocol?.nProt ?? 'sem protocolo',
      'SIMPLIFICADO',
      'Indústria Remetente Ltda (Remetente)',
      'Entregas',
      `1 Curitiba/PR São Paulo/SP NF-E ${nfeKey(801)} R$ 700,00 R$ 700,00`,
      `1 NF-E ${nfeKey(802)}`,
      `2 Curitiba/PR Campinas/SP NF-E ${nfeKey(803)} R$ 450,50 R$ 400,00`,
      'R$ 1.150,50',
      'R$ 1.100,00',
      'Peças automotivas',
      'Entregas no horário comercial',
      '1/1',
      'EMITIDO EM AMBIENTE DE HOMOLOGAÇÃO',
    ]) {
      expect(text).toContain(needle);
    }
    expect(text).not.toContain('Documentos originários');
    expect(result.html.match(/<svg /g)).toHaveLength(2);
  });

  it.skipIf(!pdfTools)(
    'the CODE-128 key and the QR code of qrCodCTe read back from the PDF page',
    async () => {
      const result = renderDocumentHtml(xml);
      const view = parseDocument(xml);
      if (view.kind !== 'cte') throw new Error(view.kind);
      const pdf = await engine!.htmlToPdf(result.html);
      raster(pdf, 'dacte_simp', 1, 60);
      const codes = await decode(raster(pdf, 'dacte_simp', 1), ['Code128', 'QRCode']);
      const byFormat = Object.fromEntries(codes.map((c) => [c.format, c.text]));
      expect(byFormat.Code128).toBe(view.chave);
      expect(view.qrCode).toContain(view.chave);
      expect(byFormat.QRCode).toBe(view.qrCode);
    },
    60_000,
  );

  it('many deliveries go on over further sheets: header on each, folha x/y, every key once', async () => {
    const big = withDeliveries(xml, 70);
    const result = renderDocumentHtml(big);
    const text = htmlText(result.html);
    expect(result.pages).toBeGreaterThan(2);
    for (let p = 1; p <= result.pages; p++) expect(text).toContain(` ${p}/${result.pages} `);
    expect(text.split(formatChave(result.key)).length - 1).toBe(result.pages);
    expect(text).toContain('Entregas (continuação)');
    for (let i = 0; i < 140; i++) expect(text.split(nfeKey(1000 + i)).length - 1, `NF-e ${i}`).toBe(1);
    for (let i = 1; i <= 70; i++) expect(text).toContain(`CIDADE ${i}/SP `);
    expect(text).toContain('R$ 70,25');
    if (engine !== undefined) {
      const pdf = await engine.htmlToPdf(result.html);
      for (let p = 1; p <= result.pages; p++) raster(pdf, 'dacte_simp_70', p, 60);
      const codes = await decode(raster(pdf, 'dacte_simp_70', result.pages), ['Code128']);
      expect(codes.map((c) => c.text)).toContain(result.key);
    }
  }, 60_000);
});

describe('UF of a delivery, from the IBGE code of its municipality', () => {
  it('reads the UF from the first two digits; 9999999 is the exterior; anything else gives none', () => {
    expect(ufOfMunicipio('3509502')).toBe('SP');
    expect(ufOfMunicipio('4106902')).toBe('PR');
    expect(ufOfMunicipio('5300108')).toBe('DF');
    expect(ufOfMunicipio('9999999')).toBe('EX');
    for (const code of ['', 'string', '350950', '35095020', '9900001', '1000000']) {
      expect(ufOfMunicipio(code), code).toBe('');
    }
  });

  it('prints Município/UF, the name alone without a UF, EXTERIOR/EX abroad', () => {
    const det = (n: number, cMunIni: string, xMunIni: string, cMunFim: string, xMunFim: string) =>
      `<det nItem="${n}"><cMunIni>${cMunIni}</cMunIni><xMunIni>${xMunIni}</xMunIni><cMunFim>${cMunFim}</cMunFim><xMunFim>${xMunFim}</xMunFim><vPrest>10.00</vPrest><vRec>10.00</vRec><infNFe><chNFe>${nfeKey(900 + n)}</chNFe></infNFe></det>`;
    const xml = `<CTeSimp xmlns="http://www.portalfiscal.inf.br/cte"><infCte versao="4.00" Id="CTe${nfeKey(1)}"><ide><tpAmb>2</tpAmb><tpCTe>5</tpCTe><nCT>9</nCT><UFIni>PR</UFIni><UFFim>SP</UFFim></ide>${det(1, '4106902', 'Curitiba', '3509502', 'Campinas')}${det(2, '0000000', 'Sem código', '9999999', 'EXTERIOR')}<total><vTPrest>20.00</vTPrest><vTRec>20.00</vTRec></total></infCte></CTeSimp>`;
    const text = htmlText(renderDocumentHtml(xml).html);
    expect(text).toContain(`1 Curitiba/PR Campinas/SP NF-E ${nfeKey(901)}`);
    expect(text).toContain(`2 Sem código EXTERIOR/EX NF-E ${nfeKey(902)}`);
  });
});

describe.skipIf(!sharedAvailable)('DACTE of the CT-e Simplificado (reference example of the XSD)', () => {
  it('renders the example: deliveries, tomador and the FS-DA marking of its tpEmis 5', () => {
    const xml = readFileSync(
      fiscalRef('nfephp-org_sped-cte/examples/xmls_from_xsd/cteSimp_v4.00_RTC.xml'),
      'utf8',
    );
    const view = parseDocument(xml);
    if (view.kind !== 'cte') throw new Error(view.kind);
    expect(view.entregas).toHaveLength(1);
    expect(view.entregas?.[0]?.docs.map((d) => d.tipo)).toEqual(['NF-E', 'CT-E']);
    expect(view.tomaRole).toBe('Recebedor');
    // Its cMunIni/cMunFim are placeholders ('string'): no UF, the municipality printed alone.
    expect(view.entregas?.[0]).toMatchObject({ xMunIni: 'string', UFIni: '', UFFim: '' });
    const result = renderDocumentHtml(xml);
    const text = htmlText(result.html);
    expect(result.pages).toBe(1);
    expect(text).toContain('Entregas');
    expect(text).toContain('string string NF-E string');
    expect(text).not.toContain('string/');
    expect(text).toContain('DACTE em Contingência');
    expect(text).toContain('CT-e substituído: string');
  });
});
