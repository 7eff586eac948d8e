import type { NumberedKind } from '../../cache/repositories/issuing';
import type { Environment } from '../../cache/repositories/types';
import type { SefazFamily } from '../../fiscal/sefaz-codes';

/** What the clerk issues. `cte-simp` is a model-57 CT-e posted to /cte/simp: it numbers with 'cte'. */
export type IssueKind = 'cte' | 'cteos' | 'cte-simp' | 'dce' | 'mdfe';
export const ISSUE_KINDS = ['cte', 'cteos', 'cte-simp', 'dce', 'mdfe'] as const;

/** The numbering/cache family (the model): 57 → 'cte', 67 → 'cteos', 99 → 'dce', 58 → 'mdfe'. */
export function modelKind(kind: 'cte' | 'cteos' | 'cte-simp' | 'dce'): Exclude<NumberedKind, 'mdfe'>;
export function modelKind(kind: IssueKind): NumberedKind;
export function modelKind(kind: IssueKind): NumberedKind {
  return kind === 'cte-simp' ? 'cte' : kind;
}

/** Whose authority answers a kind: its rejection codes are read in fiscal/sefaz-codes.ts's table. */
export const sefazFamilyOf = (kind: IssueKind): SefazFamily =>
  kind === 'dce' ? 'dce' : kind === 'mdfe' ? 'mdfe' : 'cte';

/** The API path a kind posts to. */
export const emissionPath = (kind: IssueKind): string => (kind === 'cte-simp' ? '/cte/simp' : `/${kind}`);

export interface NumberingScope {
  company: string;
  kind: NumberedKind;
  serie: number;
  environment: Environment;
}

/** Statuses whose número is spent for good (the authority knows it). */
export const SPENT_STATUSES = ['autorizado', 'cancelado', 'denegado', 'encerrado'] as const;
