// The debounced autosave of an issuing form to the cache's drafts: a change restarts the timer,
// typing never waits for the save, and a save still in flight for an earlier form (after a reset or
// another draft opened) never claims the form now on screen.
import type { Ref } from 'vue';
import { ref, watch } from 'vue';

import type { CommandInput } from '@shared/contract';
import { invoke } from '../bridge';

export const AUTOSAVE_MS = 3000;
export type DraftKind = CommandInput<'drafts:save'>['kind'];

export interface AutosaveOptions<T extends object> {
  kind: DraftKind;
  data: T;
  draftId: Ref<number | null>;
  /** The selected company: a draft belongs to it unless told otherwise. */
  company: () => string | null;
  title: (data: T) => string;
}

export function useAutosave<T extends object>(options: AutosaveOptions<T>) {
  const { data, draftId } = options;
  const saving = ref(false);
  const savedAt = ref<Date | null>(null);
  const saveError = ref<string | null>(null);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let loading = false;
  /** Bumped by every reset: a save still in flight for an earlier form does not claim this one. */
  let generation = 0;
  /** The generations whose document was authorized: a save of theirs still in flight is deleted. */
  const discarded = new Set<number>();

  const cancelPendingSave = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const pending = () => timer !== null;

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
  async function saveDraft(owner: string | null = options.company()): Promise<void> {
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
      if (discarded.has(mine)) {
        await invoke('drafts:delete', { id: saved.id }).catch(() => undefined);
        return;
      }
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

  /** Replaces the form's content without it counting as a change (a new form, a draft opened). */
  function replace(apply: () => void): void {
    loading = true;
    generation += 1;
    cancelPendingSave();
    apply();
    savedAt.value = null;
    saveError.value = null;
    // The watcher fires after this tick; a freshly loaded draft is not a change.
    void Promise.resolve().then(() => {
      loading = false;
    });
  }

  /**
   * Once authorized the draft goes, and nothing brings it back: the save still waiting on its timer
   * is cancelled (even when the form was never saved before) and a save already in flight deletes
   * what it wrote.
   */
  async function discard(): Promise<void> {
    cancelPendingSave();
    discarded.add(generation);
    generation += 1;
    const id = draftId.value;
    draftId.value = null;
    if (id !== null) await invoke('drafts:delete', { id }).catch(() => undefined);
  }

  return { saving, savedAt, saveError, pending, saveDraft, flush, replace, discard };
}
