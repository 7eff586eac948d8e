// Situação of a document as the office reads it, with the tag colour.
type Severity = 'success' | 'info' | 'warn' | 'danger' | 'secondary' | 'contrast';

const STATUS: Record<string, { label: string; severity: Severity }> = {
  autorizado: { label: 'Autorizado', severity: 'success' },
  pendente: { label: 'Pendente', severity: 'warn' },
  rejeitado: { label: 'Rejeitado', severity: 'danger' },
  denegado: { label: 'Denegado', severity: 'danger' },
  encerrado: { label: 'Encerrado', severity: 'info' },
  cancelado: { label: 'Cancelado', severity: 'secondary' },
  erro: { label: 'Erro', severity: 'danger' },
};

export function statusLabel(status: string): string {
  return STATUS[status]?.label ?? status;
}

export function statusSeverity(status: string): Severity {
  return STATUS[status]?.severity ?? 'contrast';
}

/** Chart colours per status (the same meaning as the tags). */
export const statusColors: Record<string, string> = {
  autorizado: '#16a34a',
  pendente: '#d97706',
  rejeitado: '#dc2626',
  denegado: '#991b1b',
  encerrado: '#2563eb',
  cancelado: '#64748b',
  erro: '#be123c',
};

export const statusOptions = Object.entries(STATUS).map(([value, s]) => ({ value, label: s.label }));

export const kindLabels = { cte: 'CT-e', cteos: 'CT-e OS', dce: 'DC-e', mdfe: 'MDF-e' } as const;
export const kindOptions = Object.entries(kindLabels).map(([value, label]) => ({ value, label }));
