// The CT-e form session: the shared issuing-form session (draft, live validation, autosave,
// rejection by path, sending phases) over the CT-e form model, plus the chosen série and number.
import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';

import type { CommandOutput } from '@shared/contract';
import { isValidAccessKey } from '@shared/fiscal';
import { cteFormSchema } from '@shared/schemas/cte-form';
import { formInput } from '../composables/form-input';
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
import { blockedByWarnings, keepWarnings, pruneWarnings } from '../components/cte/nfe-warnings';
import { useFormSession } from '../composables/form-session';
import { useAppStore } from './app';
import type { DraftCopy } from './drafts';

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
      form: formInput(cteFormSchema, toSchemaInput(data)),
    };
  }

  // An NF-e taken out of the form takes its import warnings with it.
  watch(
    () => data.documentos.nfe.map((n) => n.chave).join(','),
    () => pruneWarnings(data),
  );
  /**
   * The form's NF-e already on a CT-e of the company (authorized or being sent), by key: said beside
   * the key on the documents step and kept as a warning to acknowledge, as the import does.
   */
  const nfeInUse = ref<Record<string, string>>({});
  let inUseTimer: ReturnType<typeof setTimeout> | null = null;
  async function checkNfeInUse(): Promise<void> {
    const chaves = data.documentos.nfe
      .map((n) => n.chave.toUpperCase().replace(/[^0-9A-Z]/g, ''))
      .filter((k) => k.length === 44 && isValidAccessKey(k));
    if (!company.value || chaves.length === 0) {
      nfeInUse.value = {};
      return;
    }
    try {
      const { usos } = await invoke('cte:nfeInUse', { company: company.value, chaves });
      nfeInUse.value = Object.fromEntries(
        usos.map((u) => [u.chave, `${u.documento}${u.situacao === 'em envio' ? ', ainda em envio' : ''}`]),
      );
      keepWarnings(
        data,
        usos.map((u) => `A NF-e ${u.chave} já consta em outro CT-e (${nfeInUse.value[u.chave]}).`),
        usos.map((u) => u.chave),
      );
    } catch {
      // Unknown (cache unreadable, offline host): nothing is claimed either way.
    }
  }
  watch(
    () => [company.value, data.documentos.nfe.map((n) => n.chave).join(',')],
    () => {
      if (inUseTimer) clearTimeout(inUseTimer);
      inUseTimer = setTimeout(() => void checkNfeInUse(), 250);
    },
  );
  /** Why Emitir is refused while the NF-e import's warnings are not acknowledged; null when free. */
  const warningsBlock = computed(() => blockedByWarnings(data));

  const issue = () =>
    warningsBlock.value ? Promise.resolve(null) : session.send(() => invoke('cte:issue', issueInput()));

  /** The copy being edited, with the NF-e keys it left out (shown until the form starts over). */
  const copia = ref<DraftCopy['copia'] | null>(null);
  watch(company, () => {
    copia.value = null;
  });
  const reset: typeof session.reset = (...args) => {
    copia.value = null;
    session.reset(...args);
  };
  const load: typeof session.load = (saved) => {
    copia.value = null;
    session.load(saved);
  };
  function loadCopy(draft: DraftCopy): void {
    load(draft);
    copia.value = draft.copia.nfeRemovidas.length ? draft.copia : null;
  }
  /** The clerk keeps the original's NF-e on purpose: back in, each with the warning to acknowledge. */
  function keepCopiedNfe(): void {
    const kept = copia.value;
    if (!kept) return;
    const present = new Set(data.documentos.nfe.map((n) => n.chave));
    for (const chave of kept.nfeRemovidas) if (!present.has(chave)) data.documentos.nfe.push({ chave });
    keepWarnings(
      data,
      kept.nfeRemovidas.map((chave) => `A NF-e ${chave} já consta em outro CT-e (${kept.de}).`),
      kept.nfeRemovidas,
    );
    copia.value = null;
  }

  return {
    ...session,
    reset,
    load,
    serie,
    numero,
    issueInput,
    issue,
    warningsBlock,
    copia,
    loadCopy,
    keepCopiedNfe,
    nfeInUse,
  };
});
