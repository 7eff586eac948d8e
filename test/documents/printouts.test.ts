import { describe, expect, it } from 'vitest';
import { renderDocumentHtml } from '../../electron/documents/render';
import { formatChave } from '../../electron/shared/format';
import { cteXml } from './fixtures';
import { htmlText } from './support';

const DCE_KEY = '41260612345678000199990010000000421200012347';

function dceXml(items: number): string {
  const det = Array.from(
    { length: items },
    (_, i) =>
      `<det nItem="${i + 1}"><prod><xProd>ITEM DECLARADO ${i + 1}</xProd><NCM>61091000</NCM><qCom>2.0000</qCom><vUnCom>15.50</vUnCom><vProd>31.00</vProd></prod></det>`,
  ).join('');
  return `<dceProc versao="1.00" xmlns="http://www.portalfiscal.inf.br/dce"><DCe><infDCe versao="1.00" Id="DCe${DCE_KEY}">
<ide><cUF>41</cUF><cDC>123456</cDC><mod>99</mod><serie>1</serie><nDC>42</nDC><dhEmi>2026-06-01T09:15:00-03:00</dhEmi><tpEmis>1</tpEmis><tpEmit>3</tpEmit><nSiteAutoriz>0</nSiteAutoriz><cDV>7</cDV><tpAmb>1</tpAmb><verProc>Carreta</verProc></ide>
<emit><CPF>12345678909</CPF><xNome>MARIA REMETENTE</xNome><enderEmit><xLgr>RUA DAS FLORES</xLgr><nro>10</nro><xBairro>CENTRO</xBairro><xMun>CURITIBA</xMun><UF>PR</UF><CEP>80010000</CEP></enderEmit></emit>
<Transportadora><CNPJ>12345678000199</CNPJ><xNome>TRANSPORTADORA CARRETA LTDA</xNome></Transportadora>
<dest><CPF>98765432100</CPF><xNome>JOAO DESTINATARIO</xNome><enderDest><xLgr>AV BRASIL</xLgr><nro>500</nro><xBairro>CENTRO</xBairro><xMun>SAO PAULO</xMun><UF>SP</UF><CEP>01001000</CEP></enderDest></dest>
${det}<total><vDC>${(items * 31).toFixed(2)}</vDC></total><transp><modTrans>2</modTrans><CNPJTransp>12345678000199</CNPJTransp></transp>
<infDec><xObs1>Declaro que o conteudo corresponde ao descrito.</xObs1></infDec></infDCe>
<infDCeSupl><qrCodDCe>https://www.fazenda.pr.gov.br/dce/qrcode?chDCe=${DCE_KEY}&amp;tpAmb=1</qrCodDCe><urlChave>https://www.fazenda.pr.gov.br/dce/consulta</urlChave></infDCeSupl></DCe>
<protDCe versao="1.00"><infProt><tpAmb>1</tpAmb><chDCe>${DCE_KEY}</chDCe><dhRecbto>2026-06-01T09:15:30-03:00</dhRecbto><nProt>1412600000000042</nProt><cStat>100</cStat><xMotivo>Autorizado o uso da DC-e</xMotivo></infProt></protDCe></dceProc>`;
}

describe('DACE', () => {
  it('key, barcode, QR code, protocol, parties, items and total', () => {
    const result = renderDocumentHtml(dceXml(3));
    const text = htmlText(result.html);
    expect(result.kind).toBe('dace');
    expect(result.pages).toBe(1);
    expect(result.html.match(/<svg /g)).toHaveLength(2);
    for (const needle of [
      formatChave(DCE_KEY),
      '1412600000000042 01/06/2026 09:15:30',
      'MARIA REMETENTE',
      'JOAO DESTINATARIO',
      '123.456.789-09',
      'ITEM DECLARADO 3',
      'R$ 93,00',
      'Transportadora - TRANSPORTADORA CARRETA LTDA 12345678000199',
      'Empresa transportadora',
      'https://www.fazenda.pr.gov.br/dce/consulta',
      'Declaro que o conteudo corresponde ao descrito.',
    ]) {
      expect(text).toContain(needle);
    }
    expect(text).not.toContain('HOMOLOGAÇÃO');
  });

  it('many items continue on further sheets, each item once, header on every sheet', () => {
    const result = renderDocumentHtml(dceXml(90));
    const text = htmlText(result.html);
    expect(result.pages).toBeGreaterThan(1);
    for (let i = 1; i <= 90; i++) expect(text.split(`ITEM DECLARADO ${i} `).length - 1, `item ${i}`).toBe(1);
    for (let p = 1; p <= result.pages; p++) expect(text).toContain(` ${p}/${result.pages} `);
    expect(text.split(formatChave(DCE_KEY)).length - 1).toBe(result.pages);
    expect(text).toContain('R$ 2.790,00');
  });
});

describe('contingency', () => {
  it('FS-DA prints its notice on every sheet', () => {
    const xml = cteXml(80, 10).replace('<tpEmis>1</tpEmis>', '<tpEmis>5</tpEmis>');
    const result = renderDocumentHtml(xml);
    expect(result.pages).toBeGreaterThan(1);
    expect(
      htmlText(result.html).split('DACTE em Contingência - impresso em decorrência de problemas técnicos')
        .length - 1,
    ).toBe(result.pages);
  });
});

describe('DACTE header', () => {
  it('prints the destinatário SUFRAMA registration when the XML has one', () => {
    const xml = cteXml(1, 1).replace(
      '<xNome>DESTINATARIO EXEMPLO LTDA</xNome>',
      '<xNome>DESTINATARIO EXEMPLO LTDA</xNome><ISUF>101362102</ISUF>',
    );
    const text = htmlText(renderDocumentHtml(xml).html);
    expect(text).toContain('Insc. SUFRAMA destinatário 101362102');
    expect(htmlText(renderDocumentHtml(cteXml(1, 1)).html)).not.toContain('SUFRAMA');
  });
});

describe('uso exclusivo do emissor / reservado ao fisco', () => {
  it('text beyond the box continues in the observations, nothing lost', () => {
    const obsCont = Array.from(
      { length: 12 },
      (_, i) =>
        `<ObsCont xCampo="Campo${i + 1}"><xTexto>Texto do emissor numero ${i + 1} MARCA${i + 1}</xTexto></ObsCont>`,
    ).join('');
    const xml = cteXml(1, 5).replace(
      '</xObs>',
      `</xObs>${obsCont}<ObsFisco xCampo="Fisco"><xTexto>RESERVADO1</xTexto></ObsFisco>`,
    );
    const text = htmlText(renderDocumentHtml(xml).html);
    for (let i = 1; i <= 12; i++) expect(text.split(` MARCA${i} `).length - 1, `MARCA${i}`).toBe(1);
    expect(text).toContain('USO EXCLUSIVO DO EMISSOR (continuação):');
    expect(text).toContain('Fisco: RESERVADO1');
  });
});
