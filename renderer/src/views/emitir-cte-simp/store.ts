// The CT-e Simplificado form session: the draft being edited, live validation with its zod schema,
// the debounced autosave (drafts kind 'cte-simp'), the sending and its outcome. Kept in a store so
// a visit to another screen does not lose what was typed.
import { defineStore } from 'pinia';
import { computed, reactive, ref, watch } from 'vue';

import type { CommandOutput } from '../../../../electron/shared/contract';
import type { CteSimpForm } from '../../../../electron/shared/schemas/cte-simp-form';
import { CommandError, invoke } from '../../bridge';
import type { FieldErrors } from '../../components/cte/form-model';
import { countByStep, stepOfPath } from '../../components/cte/form-model';
import { useAppStore } from '../../stores/app';
import type { CteSimpDraftData } from './simp-model';
import { emptyCteSimpDraft, SIMP_STEPS, toCteSimpInput, validateCteSimp } from './simp-model';

export const SIMP_AUTOSAVE_MS = 3000;
export type SimpOutcome = CommandOutput<'cte:issue'>;

export const useCteSimpStore = defineStore('cte-simp', () => {
  const app = useAppStore();
  const company = computed(() => app.settings?.selectedCompany ?? null);
  const data = reactive<CteSimpDraftData>(emptyCteSimpDraft());
  const draftId = ref<number | null>(null);
  const step = ref(0);
  const touched = reactive(new Set<string>());
  const visitedSteps = reactive(new Set<number>());
  const showAll = ref(false);
  const serverErrors = ref<FieldErrors>({});
  const rejection = ref<{ codigo: number | null; motivo: string } | null>(null);
  const savedAt = ref<Date | null>(null);
  const saveError = ref<string | null>(null);
  const sending = ref(false);
  const outcome = ref<SimpOutcome | null>(null);

  const stepOf = (path: string) => stepOfPath(path, SIMP_STEPS);
  const allErrors = computed<FieldErrors>(() => ({ ...validateCteSimp(data), ...serverErrors.value }));
  const visible = computed<FieldErrors>(() => {
    const out: FieldErrors = {};
    for (const [path, message] of Object.entries(allErrors.value)) {
      const shown =
        showAll.value ||
        path in serverErrors.value ||
        visitedSteps.has(stepOf(path)) ||
        [...touched].some((t) => path === t || path.startsWith(`${t}.`));
      if (shown) out[path] = message;
    }
    return out;
  });
  const stepCounts = computed(() => countByStep(visible.value, SIMP_STEPS));

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
    step.value = Math.max(0, Math.min(SIMP_STEPS.length - 1, index));
  }

  let timer: ReturnType<typeof setTimeout> | null = null;
  let loading = false;
  watch(
    data,
    () => {
      if (loading) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void saveDraft(), SIMP_AUTOSAVE_MS);
    },
    { deep: true },
  );

  function draftTitle(): string {
    const n = data.entregas.length;
    const who = data.tomador.xNome;
    const count = n ? `${n} entrega${n > 1 ? 's' : ''}` : '';
    return [who, count].filter(Boolean).join(' · ').slice(0, 120) || 'CT-e simplificado sem título';
  }

  async function saveDraft(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!company.value) return;
    try {
      const saved = await invoke('drafts:save', {
        id: draftId.value ?? undefined,
        kind: 'cte-simp',
        company: company.value,
        title: draftTitle(),
        data: JSON.parse(JSON.stringify(data)) as unknown,
      });
      draftId.value = saved.id;
      savedAt.value = new Date();
      saveError.value = null;
    } catch (error) {
      saveError.value = error instanceof Error ? error.message : 'Não foi possível salvar o rascunho.';
    }
  }
  /** Leaving the screen: what is pending is saved at once. */
  function flush(): void {
    if (timer) void saveDraft();
  }

  function reset(next: CteSimpDraftData = emptyCteSimpDraft(), id: number | null = null): void {
    loading = true;
    if (timer) clearTimeout(timer);
    timer = null;
    Object.assign(data, next);
    draftId.value = id;
    touched.clear();
    visitedSteps.clear();
    showAll.value = false;
    serverErrors.value = {};
    rejection.value = null;
    outcome.value = null;
    step.value = 0;
    void Promise.resolve().then(() => {
      loading = false;
    });
  }
  function load(saved: { id: number; data: unknown }): void {
    const incoming = (saved.data ?? {}) as Partial<CteSimpDraftData>;
    reset({ ...emptyCteSimpDraft(), ...incoming } as CteSimpDraftData, saved.id);
  }

  function issueInput() {
    return {
      kind: 'cte-simp' as const,
      company: company.value ?? '',
      form: toCteSimpInput(data) as unknown as CteSimpForm,
    };
  }

  /** Shows every error and jumps to the first step that has one; false when the form is invalid. */
  function checkAll(): boolean {
    showAll.value = true;
    const first = Object.keys(allErrors.value)
      .map(stepOf)
      .filter((i) => i >= 0)
      .sort((a, b) => a - b)[0];
    if (first === undefined) return true;
    step.value = first;
    return false;
  }

  function applyRejection(codigo: number | null, motivo: string, fields: string[]): void {
    rejection.value = { codigo, motivo };
    serverErrors.value = Object.fromEntries(
      fields.map((f) => [f.replace(/^form\./, ''), codigo ? `Rejeição ${codigo}: ${motivo}` : motivo]),
    );
    const first = fields
      .map(stepOf)
      .filter((i) => i >= 0)
      .sort((a, b) => a - b)[0];
    if (first !== undefined) step.value = first;
  }

  async function issue(): Promise<SimpOutcome | null> {
    if (!checkAll() || !company.value) return null;
    rejection.value = null;
    serverErrors.value = {};
    sending.value = true;
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
      if (!(error instanceof CommandError)) throw error;
      applyRejection(null, error.message, error.fields ?? []);
      return null;
    } finally {
      sending.value = false;
    }
  }

  return {
    company,
    data,
    draftId,
    step,
    showAll,
    serverErrors,
    rejection,
    savedAt,
    saveError,
    sending,
    outcome,
    allErrors,
    stepCounts,
    errorOf,
    touch,
    goTo,
    saveDraft,
    flush,
    reset,
    load,
    issueInput,
    checkAll,
    issue,
  };
});
