// The month's figures for the selected company, from the offline cache (documents:dashboard).
import { computed, onUnmounted, ref, watch } from 'vue';

import type { Dashboard } from '@shared/schemas/documents';
import {
  brasiliaMonth,
  formatCpfCnpj,
  formatMoney,
  formatMonth,
  plural,
  shiftIsoMonth,
} from '@shared/format';
import { invoke, on } from '../../bridge';
import { statusColors, statusLabel } from '../../components/documents/status';
import { useAppStore } from '../../stores/app';
import type { Bar } from './BarChart.vue';
import type { Slice } from './DonutChart.vue';

/** The month the Painel opens on: Brasília's current month, not the machine's nor UTC's. */
export function currentMonth(now = new Date()): string {
  return brasiliaMonth(now);
}

export function monthLabel(month: string): string {
  return formatMonth(month);
}

export function shiftMonth(month: string, delta: number): string {
  return shiftIsoMonth(month, delta);
}

export function useDashboard() {
  const app = useAppStore();
  const month = ref(currentMonth());
  const data = ref<Dashboard | null>(null);
  const error = ref<string | null>(null);
  const loading = ref(false);
  const company = computed(() => app.settings?.selectedCompany ?? null);

  async function load() {
    if (!company.value) {
      data.value = null;
      return;
    }
    loading.value = true;
    error.value = null;
    try {
      data.value = await invoke('documents:dashboard', { company: company.value, month: month.value });
    } catch (err) {
      error.value = err instanceof Error ? err.message : String(err);
    } finally {
      loading.value = false;
    }
  }
  watch([company, month, () => app.environment], load, { immediate: true });
  // Documents synced while the Painel is open (the schedule, the demonstração's first month) count.
  let reload: ReturnType<typeof setTimeout> | null = null;
  const off = on('sync:progress', (event) => {
    if (event.phase !== 'done' || event.company !== company.value) return;
    if (reload) clearTimeout(reload);
    reload = setTimeout(() => {
      reload = null;
      void load();
    }, 300);
  });
  onUnmounted(() => {
    if (reload) clearTimeout(reload);
    off();
  });

  const slices = computed<Slice[]>(() =>
    (data.value?.byStatus ?? []).map((s) => ({
      key: s.status,
      label: statusLabel(s.status),
      value: s.count,
      color: statusColors[s.status] ?? '#94a3b8',
    })),
  );
  const bars = computed<Bar[]>(() =>
    (data.value?.topTomadores ?? []).map((t, i) => ({
      key: `${t.doc ?? 'x'}-${i}`,
      label: t.nome ?? (t.doc ? formatCpfCnpj(t.doc) : 'Sem tomador'),
      value: t.valorPrestacao,
      text: formatMoney(t.valorPrestacao),
      hint: `${plural(t.count, 'documento', 'documentos')}${t.doc ? ` — ${formatCpfCnpj(t.doc)}` : ''}`,
    })),
  );
  return { month, data, error, loading, company, slices, bars, load };
}
