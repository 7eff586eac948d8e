// The Documentos screen's state: filters, the current page of rows with the totals of the whole
// filtered set, selection for batches, and the sync progress fed by sync:progress.
import { defineStore } from 'pinia';
import { computed, reactive, ref, shallowRef, watch } from 'vue';

import type { CommandOutput } from '@shared/contract';
import type { BrowseRow, DocumentSortField, SyncProgress } from '@shared/schemas/documents';
import { CommandError, invoke, on } from '../bridge';
import type { FilterForm } from '../components/documents/filter-form';
import { emptyFilterForm, toSearchFilter } from '../components/documents/filter-form';
import { useAppStore } from './app';

type Totals = CommandOutput<'documents:search'>['totals'];

const OFFLINE_CODES = new Set(['sync_offline', 'offline', 'network', 'transport']);

export const useDocumentsStore = defineStore('documents', () => {
  const app = useAppStore();
  const form = reactive<FilterForm>(emptyFilterForm());
  const sort = ref<{ field: DocumentSortField; dir: 'asc' | 'desc' }>({ field: 'dataEmissao', dir: 'desc' });
  const offset = ref(0);
  const limit = ref(50);
  const rows = shallowRef<BrowseRow[]>([]);
  const totals = ref<Totals>({ count: 0, valorPrestacao: 0, valorIcms: 0, valorDeclarado: 0 });
  const loading = ref(false);
  /** The list has had an answer: until then an empty list means "not read yet", not "none issued". */
  const answered = ref(false);
  const error = ref<string | null>(null);
  const selected = ref<BrowseRow[]>([]);
  const syncing = ref(false);
  const progress = ref<SyncProgress | null>(null);
  const lastSync = ref<string | null>(null);
  const syncOffline = ref(false);
  let sequence = 0;

  const company = computed(() => app.settings?.selectedCompany ?? null);
  /** The API cannot be reached: what the screen shows is the local cache. */
  const offline = computed(() => app.connection.online === false || syncOffline.value);
  // The connection is back (the indicator saw the API answer): the banner of the last failed sync
  // goes with it, without waiting for the next sync.
  watch(
    () => app.connectivity,
    (now) => {
      if (now?.online === true) syncOffline.value = false;
    },
  );

  async function search(): Promise<void> {
    if (!company.value) {
      rows.value = [];
      totals.value = { count: 0, valorPrestacao: 0, valorIcms: 0, valorDeclarado: 0 };
      answered.value = true;
      return;
    }
    const mine = ++sequence;
    loading.value = true;
    error.value = null;
    try {
      const result = await invoke('documents:search', {
        filter: toSearchFilter(form, company.value),
        sort: sort.value,
        offset: offset.value,
        limit: limit.value,
      });
      // A slower earlier answer must not overwrite the newer one.
      if (mine !== sequence) return;
      rows.value = result.rows;
      totals.value = result.totals;
    } catch (err) {
      if (mine === sequence) error.value = err instanceof Error ? err.message : String(err);
    } finally {
      if (mine === sequence) {
        loading.value = false;
        answered.value = true;
      }
    }
  }

  function applyFilters(): Promise<void> {
    offset.value = 0;
    return search();
  }

  function clearFilters(): Promise<void> {
    Object.assign(form, emptyFilterForm());
    return applyFilters();
  }

  async function loadLastSync(): Promise<void> {
    if (!company.value) return;
    try {
      lastSync.value = (await invoke('documents:dashboard', { company: company.value })).lastSync;
    } catch {
      // The dashboard fails only with a degraded cache; the search shows that error.
    }
  }

  async function sync(): Promise<string | null> {
    syncing.value = true;
    progress.value = null;
    try {
      const result = await invoke('documents:sync', { company: company.value ?? undefined });
      syncOffline.value = false;
      await Promise.all([search(), loadLastSync()]);
      const failed = result.runs.find((run) => run.error);
      return failed?.error ?? null;
    } catch (err) {
      if (err instanceof CommandError && OFFLINE_CODES.has(err.code)) syncOffline.value = true;
      throw err;
    } finally {
      syncing.value = false;
    }
  }

  function subscribe(): () => void {
    let reload: ReturnType<typeof setTimeout> | null = null;
    const off = on('sync:progress', (event) => {
      progress.value = event;
      if (event.phase === 'offline') syncOffline.value = true;
      // A sync that ran without the screen asking (the schedule, the demonstração's first month)
      // brings documents the list must show: reload once its kinds are done.
      if (event.phase === 'done' && !syncing.value && event.company === company.value) {
        if (reload) clearTimeout(reload);
        reload = setTimeout(() => {
          reload = null;
          void search();
          void loadLastSync();
        }, 300);
      }
    });
    return () => {
      if (reload) clearTimeout(reload);
      off();
    };
  }

  return {
    form,
    sort,
    offset,
    limit,
    rows,
    totals,
    loading,
    answered,
    error,
    selected,
    syncing,
    progress,
    lastSync,
    offline,
    company,
    search,
    applyFilters,
    clearFilters,
    sync,
    loadLastSync,
    subscribe,
  };
});
