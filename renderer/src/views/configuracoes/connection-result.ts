import { formatNumber } from '@shared/format';
import type { ConnectionTestResult } from '@shared/schemas/account';
import { quotaLabel } from '../conta/quotas';

/** '0,42 s' / '1,3 s' */
export function formatElapsed(ms: number): string {
  return `${formatNumber(ms / 1000, ms < 1000 ? 2 : 1)} s`;
}

export interface QuotaLine {
  nome: string;
  text: string;
  percent: number;
}

export function quotaLines(result: ConnectionTestResult): QuotaLine[] {
  return result.quotas.map((quota) => ({
    nome: quotaLabel(quota.nome),
    text: `${formatNumber(quota.consumo, 0)} de ${formatNumber(quota.limite, 0)}`,
    percent: Math.round(quota.uso * 100),
  }));
}
