import { parseAmbiente } from './common';
import type { EventView, LabeledValue } from './types';
import { attr, el, els, txt } from './xml';
import type { XNode } from './xml';

/** Descriptions used when the XML lacks descEvento. */
const EVENT_NAMES: Record<string, string> = {
  '110110': 'Carta de Correção',
  '110111': 'Cancelamento',
  '110113': 'EPEC',
  '110180': 'Comprovante de Entrega',
  '110181': 'Cancelamento do Comprovante de Entrega',
  '610110': 'Prestação do Serviço em Desacordo',
};

/**
 * An event of a CT-e (eventoCTe / procEventoCTe) or DC-e (eventoDCe / procEventoDCe). `evento` is the
 * eventoXXX element, `ret` the retEventoXXX element of the proc wrapper when present.
 */
export function parseEvent(evento: XNode, ret: XNode | undefined, docType: 'CT-e' | 'DC-e'): EventView {
  const inf = el(evento, 'infEvento') ?? {};
  const det = el(inf, 'detEvento');
  const body = firstChildElement(det);
  const tpEvento = txt(inf, 'tpEvento');
  const retInf = el(ret, 'infEvento');
  return {
    kind: 'event',
    docType,
    versao: attr(evento, 'versao'),
    ambiente: parseAmbiente(txt(inf, 'tpAmb')),
    cOrgao: txt(inf, 'cOrgao'),
    autor: txt(inf, 'CNPJ') || txt(inf, 'CPF'),
    chave: txt(inf, 'chCTe') || txt(inf, 'chDCe'),
    dhEvento: txt(inf, 'dhEvento'),
    tpEvento,
    descEvento: txt(body, 'descEvento') || EVENT_NAMES[tpEvento] || `Evento ${tpEvento}`,
    nSeqEvento: txt(inf, 'nSeqEvento'),
    nProtCancelado: tpEvento === '110111' ? txt(body, 'nProt') : '',
    xJust: txt(body, 'xJust'),
    corrections: els(body, 'infCorrecao').map((c) => ({
      grupoAlterado: txt(c, 'grupoAlterado'),
      campoAlterado: txt(c, 'campoAlterado'),
      valorAlterado: txt(c, 'valorAlterado'),
      nroItemAlterado: txt(c, 'nroItemAlterado'),
    })),
    xCondUso: txt(body, 'xCondUso'),
    details: tpEvento === '110111' || tpEvento === '110110' ? [] : leafFields(body),
    registro:
      retInf === undefined
        ? undefined
        : {
            cStat: txt(retInf, 'cStat'),
            xMotivo: txt(retInf, 'xMotivo'),
            nProt: txt(retInf, 'nProt'),
            dhRegEvento: txt(retInf, 'dhRegEvento'),
          },
  };
}

function firstChildElement(node: XNode | undefined): XNode | undefined {
  if (node === undefined) return undefined;
  const name = Object.keys(node).find((k) => !k.startsWith('@_') && k !== '#text');
  return name === undefined ? undefined : el(node, name);
}

/**
 * Simple fields of an event body for events without a dedicated layout, by path ("infEntrega/chNFe");
 * the attributes of nested groups (pgto nPag, idTransacao) as "@_name". The printout labels them.
 */
function leafFields(body: XNode | undefined): LabeledValue[] {
  const out: LabeledValue[] = [];
  const visit = (node: XNode, path: string[], depth: number) => {
    for (const [key, value] of Object.entries(node)) {
      if (key === '#text') continue;
      // descEvento is the title; xJust has its own block.
      if (depth === 0 && (key.startsWith('@_') || key === 'descEvento' || key === 'xJust')) continue;
      for (const child of Array.isArray(value) ? value : [value]) {
        if (typeof child === 'string') out.push({ label: [...path, key].join('/'), value: child });
        else if (!Array.isArray(child) && depth < 3) visit(child, [...path, key], depth + 1);
      }
    }
  };
  if (body !== undefined) visit(body, [], 0);
  return out;
}
