// Realistic, varied cteProc documents (and the API records that list them) for the repository,
// sync, kill and benchmark tests. Deterministic from a seed, so a run can be repeated exactly.
import type { ApiRecord } from '../../../electron/cache/repositories/types';

export function rng(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)];
const digits = (random: () => number, n: number) =>
  Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const base64 = (random: () => number, n: number) =>
  Array.from({ length: n }, () => B64[Math.floor(random() * 64)]).join('');

const FIRST = [
  'Transportes',
  'Comércio',
  'Indústria',
  'Distribuidora',
  'Atacadão',
  'Logística',
  'Agropecuária',
  'Metalúrgica',
  'Cerâmica',
  'Laticínios',
];
const SECOND = [
  'São João',
  'Boa Vista',
  'Paraná',
  'Irmãos Silva',
  'Oliveira',
  'Santa Clara',
  'Horizonte',
  'Pioneira',
  'Três Rios',
  'Vale Verde',
  'Gaúcha',
  'Itaipu',
  'Araucária',
  'Serra Azul',
  'Nova Era',
];
const SUFFIX = ['Ltda', 'S.A.', 'ME', 'EIRELI', 'Comercial Ltda'];
const PLACES: readonly [string, string, string][] = [
  ['PR', '4106902', 'Curitiba'],
  ['PR', '4113700', 'Londrina'],
  ['PR', '4115200', 'Maringá'],
  ['SP', '3550308', 'São Paulo'],
  ['SP', '3509502', 'Campinas'],
  ['SC', '4205407', 'Florianópolis'],
  ['SC', '4209102', 'Joinville'],
  ['RS', '4314902', 'Porto Alegre'],
  ['MG', '3106200', 'Belo Horizonte'],
  ['RJ', '3304557', 'Rio de Janeiro'],
  ['GO', '5208707', 'Goiânia'],
  ['MS', '5002704', 'Campo Grande'],
];
const STREETS = [
  'Rua das Flores',
  'Avenida Brasil',
  'Rua XV de Novembro',
  'Rodovia BR-277',
  'Rua Marechal Deodoro',
  'Avenida das Torres',
];
const PRODUCTS = [
  'Materiais de construção',
  'Alimentos não perecíveis',
  'Peças automotivas',
  'Grãos',
  'Móveis',
  'Bebidas',
  'Eletrônicos',
];

export interface FakeParty {
  cnpj: string;
  nome: string;
  place: [string, string, string];
}

export function makeParties(seed: number, count: number): FakeParty[] {
  const random = rng(seed);
  return Array.from({ length: count }, () => ({
    cnpj: digits(random, 14),
    nome: `${pick(random, FIRST)} ${pick(random, SECOND)} ${pick(random, SUFFIX)}`,
    place: [...pick(random, PLACES)] as [string, string, string],
  }));
}

function partyXml(tag: string, ender: string, p: FakeParty, random: () => number): string {
  const [uf, cMun, xMun] = p.place;
  return (
    `<${tag}><CNPJ>${p.cnpj}</CNPJ><IE>${digits(random, 10)}</IE><xNome>${p.nome}</xNome><fone>41${digits(random, 8)}</fone>` +
    `<${ender}><xLgr>${pick(random, STREETS)}</xLgr><nro>${Math.floor(random() * 3000)}</nro><xBairro>Centro</xBairro>` +
    `<cMun>${cMun}</cMun><xMun>${xMun}</xMun><CEP>${digits(random, 8)}</CEP><UF>${uf}</UF><cPais>1058</cPais><xPais>BRASIL</xPais></${ender}></${tag}>`
  );
}

export interface FakeDoc {
  record: ApiRecord;
  xml: string;
  tomador: FakeParty;
  remetente: FakeParty;
  destinatario: FakeParty;
  valor: number;
  icms: number;
}

export interface FakeDocOptions {
  seed: number;
  /** Issuer CNPJ. */
  company: string;
  /** Shared per company: real signatures carry the same certificate on every document. */
  certificate: string;
  parties: readonly FakeParty[];
  numero: number;
  serie?: number;
  /** ISO day-time of issue, e.g. 2026-03-10T10:20:00-03:00. */
  dhEmi: string;
  status?: ApiRecord['status'];
}

export function makeCertificate(seed: number): string {
  return base64(rng(seed), 1840);
}

/** One CT-e as the API lists it plus its processed XML (about 8 KB, compact like the API's). */
export function makeDoc(options: FakeDocOptions): FakeDoc {
  const random = rng(options.seed * 7919 + options.numero);
  const serie = options.serie ?? 1;
  const rem = pick(random, options.parties);
  const dest = pick(random, options.parties);
  const toma = random() < 0.6 ? rem : dest;
  const valor = Math.round((150 + random() * 9000) * 100) / 100;
  const icms = Math.round(valor * 0.12 * 100) / 100;
  const chave =
    `41${options.dhEmi.slice(2, 4)}${options.dhEmi.slice(5, 7)}${options.company}57` +
    `${String(serie).padStart(3, '0')}${String(options.numero).padStart(9, '0')}1${digits(random, 8)}${digits(random, 1)}`;
  const nfes = Array.from(
    { length: 1 + Math.floor(random() * 4) },
    () => `<infNFe><chave>${digits(random, 44)}</chave></infNFe>`,
  ).join('');
  const obs = Array.from(
    { length: 1 + Math.floor(random() * 3) },
    (_, i) => `<ObsCont xCampo="Pedido${i}"><xTexto>${digits(random, 10)}</xTexto></ObsCont>`,
  ).join('');
  const emitter: FakeParty = {
    cnpj: options.company,
    nome: 'Transportadora Carreta Ltda',
    place: ['PR', '4106902', 'Curitiba'],
  };
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?><cteProc xmlns="http://www.portalfiscal.inf.br/cte" versao="4.00"><CTe xmlns="http://www.portalfiscal.inf.br/cte">` +
    `<infCte versao="4.00" Id="CTe${chave}"><ide><cUF>41</cUF><cCT>${chave.slice(35, 43)}</cCT><CFOP>6352</CFOP><natOp>PRESTACAO DE SERVICO DE TRANSPORTE</natOp>` +
    `<mod>57</mod><serie>${serie}</serie><nCT>${options.numero}</nCT><dhEmi>${options.dhEmi}</dhEmi><tpImp>1</tpImp><tpEmis>1</tpEmis><cDV>${chave.slice(43)}</cDV>` +
    `<tpAmb>2</tpAmb><tpCTe>0</tpCTe><procEmi>0</procEmi><verProc>Carreta 1.0</verProc><cMunEnv>4106902</cMunEnv><xMunEnv>Curitiba</xMunEnv><UFEnv>PR</UFEnv>` +
    `<modal>01</modal><tpServ>0</tpServ><cMunIni>${rem.place[1]}</cMunIni><xMunIni>${rem.place[2]}</xMunIni><UFIni>${rem.place[0]}</UFIni>` +
    `<cMunFim>${dest.place[1]}</cMunFim><xMunFim>${dest.place[2]}</xMunFim><UFFim>${dest.place[0]}</UFFim><retira>1</retira><indIEToma>1</indIEToma>` +
    `<toma3><toma>${toma === rem ? 0 : 3}</toma></toma3></ide><compl><xCaracAd>ENTREGA NORMAL</xCaracAd><xCaracSer>CARGA FECHADA</xCaracSer><xEmi>FATURAMENTO</xEmi><fluxo><xOrig>${rem.place[2]}</xOrig></fluxo><Entrega><semData><tpPer>0</tpPer></semData><semHora><tpHor>0</tpHor></semHora></Entrega><xObs>${pick(random, PRODUCTS)} - entrega agendada conforme pedido ${digits(random, 6)}. Motorista ${pick(random, SECOND)}, placa ${base64(random, 3).toUpperCase()}${digits(random, 4)}. Valor aproximado dos tributos conforme Lei 12.741/2012.</xObs>${obs}</compl>` +
    partyXml('emit', 'enderEmit', emitter, random).replace('<fone>', '<CRT>3</CRT><fone>') +
    partyXml('rem', 'enderReme', rem, random) +
    (random() < 0.7 ? partyXml('exped', 'enderExped', pick(random, options.parties), random) : '') +
    (random() < 0.5 ? partyXml('receb', 'enderReceb', pick(random, options.parties), random) : '') +
    partyXml('dest', 'enderDest', dest, random) +
    `<vPrest><vTPrest>${valor.toFixed(2)}</vTPrest><vRec>${valor.toFixed(2)}</vRec><Comp><xNome>FRETE PESO</xNome><vComp>${(valor * 0.8).toFixed(2)}</vComp></Comp>` +
    `<Comp><xNome>PEDAGIO</xNome><vComp>${(valor * 0.2).toFixed(2)}</vComp></Comp></vPrest>` +
    `<imp><ICMS><ICMS00><CST>00</CST><vBC>${valor.toFixed(2)}</vBC><pICMS>12.00</pICMS><vICMS>${icms.toFixed(2)}</vICMS></ICMS00></ICMS><vTotTrib>${(valor * 0.17).toFixed(2)}</vTotTrib></imp>` +
    `<infCTeNorm><infCarga><vCarga>${(valor * 12).toFixed(2)}</vCarga><proPred>${pick(random, PRODUCTS)}</proPred>` +
    `<infQ><cUnid>01</cUnid><tpMed>PESO BRUTO</tpMed><qCarga>${(random() * 20000).toFixed(4)}</qCarga></infQ>` +
    `<infQ><cUnid>03</cUnid><tpMed>UNIDADE</tpMed><qCarga>${Math.floor(random() * 200)}.0000</qCarga></infQ></infCarga>` +
    `<infDoc>${nfes}</infDoc><infModal versaoModal="4.00"><rodo><RNTRC>${digits(random, 8)}</RNTRC></rodo></infModal></infCTeNorm>` +
    `<infRespTec><CNPJ>${options.company}</CNPJ><xContato>Suporte Carreta</xContato><email>suporte@example.com</email><fone>4130000000</fone></infRespTec></infCte>` +
    `<infCTeSupl><qrCodCTe>https://www.fazenda.pr.gov.br/cte/qrcode?chCTe=${chave}&amp;tpAmb=2</qrCodCTe></infCTeSupl>` +
    `<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo><CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>` +
    `<SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/><Reference URI="#CTe${chave}"><Transforms>` +
    `<Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/><Transform Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/></Transforms>` +
    `<DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"/><DigestValue>${base64(random, 27)}=</DigestValue></Reference></SignedInfo>` +
    `<SignatureValue>${base64(random, 342)}==</SignatureValue><KeyInfo><X509Data><X509Certificate>${options.certificate}</X509Certificate></X509Data></KeyInfo></Signature></CTe>` +
    `<protCTe versao="4.00"><infProt><tpAmb>2</tpAmb><verAplic>SVRS202401</verAplic><chCTe>${chave}</chCTe><dhRecbto>${options.dhEmi}</dhRecbto>` +
    `<nProt>${digits(random, 15)}</nProt><digVal>${base64(random, 27)}=</digVal><cStat>100</cStat><xMotivo>Autorizado o uso do CT-e</xMotivo></infProt></protCTe></cteProc>`;
  const record: ApiRecord = {
    id: `cte_${options.company}_${serie}_${options.numero}`,
    ambiente: 'homologacao',
    created_at: options.dhEmi,
    status: options.status ?? 'autorizado',
    referencia: `ref-${options.company}-${serie}-${options.numero}`,
    data_emissao: options.dhEmi,
    modelo: 57,
    serie,
    numero: options.numero,
    tipo_emissao: 1,
    valor_total: valor,
    chave,
    autorizacao: {
      id: `ev_${options.numero}`,
      status: 'registrado',
      codigo_status: 100,
      motivo_status: 'Autorizado o uso do CT-e',
      numero_protocolo: digits(random, 15),
      data_recebimento: options.dhEmi,
    },
  };
  return { record, xml, tomador: toma, remetente: rem, destinatario: dest, valor, icms };
}

/** ISO date-time (−03:00) for document `i` of `count`, spread over `months` months before `end`. */
export function issueTime(i: number, count: number, months = 12, end = Date.UTC(2026, 10, 1)): string {
  const span = months * 30 * 86_400_000;
  const at = new Date(end - span + Math.floor((span * i) / count) - 3 * 3_600_000);
  return `${at.toISOString().slice(0, 19)}-03:00`;
}
