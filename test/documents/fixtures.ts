// A synthetic cteProc built in code, so pagination and PDF tests run without ../shared, and the
// XML fixtures of fixtures/ (our own documents, checked against the XSD in fixtures-xsd.test.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function fixtureXml(name: string): string {
  return readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
}

export function nfeKey(i: number): string {
  return `3524061234567800019955001${String(i).padStart(9, '0')}1${String(i).padStart(8, '0')}`.slice(0, 44);
}

export const DEFAULT_CTE_KEY = '35240612345678000199570010000001231000001234';

export function cteXml(keys: number, obsWords: number, extra = '', cteKey = DEFAULT_CTE_KEY): string {
  const docs = Array.from(
    { length: keys },
    (_, i) => `<infNFe><chave>${nfeKey(i + 1)}</chave></infNFe>`,
  ).join('');
  const obs = Array.from({ length: obsWords }, (_, i) => `PALAVRA${i + 1}`).join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<cteProc versao="4.00" xmlns="http://www.portalfiscal.inf.br/cte"><CTe><infCte versao="4.00" Id="CTe${cteKey}">
<ide><cUF>35</cUF><CFOP>5353</CFOP><natOp>PRESTACAO DE SERVICO DE TRANSPORTE</natOp><mod>57</mod><serie>1</serie><nCT>123</nCT>
<dhEmi>2024-06-10T14:30:00-03:00</dhEmi><tpEmis>1</tpEmis><tpAmb>1</tpAmb><tpCTe>0</tpCTe><modal>01</modal><tpServ>0</tpServ>
<xMunIni>CAMPINAS</xMunIni><UFIni>SP</UFIni><xMunFim>CURITIBA</xMunFim><UFFim>PR</UFFim><toma3><toma>3</toma></toma3></ide>
<compl><xObs>${obs}</xObs></compl>
<emit><CNPJ>12345678000199</CNPJ><IE>123456789</IE><xNome>TRANSPORTADORA CARRETA LTDA</xNome><enderEmit><xLgr>RUA A</xLgr><nro>1</nro><xBairro>CENTRO</xBairro><xMun>CAMPINAS</xMun><CEP>13010000</CEP><UF>SP</UF></enderEmit></emit>
<rem><CNPJ>11222333000181</CNPJ><xNome>REMETENTE EXEMPLO SA</xNome></rem>
<dest><CNPJ>44555666000172</CNPJ><xNome>DESTINATARIO EXEMPLO LTDA</xNome></dest>
${extra}
<vPrest><vTPrest>1234.56</vTPrest><vRec>1234.56</vRec></vPrest>
<imp><ICMS><ICMS00><CST>00</CST><vBC>1234.56</vBC><pICMS>12.00</pICMS><vICMS>148.15</vICMS></ICMS00></ICMS></imp>
<infCTeNorm><infCarga><vCarga>50000.00</vCarga><proPred>PECAS</proPred></infCarga><infDoc>${docs}</infDoc>
<infModal versaoModal="4.00"><rodo><RNTRC>12345678</RNTRC></rodo></infModal></infCTeNorm></infCte>
<infCTeSupl><qrCodCTe>https://nfe.fazenda.sp.gov.br/CTeConsulta/qrCode?chCTe=${cteKey}&amp;tpAmb=1</qrCodCTe></infCTeSupl></CTe>
<protCTe versao="4.00"><infProt><tpAmb>1</tpAmb><chCTe>${cteKey}</chCTe><dhRecbto>2024-06-10T14:31:02-03:00</dhRecbto><nProt>135240000012345</nProt><cStat>100</cStat><xMotivo>Autorizado o uso do CT-e</xMotivo></infProt></protCTe></cteProc>`;
}

export const DCE_KEY = '41260612345678000199990010000000421200012347';

export function dceXml(items: number): string {
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

/** nProt of the protCTe of cteXml. */
export const AUTH_NPROT = '135240000012345';

/** A procEventoCTe of event `tpEvento` on `key`, registered with `cStat`. */
export function procEvento(
  key: string,
  cStat: string,
  tpEvento = '110111',
  docType: 'CTe' | 'DCe' = 'CTe',
): string {
  const ch = `ch${docType}`;
  return `<procEvento${docType} versao="4.00" xmlns="http://www.portalfiscal.inf.br/cte"><evento${docType} versao="4.00"><infEvento Id="ID${tpEvento}${key}001"><cOrgao>35</cOrgao><tpAmb>1</tpAmb><CNPJ>12345678000199</CNPJ><${ch}>${key}</${ch}><dhEvento>2024-06-11T10:00:00-03:00</dhEvento><tpEvento>${tpEvento}</tpEvento><nSeqEvento>1</nSeqEvento><detEvento versaoEvento="4.00"><evCancCTe><descEvento>Cancelamento</descEvento><nProt>${AUTH_NPROT}</nProt><xJust>Erro na digitacao dos valores do frete</xJust></evCancCTe></detEvento></infEvento></evento${docType}><retEvento${docType} versao="4.00"><infEvento><tpAmb>1</tpAmb><verAplic>SP</verAplic><cOrgao>35</cOrgao><cStat>${cStat}</cStat><xMotivo>Evento registrado e vinculado</xMotivo><${ch}>${key}</${ch}><tpEvento>${tpEvento}</tpEvento><nSeqEvento>1</nSeqEvento><dhRegEvento>2024-06-11T10:00:05-03:00</dhRegEvento><nProt>135240000099999</nProt></infEvento></retEvento${docType}></procEvento${docType}>`;
}
