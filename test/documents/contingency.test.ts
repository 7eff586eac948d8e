// Contingency markings (MOC CT-e 4.00 Anexo II §2.5 and §2.19.2; Visão Geral §11.3.2 and §11.3.4):
// FS-DA prints the additional barcode of the Dados do CT-e under the key and its nine blocks of
// digits in field 2; EPEC keeps the normal fields. Expected digits are assembled here from the
// fixture's values, independently of the renderer.
import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { fsdaData } from '../../electron/documents/dacte/contingency';
import { accessKeyBarcodeOptions } from '../../electron/documents/html/codes';
import { parseDocument } from '../../electron/documents/parse';
import { renderDocumentHtml } from '../../electron/documents/render';
import { fixtureXml } from './fixtures';
import { decode, htmlText } from './support';

function mod11(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => (sum += Number(d) * (2 + (i % 8))));
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** cUF(2) tpEmis(1) CNPJ(14) vCT(14) ICMSp(1) ICMSs(1) DD(2) DV(1). */
function expected(
  cUF: string,
  doc: string,
  cents: string,
  icmsP: string,
  icmsS: string,
  day: string,
): string {
  const body = `${cUF}5${doc.padStart(14, '0')}${cents.padStart(14, '0')}${icmsP}${icmsS}${day}`;
  expect(body).toHaveLength(35);
  return `${body}${mod11(body)}`;
}

const FSDA_TEXT = 'DACTE em Contingência - impresso em decorrência de problemas técnicos';
const xml = fixtureXml('cte-fsda.xml');
// Destinatário in SP (35), CNPJ 44555666000172, vTPrest 1500.00, ICMS00, issued on the 20th.
const DATA = expected('35', '44555666000172', '150000', '1', '2', '20');

function dataOf(source: string): string {
  const view = parseDocument(source);
  if (view.kind !== 'cte' && view.kind !== 'cteos') throw new Error(view.kind);
  return fsdaData(view);
}

describe('FS-DA (tpEmis 5)', () => {
  it('builds the 36 digits of the Dados do CT-e', () => {
    expect(DATA).toHaveLength(36);
    expect(dataOf(xml)).toBe(DATA);
  });

  it('ICMS60 marks the ST flag, ICMS45 and Simples Nacional have no ICMS of their own', () => {
    const st = xml.replace(
      /<ICMS00>[\s\S]*<\/ICMS00>/,
      '<ICMS60><CST>60</CST><vBCSTRet>1500.00</vBCSTRet><vICMSSTRet>180.00</vICMSSTRet><pICMSSTRet>12.00</pICMSSTRet></ICMS60>',
    );
    expect(dataOf(st)).toBe(expected('35', '44555666000172', '150000', '2', '1', '20'));
    const isento = xml.replace(/<ICMS00>[\s\S]*<\/ICMS00>/, '<ICMS45><CST>40</CST></ICMS45>');
    expect(dataOf(isento)).toBe(expected('35', '44555666000172', '150000', '2', '2', '20'));
  });

  it('a foreign destinatário gives cUF 99 and a zero CNPJ; a CPF is padded; no dest falls back to the remetente', () => {
    const ex = xml.replace('<UF>SP</UF><cPais>1058</cPais>', '<UF>EX</UF><cPais>1058</cPais>');
    expect(dataOf(ex)).toBe(expected('99', '0', '150000', '1', '2', '20'));
    const cpf = xml.replace('<dest><CNPJ>44555666000172</CNPJ>', '<dest><CPF>12345678909</CPF>');
    expect(dataOf(cpf)).toBe(expected('35', '12345678909', '150000', '1', '2', '20'));
    const noDest = xml.replace(/<dest>[\s\S]*<\/dest>/, '');
    expect(dataOf(noDest)).toBe(expected('41', '99888777000166', '150000', '1', '2', '20'));
    expect(dataOf(xml.replace('<vTPrest>1500.00</vTPrest>', '<vTPrest>7.5</vTPrest>'))).toBe(
      expected('35', '44555666000172', '750', '1', '2', '20'),
    );
  });

  it('prints the additional barcode in field 1, the digits in field 2 and the contingency text', () => {
    const { html, pages } = renderDocumentHtml(xml);
    const t = htmlText(html);
    expect(t).toContain(`Dados do CT-e ${DATA.replace(/(\d{4})(?=\d)/g, '$1 ')}`);
    expect(t).toContain(
      'Chave de acesso para consulta de autenticidade no site www.cte.fazenda.gov.br ou da Sefaz Autorizadora',
    );
    expect(t).not.toContain('Consulta em http://www.cte.fazenda.gov.br/portal');
    expect(t.split(FSDA_TEXT).length - 1).toBe(pages);
    // Key barcode, data barcode and QR code.
    expect(html.match(/<svg /g)).toHaveLength(3);
  });

  it('the additional barcode decodes back to the Dados do CT-e (CODE-128C)', async () => {
    const image = await bwipjs.toBuffer({
      ...accessKeyBarcodeOptions(DATA),
      scale: 2,
      paddingwidth: 20,
      paddingheight: 12,
      backgroundcolor: 'FFFFFF',
    });
    const results = await decode(image, ['Code128']);
    expect(results.map((r) => r.text)).toEqual([DATA]);
  });

  it('without the parties the additional barcode field stays empty (no words not in the XML)', () => {
    const bare = xml.replace(/<rem>[\s\S]*<\/rem>/, '').replace(/<dest>[\s\S]*<\/dest>/, '');
    const { html } = renderDocumentHtml(bare);
    expect(htmlText(html)).not.toMatch(/indisponível|faltam no XML/);
    expect(html.match(/<svg /g)).toHaveLength(2);
  });

  it('the DACTE OS in FS-DA uses the tomador for the Dados do CT-e', () => {
    const os = fixtureXml('cteos-fretamento.xml').replace('<tpEmis>1</tpEmis>', '<tpEmis>5</tpEmis>');
    // Tomador in PR (41), CNPJ 04252011000110, vTPrest 4800.00, ICMS00, issued on the 20th.
    const data = expected('41', '04252011000110', '480000', '1', '2', '20');
    expect(dataOf(os)).toBe(data);
    const t = htmlText(renderDocumentHtml(os).html);
    expect(t).toContain(`Dados do CT-e ${data.replace(/(\d{4})(?=\d)/g, '$1 ')}`);
    expect(t).toContain(FSDA_TEXT);
  });
});

describe('EPEC (tpEmis 4) and normal emission', () => {
  it('EPEC keeps the normal fields (the additional barcode is FS-DA only) and says so', () => {
    const epec = renderDocumentHtml(xml.replace('<tpEmis>5</tpEmis>', '<tpEmis>4</tpEmis>'));
    const t = htmlText(epec.html);
    expect(t).toContain('EMITIDO EM CONTINGÊNCIA – EPEC');
    expect(t).toContain('Consulta em http://www.cte.fazenda.gov.br/portal');
    expect(t).not.toContain('Dados do CT-e');
    expect(t).not.toContain(FSDA_TEXT);
  });

  it('a normal CT-e has neither', () => {
    const t = htmlText(renderDocumentHtml(fixtureXml('cte-aereo.xml')).html);
    expect(t).not.toContain('Dados do CT-e');
    expect(t).not.toMatch(/CONTINGÊNCIA|Contingência/);
  });
});
