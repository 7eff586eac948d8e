// The NF-e 4.00 body (leiauteNFe_v4.00, PL_010) in XSD element order, from a computed note.
// Only the groups a plain B2B sale needs: ICMS00, PIS/COFINS "Aliq", transport with volumes.
import { dec, group, leaf } from '../dfe/xml/writer';
import type { Party } from './catalog';
import { brDateTime, money } from './format';

export const NFE_NS = 'http://www.portalfiscal.inf.br/nfe';

export interface NoteItem {
  cProd: string;
  xProd: string;
  ncm: string;
  cfop: string;
  unit: string;
  qCom: number;
  vUnCom: number;
  vProd: number;
  pICMS: number;
  vICMS: number;
  vPIS: number;
  vCOFINS: number;
}

export interface NoteVolume {
  qVol: number;
  esp: string;
  marca: string;
  pesoL: number;
  pesoB: number;
}

export interface NoteTotals {
  vBC: number;
  vICMS: number;
  vProd: number;
  vPIS: number;
  vCOFINS: number;
  vNF: number;
}

export interface NoteContent {
  chave: string;
  cUF: string;
  cNF: string;
  serie: number;
  nNF: number;
  dhEmi: Date;
  tpAmb: 1 | 2;
  emit: Party;
  dest: Party;
  /** Homologação replaces the recipient's name, as the authority requires (rule 598). */
  destName: string;
  /** 0 CIF (emitter pays), 1 FOB (recipient pays), 9 no transport. */
  modFrete: 0 | 1 | 9;
  transporta: Party | null;
  autXml: string[];
  items: NoteItem[];
  volumes: NoteVolume[];
  totals: NoteTotals;
  infCpl: string;
}

const P_PIS = 1.65;
const P_COFINS = 7.6;

function address(tag: string, p: Party): string {
  return group(tag, [
    leaf('xLgr', p.xLgr),
    leaf('nro', p.nro),
    leaf('xBairro', p.xBairro),
    leaf('cMun', p.mun.ibge),
    leaf('xMun', p.mun.nome),
    leaf('UF', p.mun.uf),
    leaf('CEP', p.cep),
    leaf('cPais', '1058'),
    leaf('xPais', 'Brasil'),
    leaf('fone', p.fone),
  ]);
}

function ide(n: NoteContent): string {
  const interstate = n.emit.mun.uf !== n.dest.mun.uf;
  return group('ide', [
    leaf('cUF', n.cUF),
    leaf('cNF', n.cNF),
    leaf('natOp', 'Venda de mercadoria'),
    leaf('mod', '55'),
    leaf('serie', n.serie),
    leaf('nNF', n.nNF),
    leaf('dhEmi', brDateTime(n.dhEmi)),
    leaf('dhSaiEnt', brDateTime(n.dhEmi)),
    leaf('tpNF', '1'),
    leaf('idDest', interstate ? '2' : '1'),
    leaf('cMunFG', n.emit.mun.ibge),
    leaf('tpImp', '1'),
    leaf('tpEmis', '1'),
    leaf('cDV', n.chave.slice(-1)),
    leaf('tpAmb', n.tpAmb),
    leaf('finNFe', '1'),
    leaf('indFinal', '0'),
    leaf('indPres', '9'),
    leaf('indIntermed', '0'),
    leaf('procEmi', '0'),
    leaf('verProc', 'Carreta Sandbox 1.0'),
  ]);
}

function det(item: NoteItem, index: number): string {
  const q = item.qCom.toFixed(4);
  const unit = item.vUnCom.toFixed(10);
  const prod = group('prod', [
    leaf('cProd', item.cProd),
    leaf('cEAN', 'SEM GTIN'),
    leaf('xProd', item.xProd),
    leaf('NCM', item.ncm),
    leaf('CFOP', item.cfop),
    leaf('uCom', item.unit),
    leaf('qCom', q),
    leaf('vUnCom', unit),
    leaf('vProd', money(item.vProd)),
    leaf('cEANTrib', 'SEM GTIN'),
    leaf('uTrib', item.unit),
    leaf('qTrib', q),
    leaf('vUnTrib', unit),
    leaf('indTot', '1'),
  ]);
  const base = money(item.vProd);
  const imposto = group('imposto', [
    group('ICMS', [
      group('ICMS00', [
        leaf('orig', '0'),
        leaf('CST', '00'),
        leaf('modBC', '3'),
        leaf('vBC', base),
        leaf('pICMS', dec(item.pICMS, 2)),
        leaf('vICMS', money(item.vICMS)),
      ]),
    ]),
    group('PIS', [
      group('PISAliq', [
        leaf('CST', '01'),
        leaf('vBC', base),
        leaf('pPIS', dec(P_PIS, 4)),
        leaf('vPIS', money(item.vPIS)),
      ]),
    ]),
    group('COFINS', [
      group('COFINSAliq', [
        leaf('CST', '01'),
        leaf('vBC', base),
        leaf('pCOFINS', dec(P_COFINS, 4)),
        leaf('vCOFINS', money(item.vCOFINS)),
      ]),
    ]),
  ]);
  return group('det', [prod, imposto], { nItem: index + 1 });
}

function total(t: NoteTotals): string {
  const zero = money(0);
  return group('total', [
    group('ICMSTot', [
      leaf('vBC', money(t.vBC)),
      leaf('vICMS', money(t.vICMS)),
      leaf('vICMSDeson', zero),
      leaf('vFCP', zero),
      leaf('vBCST', zero),
      leaf('vST', zero),
      leaf('vFCPST', zero),
      leaf('vFCPSTRet', zero),
      leaf('vProd', money(t.vProd)),
      leaf('vFrete', zero),
      leaf('vSeg', zero),
      leaf('vDesc', zero),
      leaf('vII', zero),
      leaf('vIPI', zero),
      leaf('vIPIDevol', zero),
      leaf('vPIS', money(t.vPIS)),
      leaf('vCOFINS', money(t.vCOFINS)),
      leaf('vOutro', zero),
      leaf('vNF', money(t.vNF)),
    ]),
  ]);
}

function transp(n: NoteContent): string {
  const t = n.transporta;
  return group('transp', [
    leaf('modFrete', n.modFrete),
    t &&
      group('transporta', [
        leaf('CNPJ', t.cnpj),
        leaf('xNome', t.xNome),
        leaf('IE', t.ie),
        leaf('xEnder', `${t.xLgr}, ${t.nro} - ${t.xBairro}`),
        leaf('xMun', t.mun.nome),
        leaf('UF', t.mun.uf),
      ]),
    ...n.volumes.map((v) =>
      group('vol', [
        leaf('qVol', v.qVol),
        leaf('esp', v.esp),
        leaf('marca', v.marca),
        leaf('pesoL', v.pesoL.toFixed(3)),
        leaf('pesoB', v.pesoB.toFixed(3)),
      ]),
    ),
  ]);
}

/** The unsigned `<NFe>` element (namespace declared), ready for `signXml(…, 'NFe' + chave, 'NFe')`. */
export function buildNfeXml(n: NoteContent): string {
  const dest = group('dest', [
    leaf('CNPJ', n.dest.cnpj),
    leaf('xNome', n.destName),
    address('enderDest', n.dest),
    leaf('indIEDest', /^\d{2,14}$/.test(n.dest.ie) ? '1' : '9'),
    /^\d{2,14}$/.test(n.dest.ie) ? leaf('IE', n.dest.ie) : undefined,
  ]);
  const infNFe = group(
    'infNFe',
    [
      ide(n),
      group('emit', [
        leaf('CNPJ', n.emit.cnpj),
        leaf('xNome', n.emit.xNome),
        leaf('xFant', n.emit.xFant),
        address('enderEmit', n.emit),
        leaf('IE', n.emit.ie),
        leaf('CRT', '3'),
      ]),
      dest,
      ...n.autXml.map((cnpj) => group('autXML', [leaf('CNPJ', cnpj)])),
      ...n.items.map(det),
      total(n.totals),
      transp(n),
      group('pag', [group('detPag', [leaf('tPag', '15'), leaf('vPag', money(n.totals.vNF))])]),
      group('infAdic', [leaf('infCpl', n.infCpl)]),
    ],
    { versao: '4.00', Id: `NFe${n.chave}` },
  );
  return `<NFe xmlns="${NFE_NS}">${infNFe}</NFe>`;
}

export const PIS_RATE = P_PIS / 100;
export const COFINS_RATE = P_COFINS / 100;
