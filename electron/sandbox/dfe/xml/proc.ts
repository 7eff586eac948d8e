// The authority's answer wrapped around the signed document: cteProc / cteOSProc / dceProc with
// the protocol, and procEventoCTe / procEventoDCe with the event result.
import { CTE_NS, DCE_NS } from './ns';
import { group, leaf } from './writer';

export const VER_APLIC = 'SANDBOX-CARRETA-1.0';

export interface Protocol {
  tpAmb: 1 | 2;
  chave: string;
  dhRecbto: string;
  nProt?: string;
  digVal?: string;
  cStat: number;
  xMotivo: string;
}

/** Drops the XML declaration so a signed document can be embedded. */
export function stripDeclaration(xml: string): string {
  return xml.replace(/^<\?xml[^>]*\?>\s*/, '');
}

function infProt(p: Protocol, keyTag: 'chCTe' | 'chDCe'): string {
  return group('infProt', [
    leaf('tpAmb', p.tpAmb),
    leaf('verAplic', VER_APLIC),
    leaf(keyTag, p.chave),
    leaf('dhRecbto', p.dhRecbto),
    leaf('nProt', p.nProt),
    leaf('digVal', p.digVal),
    leaf('cStat', p.cStat),
    leaf('xMotivo', p.xMotivo),
  ]);
}

export function protCteXml(p: Protocol, ns?: string): string {
  return group('protCTe', [infProt(p, 'chCTe')], { ...(ns ? { xmlns: ns } : {}), versao: '4.00' });
}

export function protDceXml(p: Protocol, ns?: string): string {
  return group('protDCe', [infProt(p, 'chDCe')], { ...(ns ? { xmlns: ns } : {}), versao: '1.00' });
}

/** A signed document (or event) followed by the authority's answer, inside `root`. */
function wrapXml(root: string, ns: string, versao: string, signed: string, answer: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><${root} xmlns="${ns}" versao="${versao}">${stripDeclaration(signed)}${answer}</${root}>`;
}

export function cteProcXml(signedCte: string, p: Protocol): string {
  return wrapXml('cteProc', CTE_NS, '4.00', signedCte, protCteXml(p));
}

/** cteOSProc carries the protocol in an element also named protCTe (procCTeOS_v4.00.xsd). */
export function cteOSProcXml(signedCteOS: string, p: Protocol): string {
  return wrapXml('cteOSProc', CTE_NS, '4.00', signedCteOS, protCteXml(p));
}

export function cteSimpProcXml(signedCteSimp: string, p: Protocol): string {
  return wrapXml('cteSimpProc', CTE_NS, '4.00', signedCteSimp, protCteXml(p));
}

export function dceProcXml(signedDce: string, p: Protocol): string {
  return wrapXml('dceProc', DCE_NS, '1.00', signedDce, protDceXml(p));
}

export interface EventResult {
  tpAmb: 1 | 2;
  cOrgao: string;
  cStat: number;
  xMotivo: string;
  chave: string;
  tpEvento: string;
  xEvento: string;
  nSeqEvento: number;
  dhRegEvento: string;
  nProt?: string;
}

function retEventoXml(kind: 'CTe' | 'DCe', r: EventResult, ns?: string): string {
  const version = kind === 'CTe' ? '4.00' : '1.00';
  return group(
    `retEvento${kind}`,
    [
      group('infEvento', [
        leaf('tpAmb', r.tpAmb),
        leaf('verAplic', VER_APLIC),
        leaf('cOrgao', r.cOrgao),
        leaf('cStat', r.cStat),
        leaf('xMotivo', r.xMotivo),
        leaf(kind === 'CTe' ? 'chCTe' : 'chDCe', r.chave),
        leaf('tpEvento', r.tpEvento),
        leaf('xEvento', r.xEvento),
        leaf('nSeqEvento', r.nSeqEvento),
        leaf('dhRegEvento', r.dhRegEvento),
        leaf('nProt', r.nProt),
      ]),
    ],
    { ...(ns ? { xmlns: ns } : {}), versao: version },
  );
}

export function retEventoCteXml(r: EventResult): string {
  return retEventoXml('CTe', r, CTE_NS);
}

export function procEventoCteXml(signedEvento: string, r: EventResult): string {
  return wrapXml('procEventoCTe', CTE_NS, '4.00', signedEvento, retEventoXml('CTe', r));
}

export function procEventoDceXml(signedEvento: string, r: EventResult): string {
  return wrapXml('procEventoDCe', DCE_NS, '1.00', signedEvento, retEventoXml('DCe', r));
}
