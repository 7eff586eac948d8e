// The CT-e form session: the shared issuing-form session (draft, live validation, autosave,
// rejection by path, sending phases) over the CT-e form model, plus the chosen série and number.
import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';

import type { CommandOutput } from '@shared/contract';
import type { CteForm } from '@shared/schemas/cte-form';
import { invoke } from '../bridge';
import type { CteDraftData } from '../views/emitir-cte/form-model';
import {
  CTE_STEPS,
  emptyCteDraft,
  toSchemaInput,
  validateCte,
  withDefaults,
} from '../views/emitir-cte/form-model';
import { applyCompanyDefaults, routeCfop } from '../components/cte/company-defaults';
import { blockedByWarnings, pruneWarnings } from '../components/cte/nfe-warnings';
import { useFormSession } from '../composables/form-session';
import { useAppStore } from './app';

export { AUTOSAVE_MS } from '../composables/form-session';
export type { SendPhase } from '../composables/form-session';
export type IssueOutcome = CommandOutput<'cte:issue'>;

function draftTitle(data: CteDraftData): string {
  const who = data.destinatario.xNome || data.remetente.xNome;
  const route = [data.geral.inicio.xMun, data.geral.fim.xMun].filter(Boolean).join(' → ');
  return [who, route].filter(Boolean).join(' · ') || 'CT-e sem título';
}

export const useCteStore = defineStore('cte', () => {
  const app = useAppStore();
  /** The selected company's CT-e defaults (Empresas → Padrões do CT-e). */
  const defaults = () => {
    const selected = app.settings?.selectedCompany;
    return selected ? app.settings?.companyDefaults?.[selected] : undefined;
  };
  const session = useFormSession<CteDraftData, IssueOutcome>({
    kind: 'cte',
    steps: CTE_STEPS,
    // A new CT-e starts from what every CT-e of the company repeats.
    empty: () => applyCompanyDefaults(emptyCteDraft(), defaults()),
    fromSaved: (raw) => withDefaults(emptyCteDraft(), raw ?? {}),
    validate: validateCte,
    title: draftTitle,
  });
  const { company, data } = session;
  const serie = ref<number | null>(defaults()?.serie ?? null);
  const numero = ref<number | null>(null);
  watch(company, () => {
    serie.value = defaults()?.serie ?? null;
  });
  // The CFOP follows the route's type (inside the state / to another state) until the clerk types one.
  watch(
    () => [data.geral.inicio.uf, data.geral.fim.uf] as const,
    ([ufIni, ufFim]) => {
      data.geral.cfop = routeCfop(data.geral.cfop, defaults(), ufIni, ufFim);
    },
  );

  function issueInput() {
    return {
      kind: 'cte' as const,
      company: company.value ?? '',
      serie: serie.value ?? undefined,
      numero: numero.value ?? undefined,
      form: toSchemaInput(data) as unknown as CteForm,
    };
  }

  // An NF-e taken out of the form takes its import warnings with it.
  watch(
    () => data.documentos.nfe.map((n) => n.chave).join(','),
    () => pruneWarnings(data),
  );
  /** Why Emitir is refused while the NF-e import's warnings are not acknowledged; null when free. */
  const warningsBlock = computed(() => blockedByWarnings(data));

  const issue = () =>
    warningsBlock.value ? Promise.resolve(null) : session.send(() => invoke('cte:issue', issueInput()));

  return { ...session, serie, numero, issueInput, issue, warningsBlock };
});
