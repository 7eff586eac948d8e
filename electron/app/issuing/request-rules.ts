// The authority's request-only rules (fiscal/cte-rules.ts, MOC CT-e 4.00 Anexo I) checked on the
// payload the app built, before anything is reserved or sent: a breach stops the send with the
// clerk's words at the form field it names, instead of a rejection after the round trip.
import type { CteLayout } from '../../fiscal/cte-rules';
import { cteRuleBreaches } from '../../fiscal/cte-rules';
import type { CteFamilyRequest } from '../../fiscal/requests';
import { AppError } from '../../shared/errors';
import { formPathOf } from './field-paths';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Throws `cte_rules` naming each breach (message in Portuguese, the form fields to mark). */
export function assertCteRules(layout: CteLayout, payload: CteFamilyRequest): void {
  const breaches = cteRuleBreaches(layout, payload.infCte);
  if (breaches.length === 0) return;
  const fields = [...new Set(breaches.flatMap((b) => formPathOf(b.path) ?? []))];
  throw new AppError('cte_rules', breaches.map((b) => `${capitalize(b.message)}.`).join(' '), {
    fields,
    // What the SEFAZ would answer, for support: code, rule and the JSON path.
    detail: breaches.map((b) => `${b.cStat} (${b.rule}) em ${b.path}`).join('; '),
  });
}
