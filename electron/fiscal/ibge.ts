// IBGE municipality codes (cMun): 7 digits = UF code (2) + municipality (4) + check digit (1).
//
// The app never refuses a code merely because a table lacks it (DESIGN.md: new municipalities
// appear), so validation here is structural: length, UF prefix and the check digit.
//
// Check digit (the IBGE algorithm, as used by the SEFAZ validators): weights 1,2,1,2,1,2 over the
// first six digits; a product of two digits is reduced to the sum of its digits; DV = (10 − sum mod
// 10) mod 10. Nine municipalities were created with a DV that does not follow the rule; they are
// listed in NT 2008.004 (NF-e) and accepted as they are.
// Exterior: cMun 9999999 with UF 'EX' (MOC CT-e 4.00 Anexo I, cMunIni/cMunFim: "9999999 para
// operações com o exterior").
import { asText } from './check-digits';
import { EXTERIOR, findUf, ufByCode } from './uf';
import type { Uf } from './uf';

export const EXTERIOR_MUNICIPIO = '9999999';

/** Codes whose DV breaks the rule (NT 2008.004), with the municipality each belongs to. */
export const IBGE_DV_EXCEPTIONS: Readonly<Record<string, string>> = Object.freeze({
  '2201919': 'Bom Princípio do Piauí/PI',
  '2201988': 'Brejo do Piauí/PI',
  '2202251': 'Canavieira/PI',
  '2611533': 'Quixaba/PE',
  '3117836': 'Cônego Marinho/MG',
  '3152131': 'Ponto Chique/MG',
  '4305871': 'Coronel Barros/RS',
  '5203939': 'Buriti de Goiás/GO',
  '5203962': 'Buritinópolis/GO',
});

export function normalizeIbgeCode(value: unknown): string {
  const text = typeof value === 'number' && Number.isInteger(value) ? String(value) : asText(value);
  return text.replace(/[.\-\s]/g, '');
}

/** The DV the rule gives for the first six digits; -1 when they are not six digits. */
export function ibgeCheckDigit(first6: string): number {
  if (typeof first6 !== 'string' || !/^\d{6}$/.test(first6)) return -1;
  let sum = 0;
  for (let i = 0; i < 6; i++) {
    const product = Number(first6[i]) * (i % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

export interface IbgeOptions {
  /** Accept 9999999 (exterior). Default false. */
  allowExterior?: boolean;
}

/** 7 digits, a real UF prefix and a matching check digit (or a listed exception). */
export function isValidIbgeMunicipio(value: unknown, options: IbgeOptions = {}): boolean {
  const code = normalizeIbgeCode(value);
  if (code === EXTERIOR_MUNICIPIO) return options?.allowExterior === true;
  if (!/^\d{7}$/.test(code) || !ufByCode(code.slice(0, 2))) return false;
  if (code in IBGE_DV_EXCEPTIONS) return true;
  return ibgeCheckDigit(code.slice(0, 6)) === Number(code[6]);
}

/** The UF a municipality code belongs to (EX for 9999999); null for an invalid code. */
export function ufOfMunicipio(value: unknown): Uf | null {
  const code = normalizeIbgeCode(value);
  if (code === EXTERIOR_MUNICIPIO) return EXTERIOR;
  return isValidIbgeMunicipio(code) ? ufByCode(code.slice(0, 2)) : null;
}

/**
 * Rejection 712/418/424… of the MOC: "verificar se as 2 posições da esquerda do código de município
 * … é compatível com a sigla da UF". `uf` is a sigla or an IBGE code; 9999999 matches only 'EX'.
 */
export function ibgeMatchesUf(code: unknown, uf: unknown): boolean {
  const owner = ufOfMunicipio(code);
  if (!owner) return false;
  const target = findUf(uf, { allowEx: true });
  return target !== null && target.code === owner.code;
}
