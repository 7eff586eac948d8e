// One issuing-form session, shared by the CT-e, CT-e OS, CT-e Simplificado and DC-e stores: the
// draft being edited, live validation (errors show where the clerk has been), the debounced
// autosave to the cache, step navigation, the rejection the API or SEFAZ named by path and the
// sending with its phases. Each store adds only what its document has of its own.
import { computed, reactive, ref, shallowRef, watch } from 'vue';
import type { UnwrapRef } from 'vue';

import type { CommandInput } from '@shared/contract';
import { CommandError, invoke } from '../bridge';
import type { FieldErrors, StepDef } from '../views/emitir-cte/form-model';
import { countByStep, stepOfPath } from '../views/emitir-cte/form-model';
import { useAppStore } from '../stores/app';

export const AUTOSAVE_MS = 3000;
/** After this long the wait is the authority's, not ours: the screen says so. */
export const AWAITING_AUTHORITY_MS = 1500;
export type SendPhase = 'idle' | 'enviando' | 'aguardando' | 'done';
export type DraftKind = CommandInput<'drafts:save'>['kind'];

/** What every issuing command answers: a status and, when refused, the authority's reason. */
export interface SendResult {
  status: string;
  rejection?: {
    codigo: number | null;
    motivo?: string | null;
    fields: string[];
    problems?: FieldProblem[];
    detail?: string | null;
  } | null;
}

/** One problem of a refusal in words, with the form path it names (null: not on this form). */
export interface FieldProblem {
  field: string | null;
  message: string;
}

/** The refusal shown above the steps: the words, the raw text beside them, what no field shows. */
export interface ShownRejection {
  codigo: number | null;
  motivo: string;
  detail: string | null;
  /** Problems of fields this form does not have (the emitente is fixed in Empresas). */
  elsewhere: string[];
}

export interface FormSessionOptions<T extends object> {
  kind: DraftKind;
  /** A new, empty form (may depend on the company, e.g. remembered fields). */
  empty: () => T;
  /** A saved draft's data brought back to the current form shape. */
  fromSaved: (raw: unknown) => T;
  validate: (data: T) => FieldErrors;
  /** The draft list's title. */
  title: (data: T) => string;
  /** The stepper's steps; without them errors show only where the clerk has typed. */
  steps?: StepDef[];
}

/** The first step holding one of these paths, or undefined. */
function firstStep(paths: string[], steps: StepDef[]): number | undefined {
  return paths
    .map((p) => stepOfPath(p, steps))
    .filter((i) => i >= 0)
    .sort((a, b) => a - b)[0];
}

export function useFormSession<T extends object, R extends SendResult>(options: FormSessionOptions<T>) {
  const app = useAppStore();
  const steps = options.steps ?? [];
  const company = computed(() => app.settings?.selectedCompany ?? null);
  const data = reactive(options.empty()) as UnwrapRef<T> & T;
  const draftId = ref<number | null>(null);
  const step = ref(0);
  /** Paths the clerk has edited; errors show there at once, elsewhere after leaving the step. */
  const touched = reactive(new Set<string>());
  const visitedSteps = reactive(new Set<number>());
  const showAll = ref(false);
  /** What the API or SEFAZ named in the last rejection, by path. */
  const serverErrors = ref<FieldErrors>({});
  const rejection = ref<ShownRejection | null>(null);
  const saving = ref(false);
  const savedAt = ref<Date | null>(null);
  const saveError = ref<string | null>(null);
  const phase = ref<SendPhase>('idle');
  const sending = computed(() => phase.value === 'enviando' || phase.value === 'aguardando');
  /** What the screen says while sending. */
  const progressText = computed(() =>
    phase.value === 'enviando'
      ? 'Enviando…'
      : phase.value === 'aguardando'
        ? 'Aguardando autorização…'
        : null,
  );
  /** The last answer of the issuing command (authorized, pending or rejected). */
  const outcome = shallowRef<R | null>(null);

  const localErrors = computed<FieldErrors>(() => options.validate(data));
  const allErrors = computed<FieldErrors>(() => ({ ...localErrors.value, ...serverErrors.value }));
  const visible = computed<FieldErrors>(() => {
    const out: FieldErrors = {};
    for (const [path, message] of Object.entries(allErrors.value)) {
      const shown =
        showAll.value ||
        path in serverErrors.value ||
        visitedSteps.has(stepOfPath(path, steps)) ||
        [...touched].some((t) => path === t || path.startsWith(`${t}.`));
      if (shown) out[path] = message;
    }
    return out;
  });
  const stepCounts = computed(() => countByStep(visible.value, steps));
  const errorCount = computed(() => Object.keys(allErrors.value).length);

  const errorOf = (path: string): string | undefined => visible.value[path];
  function touch(path: string): void {
    touched.add(path);
    if (path in serverErrors.value) {
      const next = { ...serverErrors.value };
      delete next[path];
      serverErrors.value = next;
      // Every field the refusal named has been edited: its banner has nothing left to say.
      if (Object.keys(next).length === 0 && rejection.value?.elsewhere.length === 0) rejection.value = null;
    }
  }
  function goTo(index: number): void {
    visitedSteps.add(step.value);
    step.value = Math.max(0, Math.min(steps.length - 1, index));
  }

  // Autosave: a change restarts the timer; typing never waits for the save.
  let timer: ReturnType<typeof setTimeout> | null = null;
  let loading = false;
  /** Bumped by every reset: a save still in flight for an earlier form does not claim this one. */
  let generation = 0;
  const cancelPendingSave = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  watch(
    data,
    () => {
      if (loading) return;
      cancelPendingSave();
      timer = setTimeout(() => void saveDraft(), AUTOSAVE_MS);
    },
    { deep: true },
  );

  /** Saves the form as a draft of `owner` (the selected company unless told otherwise). */
  async function saveDraft(owner: string | null = company.value): Promise<void> {
    cancelPendingSave();
    if (!owner) return;
    const mine = generation;
    saving.value = true;
    try {
      const saved = await invoke('drafts:save', {
        id: draftId.value ?? undefined,
        kind: options.kind,
        company: owner,
        title: options.title(data).slice(0, 120),
        data: JSON.parse(JSON.stringify(data)) as unknown,
      });
      if (mine !== generation) return;
      draftId.value = saved.id;
      savedAt.value = new Date();
      saveError.value = null;
    } catch (error) {
      if (mine !== generation) return;
      saveError.value = error instanceof Error ? error.message : 'Não foi possível salvar o rascunho.';
    } finally {
      saving.value = false;
    }
  }
  /** Leaving the screen: what is pending is saved at once. */
  function flush(): void {
    if (timer) void saveDraft();
  }

  function reset(next: T = options.empty(), id: number | null = null): void {
    loading = true;
    generation += 1;
    cancelPendingSave();
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
    savedAt.value = null;
    saveError.value = null;
    // The watcher fires after this tick; a freshly loaded draft is not a change.
    void Promise.resolve().then(() => {
      loading = false;
    });
  }
  const load = (saved: { id: number; data: unknown }) => reset(options.fromSaved(saved.data), saved.id);

  // A company switch starts over (drafts and numbering belong to one emitter); what was still
  // waiting to be saved stays a draft of the company it was typed for.
  watch(company, (now, before) => {
    if (!before || now === before) return;
    if (timer) void saveDraft(before);
    reset();
  });

  /** Shows every error and (by default) jumps to the first step with one; false when invalid. */
  function checkAll(jump = true): boolean {
    showAll.value = true;
    const paths = Object.keys(allErrors.value);
    if (steps.length === 0) return paths.length === 0;
    const first = firstStep(paths, steps);
    if (first === undefined) return true;
    if (jump) step.value = first;
    return false;
  }

  /** A field of this form (a form without steps has every field it is told about). */
  const onForm = (path: string) => steps.length === 0 || stepOfPath(path, steps) >= 0;

  function applyRejection(
    codigo: number | null,
    motivo: string,
    fields: string[],
    problems: FieldProblem[] = [],
    detail: string | null = null,
  ): void {
    const byField = new Map<string, string>();
    for (const p of problems) {
      const field = p.field?.replace(/^form\./, '');
      if (field && onForm(field) && !byField.has(field)) byField.set(field, p.message);
    }
    const placed = fields.map((f) => f.replace(/^form\./, '')).filter(onForm);
    serverErrors.value = Object.fromEntries(placed.map((f) => [f, byField.get(f) ?? motivo]));
    const elsewhere = problems.filter((p) => !p.field || !onForm(p.field)).map((p) => p.message);
    rejection.value = { codigo, motivo, detail: detail === motivo ? null : detail, elsewhere };
    const first = firstStep(placed, steps);
    if (first !== undefined) step.value = first;
  }

  /**
   * Sends through `call` once the form passes `ready` (by default every error, server ones
   * included): the phases for the screen, the outcome kept, the rejection mapped onto the fields, the draft deleted
   * once authorized (a save still pending would bring it back). Null when nothing was sent or the
   * command refused the input.
   */
  async function send(
    call: () => Promise<R>,
    onAuthorized?: (result: R) => Promise<void>,
    ready: () => boolean = () => checkAll(),
  ): Promise<R | null> {
    if (!ready() || !company.value) return null;
    rejection.value = null;
    serverErrors.value = {};
    phase.value = 'enviando';
    const waiting = setTimeout(() => {
      if (phase.value === 'enviando') phase.value = 'aguardando';
    }, AWAITING_AUTHORITY_MS);
    try {
      const result = await call();
      outcome.value = result;
      if (result.rejection) {
        const r = result.rejection;
        applyRejection(r.codigo, r.motivo ?? 'Documento rejeitado.', r.fields, r.problems, r.detail ?? null);
      } else if (result.status === 'autorizado') {
        await onAuthorized?.(result).catch(() => undefined);
        if (draftId.value !== null) {
          cancelPendingSave();
          const id = draftId.value;
          draftId.value = null;
          await invoke('drafts:delete', { id }).catch(() => undefined);
        }
      }
      return result;
    } catch (error) {
      if (!(error instanceof CommandError)) throw error;
      applyRejection(null, error.message, error.fields ?? []);
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
    visitedSteps,
    showAll,
    serverErrors,
    rejection,
    saving,
    savedAt,
    saveError,
    phase,
    sending,
    progressText,
    outcome,
    localErrors,
    allErrors,
    visible,
    stepCounts,
    errorCount,
    errorOf,
    touch,
    goTo,
    saveDraft,
    flush,
    reset,
    load,
    checkAll,
    applyRejection,
    send,
  };
}
