// Saved drafts ("Rascunhos") of the issuing forms: list, delete and duplicate an issued document.
import { defineStore } from 'pinia';
import { ref } from 'vue';

import { invoke } from '../bridge';

export type DraftKind = 'cte' | 'cteos' | 'cte-simp' | 'dce' | 'mdfe';
export interface DraftItem {
  id: number;
  kind: string;
  company: string;
  title: string | null;
  data: unknown;
  createdAt: string;
  updatedAt: string;
}

export const useDraftsStore = defineStore('drafts', () => {
  const drafts = ref<DraftItem[]>([]);
  const loading = ref(false);

  async function load(company: string, kind?: DraftKind): Promise<void> {
    loading.value = true;
    try {
      drafts.value = (await invoke('drafts:list', { company, kind })).drafts;
    } finally {
      loading.value = false;
    }
  }

  async function remove(id: number): Promise<void> {
    await invoke('drafts:delete', { id });
    drafts.value = drafts.value.filter((d) => d.id !== id);
  }

  /** An issued CT-e/CT-e OS as a new draft, ready to edit. */
  function duplicate(company: string, kind: 'cte' | 'cteos', id: string): Promise<DraftItem> {
    return invoke('drafts:duplicate', { company, kind, id });
  }

  return { drafts, loading, load, remove, duplicate };
});
