// Synthetic MDF-e 3.00 documents and events for the DAMDFE tests: element order and sizes follow the
// XSDs of PL_MDFe_300b (mdfeTiposBasico, mdfeModalRodoviario, ev*MDFe), so the stress documents reach
// the limits the schema allows (60-character names, 10 drivers, 3 trailers, thousands of keys).
import { accessKeyCheckDigit } from '../../electron/fiscal/access-key';

export function withDv(body43: string): string {
  return `${body43}${accessKeyCheckDigit(body43)}`;
}

/** A CT-e (57) or NF-e (55) key of SP, 2026-06, numbered `i`. */
export function docKey(mod: '57' | '55', i: number): string {
  return withDv(
    `352606${'12345678000199'}${mod}001${String(i).padStart(9, '0')}1${String(i).padStart(8, '0')}`,
  );
}

export const MDFE_KEY = withDv(`35260612345678000199580010000000421${'12345678'}`);

export interface MdfeOptions {
  key?: string;
  tpAmb?: '1' | '2';
  tpEmis?: '1' | '2';
  /** protMDFe cStat; undefined leaves the protocol out. */
  cStat?: string;
  /** Keys per unloading municipality. */
  /** `extra` goes in every document of the group after its key (indReentrega, infUnidTransp, peri…). */
  groups?: { cMun: string; xMun: string; keys: string[]; tipo?: 'CTe' | 'NFe'; extra?: string }[];
  drivers?: { xNome: string; CPF: string }[];
  trailers?: number;
  valePed?: number;
  infCpl?: string;
  infAdFisco?: string;
  emitName?: string;
  long?: boolean;
  bundled?: string;
}

const W60 = 'W'.repeat(60);

export function mdfeXml(o: MdfeOptions = {}): string {
  const key = o.key ?? MDFE_KEY;
  const tpAmb = o.tpAmb ?? '1';
  const long = o.long === true;
  const groups = o.groups ?? [
    { cMun: '4106902', xMun: 'Curitiba', keys: [docKey('57', 1), docKey('57', 2)] },
  ];
  const drivers = o.drivers ?? [{ xNome: 'JOSE DA SILVA MOTORISTA', CPF: '12345678909' }];
  const infDoc = groups
    .map((g) => {
      const tag = g.tipo ?? 'CTe';
      const docs = g.keys
        .map((k) => `<inf${tag}><ch${tag}>${k}</ch${tag}>${g.extra ?? ''}</inf${tag}>`)
        .join('');
      return `<infMunDescarga><cMunDescarga>${g.cMun}</cMunDescarga><xMunDescarga>${g.xMun}</xMunDescarga>${docs}</infMunDescarga>`;
    })
    .join('');
  const count = (tag: string) =>
    groups.filter((g) => (g.tipo ?? 'CTe') === tag).reduce((n, g) => n + g.keys.length, 0);
  const qCTe = count('CTe');
  const qNFe = count('NFe');
  const prop = long
    ? `<prop><CNPJ>98765432000198</CNPJ><RNTRC>87654321</RNTRC><xNome>${W60}</xNome><IE>ISENTO</IE><UF>PR</UF><tpProp>2</tpProp></prop>`
    : '';
  const trailers = Array.from(
    { length: o.trailers ?? 0 },
    (_, i) =>
      `<veicReboque><cInt>R${i + 1}</cInt><placa>REB${i}A1${i}</placa><RENAVAM>1234567890${i}</RENAVAM><tara>7000</tara><capKG>30000</capKG><capM3>90</capM3>${prop}<tpCar>02</tpCar><UF>PR</UF></veicReboque>`,
  ).join('');
  const vales = Array.from(
    { length: o.valePed ?? 0 },
    (_, i) =>
      `<disp><CNPJForn>04088208000165</CNPJForn><CNPJPg>12345678000199</CNPJPg><nCompra>${String(10490024882566 + i).padStart(20, '9')}</nCompra><vValePed>400.20</vValePed><tpValePed>01</tpValePed></disp>`,
  ).join('');
  const antt = `<infANTT><RNTRC>12345678</RNTRC><infCIOT><CIOT>123456789012</CIOT><CNPJ>12345678000199</CNPJ></infCIOT>${
    vales ? `<valePed>${vales}<categCombVeic>06</categCombVeic></valePed>` : ''
  }<infContratante>${long ? `<xNome>${W60}</xNome>` : '<xNome>CONTRATANTE EXEMPLO LTDA</xNome>'}<CNPJ>11222333000181</CNPJ></infContratante>${
    long
      ? `<infPag><xNome>${W60}</xNome><CNPJ>11222333000181</CNPJ><Comp><tpComp>01</tpComp><vComp>500.00</vComp><xComp>${'W'.repeat(60)}</xComp></Comp><vContrato>1000.00</vContrato><indPag>1</indPag><infPrazo><nParcela>001</nParcela><dVenc>2026-07-10</dVenc><vParcela>500.00</vParcela></infPrazo><infBanc><PIX>${'W'.repeat(60)}</PIX></infBanc></infPag>`
      : ''
  }</infANTT>`;
  const cond = drivers
    .map((d) => `<condutor><xNome>${d.xNome}</xNome><CPF>${d.CPF}</CPF></condutor>`)
    .join('');
  const emitName = o.emitName ?? (long ? W60 : 'TRANSPORTADORA CARRETA LTDA');
  const street = long ? W60 : 'RUA DAS PALMEIRAS';
  const adic =
    o.infCpl !== undefined || o.infAdFisco !== undefined
      ? `<infAdic>${o.infAdFisco !== undefined ? `<infAdFisco>${o.infAdFisco}</infAdFisco>` : ''}${o.infCpl !== undefined ? `<infCpl>${o.infCpl}</infCpl>` : ''}</infAdic>`
      : '';
  const mdfe = `<MDFe xmlns="http://www.portalfiscal.inf.br/mdfe"><infMDFe Id="MDFe${key}" versao="3.00"><ide><cUF>35</cUF><tpAmb>${tpAmb}</tpAmb><tpEmit>1</tpEmit><mod>58</mod><serie>1</serie><nMDF>42</nMDF><cMDF>12345678</cMDF><cDV>${key.slice(-1)}</cDV><modal>1</modal><dhEmi>2026-06-10T08:15:30-03:00</dhEmi><tpEmis>${o.tpEmis ?? '1'}</tpEmis><procEmi>0</procEmi><verProc>Carreta</verProc><UFIni>SP</UFIni><UFFim>PR</UFFim><infMunCarrega><cMunCarrega>3509502</cMunCarrega><xMunCarrega>${long ? W60 : 'Campinas'}</xMunCarrega></infMunCarrega><dhIniViagem>2026-06-10T09:00:00-03:00</dhIniViagem></ide><emit><CNPJ>12345678000199</CNPJ><IE>123456789012</IE><xNome>${emitName}</xNome><xFant>CARRETA</xFant><enderEmit><xLgr>${street}</xLgr><nro>${long ? W60 : '100'}</nro>${long ? `<xCpl>${W60}</xCpl>` : ''}<xBairro>${long ? W60 : 'CENTRO'}</xBairro><cMun>3509502</cMun><xMun>${long ? W60 : 'CAMPINAS'}</xMun><CEP>13010000</CEP><UF>SP</UF><fone>1932345678</fone>${long ? `<email>${'w'.repeat(48)}@example.com</email>` : ''}</enderEmit></emit><infModal versaoModal="3.00"><rodo>${antt}<veicTracao><cInt>T1</cInt><placa>ABC1D23</placa><RENAVAM>12345678901</RENAVAM><tara>9000</tara><capKG>30000</capKG>${prop}${cond}<tpRod>03</tpRod><tpCar>02</tpCar><UF>SP</UF></veicTracao>${trailers}</rodo></infModal><infDoc>${infDoc}</infDoc><seg><infResp><respSeg>1</respSeg><CNPJ>12345678000199</CNPJ></infResp><infSeg><xSeg>${long ? 'W'.repeat(30) : 'SEGURADORA EXEMPLO SA'}</xSeg><CNPJ>33444555000166</CNPJ></infSeg><nApol>APOLICE123</nApol><nAver>AVERB0001</nAver></seg><prodPred><tpCarga>05</tpCarga><xProd>${long ? 'W'.repeat(120) : 'PECAS AUTOMOTIVAS'}</xProd></prodPred><tot>${qCTe ? `<qCTe>${qCTe}</qCTe>` : ''}${qNFe ? `<qNFe>${qNFe}</qNFe>` : ''}<vCarga>150000.00</vCarga><cUnid>01</cUnid><qCarga>12500.5000</qCarga></tot>${adic}</infMDFe><infMDFeSupl><qrCodMDFe>
  <![CDATA[ https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode?chMDFe=${key}&tpAmb=${tpAmb} ]]>
</qrCodMDFe></infMDFeSupl></MDFe>`;
  if (o.cStat === undefined) return `<?xml version="1.0" encoding="UTF-8"?>${mdfe}`;
  const prot = `<protMDFe versao="3.00"><infProt><tpAmb>${tpAmb}</tpAmb><verAplic>SVRS</verAplic><chMDFe>${key}</chMDFe><dhRecbto>2026-06-10T08:16:02-03:00</dhRecbto><nProt>935260000012345</nProt><cStat>${o.cStat}</cStat><xMotivo>${o.cStat === '100' ? 'Autorizado o uso do MDF-e' : 'Rejeicao: exemplo'}</xMotivo></infProt></protMDFe>`;
  return `<?xml version="1.0" encoding="UTF-8"?><mdfeProc xmlns="http://www.portalfiscal.inf.br/mdfe" versao="3.00">${mdfe}${prot}${o.bundled ?? ''}</mdfeProc>`;
}

export interface EventOptions {
  key?: string;
  tpEvento: '110111' | '110112' | '110114' | '110115';
  /** retEventoMDFe cStat; undefined gives the bare request (eventoMDFe). */
  cStat?: string;
  nSeq?: number;
  condutor?: { xNome: string; CPF: string };
  docs?: string[];
  tpAmb?: '1' | '2';
  /** The closing's municipality (110112); Curitiba when absent. */
  cMun?: string;
}

export function mdfeEventXml(o: EventOptions): string {
  const key = o.key ?? MDFE_KEY;
  const seq = o.nSeq ?? 1;
  const tpAmb = o.tpAmb ?? '1';
  const details: Record<string, string> = {
    '110111':
      '<evCancMDFe><descEvento>Cancelamento</descEvento><nProt>935260000012345</nProt><xJust>Viagem cancelada pelo contratante antes da saida</xJust></evCancMDFe>',
    '110112': `<evEncMDFe><descEvento>Encerramento</descEvento><nProt>935260000012345</nProt><dtEnc>2026-06-11</dtEnc><cUF>41</cUF><cMun>${o.cMun ?? '4106902'}</cMun></evEncMDFe>`,
    '110114': `<evIncCondutorMDFe><descEvento>Inclusao Condutor</descEvento><condutor><xNome>${o.condutor?.xNome ?? 'MARIA SEGUNDA MOTORISTA'}</xNome><CPF>${o.condutor?.CPF ?? '98765432100'}</CPF></condutor></evIncCondutorMDFe>`,
    '110115': `<evIncDFeMDFe><descEvento>Inclusao DF-e</descEvento><nProt>935260000012345</nProt><cMunCarrega>3509502</cMunCarrega><xMunCarrega>CAMPINAS</xMunCarrega>${(o.docs ?? [docKey('55', 900)]).map((k) => `<infDoc><cMunDescarga>4106902</cMunDescarga><xMunDescarga>CURITIBA</xMunDescarga><chNFe>${k}</chNFe></infDoc>`).join('')}</evIncDFeMDFe>`,
  };
  const id = `ID${o.tpEvento}${key}${String(seq).padStart(2, '0')}`;
  const evento = `<eventoMDFe xmlns="http://www.portalfiscal.inf.br/mdfe" versao="3.00"><infEvento Id="${id}"><cOrgao>35</cOrgao><tpAmb>${tpAmb}</tpAmb><CNPJ>12345678000199</CNPJ><chMDFe>${key}</chMDFe><dhEvento>2026-06-11T17:40:05-03:00</dhEvento><tpEvento>${o.tpEvento}</tpEvento><nSeqEvento>${seq}</nSeqEvento><detEvento versaoEvento="3.00">${details[o.tpEvento]}</detEvento></infEvento></eventoMDFe>`;
  if (o.cStat === undefined) return evento;
  const ret = `<retEventoMDFe versao="3.00"><infEvento><tpAmb>${tpAmb}</tpAmb><verAplic>SVRS</verAplic><cOrgao>35</cOrgao><cStat>${o.cStat}</cStat><xMotivo>${o.cStat === '135' ? 'Evento registrado e vinculado a MDF-e' : 'Rejeicao: exemplo'}</xMotivo><chMDFe>${key}</chMDFe><tpEvento>${o.tpEvento}</tpEvento><nSeqEvento>${seq}</nSeqEvento><dhRegEvento>2026-06-11T17:40:09-03:00</dhRegEvento><nProt>93526000009${String(seq).padStart(4, '0')}</nProt></infEvento></retEventoMDFe>`;
  return `<procEventoMDFe xmlns="http://www.portalfiscal.inf.br/mdfe" versao="3.00">${evento}${ret}</procEventoMDFe>`;
}

/** Optional groups of a bundled CT-e (infEntregaParcial is the CT-e's only), in XSD order: re-delivery, units with seals, dangerous goods, partial delivery. */
export const DOC_DETAILS =
  '<indReentrega>1</indReentrega><infUnidTransp><tpUnidTransp>2</tpUnidTransp><idUnidTransp>REB0A10</idUnidTransp><lacUnidTransp><nLacre>L-001</nLacre></lacUnidTransp><infUnidCarga><tpUnidCarga>1</tpUnidCarga><idUnidCarga>MSCU1234567</idUnidCarga><lacUnidCarga><nLacre>C-777</nLacre></lacUnidCarga></infUnidCarga></infUnidTransp><peri><nONU>1203</nONU><xNomeAE>GASOLINA</xNomeAE><xClaRisco>3</xClaRisco><grEmb>II</grEmb><qTotProd>1000 L</qTotProd><qVolTipo>5 tambores</qVolTipo></peri><infEntregaParcial><qtdTotal>10.0000</qtdTotal><qtdParcial>4.0000</qtdParcial></infEntregaParcial>';
