import { AppError } from '../../shared/errors';
import { parseCte } from './cte';
import { parseCteOs } from './cte-os';
import { parseCteSimp } from './cte-simp';
import { parseDce } from './dce';
import { parseEvent } from './event';
import { bundledMdfeEvents, parseMdfe, parseMdfeEvent } from './mdfe';
import { nfeSituacao, parseNfe } from './nfe';
import { cancCteEvent, collectAttachments, mergeAttachments, situationAttachments } from './attachments';
import type { Attachments, DocumentView, EventView } from './types';
import { el, parseXmlSafely, txt } from './xml';
import type { XNode } from './xml';

export type { DocumentView } from './types';

const SUPPORTED =
  'cteProc, procCTe, CTe, cteSimpProc, CTeSimp, cteOSProc, CTeOS, dceProc, DCe, procEventoCTe, eventoCTe, procEventoDCe, eventoDCe, procCancCTe, retConsSitCTe, mdfeProc, MDFe, procEventoMDFe, eventoMDFe, nfeProc, NFe';

/** The CT-e family inside an envelope: whichever of CTe, CTeOS, CTeSimp it holds. */
function cteEnvelope(root: XNode, rootName: string): DocumentView {
  const prot = el(root, 'protCTe');
  let view: DocumentView;
  let docName: string;
  if (el(root, 'CTeOS') !== undefined) {
    docName = 'CTeOS';
    view = parseCteOs(el(root, docName) ?? {}, prot);
  } else if (el(root, 'CTeSimp') !== undefined) {
    docName = 'CTeSimp';
    view = parseCteSimp(el(root, docName) ?? {}, prot);
  } else {
    docName = 'CTe';
    view = parseCte(el(root, docName) ?? missing('CTe', rootName), prot);
  }
  return withAttached(view, collectAttachments(root, [docName]));
}

function withAttached(view: DocumentView, attached: Attachments): DocumentView {
  if (view.kind !== 'cte' && view.kind !== 'cteos' && view.kind !== 'dce') return view;
  return { ...view, attached: mergeAttachments([view.attached, attached]) };
}

/**
 * A situation answer opened on its own has no document to print: its cancellation is printed when
 * it has one, else its last event; with no event the user is told what it says.
 */
function situationEvent(root: XNode, rootName: string): EventView {
  const { events } = situationAttachments(root);
  const chosen = events.find((e) => e.tpEvento === '110111') ?? events[events.length - 1];
  if (chosen !== undefined) return chosen;
  const situacao = [
    txt(root, 'protCTe', 'infProt', 'cStat') || txt(root, 'cStat'),
    txt(root, 'protCTe', 'infProt', 'xMotivo') || txt(root, 'xMotivo'),
  ]
    .filter(Boolean)
    .join(' - ');
  throw new AppError(
    'xml_no_printable',
    `Este XML <${rootName}> é a resposta de uma consulta de situação (${situacao || 'sem situação'}) e não traz o documento nem eventos para imprimir. Abra o XML do CT-e e escolha esta resposta como anexo.`,
  );
}

/** What a file says about documents besides a document: events and situation answers (for a printout's status). */
export function parseAttachmentXml(xml: string): Attachments {
  const { rootName, root } = parseXmlSafely(xml);
  if (rootName === 'retConsSitCTe' || rootName === 'retConsSitDCe') return situationAttachments(root);
  return collectAttachments({ [rootName]: root });
}

/** Parses any supported fiscal XML into its view model; unsupported roots get a clear error. */
export function parseDocument(xml: string): DocumentView {
  const { rootName, root } = parseXmlSafely(xml);
  switch (rootName) {
    case 'cteProc':
    case 'procCTe':
    case 'cteOSProc':
    case 'cteSimpProc':
      return cteEnvelope(root, rootName);
    case 'retConsSitCTe':
      return situationEvent(root, rootName);
    case 'procCancCTe':
      return cancCteEvent(root);
    case 'CTe':
      return parseCte(root, undefined);
    case 'CTeSimp':
      return parseCteSimp(root, undefined);
    case 'CTeOS':
      return parseCteOs(root, undefined);
    case 'dceProc':
      return withAttached(
        parseDce(el(root, 'DCe') ?? missing('DCe', rootName), el(root, 'protDCe')),
        collectAttachments(root, ['DCe']),
      );
    case 'DCe':
      return parseDce(root, undefined);
    case 'procEventoCTe':
      return parseEvent(
        el(root, 'eventoCTe') ?? missing('eventoCTe', rootName),
        el(root, 'retEventoCTe'),
        'CT-e',
      );
    case 'eventoCTe':
      return parseEvent(root, undefined, 'CT-e');
    case 'procEventoDCe':
      return parseEvent(
        el(root, 'eventoDCe') ?? missing('eventoDCe', rootName),
        el(root, 'retEventoDCe'),
        'DC-e',
      );
    case 'eventoDCe':
      return parseEvent(root, undefined, 'DC-e');
    case 'mdfeProc':
      return parseMdfe(
        el(root, 'MDFe') ?? missing('MDFe', rootName),
        el(root, 'protMDFe'),
        bundledMdfeEvents(root),
      );
    case 'MDFe':
      return parseMdfe(root, undefined);
    case 'procEventoMDFe':
      return parseMdfeEvent(
        el(root, 'eventoMDFe') ?? missing('eventoMDFe', rootName),
        el(root, 'retEventoMDFe'),
      );
    case 'eventoMDFe':
      return parseMdfeEvent(root, undefined);
    case 'nfeProc': {
      const nfe = parseNfe(el(root, 'NFe') ?? missing('NFe', rootName), el(root, 'protNFe'));
      return { ...nfe, situacao: nfeSituacao(root, nfe.chave) };
    }
    case 'NFe':
      return parseNfe(root, undefined);
    default:
      throw new AppError(
        'xml_unsupported_root',
        // The tag names stay in the detail (for support); the clerk reads what the file should be.
        'Este arquivo não é um documento que o Carreta lê: escolha o XML de um CT-e, CT-e OS, DC-e, MDF-e ou NF-e (ou de um evento deles), como baixado do Carreta, da SEFAZ ou enviado pelo fornecedor.',
        { detail: `Elemento raiz: <${rootName}>. Aceitos: ${SUPPORTED}.` },
      );
  }
}

function missing(child: string, rootName: string): never {
  throw new AppError(
    'xml_incomplete',
    `O XML <${rootName}> não contém o elemento <${child}>; o arquivo parece incompleto.`,
  );
}
