// Stress CT-e for the layout invariant and the benchmark: maximum lengths of the free-text fields
// and counts of the repeatable groups, or seeded random ones.
import { CCE_CONDICOES_DE_USO } from '../../electron/documents/events/event';
import { cteXml } from './fixtures';

/** Deterministic pseudo-random numbers (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['CARGA', 'FRÁGIL', 'ENTREGA', 'PORTÃO', 'DOCA', 'AGENDADA', 'MANHÃ', 'WMW', 'ÍNDIO', 'Ç'];
/** Text of exactly `n` characters built from words (the widest letters included). */
export function textOf(n: number, next: () => number, tag = ''): string {
  let out = tag;
  while (out.length < n) out += `${out ? ' ' : ''}${WORDS[Math.floor(next() * WORDS.length)]}`;
  return out.slice(0, n).trim() || 'X';
}

export interface StressOptions {
  keys: number;
  obsChars: number;
  obsCont: number;
  obsFisco: number;
  comps: number;
  names: number;
  street: number;
  exped: boolean;
  receb: boolean;
}

function party(tag: string, ender: string, doc: string, o: StressOptions, next: () => number): string {
  return `<${tag}><CNPJ>${doc}</CNPJ><IE>ISENTO</IE><xNome>${textOf(o.names, next)}</xNome><fone>11987654321</fone><${ender}><xLgr>${textOf(o.street, next)}</xLgr><nro>${textOf(60, next)}</nro><xCpl>${textOf(60, next)}</xCpl><xBairro>${textOf(60, next)}</xBairro><cMun>3550308</cMun><xMun>${textOf(60, next)}</xMun><CEP>01001000</CEP><UF>SP</UF><xPais>BRASIL</xPais></${ender}><email>${textOf(60, next).replace(/\W/g, 'x')}@x.com</email></${tag}>`;
}

/** A CT-e with the lengths and counts of `o` (maximum values of the layout by default). */
export function stressCte(o: StressOptions, seed: number): string {
  const next = rng(seed);
  const obsCont = Array.from(
    { length: o.obsCont },
    (_, i) =>
      `<ObsCont xCampo="${textOf(20, next)}"><xTexto>${textOf(160, next, `EMISSOR${i}`)}</xTexto></ObsCont>`,
  ).join('');
  const obsFisco = Array.from(
    { length: o.obsFisco },
    (_, i) =>
      `<ObsFisco xCampo="${textOf(20, next)}"><xTexto>${textOf(60, next, `FISCO${i}`)}</xTexto></ObsFisco>`,
  ).join('');
  const comps = Array.from(
    { length: o.comps },
    (_, i) => `<Comp><xNome>${textOf(15, next)}</xNome><vComp>${(i + 1) * 1111.11}</vComp></Comp>`,
  ).join('');
  let xml = cteXml(o.keys, 0)
    .replace(
      /<xObs>[^<]*<\/xObs>/,
      `<xObs>${textOf(o.obsChars, next, 'OBSINICIO')}</xObs>${obsCont}${obsFisco}`,
    )
    .replace(/<rem>[\s\S]*?<\/rem>/, party('rem', 'enderReme', '11222333000181', o, next))
    .replace(/<dest>[\s\S]*?<\/dest>/, party('dest', 'enderDest', '44555666000172', o, next))
    .replace('<vRec>1234.56</vRec>', `<vRec>1234.56</vRec>${comps}`)
    .replace('TRANSPORTADORA CARRETA LTDA', textOf(o.names, next));
  const extra =
    (o.exped ? party('exped', 'enderExped', '11444777000161', o, next) : '') +
    (o.receb ? party('receb', 'enderReceb', '04252011000110', o, next) : '');
  xml = xml.replace('<vPrest>', `${extra}<vPrest>`);
  return xml;
}

export const MAX: StressOptions = {
  keys: 400,
  obsChars: 2000,
  obsCont: 10,
  obsFisco: 10,
  comps: 24,
  names: 60,
  street: 255,
  exped: true,
  receb: true,
};

/** A chave-like NF-e key per delivery document (digits only; the check digit is not printed-checked). */
const simpKey = (i: number) =>
  `4126061234567800019955001${String(i).padStart(9, '0')}1${String(i).padStart(8, '0')}`.slice(0, 44);

/**
 * A CT-e Simplificado (cteSimp_v4.00.xsd) at the layout's maximums: 999 deliveries (det), the first
 * with `firstDocs` NF-e keys and every one with components (names of 15 characters, `compNames`
 * different ones over the document), xObs of 2,000 characters, 10 ObsCont and 10 ObsFisco, names of
 * 60 and streets of 255 characters, municipalities of 60.
 */
export function stressCteSimp(
  seed: number,
  o = { dets: 999, firstDocs: 40, compNames: 30, compsPerDet: 6 },
): string {
  const next = rng(seed);
  const key = '41260612345678000199570770000000051000000050';
  const obsCont = Array.from(
    { length: 10 },
    (_, i) =>
      `<ObsCont xCampo="${textOf(20, next)}"><xTexto>${textOf(160, next, `EMISSOR${i}`)}</xTexto></ObsCont>`,
  ).join('');
  const obsFisco = Array.from(
    { length: 10 },
    (_, i) =>
      `<ObsFisco xCampo="${textOf(20, next)}"><xTexto>${textOf(60, next, `FISCO${i}`)}</xTexto></ObsFisco>`,
  ).join('');
  const compName = Array.from({ length: o.compNames }, (_, i) =>
    `${String(i).padStart(2, '0')}${textOf(13, next)}`.slice(0, 15),
  );
  let docs = 0;
  const det = Array.from({ length: o.dets }, (_, i) => {
    const n = i === 0 ? o.firstDocs : 1;
    const keys = Array.from({ length: n }, () => `<infNFe><chNFe>${simpKey(++docs)}</chNFe></infNFe>`).join(
      '',
    );
    const comps = Array.from(
      { length: o.compsPerDet },
      (_, c) =>
        `<Comp><xNome>${compName[(i + c) % o.compNames]}</xNome><vComp>${(c + 1) * 11.11}</vComp></Comp>`,
    ).join('');
    return `<det nItem="${i + 1}"><cMunIni>4106902</cMunIni><xMunIni>${textOf(60, next)}</xMunIni><cMunFim>3550308</cMunFim><xMunFim>${textOf(60, next, `CIDADE${i + 1}`)}</xMunFim><vPrest>999999999.99</vPrest><vRec>999999999.99</vRec>${comps}${keys}</det>`;
  }).join('');
  const ender = (tag: string) =>
    `<${tag}><xLgr>${textOf(255, next)}</xLgr><nro>${textOf(60, next)}</nro><xCpl>${textOf(60, next)}</xCpl><xBairro>${textOf(60, next)}</xBairro><cMun>3550308</cMun><xMun>${textOf(60, next)}</xMun><CEP>01001000</CEP><UF>SP</UF>${tag === 'enderToma' ? '<cPais>1058</cPais><xPais>BRASIL</xPais>' : '<fone>11987654321</fone>'}</${tag}>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<cteSimpProc versao="4.00" xmlns="http://www.portalfiscal.inf.br/cte"><CTeSimp><infCte versao="4.00" Id="CTe${key}">
<ide><cUF>41</cUF><cCT>00000005</cCT><CFOP>6353</CFOP><natOp>${textOf(60, next)}</natOp><mod>57</mod><serie>77</serie><nCT>5</nCT><dhEmi>2026-06-10T14:30:00-03:00</dhEmi><tpImp>1</tpImp><tpEmis>1</tpEmis><cDV>0</cDV><tpAmb>1</tpAmb><tpCTe>5</tpCTe><procEmi>0</procEmi><verProc>${textOf(20, next)}</verProc><cMunEnv>4106902</cMunEnv><xMunEnv>${textOf(60, next)}</xMunEnv><UFEnv>PR</UFEnv><modal>01</modal><tpServ>0</tpServ><UFIni>PR</UFIni><UFFim>SP</UFFim><retira>1</retira><xDetRetira>${textOf(160, next)}</xDetRetira></ide>
<compl><xCaracAd>${textOf(15, next)}</xCaracAd><xCaracSer>${textOf(30, next)}</xCaracSer><xEmi>${textOf(20, next)}</xEmi><fluxo><xOrig>${textOf(60, next)}</xOrig><pass><xPass>${textOf(15, next)}</xPass></pass><xDest>${textOf(60, next)}</xDest><xRota>${textOf(10, next)}</xRota></fluxo><xObs>${textOf(2000, next, 'OBSINICIO')}</xObs>${obsCont}${obsFisco}</compl>
<emit><CNPJ>12345678000199</CNPJ><IE>1234567890</IE><xNome>${textOf(60, next)}</xNome><xFant>${textOf(60, next)}</xFant>${ender('enderEmit')}<CRT>3</CRT></emit>
<toma><toma>3</toma><indIEToma>1</indIEToma><CNPJ>04252011000110</CNPJ><IE>1234567890</IE><xNome>${textOf(60, next)}</xNome><ISUF>123456789</ISUF><fone>11987654321</fone>${ender('enderToma')}<email>${textOf(60, next).replace(/\W/g, 'x')}@x.com</email></toma>
<infCarga><vCarga>9999999999999.99</vCarga><proPred>${textOf(60, next)}</proPred><xOutCat>${textOf(30, next)}</xOutCat>${Array.from({ length: 10 }, (_, i) => `<infQ><cUnid>0${i % 5}</cUnid><tpMed>${textOf(20, next)}</tpMed><qCarga>99999999999.9999</qCarga></infQ>`).join('')}<vCargaAverb>9999999999999.99</vCargaAverb></infCarga>
${det}
<infModal versaoModal="4.00"><rodo><RNTRC>12345678</RNTRC></rodo></infModal>
<total><vTPrest>9999999999999.99</vTPrest><vTRec>9999999999999.99</vTRec></total>
</infCte><infCTeSupl><qrCodCTe>https://dfe-portal.svrs.rs.gov.br/cte/qrCode?chCTe=${key}&amp;tpAmb=1</qrCodCTe></infCTeSupl></CTeSimp>
<protCTe versao="4.00"><infProt><tpAmb>1</tpAmb><verAplic>PR</verAplic><chCTe>${key}</chCTe><dhRecbto>2026-06-10T14:31:00-03:00</dhRecbto><nProt>141260000000005</nProt><digVal>x</digVal><cStat>100</cStat><xMotivo>Autorizado o uso do CT-e</xMotivo></infProt></protCTe></cteSimpProc>`;
}

/** A CC-e (evCCeCTe) with `count` corrections, each with group and field of 20 characters and a value of 500. */
export function stressCce(count: number, seed: number): string {
  const next = rng(seed);
  const key = '35240612345678000199570010000001231000001234';
  // Every third value is a list of short lines (xs:string keeps its line breaks): 500 characters
  // then make some 60 printed lines, more than a sheet holds.
  const value = (i: number) => {
    const end = ` FIM${i + 1}`;
    if (i % 3 !== 1) return `${textOf(500 - end.length, next, `INICIO${i + 1}`)}${end}`;
    let text = `INICIO${i + 1}`;
    for (let l = 1; text.length + 8 + end.length <= 500; l++) text += `\nITEM ${String(l).padStart(2, '0')}`;
    return `${text}${end}`;
  };
  const corrections = Array.from(
    { length: count },
    (_, i) =>
      `<infCorrecao><grupoAlterado>${textOf(20, next)}</grupoAlterado><campoAlterado>${textOf(20, next)}</campoAlterado><valorAlterado>${value(i)}</valorAlterado><nroItemAlterado>${(i % 99) + 1}</nroItemAlterado></infCorrecao>`,
  ).join('');
  return `<procEventoCTe versao="4.00" xmlns="http://www.portalfiscal.inf.br/cte"><eventoCTe versao="4.00"><infEvento Id="ID110110${key}01"><cOrgao>35</cOrgao><tpAmb>1</tpAmb><CNPJ>12345678000199</CNPJ><chCTe>${key}</chCTe><dhEvento>2024-06-11T10:00:00-03:00</dhEvento><tpEvento>110110</tpEvento><nSeqEvento>20</nSeqEvento><detEvento versaoEvento="4.00"><evCCeCTe><descEvento>Carta de Correcao</descEvento>${corrections}<xCondUso>${CCE_CONDICOES_DE_USO}</xCondUso></evCCeCTe></detEvento></infEvento></eventoCTe><retEventoCTe versao="4.00"><infEvento><tpAmb>1</tpAmb><verAplic>SP</verAplic><cOrgao>35</cOrgao><cStat>135</cStat><xMotivo>Evento registrado e vinculado a CT-e</xMotivo><chCTe>${key}</chCTe><tpEvento>110110</tpEvento><nSeqEvento>20</nSeqEvento><dhRegEvento>2024-06-11T10:00:05-03:00</dhRegEvento><nProt>135240000099999</nProt></infEvento></retEventoCTe></procEventoCTe>`;
}
