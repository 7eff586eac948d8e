// Which authority answers for an emitter's UF, and its QR code address (reference fact F2: the
// sped-cte / ACBr service tables). DC-e has a single authorizer (SEFAZ-PR, fact F4).

export type CteAuthorizer = 'MG' | 'MS' | 'MT' | 'PR' | 'SP' | 'SVSP' | 'RS' | 'SVRS';

const OWN: Record<string, CteAuthorizer> = { MG: 'MG', MS: 'MS', MT: 'MT', PR: 'PR', SP: 'SP', RS: 'RS' };
const SVSP_UFS = new Set(['AP', 'PE', 'RR']);

export function cteAuthorizerFor(uf: string): CteAuthorizer {
  return OWN[uf] ?? (SVSP_UFS.has(uf) ? 'SVSP' : 'SVRS');
}

const SP_PROD = 'https://nfe.fazenda.sp.gov.br/CTeConsulta/qrCode';
const SP_HOM = 'https://homologacao.nfe.fazenda.sp.gov.br/CTeConsulta/qrCode';
const SVRS = 'https://dfe-portal.svrs.rs.gov.br/cte/qrCode';

const QR_URLS: Record<CteAuthorizer, { prod: string; hom: string }> = {
  MG: {
    prod: 'https://portalcte.fazenda.mg.gov.br/portalcte/sistema/qrcode.xhtml',
    hom: 'https://portalcte.fazenda.mg.gov.br/portalcte/sistema/qrcode.xhtml',
  },
  MS: { prod: 'http://www.dfe.ms.gov.br/cte/qrcode', hom: 'http://www.dfe.ms.gov.br/cte/qrcode' },
  MT: {
    prod: 'https://www.sefaz.mt.gov.br/cte/qrcode',
    hom: 'https://homologacao.sefaz.mt.gov.br/cte/qrcode',
  },
  PR: { prod: 'http://www.fazenda.pr.gov.br/cte/qrcode', hom: 'http://www.fazenda.pr.gov.br/cte/qrcode' },
  SP: { prod: SP_PROD, hom: SP_HOM },
  SVSP: { prod: SP_PROD, hom: SP_HOM },
  RS: { prod: SVRS, hom: SVRS },
  SVRS: { prod: SVRS, hom: SVRS },
};

export function cteQrCode(uf: string, chave: string, tpAmb: 1 | 2): string {
  const urls = QR_URLS[cteAuthorizerFor(uf)];
  return `${tpAmb === 1 ? urls.prod : urls.hom}?chCTe=${chave}&tpAmb=${tpAmb}`;
}

export const DCE_QR_URL = 'https://www.fazenda.pr.gov.br/dce/qrcode';
/** Consultation page printed on the DACE (urlChave, 21–85 characters). */
export const DCE_URL_CHAVE = 'https://www.fazenda.pr.gov.br/dce/consulta';

export function dceQrCode(chave: string, tpAmb: 1 | 2): string {
  return `${DCE_QR_URL}?chDCe=${chave}&tpAmb=${tpAmb}`;
}
