// Events and situation answers that travel with a document or beside it. Other systems hand out
// the CT-e with its events appended to the envelope (procCTe / cteProc with procEventoCTe children),
// the situation query answer (retConsSitCTe: protCTe plus a procEventoCTe list, MOC Visão Geral
// §4.5.2), and, for the layouts before the cancellation event, procCancCTe (cancCTe + retCancCTe).
// Some keep the procCancCTe name for the 4.00 event: it then holds the event and its answer
// (eventoCTe + retEventoCTe, or a procEventoCTe), or the answer alone; and some append the answer
// (retEventoCTe, TRetEvento of eventoCTeTiposBasico_v4.00.xsd) with no request at all. An answer is
// an event as far as the situation goes: it says which event (tpEvento), of which key (chCTe), and
// whether it was registered (cStat 135/136), so an accepted cancellation of this key counts wherever
// the envelope carries it (status.ts isCancellationOf).
import { parseAmbiente, parseProtocol } from './common';
import { parseEvent } from './event';
import type { Attachments, EventView, Protocol } from './types';
import { attr, el, els, txt } from './xml';
import type { XNode } from './xml';

/** Children that are elements (not attributes nor text). */
function childElements(node: XNode): [string, XNode[]][] {
  return Object.keys(node)
    .filter((k) => !k.startsWith('@_') && k !== '#text')
    .map((k) => [k, els(node, k)]);
}

function eventFrom(name: string, node: XNode): EventView | undefined {
  switch (name) {
    case 'procEventoCTe':
      return parseEvent(el(node, 'eventoCTe') ?? {}, el(node, 'retEventoCTe'), 'CT-e');
    case 'procEventoDCe':
      return parseEvent(el(node, 'eventoDCe') ?? {}, el(node, 'retEventoDCe'), 'DC-e');
    case 'eventoCTe':
      return parseEvent(node, undefined, 'CT-e');
    case 'eventoDCe':
      return parseEvent(node, undefined, 'DC-e');
    case 'retEventoCTe':
      return eventFromAnswer(node, 'CT-e');
    case 'retEventoDCe':
      return eventFromAnswer(node, 'DC-e');
    case 'procCancCTe':
      return cancCteEvent(node);
    default:
      return undefined;
  }
}

/**
 * An event known only by the authority's answer (retEventoCTe / retEventoDCe): what it says of the
 * event — type, key, sequence, registration — and nothing of the request (author, justification).
 * `impliedType` is the event the envelope names when the answer leaves tpEvento out (optional in
 * TRetEvento): procCancCTe is a cancellation.
 */
export function eventFromAnswer(ret: XNode, docType: 'CT-e' | 'DC-e', impliedType = ''): EventView {
  const inf = el(ret, 'infEvento') ?? {};
  const tpEvento = txt(inf, 'tpEvento') || impliedType;
  return {
    kind: 'event',
    docType,
    versao: attr(ret, 'versao'),
    ambiente: parseAmbiente(txt(inf, 'tpAmb')),
    cOrgao: txt(inf, 'cOrgao'),
    autor: '',
    chave: txt(inf, 'chCTe') || txt(inf, 'chDCe'),
    dhEvento: txt(inf, 'dhRegEvento'),
    tpEvento,
    descEvento: txt(inf, 'xEvento') || (tpEvento === '110111' ? 'Cancelamento' : `Evento ${tpEvento}`),
    nSeqEvento: txt(inf, 'nSeqEvento'),
    nProtCancelado: '',
    xJust: '',
    corrections: [],
    xCondUso: '',
    details: [],
    registro: {
      cStat: txt(inf, 'cStat'),
      xMotivo: txt(inf, 'xMotivo'),
      nProt: txt(inf, 'nProt'),
      dhRegEvento: txt(inf, 'dhRegEvento'),
    },
  };
}

/** The answer of a procCancCTe (retCancCTe/infCanc) as a protocol: cStat 101 is the cancellation. */
export function cancCteProtocol(procCancCTe: XNode): Protocol | undefined {
  const inf = el(procCancCTe, 'retCancCTe', 'infCanc');
  return inf === undefined ? undefined : parseProtocol(inf);
}

/**
 * A procCancCTe as the cancellation event it stands for, so it prints and counts like one: of the
 * older layouts (cancCTe + retCancCTe, whose cStat 101 "Cancelamento de CT-e homologado"
 * registers it), or holding the 4.00 event (eventoCTe + retEventoCTe, a procEventoCTe, or the
 * answer alone).
 */
export function cancCteEvent(procCancCTe: XNode): EventView {
  const fourZero = cancellationEvent(procCancCTe);
  if (fourZero !== undefined) return fourZero;
  const req = el(procCancCTe, 'cancCTe', 'infCanc');
  const ret = el(procCancCTe, 'retCancCTe', 'infCanc');
  const chave = txt(req, 'chCTe') || txt(ret, 'chCTe');
  const cStat = txt(ret, 'cStat');
  return {
    kind: 'event',
    docType: 'CT-e',
    versao: '',
    ambiente: parseAmbiente(txt(req, 'tpAmb') || txt(ret, 'tpAmb')),
    cOrgao: txt(ret, 'cUF'),
    autor: '',
    chave,
    dhEvento: txt(ret, 'dhRecbto'),
    tpEvento: '110111',
    descEvento: 'Cancelamento',
    nSeqEvento: '1',
    nProtCancelado: txt(req, 'nProt'),
    xJust: txt(req, 'xJust'),
    corrections: [],
    xCondUso: '',
    details: [],
    registro:
      ret === undefined
        ? undefined
        : {
            // 101 is how the old service said what the event registration says with 135.
            cStat: cStat === '101' ? '135' : cStat,
            xMotivo: txt(ret, 'xMotivo'),
            nProt: txt(ret, 'nProt'),
            dhRegEvento: txt(ret, 'dhRecbto'),
          },
  };
}

/** The 4.00 event a procCancCTe may hold instead of cancCTe/retCancCTe; undefined for the old shape. */
function cancellationEvent(procCancCTe: XNode): EventView | undefined {
  if (el(procCancCTe, 'cancCTe') !== undefined || el(procCancCTe, 'retCancCTe') !== undefined)
    return undefined;
  const proc = el(procCancCTe, 'procEventoCTe');
  const evento = el(proc, 'eventoCTe') ?? el(procCancCTe, 'eventoCTe');
  const ret = el(proc, 'retEventoCTe') ?? el(procCancCTe, 'retEventoCTe');
  if (evento !== undefined) {
    const event = parseEvent(evento, ret, 'CT-e');
    return event.tpEvento === '' ? { ...event, tpEvento: '110111', descEvento: 'Cancelamento' } : event;
  }
  return ret === undefined ? undefined : eventFromAnswer(ret, 'CT-e', '110111');
}

const ENVELOPE_EVENTS = [
  'procEventoCTe',
  'procEventoDCe',
  'eventoCTe',
  'eventoDCe',
  'procCancCTe',
  'retEventoCTe',
  'retEventoDCe',
];

/**
 * Events and situation protocols found among the children of an envelope, and one level further
 * down (some systems group them in a wrapper such as <eventos>). The document itself is skipped.
 */
export function collectAttachments(root: XNode, skip: readonly string[] = []): Attachments {
  const out: Attachments = { events: [], protocols: [] };
  const visit = (node: XNode, depth: number) => {
    for (const [name, nodes] of childElements(node)) {
      if (skip.includes(name)) continue;
      for (const child of nodes) {
        const event = ENVELOPE_EVENTS.includes(name) ? eventFrom(name, child) : undefined;
        if (event !== undefined) {
          out.events.push(event);
          if (name === 'procCancCTe') {
            const p = cancCteProtocol(child);
            if (p !== undefined) out.protocols.push(p);
          }
        } else if (depth === 0 && !['protCTe', 'protDCe', 'Signature'].includes(name)) visit(child, 1);
      }
    }
  };
  visit(root, 0);
  return out;
}

/** A situation answer (retConsSitCTe / retConsSitDCe): its protocol and its events. */
export function situationAttachments(root: XNode): Attachments {
  const attached = collectAttachments(root, ['protCTe', 'protDCe']);
  for (const name of ['protCTe', 'protDCe']) {
    const p = parseProtocol(el(root, name, 'infProt'));
    if (p !== undefined) attached.protocols.push(p);
  }
  return attached;
}

export function mergeAttachments(list: Attachments[]): Attachments {
  return {
    events: list.flatMap((a) => a.events),
    protocols: list.flatMap((a) => a.protocols),
  };
}
