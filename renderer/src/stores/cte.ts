// The CT-e form session: the draft being edited, live validation with the form's zod schema, the
// debounced autosave, the preview and the sending with its progress and outcome.
import { defineStore } from 'pinia';
import { computed, reactive, ref, watch } from 'vue';

import type { CommandOutput } from '../../../electron/shared/contract';
import type { CteForm } from '../../../electron/shared/schemas/cte-form';
import { CommandError, invoke } from '../bridge';
import type { CteDraftData, FieldErrors } from '../components/cte/form-model';
import {
  CTE_STEPS,
  countByStep,
  emptyCteDraft,
  stepOfPath,
  toSchemaInput,
  validateCte,
  withDefaults,
} from '../components/cte/form-model';
import { useAppStore } from './app';

export const AUTOSAVE_MS = 3000;
export type IssueOutcome = CommandOutput<'cte:issue'>;
export type SendPhase = 'idle' | 'enviando' | 'aguardando' | 'done';

export const useCteStore = defineStore('cte', () => {
  const app = useAppStore();
  const company = computed(() => app.settings?.selectedCompany ?? null);
  const data = reactive<CteDraftData>(emptyCteDraft());
  const draftId = ref<number | null>(null);
  const step = ref(0);
  /** Paths the clerk has edited; errors show there at once, elsewhere after "Próximo"/"Emitir". */
  const touched = reactive(new Set<string>());
  const visitedSteps = reactive(new Set<number>());
  const showAll = ref(false);
  /** What the API or SEFAZ named in the last rejection, by path. */
  const serverErrors = ref<FieldErrors>({});
  const rejection = ref<{ codigo: number | null; motivo: string } | null>(null);
  const saving = ref(false);
  const savedAt = ref<Date | null>(null);
  const saveError = ref<string | null>(null);
  const phase = ref<SendPhase>('idle');
  const outcome = ref<IssueOutcome | null>(null);
  const serie = ref<number | null>(null);
  const numero = ref<number | null>(null);

  const allErrors = computed<FieldErrors>(() => ({ ...validateCte(data), ...serverErrors.value }));
  const visible = computed<FieldErrors>(() => {
    const out: FieldErrors = {};
    for (const [path, message] of Object.entries(allErrors.value)) {
      const shown =
        showAll.value ||
        path in serverErrors.value ||
        visitedSteps.has(stepOfPath(path)) ||
        [...touched].some((t) => path === t || path.startsWith(`${t}.`));
      if (shown) out[path] = message;
    }
    return out;
  });
  const stepCounts = computed(() => countByStep(visible.value));
  const errorCount = computed(() => Object.keys(allErrors.value).length);

  function errorOf(path: string): string | undefined {
    return visible.value[path];
  }
  function touch(path: string): void {
    touched.add(path);
    if (path in serverErrors.value) {
      const next = { ...serverErrors.value };
      delete next[path];
      serverErrors.value = next;
    }
  }
  function goTo(index: number): void {
    visitedSteps.add(step.value);
    step.value = Math.max(0, Math.min(CTE_STEPS.length - 1, index));
  }

  // Autosave: a change restarts the timer; typing never waits for the save.
  let timer: ReturnType<typeof setTimeout> | null = null;
  let loading = false;
  watch(
    data,
    () => {
      if (loading) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void saveDraft(), AUTOSAVE_MS);
    },
    { deep: true },
  );

  function draftTitle(): string {
    const who = data.destinatario.xNome || data.remetente.xNome;
    const route = [data.geral.inicio.xMun, data.geral.fim.xMun].filter(Boolean).join(' → ');
    return [who, route].filter(Boolean).join(' · ').slice(0, 120) || 'CT-e sem título';
  }

  async function saveDraft(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!company.value) return;
    saving.value = true;
    try {
      const saved = await invoke('drafts:save', {
        id: draftId.value ?? undefined,
        kind: 'cte',
        company: company.value,
        title: draftTitle(),
        data: JSON.parse(JSON.stringify(data)) as unknown,
      });
      draftId.value = saved.id;
      savedAt.value = new Date();
      saveError.value = null;
    } catch (error) {
      saveError.value = error instanceof Error ? error.message : 'Não foi possível salvar o rascunho.';
    } finally {
      saving.value = false;
    }
  }

  function reset(next: CteDraftData = emptyCteDraft(), id: number | null = null): void {
    loading = true;
    Object.assign(data, next);
    draftId.value = id;
    touched.clear();
    visitedSteps.clear();
    showAll.value = false;
    serverErrors.value = {};
    rejection.value = null;
    outcome.value = null;
    phase.value = 'idle';
    step.value = 0;
    // The watcher fires after this tick; a freshly loaded draft is not a change.
    void Promise.resolve().then(() => {
      loading = false;
    });
  }

  function load(saved: { id: number; data: unknown }): void {
    reset(withDefaults(emptyCteDraft(), saved.data ?? {}), saved.id);
  }

  function issueInput() {
    return {
      kind: 'cte' as const,
      company: company.value ?? '',
      serie: serie.value ?? undefined,
      numero: numero.value ?? undefined,
      form: toSchemaInput(data) as unknown as CteForm,
    };
  }

  /** Shows every error and jumps to the first step that has one; false when the form is invalid. */
  function checkAll(jump = true): boolean {
    showAll.value = true;
    const first = Object.keys(allErrors.value)
      .map((p) => stepOfPath(p))
      .filter((i) => i >= 0)
      .sort((a, b) => a - b)[0];
    if (first === undefined) return true;
    if (jump) step.value = first;
    return false;
  }

  function applyRejection(codigo: number | null, motivo: string, fields: string[]): void {
    rejection.value = { codigo, motivo };
    const next: FieldErrors = {};
    for (const raw of fields) {
      const path = raw.replace(/^form\./, '');
      next[path] = codigo ? `Rejeição ${codigo}: ${motivo}` : motivo;
    }
    serverErrors.value = next;
    const first = fields
      .map((f) => stepOfPath(f))
      .filter((i) => i >= 0)
      .sort((a, b) => a - b)[0];
    if (first !== undefined) step.value = first;
  }

  async function issue(): Promise<IssueOutcome | null> {
    if (!checkAll() || !company.value) return null;
    rejection.value = null;
    serverErrors.value = {};
    phase.value = 'enviando';
    // The command returns only at the end; after a moment the wait is the authority's, not ours.
    const waiting = setTimeout(() => {
      if (phase.value === 'enviando') phase.value = 'aguardando';
    }, 1500);
    try {
      const result = await invoke('cte:issue', issueInput());
      outcome.value = result;
      if (result.rejection) {
        applyRejection(
          result.rejection.codigo,
          result.rejection.motivo ?? 'Rejeitado.',
          result.rejection.fields,
        );
      } else if (result.status === 'autorizado' && draftId.value !== null) {
        const id = draftId.value;
        draftId.value = null;
        await invoke('drafts:delete', { id }).catch(() => undefined);
      }
      return result;
    } catch (error) {
      if (error instanceof CommandError) applyRejection(null, error.message, error.fields ?? []);
      else throw error;
      return null;
    } finally {
      clearTimeout(waiting);
      phase.value = 'done';
    }
  }

  return {
    company,
    data,
    draftId,
    step,
    touched,
    showAll,
    serverErrors,
    rejection,
    saving,
    savedAt,
    saveError,
    phase,
    outcome,
    serie,
    numero,
    allErrors,
    visible,
    stepCounts,
    errorCount,
    errorOf,
    touch,
    goTo,
    saveDraft,
    reset,
    load,
    issueInput,
    checkAll,
    applyRejection,
    issue,
  };
});
