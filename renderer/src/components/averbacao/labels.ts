// How an averbação reads on the screens: one short label and a color per state.
import type { AverbacaoEstado } from '@shared/schemas/averbacao';
import { AVERBACAO_ESTADO_LABELS } from '@shared/schemas/averbacao';

const SHORT: Record<AverbacaoEstado, string> = {
  pendente: 'Pendente',
  enviando: 'Enviando',
  averbado: 'Averbado',
  falha: 'Falha',
  recusado: 'Recusado',
  revisar: 'Conferir',
  dispensado: 'Não precisa',
};

export function averbacaoLabel(badge: { estado: AverbacaoEstado; teste?: boolean }): string {
  return badge.estado === 'averbado' && badge.teste ? 'Averbado (teste)' : SHORT[badge.estado];
}

export function averbacaoTitle(estado: AverbacaoEstado): string {
  return AVERBACAO_ESTADO_LABELS[estado];
}

export function averbacaoSeverity(
  estado: AverbacaoEstado,
): 'success' | 'info' | 'warn' | 'danger' | 'secondary' {
  switch (estado) {
    case 'averbado':
      return 'success';
    case 'pendente':
    case 'enviando':
      return 'info';
    case 'falha':
    case 'revisar':
      return 'warn';
    case 'recusado':
      return 'danger';
    default:
      return 'secondary';
  }
}
