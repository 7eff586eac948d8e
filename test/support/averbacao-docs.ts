// Minimal authorized documents and events for the averbação tests and benchmarks: the fields the
// averbadoras read (key, emitter, model, série, number, environment, value, the SEFAZ answer), with
// valid access keys. Not schema-complete and not signed — the averbadoras do not check signatures.
import { buildCteKey, buildMdfeKey, buildNfeKey } from '../../electron/fiscal/access-key';

export const TEST_CNPJ = '11222333000181';

export interface DocSpec {
  cnpj?: string;
  serie?: number;
  numero: number;
  tpAmb?: 1 | 2;
  valor?: number;
  dhEmi?: string;
}

const brt = (date: Date) => `${new Date(date.getTime() - 3 * 3_600_000).toISOString().slice(0, 19)}-03:00`;

export function cteKey(spec: DocSpec): string {
  return buildCteKey({
    cUF: 'SP',
    aamm: '2611',
    cnpj: spec.cnpj ?? TEST_CNPJ,
    mod: '57',
    serie: spec.serie ?? 1,
    numero: spec.numero,
    tpEmis: 1,
    codigo: 10_000_000 + spec.numero,
  })!;
}

export function cteProc(spec: DocSpec): { chave: string; xml: string } {
  const chave = cteKey(spec);
  const tpAmb = spec.tpAmb ?? 1;
  const dhEmi = spec.dhEmi ?? brt(new Date());
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?><cteProc xmlns="http://www.portalfiscal.inf.br/cte" versao="4.00">` +
    `<CTe><infCte Id="CTe${chave}" versao="4.00"><ide><cUF>35</cUF><mod>57</mod><serie>${spec.serie ?? 1}</serie>` +
    `<nCT>${spec.numero}</nCT><dhEmi>${dhEmi}</dhEmi><tpAmb>${tpAmb}</tpAmb><tpCTe>0</tpCTe></ide>` +
    `<emit><CNPJ>${spec.cnpj ?? TEST_CNPJ}</CNPJ><xNome>TRANSPORTES TESTE</xNome></emit>` +
    `<infCTeNorm><infCarga><vCarga>${(spec.valor ?? 1000).toFixed(2)}</vCarga>` +
    `<vCargaAverb>${(spec.valor ?? 1000).toFixed(2)}</vCargaAverb></infCarga></infCTeNorm></infCte>` +
    `<infCTeSupl><qrCodCTe><![CDATA[https://example.test/qr?chCTe=${chave}&tpAmb=${tpAmb}]]></qrCodCTe></infCTeSupl>` +
    `</CTe><protCTe versao="4.00"><infProt><tpAmb>${tpAmb}</tpAmb><chCTe>${chave}</chCTe>` +
    `<dhRecbto>${dhEmi}</dhRecbto><nProt>1352600000${String(spec.numero).padStart(5, '0')}</nProt>` +
    `<cStat>100</cStat><xMotivo>Autorizado o uso do CT-e</xMotivo></infProt></protCTe></cteProc>`;
  return { chave, xml };
}

export function cteCancelamento(chave: string, tpAmb: 1 | 2 = 1, cStat = 135): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><procEventoCTe xmlns="http://www.portalfiscal.inf.br/cte" versao="4.00">` +
    `<eventoCTe versao="4.00"><infEvento Id="ID110111${chave}001"><cOrgao>35</cOrgao><tpAmb>${tpAmb}</tpAmb>` +
    `<CNPJ>${chave.slice(6, 20)}</CNPJ><chCTe>${chave}</chCTe><dhEvento>2026-11-20T11:40:00-03:00</dhEvento>` +
    `<tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><detEvento versaoEvento="4.00"><evCancCTe>` +
    `<descEvento>Cancelamento</descEvento><nProt>135260000123470</nProt><xJust>Servico nao realizado</xJust>` +
    `</evCancCTe></detEvento></infEvento></eventoCTe><retEventoCTe versao="4.00"><infEvento><tpAmb>${tpAmb}</tpAmb>` +
    `<cStat>${cStat}</cStat><chCTe>${chave}</chCTe><tpEvento>110111</tpEvento><nProt>135260000123999</nProt>` +
    `</infEvento></retEventoCTe></procEventoCTe>`
  );
}

export function mdfeProc(spec: DocSpec & { ctes?: string[] }): { chave: string; xml: string } {
  const chave = buildMdfeKey({
    cUF: 'SP',
    aamm: '2611',
    cnpj: spec.cnpj ?? TEST_CNPJ,
    serie: spec.serie ?? 1,
    numero: spec.numero,
    tpEmis: 1,
    codigo: 20_000_000 + spec.numero,
  })!;
  const tpAmb = spec.tpAmb ?? 1;
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?><mdfeProc xmlns="http://www.portalfiscal.inf.br/mdfe" versao="3.00">` +
    `<MDFe><infMDFe Id="MDFe${chave}" versao="3.00"><ide><cUF>35</cUF><tpAmb>${tpAmb}</tpAmb><tpEmit>1</tpEmit>` +
    `<mod>58</mod><serie>${spec.serie ?? 1}</serie><nMDF>${spec.numero}</nMDF><dhEmi>${brt(new Date())}</dhEmi></ide>` +
    `<emit><CNPJ>${spec.cnpj ?? TEST_CNPJ}</CNPJ></emit><infDoc><infMunDescarga>` +
    (spec.ctes ?? []).map((c) => `<infCTe><chCTe>${c}</chCTe></infCTe>`).join('') +
    `</infMunDescarga></infDoc><tot><vCarga>${(spec.valor ?? 1000).toFixed(2)}</vCarga></tot></infMDFe>` +
    `<infMDFeSupl><qrCodMDFe><![CDATA[https://example.test/mdfe?chMDFe=${chave}]]></qrCodMDFe></infMDFeSupl></MDFe>` +
    `<protMDFe versao="3.00"><infProt><tpAmb>${tpAmb}</tpAmb><chMDFe>${chave}</chMDFe><cStat>100</cStat>` +
    `<xMotivo>Autorizado o uso do MDF-e</xMotivo></infProt></protMDFe></mdfeProc>`;
  return { chave, xml };
}

export function mdfeEvento(chave: string, tpEvento: '110111' | '110112', tpAmb: 1 | 2 = 1): string {
  return (
    `<procEventoMDFe xmlns="http://www.portalfiscal.inf.br/mdfe" versao="3.00"><eventoMDFe versao="3.00">` +
    `<infEvento Id="ID${tpEvento}${chave}01"><tpAmb>${tpAmb}</tpAmb><chMDFe>${chave}</chMDFe>` +
    `<tpEvento>${tpEvento}</tpEvento></infEvento></eventoMDFe><retEventoMDFe versao="3.00"><infEvento>` +
    `<cStat>135</cStat><chMDFe>${chave}</chMDFe></infEvento></retEventoMDFe></procEventoMDFe>`
  );
}

export function nfeProc(spec: DocSpec): { chave: string; xml: string } {
  const chave = buildNfeKey({
    cUF: 'SP',
    aamm: '2611',
    cnpj: spec.cnpj ?? TEST_CNPJ,
    serie: spec.serie ?? 1,
    numero: spec.numero,
    tpEmis: 1,
    codigo: 30_000_000 + spec.numero,
  })!;
  const tpAmb = spec.tpAmb ?? 1;
  const xml =
    `<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe><infNFe Id="NFe${chave}" versao="4.00">` +
    `<ide><mod>55</mod><serie>${spec.serie ?? 1}</serie><nNF>${spec.numero}</nNF><dhEmi>${brt(new Date())}</dhEmi>` +
    `<tpAmb>${tpAmb}</tpAmb></ide><emit><CNPJ>${spec.cnpj ?? TEST_CNPJ}</CNPJ></emit>` +
    `<total><ICMSTot><vProd>${(spec.valor ?? 1000).toFixed(2)}</vProd></ICMSTot></total></infNFe></NFe>` +
    `<protNFe versao="4.00"><infProt><tpAmb>${tpAmb}</tpAmb><chNFe>${chave}</chNFe><cStat>100</cStat></infProt>` +
    `</protNFe></nfeProc>`;
  return { chave, xml };
}
