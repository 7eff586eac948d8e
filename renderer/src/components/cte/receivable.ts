// The amount to be received (vRec) against the service's total (vTPrest): it follows the total until
// the clerk types one of their own, and a difference is said in words wherever the clerk checks the
// values (beside the fields and on the review), so a repeated CT-e cannot carry a stale amount
// silently (issue 26, item 1).
import { formatMoney } from '@shared/format';

import type { Money } from '../../views/emitir-cte/form-model';

const cents = (v: Money): number | null => (v !== null && Number.isFinite(v) ? Math.round(v * 100) : null);

/**
 * The vRec once the total moved from `before` to `total`: the new total while vRec was empty or
 * still equal to the old total (it was following), else the clerk's own amount, kept.
 */
export function followTotal(vRec: Money, total: Money, before: Money): Money {
  if (cents(total) === null) return vRec;
  const rec = cents(vRec);
  return rec === null || rec === cents(before) ? total : vRec;
}

/** "a receber R$ 1.890,00 é menor que o total R$ 2.140,00 — confira"; null when they agree. */
export function receivableNote(vTPrest: Money, vRec: Money): string | null {
  const total = cents(vTPrest);
  const rec = cents(vRec);
  if (total === null || rec === null || total === rec) return null;
  const relation = rec < total ? 'menor' : 'maior';
  return `a receber ${formatMoney(rec / 100)} é ${relation} que o total ${formatMoney(total / 100)} — confira`;
}
