// How field components reach the form they belong to (CT-e or CT-e OS) without knowing which.
import type { InjectionKey } from 'vue';
import { inject } from 'vue';

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
