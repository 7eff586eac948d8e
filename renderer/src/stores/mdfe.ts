// The open MDF-e of the selected company (cache first, plus SEFAZ's nao-encerrados), for the
// "MDF-e em aberto" view and the sidebar count; closing one refreshes the list.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';

import type { CommandOutput } from '@shared/contract';
import { invoke } from '../bridge';
import { useAppStore } from './app';
import { chosenUf } from '../composables/uf-choice';

type OpenList = CommandOutput<'mdfe:open'>;

/** Open longer than this many days: flagged (SEFAZ rejects new MDF-e past 5 days for the plate, 462). */
export const MDFE_OPEN_ALERT_DAYS = 3;

export const useMdfeStore = defineStore('mdfe', () => {
  const open = ref<OpenList | null>(null);
  const openFor = ref<string | null>(null);
  const loading = ref(false);
  const company = computed(() => useAppStore().settings?.selectedCompany ?? null);
  const items = computed(() => (openFor.value === company.value ? (open.value?.items ?? []) : []));
  const outros = computed(() => (openFor.value === company.value ? (open.value?.outros ?? []) : []));
  const count = computed(() => items.value.length + outros.value.length);
  const old = computed(() => items.value.filter((m) => (m.diasEmAberto ?? 0) >= MDFE_OPEN_ALERT_DAYS).length);

  async function refresh(): Promise<void> {
    const cnpj = company.value;
    if (!cnpj) return;
    loading.value = true;
    try {
      open.value = await invoke('mdfe:open', { company: cnpj });
      openFor.value = cnpj;
    } finally {
      loading.value = false;
    }
  }

  /** `data` aaaa-mm-dd; today at the API when absent. */
  async function close(id: number, uf: string, codigoMunicipio: string, data?: string) {
    const result = await invoke('mdfe:close', { id, uf: chosenUf(uf), codigoMunicipio, data });
    await refresh();
    return result;
  }

  return { open, items, outros, count, old, loading, company, refresh, close };
});
