// Inscrição Estadual: normalization and validation per UF (rules in ie-rules.ts).
//
// XSD (tiposGeralCTe_v4.00.xsd): the emitter's IE is TIe `[0-9]{2,14}` (never ISENTO); the other
// parties use TIeDest `[0-9]{0,14}|ISENTO`. MOC Anexo I G024/H093/I15: a tomador declared "isento"
// (indIEToma = 2) is refused in AM, BA, CE, GO, MG, MS, MT, PE, RN, SE, SP.
import { asText } from './check-digits';
import { IE_RULES } from './ie-rules';
import { ufBySigla } from './uf';

export const ISENTO = 'ISENTO';

/** UFs that do not accept ISENTO for a tomador with indIEToma = 2 (MOC Anexo I rule G024). */
export const UFS_WITHOUT_ISENTO_TOMADOR: readonly string[] = Object.freeze([
  'AM',
  'BA',
  'CE',
  'GO',
  'MG',
  'MS',
  'MT',
  'PE',
  'RN',
  'SE',
  'SP',
]);

/** 'ISENTO' in any case/spacing becomes 'ISENTO'; otherwise dots, slashes, hyphens and spaces go. */
export function normalizeIe(value: unknown): string {
  const text = asText(value).toUpperCase();
  if (text.replace(/\s/g, '') === ISENTO) return ISENTO;
  return text.replace(/[./\-\s]/g, '');
}

export interface IeOptions {
  /** Accept the literal ISENTO (TIeDest). Default true; pass false for the emitter's IE (TIe). */
  allowIsento?: boolean;
}

/**
 * Valid IE for the UF (sigla): digits only, 2–14 long (XSD), not all zeros, and the UF's check
 * digits. Leading zeros are optional, as at the authorizers. Unknown UF (and 'EX') → false.
 */
export function isValidIe(value: unknown, uf: unknown, options: IeOptions = {}): boolean {
  const ie = normalizeIe(value);
  const known = ufBySigla(uf);
  if (!known) return false;
  if (ie === ISENTO) return options?.allowIsento !== false;
  if (!/^\d{2,14}$/.test(ie)) return false;
  const digits = ie.replace(/^0+/, '');
  if (digits.length === 0) return false;
  return IE_RULES[known.sigla](digits);
}

/** Whether a tomador may be declared "contribuinte isento" (indIEToma = 2) in this UF. */
export function ufAcceptsIsentoTomador(uf: unknown): boolean {
  const known = ufBySigla(uf);
  return known !== null && !UFS_WITHOUT_ISENTO_TOMADOR.includes(known.sigla);
}
