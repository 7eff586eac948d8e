// How the DC-e field components reach the form's errors and "touched" marks.
import type { InjectionKey } from 'vue';
import { inject } from 'vue';

export interface DceFormContext {
  errorOf(path: string): string | undefined;
  touch(path: string): void;
}

export const dceFormKey: InjectionKey<DceFormContext> = Symbol('dce-form');

export function useDceForm(): DceFormContext {
  return inject(dceFormKey, null) ?? { errorOf: () => undefined, touch: () => undefined };
}
