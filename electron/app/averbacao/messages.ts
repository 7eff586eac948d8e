// What a refusal or a failure means for the clerk, in words, by the averbadora's code (families of
// the AT&M `listaErros` table, 02-atm.md §7); the averbadora's own text goes beside it as the detail.
import { brasiliaWallTime } from '../../fiscal/brasilia';
import type { InsurerMessage } from '../../insurers';
import { describeMessages } from '../../insurers';
import type { AverbacaoOperacao } from '../../shared/schemas/averbacao';

const BY_CODE: Record<string, string> = {
  '004':
    'O valor da carga passa do limite da apólice. Fale com o corretor: ele libera o embarque com um código de limite.',
  '005': 'A apólice não está cadastrada ou válida para este ramo na averbadora. Fale com o corretor.',
  '027': 'A apólice não foi localizada ou está vencida para o ramo. Fale com o corretor.',
  '010':
    'A averbadora recusou a averbação depois do embarque (fora do prazo da apólice). Avise o corretor hoje.',
  '011': 'A averbadora recusou: passou o prazo de averbação depois do embarque. Avise o corretor hoje.',
  '033': 'A averbadora não tem este CNPJ emitente autorizado a averbar. Peça ao corretor para cadastrá-lo.',
  '034':
    'Documento emitido há mais de 60 dias: a averbadora não aceita mais pelo sistema. Averbe com o corretor.',
  '905': 'A averbadora não conseguiu ler o XML do documento. Fale com o suporte do Carreta.',
  '912':
    'A averbadora não aceitou este XML. Confira se o documento está autorizado; se repetir, fale com o suporte.',
};

/** The clerk's sentence for a refusal of `operacao`. */
export function refusalMessage(erros: readonly InsurerMessage[], operacao: AverbacaoOperacao): string {
  const codes = erros.map((e) => e.codigo);
  if (operacao !== 'averbar' && codes.some((c) => c === '908' || c === '911'))
    return 'A averbadora não encontrou o documento para registrar o cancelamento. Confira com o corretor se ele foi averbado.';
  for (const code of codes) if (BY_CODE[code]) return BY_CODE[code]!;
  const family = codes.find((c) => /^\d{3}$/.test(c))?.[0];
  if (family === '4') return BY_CODE['004']!;
  if (family === '1' || family === '2' || family === '3' || family === '5')
    return 'A averbadora recusou um dado do documento (veja o detalhe). Fale com o corretor e depois clique em "Tentar de novo".';
  return 'A averbadora recusou o documento (veja o motivo). Fale com o corretor e depois clique em "Tentar de novo".';
}

export const refusalDetail = (erros: readonly InsurerMessage[]): string => describeMessages(erros);

/** "às 14:35" in Brasília, for the next automatic attempt. */
export function brasiliaClock(iso: string): string {
  return brasiliaWallTime(new Date(Date.parse(iso))).slice(11, 16);
}
