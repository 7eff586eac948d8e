// The facts the inbox needs from what the distribution delivers: the full nfeProc (who the company
// is on the note: recipient, carrier, authorized to download), the resNFe summary and the event
// documents (procEventoNFe / resEvento). Same safe parser as the printouts (no DOCTYPE/ENTITY).
import { el, els, parseXmlSafely, txt } from '../../documents/parse/xml';
import type { XNode } from '../../documents/parse/xml';

export interface NoteFacts {
  chave: string;
  numero: number | null;
  serie: number | null;
  dataEmissao: string | null;
  dataAutorizacao: string | null;
  emitenteDoc: string | null;
  emitenteNome: string | null;
  valor: number | null;
  destDoc: string | null;
  transportaDoc: string | null;
  autXml: string[];
  /** 1 authorized, 3 cancelled (resNFe cSitNFe); null when unknown. */
  cSitNFe: number | null;
}

export interface EventFacts {
  chave: string;
  tipoEvento: string;
  sequencia: number;
  dataEvento: string | null;
  autorDoc: string | null;
}

const docOf = (node: XNode | undefined): string | null => txt(node, 'CNPJ') || txt(node, 'CPF') || null;
const intOr = (text: string): number | null => (text && /^\d+$/.test(text) ? Number(text) : null);
const numOr = (text: string): number | null => (text && Number.isFinite(Number(text)) ? Number(text) : null);

function fromNfeProc(root: XNode): NoteFacts {
  const inf = el(root, 'NFe', 'infNFe');
  const ide = el(inf, 'ide');
  const infProt = el(root, 'protNFe', 'infProt');
  const id = typeof inf?.['@_Id'] === 'string' ? inf['@_Id'] : '';
  return {
    chave: txt(infProt, 'chNFe') || id.replace(/^NFe/, ''),
    numero: intOr(txt(ide, 'nNF')),
    serie: intOr(txt(ide, 'serie')),
    dataEmissao: txt(ide, 'dhEmi') || null,
    dataAutorizacao: txt(infProt, 'dhRecbto') || null,
    emitenteDoc: docOf(el(inf, 'emit')),
    emitenteNome: txt(inf, 'emit', 'xNome') || null,
    valor: numOr(txt(inf, 'total', 'ICMSTot', 'vNF')),
    destDoc: docOf(el(inf, 'dest')),
    transportaDoc: docOf(el(inf, 'transp', 'transporta')),
    autXml: els(inf, 'autXML')
      .map((node) => docOf(node))
      .filter((d): d is string => d !== null),
    cSitNFe: 1,
  };
}

function fromResNFe(root: XNode): NoteFacts {
  return {
    chave: txt(root, 'chNFe'),
    numero: null,
    serie: null,
    dataEmissao: txt(root, 'dhEmi') || null,
    dataAutorizacao: txt(root, 'dhRecbto') || null,
    emitenteDoc: docOf(root),
    emitenteNome: txt(root, 'xNome') || null,
    valor: numOr(txt(root, 'vNF')),
    destDoc: null,
    transportaDoc: null,
    autXml: [],
    cSitNFe: intOr(txt(root, 'cSitNFe')),
  };
}

/** A note document (nfeProc or resNFe); null for anything else. */
export function parseNoteXml(xml: string): NoteFacts | null {
  const { rootName, root } = parseXmlSafely(xml);
  if (rootName === 'nfeProc') return fromNfeProc(root);
  if (rootName === 'resNFe') return fromResNFe(root);
  return null;
}

/** An event document (procEventoNFe or resEvento); null for anything else. */
export function parseEventXml(xml: string): EventFacts | null {
  const { rootName, root } = parseXmlSafely(xml);
  const inf =
    rootName === 'procEventoNFe'
      ? el(root, 'evento', 'infEvento')
      : rootName === 'resEvento'
        ? root
        : undefined;
  if (!inf) return null;
  return {
    chave: txt(inf, 'chNFe'),
    tipoEvento: txt(inf, 'tpEvento'),
    sequencia: intOr(txt(inf, 'nSeqEvento')) ?? 1,
    dataEvento: txt(inf, 'dhEvento') || null,
    autorDoc: docOf(inf),
  };
}

/** The company's roles on a full note: recipient (manifests) and/or carrier (transporta, autXML). */
export function rolesOf(facts: NoteFacts, company: string): { dest: boolean; carrier: boolean } {
  return {
    dest: facts.destDoc === company,
    carrier: facts.transportaDoc === company || facts.autXml.includes(company),
  };
}
