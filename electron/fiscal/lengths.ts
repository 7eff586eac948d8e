// Field lengths of the layouts, for the forms' schemas and the screens' inputs (one home: a screen's
// maxlength and the schema's max come from here). From the XSDs in ../shared/reference: CT-e and
// CT-e OS PL_CTe_400 (cteTiposBasico_v4.00.xsd; produção since 26/06/2023), MDF-e PL_MDFe_300b
// (mdfeTiposBasico_v3.00.xsd; since 13/10/2016, NT 2025.001 since 06/10/2025), and the Nuvem Fiscal
// API description where the API, not the layout, sets the limit (company register, averbação).
export const LENGTHS = {
  /** xNome of the parties, emit, condutor and proprietário (TString 2–60). */
  xNome: 60,
  /** xFant (1–60). */
  xFant: 60,
  /** enderEmit/enderReme: xLgr, nro, xCpl, xBairro, xMun (1–60 in the CT-e layout). */
  endereco: 60,
  /** cMun: IBGE code, 7 digits (TCodMunIBGE). */
  cMun: 7,
  /** UF sigla (TUf). */
  uf: 2,
  /** IE: up to 14 (TIe); the API's company register takes up to 20 for IE and IM. */
  ie: 14,
  inscricaoApi: 20,
  /** CFOP: 4 digits (TCfop). */
  cfop: 4,
  /** natOp (1–60). */
  natOp: 60,
  /** infCarga: proPred (1–60), xOutCat (1–30); infQ/tpMed (1–20). */
  proPred: 60,
  xOutCat: 30,
  tpMed: 20,
  /** ide/xDetRetira (1–160). */
  xDetRetira: 160,
  /** vPrest/Comp/xNome (1–15). */
  xNomeComp: 15,
  /** ObsCont/ObsFisco: xCampo (1–20); xTexto 1–160 in ObsCont, 1–60 in ObsFisco. */
  xCampo: 20,
  xTexto: 160,
  xTextoFisco: 60,
  /** compl/xObs and imp/infAdFisco (1–2000). */
  xObs: 2000,
  /** MDF-e infAdic/infCpl (1–5000) and the DC-e's observações. */
  infCpl: 5000,
  /** RNTRC: 8 digits. */
  rntrc: 8,
  /** CT-e OS rodoOS: TAF (12 digits), NroRegEstadual (1–25). */
  taf: 12,
  nroRegEstadual: 25,
  /** RENAVAM (9–11). */
  renavam: 11,
  /** Seguro: xSeg (1–30), nApol (1–20), nAver (1–40). */
  xSeg: 30,
  nApol: 20,
  nAver: 40,
  /** CT-e OS infServico/xDescServ (1–30). */
  xDescServ: 30,
  /** infDocRef (CT-e OS): nDoc (1–20), serie and subserie (1–3). */
  nDoc: 20,
  serieDoc: 3,
  /** IBSCBS: CST (3), cClassTrib (6) — NT 2025.002 RTC layout. */
  cst: 3,
  cClassTrib: 6,
  /** DC-e det/xProd and MDF-e prodPred/xProd (1–120). */
  xProd: 120,
  /** MDF-e infANTT: CIOT (12), valePed nCompra (1–20). */
  ciot: 12,
  nCompra: 20,
  /** MDF-e infPag: Comp/xComp (1–60), infBanc codBanco (3–5), codAgencia (1–10), PIX (2–60). */
  xComp: 60,
  codBanco: 5,
  codAgencia: 10,
  pix: 60,
  /** The averbadora's code (AT&M codatm) and a policy number. */
  codatm: 12,
  /** Número of the RPS série in the NFS-e settings (API: 1–5). */
  serieRps: 5,
  /** Party e-mail (CT-e and DC-e: 1–60). */
  email: 60,
  /** Justification of an uncovered cargo in the MDF-e insurance step (app note, at most 500). */
  motivo: 500,
  /** xMotivo of an authority's answer (TMotivo, 1–255, cteTiposBasico_v4.00.xsd). */
  xMotivo: 255,
  /** The API's company register: endereco.logradouro (maxLength 255, OpenAPI 2.58). */
  logradouroApi: 255,
  /** The API's NFS-e prefeitura credentials: login, senha, token (maxLength 255, OpenAPI 2.58). */
  credencialPrefeitura: 255,
  /**
   * A file's name as the user picked it (one path component: 255 on NTFS, ext4 and APFS), for an
   * uploaded certificate, an imported XML or an e-mail attachment.
   */
  fileName: 255,
} as const;

/**
 * Digits of a party's phone: TFone of the CT-e (6–14 digits), the DC-e's fone (7–12), and the
 * API's company register (a Brazilian number with DDD: 10 or 11).
 */
export const FONE_DIGITS = {
  cte: { min: 6, max: 14 },
  dce: { min: 7, max: 12 },
  empresa: { min: 10, max: 11 },
} as const;
