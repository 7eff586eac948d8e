// Tipo de carga of the MDF-e's predominant product (prodPred/tpCarga), as the XSD names it
// (mdfeTiposBasico_v3.00.xsd, "Conforme Resolução ANTT nº 5.849/2019"): 01–11 since the group came
// into the layout, 12 "granel pressurizada" added by NT 2025.001 v1.03 (MDF-e), produção since
// 06/10/2025 (mdfe README). The form's list, the command's schema, the DAMDFE and the sandbox's
// request schema all read this table.
export const TP_CARGA = {
  '01': 'Granel sólido',
  '02': 'Granel líquido',
  '03': 'Frigorificada',
  '04': 'Conteinerizada',
  '05': 'Carga geral',
  '06': 'Neogranel',
  '07': 'Perigosa (granel sólido)',
  '08': 'Perigosa (granel líquido)',
  '09': 'Perigosa (carga frigorificada)',
  '10': 'Perigosa (conteinerizada)',
  '11': 'Perigosa (carga geral)',
  '12': 'Granel pressurizada',
} as const;
export type TpCarga = keyof typeof TP_CARGA;
/**
 * The codes in the table's order, for z.enum and the form's list. Sorted: Object.keys puts the
 * integer-like keys ('10', '11', '12') before '01'.
 */
export const TP_CARGA_CODES = (Object.keys(TP_CARGA) as TpCarga[]).sort() as [TpCarga, ...TpCarga[]];
