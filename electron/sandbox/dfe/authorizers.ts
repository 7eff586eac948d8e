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

/**
 * tpEmis that carry `sign` in the CT-e's QR code: EPEC (4) and FS-DA (5), MOC CT-e 4.00 Visão Geral
 * §9.2.2 and Anexo I G215/G216 (853/854). The CT-e OS has no EPEC (its XSD takes 1, 5, 7, 8), so the
 * same set gives its H131 (FS-DA only).
 */
export const CTE_SIGNED_QR_TPEMIS: readonly number[] = [4, 5];

/** The QR code of the DACTE; `sign` (qrSign of the key) given when tpEmis asks for it. */
export function cteQrCode(
  uf: string,
  chave: string,
  tpAmb: 1 | 2,
  tpEmis: number,
  sign: () => string,
): string {
  const urls = QR_URLS[cteAuthorizerFor(uf)];
  const base = `${tpAmb === 1 ? urls.prod : urls.hom}?chCTe=${chave}&tpAmb=${tpAmb}`;
  return CTE_SIGNED_QR_TPEMIS.includes(tpEmis) ? `${base}&sign=${sign()}` : base;
}

export const DCE_QR_URL = 'https://www.fazenda.pr.gov.br/dce/qrcode';
/** Consultation page printed on the DACE (urlChave, 21–85 characters). */
export const DCE_URL_CHAVE = 'https://www.fazenda.pr.gov.br/dce/consulta';

/**
 * The DC-e's contingency tpEmis. The DC-e XSD (dceTiposBasico_v1.00.xsd, TtpEmis) enumerates 1 and
 * 2 — its annotation and the API description say "9 - Contingência off-line", which the schema does
 * not accept — so the sandbox follows the XSD: 2 is the contingency, and its QR code carries `sign`
 * (reference fiscal README F4: "required in contingência").
 */
export const DCE_TP_EMIS_CONTINGENCIA = 2;

export function dceQrCode(chave: string, tpAmb: 1 | 2, tpEmis: number, sign: () => string): string {
  const base = `${DCE_QR_URL}?chDCe=${chave}&tpAmb=${tpAmb}`;
  return tpEmis === DCE_TP_EMIS_CONTINGENCIA ? `${base}&sign=${sign()}` : base;
}
