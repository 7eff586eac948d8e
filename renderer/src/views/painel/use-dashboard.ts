// The month's figures for the selected company, from the offline cache (documents:dashboard).
import { computed, ref, watch } from 'vue';

import type { Dashboard } from '@shared/schemas/documents';
import { formatCpfCnpj, formatMoney, plural } from '@shared/format';
import { invoke } from '../../bridge';
import { statusColors, statusLabel } from '../../components/documents/status';
import { useAppStore } from '../../stores/app';
import type { Bar } from './BarChart.vue';
import type { Slice } from './DonutChart.vue';

export function currentMonth(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  const name = new Date(year, m - 1, 1).toLocaleDateString('pt-BR', { month: 'long' });
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} de ${year}`;
}

export function shiftMonth(month: string, delta: number): string {
  const [year, m] = month.split('-').map(Number);
  return currentMonth(new Date(year, m - 1 + delta, 1));
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
