// XML as other systems write it: character references, CDATA, pretty-printing, older layouts and
// the envelopes SEFAZ and other systems hand out (MOC CT-e 4.00 Visão Geral §4.5.2 retConsSitCTe).
import { describe, expect, it } from 'vitest';
import { parseNoteXml } from '../../electron/app/inbox/parse';
import { QR_CONTENT_MM, qrCodeSvg } from '../../electron/documents/html/codes';
import { parseDocument } from '../../electron/documents/parse';
import { decodeXmlText } from '../../electron/documents/parse/xml';
import { renderDocumentHtml } from '../../electron/documents/render';
import { formatChave } from '../../electron/shared/format';
import { cteXml, DEFAULT_CTE_KEY, nfeKey, procEvento } from './fixtures';
import { htmlText, printableSamples, sharedAvailable } from './support';

const KEY = DEFAULT_CTE_KEY;
const QR_URL = `https://nfe.fazenda.sp.gov.br/CTeConsulta/qrCode?chCTe=${KEY}&tpAmb=1`;

describe('character references and entities', () => {
  it('decodes numeric references (decimal, hex) and the five predefined entities in one pass', () => {
    expect(decodeXmlText('S&#195;O JO&#xC3;O &amp; FILHOS &lt;ME&gt; &quot;A&quot; &apos;B&apos;')).toBe(
      `SÃO JOÃO & FILHOS <ME> "A" 'B'`,
    );
    // An escaped ampersand stays an ampersand: "&amp;#201;" is the text "&#201;", not "É".
    expect(decodeXmlText('&amp;#201;')).toBe('&#201;');
    // A reference to a character XML forbids is left as written.
    expect(decodeXmlText('&#0;&#x1F;')).toBe('&#0;&#x1F;');
  });

  it('printouts show the decoded names; attributes (xCampo) too', () => {
    const xml = cteXml(1, 1, '')
      .replace('TRANSPORTADORA CARRETA LTDA', 'TRANSPORTES S&#195;O JO&#xC3;O &amp; FILHOS')
      .replace(
        '</xObs>',
        '</xObs><ObsCont xCampo="Observa&#231;&#227;o"><xTexto>Entrega &#224; tarde</xTexto></ObsCont>',
      );
    const view = parseDocument(xml);
    expect(view.kind === 'cte' && view.emit.xNome).toBe('TRANSPORTES SÃO JOÃO & FILHOS');
    const text = htmlText(renderDocumentHtml(xml).html);
    expect(text).toContain('TRANSPORTES SÃO JOÃO & FILHOS');
    expect(text).toContain('Observação: Entrega à tarde');
    expect(text).not.toContain('&#');
  });

  it('the NF-e import and the inbox read them decoded', () => {
    const nfe = `<nfeProc versao="4.00" xmlns="http://www.portalfiscal.inf.br/nfe"><NFe><infNFe versao="4.00" Id="NFe${nfeKey(1)}"><ide><mod>55</mod><serie>1</serie><nNF>1</nNF><dhEmi>2024-06-01T10:00:00-03:00</dhEmi><tpAmb>1</tpAmb><natOp>VENDA</natOp></ide><emit><CNPJ>12345678000199</CNPJ><xNome>IND&#218;STRIA &#xC9;XITO</xNome></emit><dest><CNPJ>44555666000172</CNPJ><xNome>COM&#201;RCIO &amp; CIA</xNome></dest><total><ICMSTot><vNF>10.00</vNF></ICMSTot></total></infNFe></NFe></nfeProc>`;
    const view = parseDocument(nfe);
    expect(view.kind === 'nfe' && view.emit.xNome).toBe('INDÚSTRIA ÊXITO'.replace('Ê', 'É'));
    expect(view.kind === 'nfe' && view.dest?.xNome).toBe('COMÉRCIO & CIA');
    expect(parseNoteXml(nfe)?.emitenteNome).toBe('INDÚSTRIA ÉXITO');
  });

  it('DOCTYPE and ENTITY declarations stay refused', () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "E">]>${cteXml(1, 1).replace(/^<\?xml[^>]*>/, '')}`;
    expect(() => parseDocument(xml)).toThrow(/DOCTYPE ou ENTITY/);
  });
});

describe('QR code content', () => {
  it.each([
    ['pretty-printed', `\n      ${QR_URL.replace('&', '&amp;')}\n    `],
    ['CDATA', `\n  <![CDATA[  ${QR_URL}\n ]]>\n`],
  ])('%s qrCodCTe is trimmed and the QR carries exactly the URL', (_name, content) => {
    const xml = cteXml(1, 1).replace(/<qrCodCTe>[\s\S]*<\/qrCodCTe>/, `<qrCodCTe>${content}</qrCodCTe>`);
    const view = parseDocument(xml);
    expect(view.kind === 'cte' && view.qrCode).toBe(QR_URL);
    const html = renderDocumentHtml(xml).html;
    expect(html).toContain(qrCodeSvg(QR_URL, QR_CONTENT_MM));
  });
});

describe('layouts and envelopes', () => {
  const v200 = `<cteProc versao="2.00" xmlns="http://www.portalfiscal.inf.br/cte"><CTe><infCte versao="2.00" Id="CTe${KEY}"><ide><cUF>35</cUF><cCT>00000123</cCT><CFOP>5353</CFOP><natOp>PRESTACAO DE SERVICO</natOp><forPag>0</forPag><mod>57</mod><serie>1</serie><nCT>123</nCT><dhEmi>2012-05-10T10:00:00</dhEmi><tpImp>1</tpImp><tpEmis>1</tpEmis><cDV>4</cDV><tpAmb>1</tpAmb><tpCTe>0</tpCTe><procEmi>0</procEmi><verProc>1.0</verProc><cMunEnv>3509502</cMunEnv><xMunEnv>CAMPINAS</xMunEnv><UFEnv>SP</UFEnv><modal>01</modal><tpServ>0</tpServ><cMunIni>3509502</cMunIni><xMunIni>CAMPINAS</xMunIni><UFIni>SP</UFIni><cMunFim>4106902</cMunFim><xMunFim>CURITIBA</xMunFim><UFFim>PR</UFFim><retira>1</retira><toma03><toma>0</toma></toma03></ide><emit><CNPJ>12345678000199</CNPJ><IE>123456789</IE><xNome>TRANSPORTADORA ANTIGA LTDA</xNome><enderEmit><xLgr>RUA A</xLgr><nro>1</nro><xBairro>CENTRO</xBairro><cMun>3509502</cMun><xMun>CAMPINAS</xMun><UF>SP</UF></enderEmit></emit><rem><CNPJ>11222333000181</CNPJ><IE>ISENTO</IE><xNome>REMETENTE DOIS PONTO ZERO</xNome><enderReme><xLgr>RUA B</xLgr><nro>2</nro><xBairro>CENTRO</xBairro><cMun>3509502</cMun><xMun>CAMPINAS</xMun><UF>SP</UF></enderReme><infNFe><chave>${nfeKey(7)}</chave></infNFe><infNF><mod>01</mod><serie>2</serie><nDoc>555</nDoc><dEmi>2012-05-01</dEmi><vBC>0</vBC><vICMS>0</vICMS><vBCST>0</vBCST><vST>0</vST><vProd>10</vProd><vNF>10</vNF><nCFOP>5102</nCFOP></infNF></rem><dest><CNPJ>44555666000172</CNPJ><xNome>DESTINATARIO DOIS PONTO ZERO</xNome></dest><vPrest><vTPrest>99.90</vTPrest><vRec>99.90</vRec></vPrest><imp><ICMS><ICMS00><CST>00</CST><vBC>99.90</vBC><pICMS>12.00</pICMS><vICMS>11.99</vICMS></ICMS00></ICMS></imp><infCTeNorm><infCarga><vCarga>1000.00</vCarga><proPred>PECAS</proPred></infCarga><infModal versaoModal="2.00"><rodo><RNTRC>12345678</RNTRC><dPrev>2012-05-12</dPrev><lota>0</lota></rodo></infModal></infCTeNorm></infCte></CTe><protCTe versao="2.00"><infProt><tpAmb>1</tpAmb><verAplic>SP</verAplic><chCTe>${KEY}</chCTe><dhRecbto>2012-05-10T10:01:00</dhRecbto><nProt>135120000000001</nProt><digVal>x</digVal><cStat>100</cStat><xMotivo>Autorizado o uso do CT-e</xMotivo></infProt></protCTe></cteProc>`;

  it('layout 2.00: documents in the remetente, toma03, no QR code, protocol and dates printed', () => {
    const view = parseDocument(v200);
    if (view.kind !== 'cte') throw new Error(view.kind);
    expect(view.versao).toBe('2.00');
    expect(view.tomaRole).toBe('Remetente');
    expect(view.docs.map((d) => d.chave || d.serieNumero)).toEqual(['2/555', nfeKey(7)]);
    const text = htmlText(renderDocumentHtml(v200).html);
    expect(text).toContain(nfeKey(7));
    expect(text).toContain('135120000000001 10/05/2012 10:01:00');
    expect(text).toContain('REMETENTE DOIS PONTO ZERO');
    expect(text).not.toMatch(/QR ?Code ausente/i);
  });

  it('layout 3.00 (toma3, infDoc) and 4.00 read alike', () => {
    const v300 = cteXml(3, 2).replace(/versao="4.00"/g, 'versao="3.00"');
    const view = parseDocument(v300);
    expect(view.kind === 'cte' && view.docs.length).toBe(3);
    expect(view.kind === 'cte' && view.tomaRole).toBe('Destinatário');
  });

  it('procCTe with its events: the events travel with the CT-e', () => {
    const xml = cteXml(1, 1)
      .replace('<cteProc', '<procCTe')
      .replace('</cteProc>', `<eventos>${procEvento(KEY, '135')}</eventos></procCTe>`);
    const view = parseDocument(xml);
    expect(view.kind === 'cte' && view.attached.events.map((e) => e.tpEvento)).toEqual(['110111']);
    expect(htmlText(renderDocumentHtml(xml).html)).toContain('CANCELADO – SEM VALOR FISCAL');
  });

  it('retConsSitCTe alone prints its cancellation event, or says why there is nothing to print', () => {
    const answer = (events: string) =>
      `<retConsSitCTe versao="4.00" xmlns="http://www.portalfiscal.inf.br/cte"><tpAmb>1</tpAmb><verAplic>SP</verAplic><cStat>101</cStat><xMotivo>Cancelamento de CT-e homologado</xMotivo><cUF>35</cUF>${events}</retConsSitCTe>`;
    const result = renderDocumentHtml(answer(procEvento(KEY, '135', '110110') + procEvento(KEY, '135')));
    expect(result.kind).toBe('evento-cancelamento');
    expect(result.key).toBe(KEY);
    expect(() => renderDocumentHtml(answer(''))).toThrow(/101 - Cancelamento de CT-e homologado/);
  });
});

/** Tag-like words joined by a slash ("infEntrega/chNFe"), or an ISO date-time. */
const RAW = /\b[a-z]+[A-Z]\w*\/\w+|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

describe('event printouts: labels and formatted values', () => {
  it('a comprovante de entrega prints labels, dd/mm/aaaa hh:mm dates and formatted keys', () => {
    const ce = procEvento(KEY, '135', '110180').replace(
      /<evCancCTe>[\s\S]*<\/evCancCTe>/,
      `<evCECTe><descEvento>Comprovante de Entrega do CT-e</descEvento><nProt>135240000012345</nProt><dhEntrega>2024-06-12T09:15:00-03:00</dhEntrega><nDoc>12345678909</nDoc><xNome>JOSE RECEBEDOR</xNome><latitude>-23.5</latitude><longitude>-46.6</longitude><hashEntrega>aGFzaA==</hashEntrega><dhHashEntrega>2024-06-12T09:16:00-03:00</dhHashEntrega><infEntrega><chNFe>${nfeKey(3)}</chNFe></infEntrega></evCECTe>`,
    );
    const text = htmlText(renderDocumentHtml(ce).html);
    expect(text).toContain('Data e hora da entrega: 12/06/2024 09:15:00');
    expect(text).toContain(`Entrega – Chave da NF-e: ${formatChave(nfeKey(3))}`);
    expect(text).toContain('Autor do evento (CNPJ/CPF) 12.345.678/0001-99');
    expect(text).toContain('Data e hora do evento 11/06/2024 10:00:00');
    expect(text).toContain('Protocolo do evento 135240000099999 11/06/2024 10:00:05');
    expect(text).not.toMatch(RAW);
    expect(text).not.toContain('EVENTO SEM REGISTRO');
  });

  it('an event without the SEFAZ registration, or rejected, is marked', () => {
    const request = procEvento(KEY, '135').replace(/<retEventoCTe[\s\S]*<\/retEventoCTe>/, '');
    expect(htmlText(renderDocumentHtml(request).html)).toContain(
      'EVENTO SEM REGISTRO NA SEFAZ – SEM VALOR FISCAL',
    );
    expect(htmlText(renderDocumentHtml(procEvento(KEY, '573')).html)).toContain(
      'EVENTO NÃO REGISTRADO PELA SEFAZ – SEM VALOR FISCAL',
    );
  });

  it.skipIf(!sharedAvailable)('no event sample prints a tag path or an ISO date', () => {
    const events = printableSamples().filter((s) => /^(proc)?evento/i.test(s.root));
    expect(events.length).toBeGreaterThan(8);
    for (const sample of events) {
      const text = htmlText(renderDocumentHtml(sample.xml).html);
      expect(text, sample.name).not.toMatch(RAW);
    }
  });
});
