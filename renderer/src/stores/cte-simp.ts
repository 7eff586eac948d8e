// The CT-e Simplificado form session: the shared issuing-form session over simp-model (drafts kind
// 'cte-simp'). Kept in a store so a visit to another screen does not lose what was typed.
import { defineStore } from 'pinia';

import type { CommandOutput } from '@shared/contract';
import type { CteSimpForm } from '@shared/schemas/cte-simp-form';
import { invoke } from '../bridge';
import { useFormSession } from '../composables/form-session';
import type { CteSimpDraftData } from '../views/emitir-cte-simp/simp-model';
import {
  emptyCteSimpDraft,
  SIMP_STEPS,
  toCteSimpInput,
  validateCteSimp,
} from '../views/emitir-cte-simp/simp-model';

export { AUTOSAVE_MS as SIMP_AUTOSAVE_MS } from '../composables/form-session';
export type SimpOutcome = CommandOutput<'cte:issue'>;

function draftTitle(data: CteSimpDraftData): string {
  const n = data.entregas.length;
  const count = n ? `${n} entrega${n > 1 ? 's' : ''}` : '';
  return [data.tomador.xNome, count].filter(Boolean).join(' · ') || 'CT-e simplificado sem título';
}

export const useCteSimpStore = defineStore('cte-simp', () => {
  const session = useFormSession<CteSimpDraftData, SimpOutcome>({
    kind: 'cte-simp',
    steps: SIMP_STEPS,
    empty: emptyCteSimpDraft,
    fromSaved: (raw) => ({ ...emptyCteSimpDraft(), ...((raw ?? {}) as Partial<CteSimpDraftData>) }),
    validate: validateCteSimp,
    title: draftTitle,
  });
  const { company, data } = session;

  function issueInput() {
    return {
      kind: 'cte-simp' as const,
      company: company.value ?? '',
      form: toCteSimpInput(data) as unknown as CteSimpForm,
    };
  }

  const issue = () => session.send(() => invoke('cte:issue', issueInput()));

  return { ...session, issueInput, issue };
});
