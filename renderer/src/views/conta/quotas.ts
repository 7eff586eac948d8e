// How a quota reads on screen: the user's words for the API's quota names and the level that colours
// the bar (warning from 80 %, error when used up).

const quotaNames: Record<string, string> = {
  'dfe-eventos': 'Eventos de documentos fiscais',
  'cep-consultas': 'Consultas de CEP',
  'cnpj-consultas': 'Consultas de CNPJ',
  'cnpj-listagem': 'Listagens de CNPJ',
};

/** Names the app does not know yet (new plans, new services) are shown as the API sends them. */
export function quotaLabel(nome: string): string {
  return quotaNames[nome] ?? nome;
}

export type QuotaLevel = 'normal' | 'warning' | 'error';

export function quotaLevel(uso: number): QuotaLevel {
  if (uso >= 1) return 'error';
  if (uso >= 0.8) return 'warning';
  return 'normal';
}

/** 0–100, clamped: a quota may be consumed past its limit. */
export function quotaPercent(uso: number): number {
  if (!Number.isFinite(uso) || uso <= 0) return 0;
  return Math.min(100, Math.round(uso * 100));
}
