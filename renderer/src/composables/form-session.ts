// One issuing-form session, shared by the CT-e, CT-e OS, CT-e Simplificado and DC-e stores: the
// draft being edited and its company, made of three parts — the autosave (form-autosave.ts), which
// errors show where (form-errors.ts, with the refusal the API or SEFAZ named by path) and the
// sending with its phases (form-sending.ts). Each store adds only what its document has of its own.
import { computed, reactive, ref, watch } from 'vue';
import type { UnwrapRef } from 'vue';

import type { FieldErrors, StepDef } from '../views/emitir-cte/form-model';
import { useAppStore } from '../stores/app';
import { useAutosave } from './form-autosave';
import type { DraftKind } from './form-autosave';
import { useErrorVisibility } from './form-errors';
import { useSending } from './form-sending';
import type { SendResult } from './form-sending';

export { AUTOSAVE_MS } from './form-autosave';
export type { DraftKind } from './form-autosave';
export type { FieldProblem, ShownRejection } from './form-errors';
export { AWAITING_AUTHORITY_MS } from './form-sending';
export type { SendPhase, SendResult } from './form-sending';

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

export function useFormSession<T extends object, R extends SendResult>(options: FormSessionOptions<T>) {
  const app = useAppStore();
  const company = computed(() => app.settings?.selectedCompany ?? null);
  const data = reactive(options.empty()) as UnwrapRef<T> & T;
  const draftId = ref<number | null>(null);

  const autosave = useAutosave<T>({
    kind: options.kind,
    data,
    draftId,
    company: () => company.value,
    title: options.title,
  });
  const errors = useErrorVisibility(() => options.validate(data), options.steps ?? []);
  const sending = useSending<R>({
    ready: () => errors.checkAll(),
    clearRejection: errors.clearRejection,
    applyRejection: errors.applyRejection,
    authorized: autosave.discard,
  });

  function reset(next: T = options.empty(), id: number | null = null): void {
    autosave.replace(() => {
      Object.assign(data, next);
      draftId.value = id;
    });
    errors.reset();
    sending.reset();
  }
  const load = (saved: { id: number; data: unknown }) => reset(options.fromSaved(saved.data), saved.id);

  // A company switch starts over (drafts and numbering belong to one emitter); what was still
  // waiting to be saved stays a draft of the company it was typed for.
  watch(company, (now, before) => {
    if (!before || now === before) return;
    if (autosave.pending()) void autosave.saveDraft(before);
    reset();
  });

  /** Sends once the form passes `ready` (by default every error, server ones included) and a company is chosen. */
  const send = (
    call: () => Promise<R>,
    onAuthorized?: (result: R) => Promise<void>,
    ready: () => boolean = () => errors.checkAll(),
  ) => sending.send(call, onAuthorized, () => ready() && company.value !== null);

  return {
    company,
    data,
    draftId,
    step: errors.step,
    touched: errors.touched,
    visitedSteps: errors.visitedSteps,
    showAll: errors.showAll,
    serverErrors: errors.serverErrors,
    rejection: errors.rejection,
    saving: autosave.saving,
    savedAt: autosave.savedAt,
    saveError: autosave.saveError,
    phase: sending.phase,
    sending: sending.sending,
    progressText: sending.progressText,
    outcome: sending.outcome,
    localErrors: errors.localErrors,
    allErrors: errors.allErrors,
    visible: errors.visible,
    stepCounts: errors.stepCounts,
    errorCount: errors.errorCount,
    errorOf: errors.errorOf,
    touch: errors.touch,
    goTo: errors.goTo,
    saveDraft: autosave.saveDraft,
    flush: autosave.flush,
    reset,
    load,
    checkAll: errors.checkAll,
    applyRejection: errors.applyRejection,
    send,
  };
}
