import { emptyParty, keyFromId, parseAmbiente, parseParty, parseProtocol } from './common';
import type { NfeView, Party } from './types';
import { attr, el, els, txt } from './xml';
import type { XNode } from './xml';

/**
 * Minimal NF-e view for pre-filling a CT-e or an MDF-e from an nfeProc (parties, transport, totals,
 * key, volumes, the items' NCM).
 */
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
      tpNF: txt(ide, 'tpNF'),
    },
    situacao: 'sem-protocolo',
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
    itens: els(inf, 'det').map((d) => ({
      xProd: txt(d, 'prod', 'xProd'),
      NCM: txt(d, 'prod', 'NCM'),
      vProd: txt(d, 'prod', 'vProd'),
    })),
    protocol,
  };
}

/**
 * The NF-e's situation from its protocol and the events in the same file (MOC NF-e: cStat 100/150
 * autorizado, 101/151/155 cancelamento homologado, 110/301–3xx denegado; an event 110111 registered
 * with 135/136/155 cancels). `envelope` is the nfeProc element.
 */
export function nfeSituacao(envelope: XNode | undefined, chave: string): NfeView['situacao'] {
  const cStat = txt(envelope, 'protNFe', 'infProt', 'cStat');
  const events = [
    ...els(envelope, 'retEvento').map((r) => el(r, 'infEvento')),
    ...els(envelope, 'procEventoNFe').map((p) => el(p, 'retEvento', 'infEvento')),
  ];
  const cancelledByEvent = events.some(
    (inf) =>
      txt(inf, 'tpEvento') === '110111' &&
      txt(inf, 'chNFe') === chave &&
      ['135', '136', '155'].includes(txt(inf, 'cStat')),
  );
  if (cancelledByEvent || ['101', '151', '155'].includes(cStat)) return 'cancelada';
  if (cStat === '110' || (Number(cStat) >= 301 && Number(cStat) <= 399)) return 'denegada';
  if (cStat === '100' || cStat === '150') return 'autorizada';
  return cStat === '' ? 'sem-protocolo' : 'nao-autorizada';
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
