// The averbação of a document as lines of its history: registered (with the protocol and the
// averbação numbers), recognised as already registered, refused or failing (with what to do), the
// cancellation registered too.
import type { AverbacaoRow } from '@shared/schemas/averbacao';
import { AVERBADORAS } from '@shared/schemas/averbacao';
import type { TimelineEntry } from '../documents/timeline';

export type AverbacaoLine = TimelineEntry;

const what = {
  averbar: 'Averbação',
  cancelar: 'Cancelamento da averbação',
  encerrar: 'Encerramento na averbadora',
} as const;

export function averbacaoLines(rows: readonly AverbacaoRow[]): AverbacaoLine[] {
  return rows.map((r) => {
    const onde = AVERBADORAS[r.averbadora].nome;
    const numeros = r.numeros.length ? `, nº ${r.numeros.join(', ')}` : '';
    switch (r.estado) {
      case 'averbado':
        return {
          when: r.averbadoEm,
          text: `${r.operacao === 'averbar' ? 'Averbado' : `${what[r.operacao]} registrado`} na ${onde}${r.protocolo ? ` — protocolo ${r.protocolo}` : ''}${r.operacao === 'averbar' ? numeros : ''}${r.teste ? ' (teste)' : ''}${r.jaRegistrado ? ' (já estava registrado)' : ''}`,
          tone: 'success',
        };
      case 'recusado':
        return {
          when: r.atualizadoEm,
          text: `${what[r.operacao]} recusada pela ${onde}: ${r.erro?.mensagem ?? ''}`,
          tone: 'danger',
        };
      case 'falha':
        return {
          when: r.atualizadoEm,
          text: `${what[r.operacao]} ainda não enviada: ${r.erro?.mensagem ?? ''}`,
          tone: 'warn',
        };
      case 'revisar':
        return {
          when: r.atualizadoEm,
          text: `${what[r.operacao]} aguardando conferência: ${r.erro?.mensagem ?? ''}`,
          tone: 'warn',
        };
      case 'dispensado':
        return {
          when: r.atualizadoEm,
          text: `${what[r.operacao]}: não precisa${r.erro ? ` — ${r.erro.mensagem}` : ''}`,
          tone: 'info',
        };
      default:
        return { when: r.autorizadoEm, text: `${what[r.operacao]} na fila para a ${onde}`, tone: 'info' };
    }
  });
}
