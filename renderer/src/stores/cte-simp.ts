// The CT-e Simplificado form session: the shared issuing-form session over simp-model (drafts kind
// 'cte-simp'). Kept in a store so a visit to another screen does not lose what was typed.
import { defineStore } from 'pinia';
import { ref, watch } from 'vue';

import type { CommandOutput } from '@shared/contract';
import { cteSimpFormSchema } from '@shared/schemas/cte-simp-form';
import { formInput } from '../composables/form-input';
import { invoke } from '../bridge';
import { applyCompanyDefaults, routeCfop } from '../components/cte/company-defaults';
import { useFormSession } from '../composables/form-session';
import { useAppStore } from './app';
import type { DraftCopy } from './drafts';
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
  const app = useAppStore();
  /** The selected company's CT-e defaults (Empresas → Padrões do CT-e). */
  const defaults = () => {
    const selected = app.settings?.selectedCompany;
    return selected ? app.settings?.companyDefaults?.[selected] : undefined;
  };
  const session = useFormSession<CteSimpDraftData, SimpOutcome>({
    kind: 'cte-simp',
    steps: SIMP_STEPS,
    empty: () => applyCompanyDefaults(emptyCteSimpDraft(), defaults()),
    fromSaved: (raw) => ({ ...emptyCteSimpDraft(), ...((raw ?? {}) as Partial<CteSimpDraftData>) }),
    validate: validateCteSimp,
    title: draftTitle,
  });
  const { company, data } = session;
  // The CFOP follows the route's type until the clerk types one of their own.
  watch(
    () => [data.geral.ufIni, data.geral.ufFim] as const,
    ([ufIni, ufFim]) => {
      data.geral.cfop = routeCfop(data.geral.cfop, defaults(), ufIni, ufFim);
    },
  );

  function issueInput() {
    return {
      kind: 'cte-simp' as const,
      company: company.value ?? '',
      form: formInput(cteSimpFormSchema, toCteSimpInput(data)),
    };
  }

  const issue = () => session.send(() => invoke('cte:issue', issueInput()));

  /** The copy being edited and the NF-e keys it left out, said until the form starts over. */
  const copia = ref<DraftCopy['copia'] | null>(null);
  watch(company, () => {
    copia.value = null;
  });
  const reset: typeof session.reset = (...args) => {
    copia.value = null;
    session.reset(...args);
  };
  function loadCopy(draft: DraftCopy): void {
    reset();
    session.load(draft);
    copia.value = draft.copia.nfeRemovidas.length ? draft.copia : null;
  }

  return { ...session, reset, issueInput, issue, copia, loadCopy };
});
