// One consultation (CEP, CNPJ): the typed value, checked with the same schema the main side enforces
// before any request, the request with its loading state, and its result or the failure as a toast.
import type { Ref } from 'vue';
import { ref } from 'vue';
import type { z } from 'zod';

import { useNotifyStore } from '../../stores/notify';
import { issuesByField } from './zod-issues';

export interface LookupSpec<I, R> {
  parse(raw: string): { success: true; data: I } | { success: false; error: z.ZodError };
  /** The schema's field whose message is shown under the input. */
  field: string;
  invalid: string;
  fetch(input: I): Promise<R>;
  failure: string;
}

export function useLookup<I, R>(spec: LookupSpec<I, R>) {
  const notify = useNotifyStore();
  const value = ref('');
  const error = ref<string | null>(null);
  const loading = ref(false);
  const result = ref(null) as Ref<R | null>;

  async function search(): Promise<void> {
    const parsed = spec.parse(value.value);
    if (!parsed.success) {
      error.value = issuesByField(parsed.error)[spec.field] ?? spec.invalid;
      return;
    }
    error.value = null;
    loading.value = true;
    try {
      result.value = await spec.fetch(parsed.data);
    } catch (err) {
      result.value = null;
      notify.error(err, spec.failure);
    } finally {
      loading.value = false;
    }
  }

  return { value, error, loading, result, search };
}
