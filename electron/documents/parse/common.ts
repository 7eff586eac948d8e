import type {
  Ambiente,
  CargoQuantity,
  CteCommon,
  CteView,
  Endereco,
  IbsCbsView,
  IcmsView,
  ObsField,
  Party,
  Protocol,
  ValueComponent,
} from './types';
import { attr, el, els, firstOf, txt } from './xml';
import type { XNode } from './xml';

export function parseEndereco(node: XNode | undefined, partyFone = ''): Endereco {
  return {
    xLgr: txt(node, 'xLgr'),
    nro: txt(node, 'nro'),
    xCpl: txt(node, 'xCpl'),
    xBairro: txt(node, 'xBairro'),
    cMun: txt(node, 'cMun'),
    xMun: txt(node, 'xMun'),
    UF: txt(node, 'UF'),
    CEP: txt(node, 'CEP'),
    xPais: txt(node, 'xPais'),
    fone: txt(node, 'fone') || partyFone,
  };
}

/** A party (emit, rem, dest, ...) with its address element named `enderName`. */
export function parseParty(node: XNode | undefined, enderName: string): Party | undefined {
  if (node === undefined) return undefined;
  const fone = txt(node, 'fone');
  return {
    xNome: txt(node, 'xNome'),
    xFant: txt(node, 'xFant'),
    CNPJ: txt(node, 'CNPJ'),
    CPF: txt(node, 'CPF'),
    idOutros: txt(node, 'idOutros') || txt(node, 'idEstrangeiro'),
    IE: txt(node, 'IE'),
    fone: fone || txt(node, enderName, 'fone'),
    email: txt(node, 'email') || txt(node, enderName, 'email'),
    ender: parseEndereco(el(node, enderName), fone),
  };
}

export function emptyParty(): Party {
  return {
    xNome: '',
    xFant: '',
    CNPJ: '',
    CPF: '',
    idOutros: '',
    IE: '',
    fone: '',
    email: '',
    ender: parseEndereco(undefined),
  };
}

/** tpAmb 1 produção, 2 homologação (MOC Anexo I, ide/tpAmb); anything else is not known to be produção. */
export function parseAmbiente(tpAmb: string): Ambiente {
  if (tpAmb === '1') return 'producao';
  if (tpAmb === '2') return 'homologacao';
  return 'desconhecido';
}

export function parseProtocol(infProt: XNode | undefined): Protocol | undefined {
  if (infProt === undefined) return undefined;
  return {
    nProt: txt(infProt, 'nProt'),
    dhRecbto: txt(infProt, 'dhRecbto'),
    cStat: txt(infProt, 'cStat'),
    xMotivo: txt(infProt, 'xMotivo'),
    tpAmb: txt(infProt, 'tpAmb'),
    chave: txt(infProt, 'chCTe') || txt(infProt, 'chDCe') || txt(infProt, 'chNFe'),
  };
}

/** The access key from `Id` (prefix letters dropped), or from the protocol when Id is absent. */
export function keyFromId(id: string, fallback = ''): string {
  const key = id.replace(/^[A-Za-z]{2,3}(?=[0-9])/, '');
  return key || fallback;
}

export function parseComponents(vPrest: XNode | undefined): ValueComponent[] {
  return els(vPrest, 'Comp').map((c) => ({ xNome: txt(c, 'xNome'), vComp: txt(c, 'vComp') }));
}

export function parseObs(compl: XNode | undefined, name: 'ObsCont' | 'ObsFisco'): ObsField[] {
  return els(compl, name).map((o) => ({ xCampo: attr(o, 'xCampo'), xTexto: txt(o, 'xTexto') }));
}

const ICMS_GROUPS = ['ICMS00', 'ICMS20', 'ICMS45', 'ICMS60', 'ICMS90', 'ICMSOutraUF', 'ICMSSN'] as const;

const CST_TEXT: Record<string, string> = {
  '00': 'Tributação normal do ICMS',
  '20': 'Tributação com BC reduzida do ICMS',
  '40': 'ICMS isenção',
  '41': 'ICMS não tributada',
  '51': 'ICMS diferido',
  '60': 'ICMS cobrado por substituição tributária',
  '90': 'ICMS outros',
};

export function parseIcms(imp: XNode | undefined): IcmsView | undefined {
  const found = firstOf(el(imp, 'ICMS'), ICMS_GROUPS);
  if (found === undefined) return undefined;
  const [group, node] = found;
  const CST = txt(node, 'CST');
  let description = CST_TEXT[CST] ?? '';
  if (group === 'ICMSOutraUF') description = 'ICMS devido à UF de origem da prestação';
  if (group === 'ICMSSN') description = 'Simples Nacional';
  return {
    group,
    CST,
    description,
    vBC: txt(node, 'vBC') || txt(node, 'vBCSTRet') || txt(node, 'vBCOutraUF'),
    pICMS: txt(node, 'pICMS') || txt(node, 'pICMSSTRet') || txt(node, 'pICMSOutraUF'),
    vICMS: txt(node, 'vICMS') || txt(node, 'vICMSSTRet') || txt(node, 'vICMSOutraUF'),
    pRedBC: txt(node, 'pRedBC') || txt(node, 'pRedBCOutraUF'),
    vCred: txt(node, 'vCred'),
  };
}

export function parseIbsCbs(imp: XNode | undefined): IbsCbsView | undefined {
  const node = el(imp, 'IBSCBS');
  if (node === undefined) return undefined;
  const g = el(node, 'gIBSCBS');
  return {
    CST: txt(node, 'CST'),
    cClassTrib: txt(node, 'cClassTrib'),
    vBC: txt(g, 'vBC'),
    pIBSUF: txt(g, 'gIBSUF', 'pIBSUF'),
    vIBSUF: txt(g, 'gIBSUF', 'vIBSUF'),
    pIBSMun: txt(g, 'gIBSMun', 'pIBSMun'),
    vIBSMun: txt(g, 'gIBSMun', 'vIBSMun'),
    vIBS: txt(g, 'vIBS'),
    pCBS: txt(g, 'gCBS', 'pCBS'),
    vCBS: txt(g, 'gCBS', 'vCBS'),
    vTotDFe: txt(imp, 'vTotDFe'),
  };
}

/** Tomador roles by the toma code (toma3/toma of the CT-e; the CT-e Simplificado names 4 otherwise). */
export const TOMA_ROLES: Readonly<Record<string, string>> = {
  '0': 'Remetente',
  '1': 'Expedidor',
  '2': 'Recebedor',
  '3': 'Destinatário',
  '4': 'Outros',
};

/** Informações da carga (infCarga) of the CT-e and the CT-e Simplificado. */
export function parseCarga(infCarga: XNode | undefined): CteView['carga'] {
  if (infCarga === undefined) return undefined;
  return {
    vCarga: txt(infCarga, 'vCarga'),
    proPred: txt(infCarga, 'proPred'),
    xOutCat: txt(infCarga, 'xOutCat'),
    infQ: els(infCarga, 'infQ').map((q): CargoQuantity => ({
      cUnid: txt(q, 'cUnid'),
      tpMed: txt(q, 'tpMed'),
      qCarga: txt(q, 'qCarga'),
    })),
  };
}

function parseIde(ide: XNode | undefined): CteCommon['ide'] {
  return {
    cUF: txt(ide, 'cUF'),
    CFOP: txt(ide, 'CFOP'),
    natOp: txt(ide, 'natOp'),
    mod: txt(ide, 'mod'),
    serie: txt(ide, 'serie'),
    nCT: txt(ide, 'nCT'),
    dhEmi: txt(ide, 'dhEmi'),
    tpEmis: txt(ide, 'tpEmis'),
    tpCTe: txt(ide, 'tpCTe'),
    modal: txt(ide, 'modal'),
    tpServ: txt(ide, 'tpServ'),
    UFIni: txt(ide, 'UFIni'),
    xMunIni: txt(ide, 'xMunIni'),
    cMunIni: txt(ide, 'cMunIni'),
    UFFim: txt(ide, 'UFFim'),
    xMunFim: txt(ide, 'xMunFim'),
    cMunFim: txt(ide, 'cMunFim'),
    indGlobalizado: txt(ide, 'indGlobalizado'),
    retira: txt(ide, 'retira'),
    xDetRetira: txt(ide, 'xDetRetira'),
    dhCont: txt(ide, 'dhCont'),
    xJust: txt(ide, 'xJust'),
  };
}

/**
 * The part of the view every CT-e layout fills alike (identification, emitter, service value,
 * taxes, observations, QR code, protocol), with the infCte nodes the layout reads further.
 * Each layout blanks the ide fields it does not have and replaces what it carries elsewhere.
 */
export function parseCteCommon(
  cte: XNode,
  protCTe: XNode | undefined,
): {
  inf: XNode;
  ide: XNode | undefined;
  compl: XNode | undefined;
  imp: XNode | undefined;
  common: CteCommon;
} {
  const inf = el(cte, 'infCte') ?? {};
  const ide = el(inf, 'ide');
  const protocol = parseProtocol(el(protCTe, 'infProt'));
  const compl = el(inf, 'compl');
  const imp = el(inf, 'imp');
  const common: CteCommon = {
    versao: attr(inf, 'versao') || attr(cte, 'versao'),
    chave: keyFromId(attr(inf, 'Id'), protocol === undefined ? '' : txt(protCTe, 'infProt', 'chCTe')),
    ambiente: parseAmbiente(txt(ide, 'tpAmb') || (protocol?.tpAmb ?? '')),
    ide: parseIde(ide),
    emit: parseParty(el(inf, 'emit'), 'enderEmit') ?? emptyParty(),
    vPrest: {
      vTPrest: txt(inf, 'vPrest', 'vTPrest'),
      vRec: txt(inf, 'vPrest', 'vRec'),
      comps: parseComponents(el(inf, 'vPrest')),
    },
    icms: parseIcms(imp),
    ibsCbs: parseIbsCbs(imp),
    vTotTrib: txt(imp, 'vTotTrib'),
    xObs: txt(compl, 'xObs'),
    obsCont: parseObs(compl, 'ObsCont'),
    obsFisco: parseObs(compl, 'ObsFisco'),
    qrCode: txt(cte, 'infCTeSupl', 'qrCodCTe'),
    protocol,
    attached: { events: [], protocols: [] },
  };
  return { inf, ide, compl, imp, common };
}
