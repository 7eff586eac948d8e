export * from './common';
export * from './cte';
export * from './cteos';
export type * from './input';
export * from './cte-simp';
export * from './mdfe';
