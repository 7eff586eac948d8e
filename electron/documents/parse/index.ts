import { AppError } from '../../shared/errors';
import { parseCte } from './cte';
import { parseCteOs } from './cte-os';
import { parseCteSimp } from './cte-simp';
import { parseDce } from './dce';
import { parseEvent } from './event';
import { bundledMdfeEvents, parseMdfe, parseMdfeEvent } from './mdfe';
import { parseNfe } from './nfe';
import type { DocumentView } from './types';
import { el, parseXmlSafely } from './xml';

export type { DocumentView } from './types';

const SUPPORTED =
  'cteProc, CTe, cteSimpProc, CTeSimp, cteOSProc, CTeOS, dceProc, DCe, procEventoCTe, eventoCTe, procEventoDCe, eventoDCe, mdfeProc, MDFe, procEventoMDFe, eventoMDFe, nfeProc, NFe';

/** Parses any supported fiscal XML into its view model; unsupported roots get a clear error. */
export function parseDocument(xml: string): DocumentView {
  const { rootName, root } = parseXmlSafely(xml);
  switch (rootName) {
    case 'cteProc':
      return parseCte(el(root, 'CTe') ?? missing('CTe', rootName), el(root, 'protCTe'));
    case 'CTe':
      return parseCte(root, undefined);
    case 'cteSimpProc':
      return parseCteSimp(el(root, 'CTeSimp') ?? missing('CTeSimp', rootName), el(root, 'protCTe'));
    case 'CTeSimp':
      return parseCteSimp(root, undefined);
    case 'cteOSProc':
      return parseCteOs(el(root, 'CTeOS') ?? missing('CTeOS', rootName), el(root, 'protCTe'));
    case 'CTeOS':
      return parseCteOs(root, undefined);
    case 'dceProc':
      return parseDce(el(root, 'DCe') ?? missing('DCe', rootName), el(root, 'protDCe'));
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
    case 'nfeProc':
      return parseNfe(el(root, 'NFe') ?? missing('NFe', rootName), el(root, 'protNFe'));
    case 'NFe':
      return parseNfe(root, undefined);
    default:
      throw new AppError(
        'xml_unsupported_root',
        `Este XML não é um documento suportado: o elemento raiz é <${rootName}>. São aceitos: ${SUPPORTED}.`,
        { detail: `root=${rootName}` },
      );
  }
}

function missing(child: string, rootName: string): never {
  throw new AppError(
    'xml_incomplete',
    `O XML <${rootName}> não contém o elemento <${child}>; o arquivo parece incompleto.`,
  );
}
