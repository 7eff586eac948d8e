export * from './client';
export * from './errors';
export * from './paging';
export * from './schemas';
export { isReferenciaDuplicada } from './api/dfe';
export type { CteCorrecao, DfeKind, DfeListFilter } from './api/dfe';
