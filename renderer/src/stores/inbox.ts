// The NF-e inbox counters of the selected company (sidebar) and the distribution status; refreshed
// by the main side's `inbox:changed` after each distribution and manifestation.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';

import type { InboxCounts, InboxStatus } from '@shared/schemas/inbox';
import { invoke, on } from '../bridge';
import { useAppStore } from './app';

export const useInboxStore = defineStore('inbox', () => {
  const counts = ref<InboxCounts | null>(null);
  const status = ref<InboxStatus | null>(null);
  let subscribed = false;

  const company = computed(() => useAppStore().settings?.selectedCompany ?? null);
  const novas = computed(() => (counts.value?.company === company.value ? counts.value.novas : 0));
  const prazoCurto = computed(() => (counts.value?.company === company.value ? counts.value.prazoCurto : 0));

  function subscribe(): void {
    if (subscribed) return;
    subscribed = true;
    on('inbox:changed', (payload) => {
      if (payload.company === company.value) counts.value = payload;
    });
  }

  async function refreshCounts(): Promise<void> {
    subscribe();
    const cnpj = company.value;
    if (!cnpj) return;
    try {
      counts.value = await invoke('inbox:counts', { company: cnpj });
    } catch {
      // The counters are a hint; the inbox screen shows the real error.
    }
  }

  async function refreshStatus(): Promise<InboxStatus | null> {
    const cnpj = company.value;
    if (!cnpj) return null;
    status.value = await invoke('inbox:status', { company: cnpj });
    counts.value = status.value.counts;
    return status.value;
  }

  return { counts, status, novas, prazoCurto, company, subscribe, refreshCounts, refreshStatus };
});
