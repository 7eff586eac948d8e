// Live validation of the company form: a field's message appears once the user leaves it (or a
// lookup filled it), and every message of a step appears when the user tries to go on.
import type { Ref } from 'vue';
import { computed, ref } from 'vue';

import type { FieldErrors } from '../../composables/field-errors';
import type { CompanyForm } from './company-form';
import { pickErrors, validateCompany } from './company-form';

function valueAt(source: unknown, path: string): unknown {
  let value = source;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

export function useCompanyValidation(form: Ref<CompanyForm>) {
  const touched = ref(new Set<string>());
  /** Errors the last save answered (e.g. a CNPJ the API refused), shown until the field is edited. */
  const serverErrors = ref<Record<string, { message: string; value: unknown }>>({});

  const validation = computed(() => validateCompany(form.value));

  const errors = computed<FieldErrors>(() => ({
    ...pickErrors(validation.value.errors, touched.value),
    ...Object.fromEntries(
      Object.entries(serverErrors.value)
        .filter(([path, entry]) => valueAt(form.value, path) === entry.value)
        .map(([path, entry]) => [path, entry.message]),
    ),
  }));

  function touch(...paths: string[]): void {
    const next = new Set(touched.value);
    for (const path of paths) {
      next.add(path);
    }
    touched.value = next;
  }

  /** Marks the fields as touched; true when none of them has a problem. */
  function check(paths: readonly string[]): boolean {
    touch(...paths);
    return Object.keys(pickErrors(validation.value.errors, paths)).length === 0;
  }

  function setServerErrors(next: FieldErrors): void {
    serverErrors.value = Object.fromEntries(
      Object.entries(next).map(([path, message]) => [path, { message, value: valueAt(form.value, path) }]),
    );
  }

  function reset(): void {
    touched.value = new Set();
    serverErrors.value = {};
  }

  return { errors, validation, touch, check, setServerErrors, reset };
}
