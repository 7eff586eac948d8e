// How field components reach the form they belong to (CT-e or CT-e OS) without knowing which.
import type { InjectionKey } from 'vue';
import { inject, provide } from 'vue';

export interface FormContext {
  errorOf(path: string): string | undefined;
  touch(path: string): void;
  company(): string | null;
}

export const formContextKey: InjectionKey<FormContext> = Symbol('cte-form');

export function useFormContext(): FormContext {
  return (
    inject(formContextKey, null) ?? {
      errorOf: () => undefined,
      touch: () => undefined,
      company: () => null,
    }
  );
}

/** Called by a form's view: its fields report to `form` (an issuing-form store). */
export function provideFormContext(form: {
  errorOf(path: string): string | undefined;
  touch(path: string): void;
  company: string | null;
}): void {
  provide(formContextKey, { errorOf: form.errorOf, touch: form.touch, company: () => form.company });
}
