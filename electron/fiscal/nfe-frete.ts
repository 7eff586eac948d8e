// Who pays the freight of an NF-e, and so who the tomador of the CT-e that carries it is.
//
// NF-e MOC 4.00 (Anexo I, leiaute da NF-e, grupo X "Informações do Transporte da NF-e"), field
// X02 `transp/modFrete` — "Modalidade do frete" (NT 2016.002 wording):
//   0 = Contratação do Frete por conta do Remetente (CIF)
//   1 = Contratação do Frete por conta do Destinatário (FOB)
//   2 = Contratação do Frete por conta de Terceiros
//   3 = Transporte Próprio por conta do Remetente
//   4 = Transporte Próprio por conta do Destinatário
//   9 = Sem Ocorrência de Transporte
// CT-e MOC 4.00, `ide/toma3/toma`: 0 remetente, 1 expedidor, 2 recebedor, 3 destinatário; 4 is
// `toma4` (outros), a party the NF-e does not name.

export type ModFrete = '0' | '1' | '2' | '3' | '4' | '9';

export const MOD_FRETE_LABELS: Readonly<Record<ModFrete, string>> = Object.freeze({
  '0': 'por conta do remetente (CIF)',
  '1': 'por conta do destinatário (FOB)',
  '2': 'por conta de terceiros',
  '3': 'transporte próprio por conta do remetente',
  '4': 'transporte próprio por conta do destinatário',
  '9': 'sem ocorrência de transporte',
});

export function isModFrete(value: unknown): value is ModFrete {
  return typeof value === 'string' && value in MOD_FRETE_LABELS;
}

/**
 * The CT-e tomador (`toma3/toma`) a modFrete names: remetente (0) or destinatário (3). `null` when
 * the note does not say who pays a carrier — 2 (a third party the NF-e does not identify) and 9
 * (no transport) — so the clerk is asked; also for a value outside the table.
 */
export function tomaFromModFrete(modFrete: unknown): 0 | 3 | null {
  switch (modFrete) {
    case '0':
    case '3':
      return 0;
    case '1':
    case '4':
      return 3;
    default:
      return null;
  }
}
