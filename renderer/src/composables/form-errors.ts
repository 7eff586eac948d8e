// Which errors an issuing form shows, and where: its own rules live (shown where the clerk has
// been: a touched field at once, a step once left, everything after "Emitir"), plus what the API or
// SEFAZ named in the last refusal, by field, until the clerk edits that field.
import { computed, reactive, ref } from 'vue';

import type { FieldErrors, StepDef } from '../views/emitir-cte/form-model';
import { countByStep, stepOfPath } from '../views/emitir-cte/form-model';

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

/** The first step holding one of these paths, or undefined. */
function firstStep(paths: string[], steps: StepDef[]): number | undefined {
  return paths
    .map((p) => stepOfPath(p, steps))
    .filter((i) => i >= 0)
    .sort((a, b) => a - b)[0];
}

export function useErrorVisibility(localErrors: () => FieldErrors, steps: StepDef[]) {
  const step = ref(0);
  /** Paths the clerk has edited; errors show there at once, elsewhere after leaving the step. */
  const touched = reactive(new Set<string>());
  const visitedSteps = reactive(new Set<number>());
  const showAll = ref(false);
  /** What the API or SEFAZ named in the last rejection, by path. */
  const serverErrors = ref<FieldErrors>({});
  const rejection = ref<ShownRejection | null>(null);

  const local = computed<FieldErrors>(localErrors);
  const allErrors = computed<FieldErrors>(() => ({ ...local.value, ...serverErrors.value }));
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

  /** Forgets the last refusal (a new sending starts). */
  function clearRejection(): void {
    rejection.value = null;
    serverErrors.value = {};
  }

  /** A new or reopened form: nothing touched, no refusal, the first step. */
  function reset(): void {
    touched.clear();
    visitedSteps.clear();
    showAll.value = false;
    clearRejection();
    step.value = 0;
  }

  return {
    step,
    touched,
    visitedSteps,
    showAll,
    serverErrors,
    rejection,
    localErrors: local,
    allErrors,
    visible,
    stepCounts,
    errorCount,
    errorOf,
    touch,
    goTo,
    checkAll,
    applyRejection,
    clearRejection,
    reset,
  };
}
