// The local preview of a CT-e-like document (sandboxed HTML, no fiscal value) built from the exact
// payload to be sent; `build` gives null while the form still has problems.
import { ref } from 'vue';

import type { CommandInput } from '@shared/contract';
import { invoke } from '../../bridge';

export function usePreview(
  build: () => CommandInput<'cte:preview'> | null,
  options: { clearFirst?: boolean } = {},
) {
  const html = ref<string | null>(null);
  const loading = ref(false);
  const problem = ref<string | null>(null);

  async function refresh(): Promise<void> {
    if (options.clearFirst) html.value = null;
    const input = build();
    if (!input) return;
    loading.value = true;
    problem.value = null;
    try {
      html.value = (await invoke('cte:preview', input)).html;
    } catch (error) {
      problem.value = error instanceof Error ? error.message : 'Não foi possível gerar a prévia.';
    } finally {
      loading.value = false;
    }
  }

  return { html, loading, problem, refresh };
}
