/**
 * CEP ranges per UF, as the Correios publish them ("Busca Faixa de CEP" by UF,
 * https://buscacepinter.correios.com.br/app/faixa_cep_uf_localidade/index.php). Each entry is
 * [first, last] of the first five digits (the "CEP prefix"); a UF may hold two ranges
 * (AM, DF, GO). 00000–00999 belongs to no UF.
 */
export const CEP_RANGES: ReadonlyArray<{ uf: string; from: number; to: number }> = [
  { uf: 'SP', from: 1000, to: 19999 },
  { uf: 'RJ', from: 20000, to: 28999 },
  { uf: 'ES', from: 29000, to: 29999 },
  { uf: 'MG', from: 30000, to: 39999 },
  { uf: 'BA', from: 40000, to: 48999 },
  { uf: 'SE', from: 49000, to: 49999 },
  { uf: 'PE', from: 50000, to: 56999 },
  { uf: 'AL', from: 57000, to: 57999 },
  { uf: 'PB', from: 58000, to: 58999 },
  { uf: 'RN', from: 59000, to: 59999 },
  { uf: 'CE', from: 60000, to: 63999 },
  { uf: 'PI', from: 64000, to: 64999 },
  { uf: 'MA', from: 65000, to: 65999 },
  { uf: 'PA', from: 66000, to: 68899 },
  { uf: 'AP', from: 68900, to: 68999 },
  { uf: 'AM', from: 69000, to: 69299 },
  { uf: 'RR', from: 69300, to: 69399 },
  { uf: 'AM', from: 69400, to: 69899 },
  { uf: 'AC', from: 69900, to: 69999 },
  { uf: 'DF', from: 70000, to: 72799 },
  { uf: 'GO', from: 72800, to: 72999 },
  { uf: 'DF', from: 73000, to: 73699 },
  { uf: 'GO', from: 73700, to: 76799 },
  { uf: 'RO', from: 76800, to: 76999 },
  { uf: 'TO', from: 77000, to: 77999 },
  { uf: 'MT', from: 78000, to: 78899 },
  { uf: 'MS', from: 79000, to: 79999 },
  { uf: 'PR', from: 80000, to: 87999 },
  { uf: 'SC', from: 88000, to: 89999 },
  { uf: 'RS', from: 90000, to: 99999 },
];

/** The UF a CEP (8 digits) belongs to, or null when it falls in no published range. */
export function ufOfCep(cep: string): string | null {
  const prefix = Number(cep.slice(0, 5));
  return CEP_RANGES.find((r) => prefix >= r.from && prefix <= r.to)?.uf ?? null;
}
