// Public API of the fiscal domain rules: pure functions, no Node built-ins, no Electron; invalid
// input gives false / null, never an exception.
export {
  normalizeCnpj,
  isValidCnpj,
  cnpjCheckDigits,
  isValidCpf,
  cpfCheckDigits,
  isValidCpfCnpj,
  cpfCnpjKind,
} from './cnpj';
export {
  normalizeAccessKey,
  accessKeyCheckDigit,
  isValidAccessKey,
  parseAccessKey,
  buildCteKey,
  buildNfeKey,
  buildDceKey,
  buildMdfeKey,
  randomNumericCode,
} from './access-key';
export type {
  AccessKeyKind,
  ParsedAccessKey,
  ParseOptions,
  CteKeyFields,
  NfeKeyFields,
  DceKeyFields,
} from './access-key';
export { UFS, EXTERIOR, ufByCode, ufBySigla, findUf, isUf, isUfSigla } from './uf';
export type { Uf, UfSigla, UfOptions } from './uf';
export {
  EXTERIOR_MUNICIPIO,
  IBGE_DV_EXCEPTIONS,
  normalizeIbgeCode,
  ibgeCheckDigit,
  isValidIbgeMunicipio,
  ufOfMunicipio,
  ibgeMatchesUf,
} from './ibge';
export type { IbgeOptions } from './ibge';
export { ISENTO, UFS_WITHOUT_ISENTO_TOMADOR, normalizeIe, isValidIe, ufAcceptsIsentoTomador } from './ie';
export type { IeOptions } from './ie';
export { normalizeCep, isValidCep, ufForCep, cepMatchesUf } from './cep';
export {
  CTE_CFOPS,
  normalizeCfop,
  isCfopFormat,
  isCteCfop,
  cfopByCode,
  cfopScope,
  cfopMatchesService,
  cfopMatchesEmitter,
  searchCfop,
} from './cfop';
export type { Cfop, CfopScope } from './cfop';
export { neighbouringUfs, ufsBorder, isRouteAdjacent, proposeRoute } from './uf-adjacency';
export {
  MDFE_CANCEL_WINDOW_MS,
  MDFE_OPEN_ISSUER_LIMIT_MS,
  MDFE_OPEN_PLATE_LIMIT_MS,
  MDFE_OPEN_PLATE_MAX_PERCURSO,
  MDFE_MAX_CONDUTOR_EVENTS,
  MDFE_MAX_CONDUTORES,
  MDFE_MAX_REBOQUES,
  mdfeCancelTimeLeft,
  isNationalPlate,
  mdfeInsuranceProblem,
  openMdfeBlocks,
} from './mdfe-rules';
export type { MdfeSeguro, OpenMdfe } from './mdfe-rules';
export {
  CTE_REJECTIONS,
  DCE_REJECTIONS,
  MDFE_REJECTIONS,
  NFE_REJECTIONS,
  SEFAZ_REJECTIONS,
  sefazRejection,
} from './sefaz-codes';
export type {
  CteRejectionCode,
  DceRejectionCode,
  MdfeRejectionCode,
  NfeRejectionCode,
  SefazFamily,
  SefazRejection,
  SefazStage,
} from './sefaz-codes';
export {
  isCargaLotacao,
  isValidLatitude,
  isValidLongitude,
  LATITUDE_PATTERN,
  LONGITUDE_PATTERN,
  normalizeCoordinate,
  TP_TRANSP,
  tpTranspProblem,
} from './mdfe-lotacao';
