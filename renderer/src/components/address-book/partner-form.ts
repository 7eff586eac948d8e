// The partner being edited in the catalog: an address-book entry opened in the form's party shape,
// checked with the CT-e form's own party schema so the catalog never keeps what a CT-e refuses.
import { partySchema } from '@shared/schemas/cte-form';
import type { PartyRecord } from '@shared/schemas/issuing';
import type { PartyDraft } from '../../views/emitir-cte/form-model';
import { emptyParty } from '../../views/emitir-cte/form-model';
import { mergeParty } from '../cte/party-merge';

export const PARTNER_PATH = 'parceiro';

export function partnerDraft(data: PartyRecord): PartyDraft {
  const draft = emptyParty();
  mergeParty(draft, data);
  return draft;
}

/** Empty strings become absent, so optional fields stay optional and required ones say "informe…". */
function clean(value: unknown): unknown {
  if (value === '' || value === null) return undefined;
  if (typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const c = clean(v);
    if (c !== undefined) out[k] = c;
  }
  return out;
}

export type PartnerCheck =
  { ok: true; party: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

/** Errors keyed by the editor's field paths (`parceiro.endereco.cMun`…). */
export function checkPartner(draft: PartyDraft): PartnerCheck {
  const input = clean(draft);
  const result = partySchema.safeParse(input);
  if (result.success) return { ok: true, party: input as Record<string, unknown> };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    errors[[PARTNER_PATH, ...issue.path.map(String)].join('.')] ??= issue.message;
  }
  return { ok: false, errors };
}
