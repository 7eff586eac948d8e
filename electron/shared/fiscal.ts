// The pure fiscal helpers the renderer needs (it may import only electron/shared).
export { isValidAccessKey, normalizeAccessKey } from '../fiscal/access-key';
export type { Cfop } from '../fiscal/cfop';
export { cfopByCode, searchCfop } from '../fiscal/cfop';
export { ibgeMatchesUf, isValidIbgeMunicipio, ufOfMunicipio } from '../fiscal/ibge';
export { UFS, isUfSigla } from '../fiscal/uf';
export type { UfSigla } from '../fiscal/uf';
export type { EventDocumentKind } from '../fiscal/events';
export {
  CANCEL_WINDOW_HOURS,
  CORRECTABLE,
  CORRECTION_LIMITS,
  JUSTIFICATIVA_MAX,
  JUSTIFICATIVA_MIN,
  MAX_CORRECTION_LETTERS,
  MAX_CORRECTIONS_PER_LETTER,
  cancelWindowText,
  isCorrectable,
  justificativaFits,
} from '../fiscal/events';
export { isRouteAdjacent, proposeRoute } from '../fiscal/uf-adjacency';
export { isValidNcm, ncmChapterOf, normalizeNcm, searchNcm, suggestNcmChapters } from '../fiscal/ncm';
export type { NcmChapter, NcmOption } from '../fiscal/ncm';
export { CTE_CANCEL_BLOCKED_BY_MDFE } from '../fiscal/sefaz-codes';
export { MDFE_CANCEL_WINDOW_HOURS } from '../fiscal/mdfe-rules';
export {
  BRASILIA_OFFSET,
  brasiliaDayOf,
  brasiliaIso,
  brasiliaWallTime,
  withBrasiliaOffset,
} from '../fiscal/brasilia';
export { DH_EMI_AHEAD_MS, DH_EMI_BEHIND_HOURS, DH_EMI_BEHIND_MS } from '../fiscal/emission';
export {
  DISTRIBUICAO_WAIT_TEXT,
  MANIFESTACAO_DEADLINE_DAYS,
  MANIFESTACAO_NEAR_DAYS,
  isNfeHomologacaoName,
} from '../fiscal/nfe-inbox';
