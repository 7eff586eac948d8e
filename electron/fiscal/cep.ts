// CEP (Código de Endereçamento Postal): 8 digits. The CEP → UF ranges are the Correios' published
// state ranges (faixas de CEP por UF); they let a form warn when a CEP and the chosen UF disagree.
import { asText } from './check-digits';
import { ufBySigla } from './uf';
import type { Uf } from './uf';

/** Digits only ('80010-000' → '80010000'); a number keeps its leading zeros up to 8 digits. */
export function normalizeCep(value: unknown): string {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) {
    return String(value).padStart(8, '0');
  }
  return asText(value).replace(/[.\-\s]/g, '');
}

export function isValidCep(value: unknown): boolean {
  const cep = normalizeCep(value);
  return /^\d{8}$/.test(cep) && cep !== '00000000';
}

/** [first 5-digit prefix, last 5-digit prefix, UF], inclusive. */
const CEP_RANGES: ReadonlyArray<readonly [number, number, string]> = [
  [1000, 19999, 'SP'],
  [20000, 28999, 'RJ'],
  [29000, 29999, 'ES'],
  [30000, 39999, 'MG'],
  [40000, 48999, 'BA'],
  [49000, 49999, 'SE'],
  [50000, 56999, 'PE'],
  [57000, 57999, 'AL'],
  [58000, 58999, 'PB'],
  [59000, 59999, 'RN'],
  [60000, 63999, 'CE'],
  [64000, 64999, 'PI'],
  [65000, 65999, 'MA'],
  [66000, 68899, 'PA'],
  [68900, 68999, 'AP'],
  [69000, 69299, 'AM'],
  [69300, 69399, 'RR'],
  [69400, 69899, 'AM'],
  [69900, 69999, 'AC'],
  [70000, 72799, 'DF'],
  [72800, 72999, 'GO'],
  [73000, 73699, 'DF'],
  [73700, 76799, 'GO'],
  [76800, 76999, 'RO'],
  [77000, 77999, 'TO'],
  [78000, 78899, 'MT'],
  [79000, 79999, 'MS'],
  [80000, 87999, 'PR'],
  [88000, 89999, 'SC'],
  [90000, 99999, 'RS'],
];

/** The UF whose CEP range holds this CEP; null for an invalid CEP or a gap (e.g. 78900-78999). */
export function ufForCep(value: unknown): Uf | null {
  if (!isValidCep(value)) return null;
  const prefix = Number(normalizeCep(value).slice(0, 5));
  const range = CEP_RANGES.find(([from, to]) => prefix >= from && prefix <= to);
  return range ? ufBySigla(range[2]) : null;
}

/** True when the CEP falls in the UF's range. */
export function cepMatchesUf(cep: unknown, uf: unknown): boolean {
  const owner = ufForCep(cep);
  return owner !== null && owner.sigla === asText(uf).toUpperCase();
}
