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
