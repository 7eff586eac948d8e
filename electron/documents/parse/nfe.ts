import { emptyParty, keyFromId, parseAmbiente, parseParty, parseProtocol } from './common';
import type { NfeView, Party } from './types';
import { attr, el, els, txt } from './xml';
import type { XNode } from './xml';

/** Minimal NF-e view for pre-filling a CT-e from an nfeProc (parties, transport, totals, key, volumes). */
export function parseNfe(nfe: XNode, protNFe: XNode | undefined): NfeView {
  const inf = el(nfe, 'infNFe') ?? {};
  const ide = el(inf, 'ide');
  const transp = el(inf, 'transp');
  const transporta = el(transp, 'transporta');
  const protocol = parseProtocol(el(protNFe, 'infProt'));
  return {
    kind: 'nfe',
    chave: keyFromId(attr(inf, 'Id'), txt(protNFe, 'infProt', 'chNFe')),
    ambiente: parseAmbiente(txt(ide, 'tpAmb')),
    ide: {
      nNF: txt(ide, 'nNF'),
      serie: txt(ide, 'serie'),
      dhEmi: txt(ide, 'dhEmi') || txt(ide, 'dEmi'),
      natOp: txt(ide, 'natOp'),
      mod: txt(ide, 'mod'),
    },
    emit: parseParty(el(inf, 'emit'), 'enderEmit') ?? emptyParty(),
    dest: parseParty(el(inf, 'dest'), 'enderDest'),
    transp: {
      modFrete: txt(transp, 'modFrete'),
      transporta: transporta === undefined ? undefined : transportaParty(transporta),
      vol: els(transp, 'vol').map((v) => ({
        qVol: txt(v, 'qVol'),
        esp: txt(v, 'esp'),
        marca: txt(v, 'marca'),
        nVol: txt(v, 'nVol'),
        pesoL: txt(v, 'pesoL'),
        pesoB: txt(v, 'pesoB'),
      })),
    },
    totals: {
      vNF: txt(inf, 'total', 'ICMSTot', 'vNF'),
      vProd: txt(inf, 'total', 'ICMSTot', 'vProd'),
      vFrete: txt(inf, 'total', 'ICMSTot', 'vFrete'),
    },
    protocol,
  };
}

/** transporta keeps its address flat (xEnder, xMun, UF) instead of an ender group. */
function transportaParty(node: XNode): Party {
  const party = emptyParty();
  party.xNome = txt(node, 'xNome');
  party.CNPJ = txt(node, 'CNPJ');
  party.CPF = txt(node, 'CPF');
  party.IE = txt(node, 'IE');
  party.ender.xLgr = txt(node, 'xEnder');
  party.ender.xMun = txt(node, 'xMun');
  party.ender.UF = txt(node, 'UF');
  return party;
}
