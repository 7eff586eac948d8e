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

/** A copy of an issued document: its draft and the NF-e keys left out of it (they are on `de`). */
export interface DraftCopy extends DraftItem {
  copia: { de: string; nfeRemovidas: string[] };
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

  /** An issued CT-e/CT-e OS as a new draft, ready to edit (without the original's NF-e). */
  function duplicate(company: string, kind: 'cte' | 'cteos', id: string): Promise<DraftCopy> {
    return invoke('drafts:duplicate', { company, kind, id });
  }

  return { drafts, loading, load, remove, duplicate };
});
