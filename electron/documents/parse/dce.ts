import { emptyParty, keyFromId, parseAmbiente, parseParty, parseProtocol } from './common';
import type { DceView, LabeledValue } from './types';
import { attr, el, els, txt } from './xml';
import type { XNode } from './xml';

/** `DCe` element (inside dceProc or alone), layout 1.00 → view model. */
export function parseDce(dce: XNode, protDCe: XNode | undefined): DceView {
  const inf = el(dce, 'infDCe') ?? {};
  const ide = el(inf, 'ide');
  const protocol = parseProtocol(el(protDCe, 'infProt'));
  const transp = el(inf, 'transp');
  const infDec = el(inf, 'infDec');
  const infAdic = el(inf, 'infAdic');
  return {
    kind: 'dce',
    versao: attr(inf, 'versao') || attr(dce, 'versao'),
    chave: keyFromId(attr(inf, 'Id'), protocol === undefined ? '' : txt(protDCe, 'infProt', 'chDCe')),
    ambiente: parseAmbiente(txt(ide, 'tpAmb') || (protocol?.tpAmb ?? '')),
    ide: {
      cUF: txt(ide, 'cUF'),
      serie: txt(ide, 'serie'),
      nDC: txt(ide, 'nDC'),
      dhEmi: txt(ide, 'dhEmi'),
      tpEmis: txt(ide, 'tpEmis'),
      tpEmit: txt(ide, 'tpEmit'),
      mod: txt(ide, 'mod'),
    },
    emit: parseParty(el(inf, 'emit'), 'enderEmit') ?? emptyParty(),
    emissor: parseEmissor(inf),
    dest: parseParty(el(inf, 'dest'), 'enderDest'),
    items: els(inf, 'det').map((det) => ({
      nItem: attr(det, 'nItem'),
      xProd: txt(det, 'prod', 'xProd'),
      NCM: txt(det, 'prod', 'NCM'),
      qCom: txt(det, 'prod', 'qCom'),
      vUnCom: txt(det, 'prod', 'vUnCom'),
      vProd: txt(det, 'prod', 'vProd'),
    })),
    vDC: txt(inf, 'total', 'vDC'),
    transp:
      transp === undefined
        ? undefined
        : { modTrans: txt(transp, 'modTrans'), CNPJTransp: txt(transp, 'CNPJTransp') },
    infCpl: txt(infAdic, 'infCpl'),
    infAdFisco: txt(infAdic, 'infAdFisco'),
    declaracoes: Object.entries(infDec ?? {})
      .filter(([key, value]) => key.startsWith('xObs') && typeof value === 'string')
      .map(([, value]) => value as string),
    qrCode: txt(dce, 'infDCeSupl', 'qrCodDCe'),
    urlChave: txt(dce, 'infDCeSupl', 'urlChave'),
    protocol,
    attached: { events: [], protocols: [] },
  };
}

function parseEmissor(inf: XNode): LabeledValue | undefined {
  const fisco = el(inf, 'Fisco');
  if (fisco !== undefined)
    return { label: 'Fisco', value: `${txt(fisco, 'xOrgao')} ${txt(fisco, 'CNPJ')}`.trim() };
  for (const [name, label] of [
    ['Marketplace', 'Marketplace'],
    ['Transportadora', 'Transportadora'],
    ['ECT', 'ECT'],
  ] as const) {
    const node = el(inf, name);
    if (node !== undefined) return { label, value: `${txt(node, 'xNome')} ${txt(node, 'CNPJ')}`.trim() };
  }
  return undefined;
}
