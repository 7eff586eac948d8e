// The CT-e OS form session: the draft being edited, live validation with cteos-form.ts, the
// debounced autosave (drafts kind 'cteos'), step navigation and the sending with its outcome.
import { defineStore } from 'pinia';
import { computed, reactive, ref, watch } from 'vue';

import type { CteOsForm } from '../../../../electron/shared/schemas/cteos-form';
import { CommandError, invoke } from '../../bridge';
import type { FieldErrors } from '../../components/cte/form-model';
import { countByStep, stepOfPath } from '../../components/cte/form-model';
import { useAppStore } from '../../stores/app';
import type { IssueOutcome, SendPhase } from '../../stores/cte';
import type { CteOsDraftData } from './cteos-model';
import {
  CTEOS_STEPS,
  draftTitle,
  emptyCteOsDraft,
  fromSaved,
  toCteOsInput,
  validateCteOs,
} from './cteos-model';

export const AUTOSAVE_MS = 3000;
const stepOf = (path: string) => stepOfPath(path, CTEOS_STEPS);

export const useCteOsStore = defineStore('cteos', () => {
  const app = useAppStore();
  const company = computed(() => app.settings?.selectedCompany ?? null);
  /** A new form, with the emitter's TAF / registro estadual of its last authorized CT-e OS. */
  function fresh(): CteOsDraftData {
    const d = emptyCteOsDraft();
    const last = company.value ? app.settings?.cteosRodo?.[company.value] : undefined;
    if (last) Object.assign(d.rodoviario, { taf: last.taf, nroRegEstadual: last.nroRegEstadual });
    return d;
  }
  /** Kept per company in the settings, so the clerk does not retype them on every CT-e OS. */
  async function rememberRodo(issued: CteOsDraftData): Promise<void> {
    const { taf, nroRegEstadual } = issued.rodoviario;
    if (!company.value || issued.geral.tpServ === 7 || !(taf || nroRegEstadual)) return;
    const all = app.settings?.cteosRodo ?? {};
    const known = all[company.value];
    if (known?.taf === taf && known.nroRegEstadual === nroRegEstadual) return;
    await app.updateSettings({ cteosRodo: { ...all, [company.value]: { taf, nroRegEstadual } } });
  }
  const data = reactive<CteOsDraftData>(fresh());
  const draftId = ref<number | null>(null);
  const step = ref(0);
  /** Paths the clerk has edited; errors show there at once, elsewhere after leaving the step. */
  const touched = reactive(new Set<string>());
  const visitedSteps = reactive(new Set<number>());
  const showAll = ref(false);
  const serverErrors = ref<FieldErrors>({});
  const rejection = ref<{ codigo: number | null; motivo: string } | null>(null);
  const saving = ref(false);
  const savedAt = ref<Date | null>(null);
  const saveError = ref<string | null>(null);
  const phase = ref<SendPhase>('idle');
  const outcome = ref<IssueOutcome | null>(null);
  const serie = ref<number | null>(null);

  const allErrors = computed<FieldErrors>(() => ({ ...validateCteOs(data), ...serverErrors.value }));
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
  const stepCounts = computed(() => countByStep(visible.value, CTEOS_STEPS));
  const errorCount = computed(() => Object.keys(allErrors.value).length);

  const errorOf = (path: string): string | undefined => visible.value[path];
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
    step.value = Math.max(0, Math.min(CTEOS_STEPS.length - 1, index));
  }

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

  async function saveDraft(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!company.value) return;
    saving.value = true;
    try {
      const saved = await invoke('drafts:save', {
        id: draftId.value ?? undefined,
        kind: 'cteos',
        company: company.value,
        title: draftTitle(data),
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
  const hasPendingSave = () => timer !== null;

  function reset(next: CteOsDraftData = fresh(), id: number | null = null): void {
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
    phase.value = 'idle';
    step.value = 0;
    // The watcher fires after this tick; a freshly loaded draft is not a change.
    void Promise.resolve().then(() => {
      loading = false;
    });
  }
  const load = (saved: { id: number; data: unknown }) => reset(fromSaved(saved.data), saved.id);

  function issueInput() {
    return {
      kind: 'cteos' as const,
      company: company.value ?? '',
      serie: serie.value ?? undefined,
      form: toCteOsInput(data) as unknown as CteOsForm,
    };
  }

  /** Shows every error and (by default) jumps to the first step with one; false when invalid. */
  function checkAll(jump = true): boolean {
    showAll.value = true;
    const first = Object.keys(allErrors.value)
      .map(stepOf)
      .filter((i) => i >= 0)
      .sort((a, b) => a - b)[0];
    if (first === undefined) return true;
    if (jump) step.value = first;
    return false;
  }

  function applyRejection(codigo: number | null, motivo: string, fields: string[]): void {
    rejection.value = { codigo, motivo };
    const next: FieldErrors = {};
    for (const raw of fields)
      next[raw.replace(/^form\./, '')] = codigo ? `Rejeição ${codigo}: ${motivo}` : motivo;
    serverErrors.value = next;
    const first = fields
      .map(stepOf)
      .filter((i) => i >= 0)
      .sort((a, b) => a - b)[0];
    if (first !== undefined) step.value = first;
  }

  async function issue(): Promise<IssueOutcome | null> {
    if (!checkAll() || !company.value) return null;
    rejection.value = null;
    serverErrors.value = {};
    phase.value = 'enviando';
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
      } else if (result.status === 'autorizado') {
        await rememberRodo(data).catch(() => undefined);
      }
      if (result.status === 'autorizado' && draftId.value !== null) {
        // Issued: a save still pending would bring the draft back.
        if (timer) clearTimeout(timer);
        timer = null;
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
    showAll,
    serverErrors,
    rejection,
    saving,
    savedAt,
    saveError,
    phase,
    outcome,
    serie,
    allErrors,
    visible,
    stepCounts,
    errorCount,
    errorOf,
    touch,
    goTo,
    saveDraft,
    hasPendingSave,
    reset,
    load,
    issueInput,
    checkAll,
    applyRejection,
    issue,
  };
});
