// Words and colours of the inbox: note states, manifestation names, the deadline highlight.
import { MANIFESTACAO_NEAR_DAYS } from '@shared/fiscal';
import type { InboxNote, NoteState } from '@shared/schemas/inbox';
import { TIPO_MANIFESTACAO_LABEL } from '@shared/schemas/inbox';

export { MANIFESTACAO_NEAR_DAYS as SHORT_DEADLINE_DAYS } from '@shared/fiscal';

export const STATE_LABEL: Record<NoteState, string> = {
  resumo: 'Resumo',
  ciencia: 'Ciência registrada',
  aguardando: 'Aguardando XML',
  completa: 'Completa',
};

export const STATE_SEVERITY: Record<NoteState, 'secondary' | 'info' | 'warn' | 'success'> = {
  resumo: 'secondary',
  ciencia: 'info',
  aguardando: 'warn',
  completa: 'success',
};

export function manifestacaoLabel(tipo: string | null): string {
  return tipo ? (TIPO_MANIFESTACAO_LABEL[tipo] ?? tipo) : 'Sem manifestação';
}

/** Near the end of the 180-day window (≤ 15 days): shown in red and counted in the sidebar. */
export function isDeadlineNear(note: Pick<InboxNote, 'diasRestantes'>): boolean {
  return (
    note.diasRestantes !== null && note.diasRestantes >= 0 && note.diasRestantes <= MANIFESTACAO_NEAR_DAYS
  );
}

export function deadlineText(note: Pick<InboxNote, 'diasRestantes'>): string {
  const d = note.diasRestantes;
  if (d === null) return '—';
  if (d < 0) return 'Prazo encerrado';
  if (d === 0) return 'Último dia';
  return d === 1 ? '1 dia' : `${d} dias`;
}

/** Notes that may still get a ciência: recipient notes with nothing registered. */
export function newForCiencia(notes: readonly InboxNote[]): InboxNote[] {
  return notes.filter((n) => n.podeManifestar && n.manifestacao === null);
}
