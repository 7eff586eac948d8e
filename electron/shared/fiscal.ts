// The pure fiscal helpers the renderer needs (it may import only electron/shared).
export { isValidAccessKey, normalizeAccessKey } from '../fiscal/access-key';
export type { Cfop } from '../fiscal/cfop';
export { cfopByCode, searchCfop } from '../fiscal/cfop';
export { ibgeMatchesUf, isValidIbgeMunicipio, ufOfMunicipio } from '../fiscal/ibge';
export { UFS } from '../fiscal/uf';
