// The authority's answer wrapped around the signed document: cteProc / cteOSProc / dceProc with
// the protocol, and procEventoCTe / procEventoDCe with the event result.
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

const CTE_NS = 'http://www.portalfiscal.inf.br/cte';
const DCE_NS = 'http://www.portalfiscal.inf.br/dce';

export function cteProcXml(signedCte: string, p: Protocol): string {
  return `<?xml version="1.0" encoding="UTF-8"?><cteProc xmlns="${CTE_NS}" versao="4.00">${stripDeclaration(signedCte)}${protCteXml(p)}</cteProc>`;
}

/** cteOSProc carries the protocol in an element also named protCTe (procCTeOS_v4.00.xsd). */
export function cteOSProcXml(signedCteOS: string, p: Protocol): string {
  return `<?xml version="1.0" encoding="UTF-8"?><cteOSProc xmlns="${CTE_NS}" versao="4.00">${stripDeclaration(signedCteOS)}${protCteXml(p)}</cteOSProc>`;
}

export function cteSimpProcXml(signedCteSimp: string, p: Protocol): string {
  return `<?xml version="1.0" encoding="UTF-8"?><cteSimpProc xmlns="${CTE_NS}" versao="4.00">${stripDeclaration(signedCteSimp)}${protCteXml(p)}</cteSimpProc>`;
}

export function dceProcXml(signedDce: string, p: Protocol): string {
  return `<?xml version="1.0" encoding="UTF-8"?><dceProc xmlns="${DCE_NS}" versao="1.00">${stripDeclaration(signedDce)}${protDceXml(p)}</dceProc>`;
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
  return `<?xml version="1.0" encoding="UTF-8"?><procEventoCTe xmlns="${CTE_NS}" versao="4.00">${stripDeclaration(signedEvento)}${retEventoXml('CTe', r)}</procEventoCTe>`;
}

export function procEventoDceXml(signedEvento: string, r: EventResult): string {
  return `<?xml version="1.0" encoding="UTF-8"?><procEventoDCe xmlns="${DCE_NS}" versao="1.00">${stripDeclaration(signedEvento)}${retEventoXml('DCe', r)}</procEventoDCe>`;
}
