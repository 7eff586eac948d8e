import { fiscalRef } from '../../support/shared';

export const NFE_XSD = (name: string) => fiscalRef('nfephp-org_sped-nfe', 'schemes', 'PL_010_V1.30', name);

/** Every numeric value of `<tag>` in document order. */
export function numbers(xml: string, tag: string): number[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([^<]+)</${tag}>`, 'g'))].map((m) => Number(m[1]));
}

/** The event's detEvento as a standalone document (what the eXXXXXX_v1.00.xsd schemas describe). */
export function detEvento(xml: string): string {
  const m = /<detEvento[ >][\s\S]*?<\/detEvento>/.exec(xml);
  if (!m) throw new Error('sem detEvento');
  return m[0].replace('<detEvento', '<detEvento xmlns="http://www.portalfiscal.inf.br/nfe"');
}
