// Inscrição Estadual check-digit rules, one per UF.
//
// Facts from the SINTEGRA per-UF rules ("Conferência de Inscrições Estaduais") as implemented by the
// authorizers: the SEFAZ-RS/SVRS validator (which also authorizes CT-e for most UFs) strips leading
// zeros and pads each IE back to its UF's length, so an IE typed with or without its leading zeros
// is judged the same way. Every rule receives the digits with leading zeros removed.
import { mod11FromRight, weightedSum, weightedSumFromRight } from './check-digits';

export type IeRule = (digits: string) => boolean;

/** Left-pads to `width`; null when the number is longer than the UF allows. */
function fit(digits: string, width: number): string | null {
  return digits.length > width ? null : digits.padStart(width, '0');
}

/** Body + one modulo-11 DV (weights 2..maxWeight from the right) over the first `width − 1` digits. */
function singleMod11(width: number, maxWeight = 9, prefixes: readonly string[] = []): IeRule {
  return (digits) => {
    const ie = fit(digits, width);
    if (!ie || (prefixes.length > 0 && !prefixes.some((p) => ie.startsWith(p)))) return false;
    return mod11FromRight(ie.slice(0, -1), maxWeight) === Number(ie.at(-1));
  };
}

/** Two modulo-11 DVs at the end, the second over the body plus the first. */
function doubleMod11(width: number, maxWeight: number, prefixes: readonly string[] = []): IeRule {
  return (digits) => {
    const ie = fit(digits, width);
    if (!ie || (prefixes.length > 0 && !prefixes.some((p) => ie.startsWith(p)))) return false;
    const dv1 = mod11FromRight(ie.slice(0, -2), maxWeight);
    const dv2 = mod11FromRight(ie.slice(0, -2) + dv1, maxWeight);
    return ie.endsWith(`${dv1}${dv2}`);
  };
}

/** AP: the sum gets an offset p and a DV of 11 becomes d, by number range. */
const amapa: IeRule = (digits) => {
  const ie = fit(digits, 9);
  if (!ie || !ie.startsWith('03')) return false;
  const base = Number(ie.slice(0, 8));
  const [p, d] = base <= 3017000 ? [5, 0] : base <= 3019022 ? [9, 1] : [0, 0];
  const dv = 11 - ((p + weightedSumFromRight(ie.slice(0, 8))) % 11);
  return (dv === 10 ? 0 : dv === 11 ? d : dv) === Number(ie[8]);
};

/** BA: 8 or 9 digits; modulo 10 or 11 by the first (8) / second (9) digit; the last DV comes first. */
const bahia: IeRule = (digits) => {
  const ie = digits.length <= 8 ? fit(digits, 8) : fit(digits, 9);
  if (!ie) return false;
  const body = ie.slice(0, -2);
  const selector = ie.length === 8 ? ie[0] : ie[1];
  const modulus = '0123458'.includes(selector) ? 10 : 11;
  const digit = (text: string): number => {
    const remainder = weightedSumFromRight(text, 99) % modulus;
    if (modulus === 10) return remainder === 0 ? 0 : 10 - remainder;
    return remainder < 2 ? 0 : 11 - remainder;
  };
  const last = digit(body);
  const first = digit(body + last);
  return ie.endsWith(`${first}${last}`);
};

/** GO: remainder 1 gives DV 1 inside 10103105–10119997, else 0; 11094402 accepts 0 and 1. */
const goias: IeRule = (digits) => {
  const ie = fit(digits, 9);
  if (!ie || !/^(10|11|15|2)/.test(ie)) return false;
  const base = ie.slice(0, 8);
  if (base === '11094402') return ie[8] === '0' || ie[8] === '1';
  const remainder = weightedSumFromRight(base) % 11;
  const n = Number(base);
  const dv =
    remainder === 0 ? 0 : remainder === 1 ? (n >= 10103105 && n <= 10119997 ? 1 : 0) : 11 - remainder;
  return dv === Number(ie[8]);
};

/** MG: DV1 modulo 10 (weights 1,2 over municipality + '0' + the rest, summing product digits); DV2 mod 11. */
const minasGerais: IeRule = (digits) => {
  const ie = fit(digits, 13);
  if (!ie) return false;
  const expanded = ie.slice(0, 3) + '0' + ie.slice(3, 11);
  let sum = 0;
  for (let i = 0; i < expanded.length; i++) {
    const product = Number(expanded[i]) * (i % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product;
  }
  const dv1 = (10 - (sum % 10)) % 10;
  const dv2 = mod11FromRight(ie.slice(0, 11) + dv1, 11);
  return ie.endsWith(`${dv1}${dv2}`);
};

/** PE: current 9 digits with two DVs; the old eFisco 14-digit form starts with 18. */
const pernambuco: IeRule = (digits) => {
  if (digits.length > 9) {
    if (digits.length !== 14 || !digits.startsWith('18') || digits[2] === '0') return false;
    const dv = 11 - (weightedSum(digits.slice(0, 13), [5, 4, 3, 2, 1, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
    return (dv > 9 ? dv - 10 : dv) === Number(digits[13]);
  }
  return doubleMod11(9, 9)(digits);
};

/** RN: 9 or 10 digits starting with 20; one modulo-11 DV, weights growing without wrapping (10..2). */
const rioGrandeDoNorte: IeRule = (digits) =>
  digits.startsWith('20') &&
  (digits.length === 9 || digits.length === 10) &&
  singleMod11(digits.length, 99)(digits);

/** RO: current 14 digits, or the old 9 digits (3-digit municipality + 5 digits + DV). */
const rondonia: IeRule = (digits) => {
  const current = fit(digits, 14);
  if (current) {
    const dv = 11 - (weightedSum(current.slice(0, 13), [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
    if ((dv > 9 ? dv - 10 : dv) === Number(current[13])) return true;
  }
  if (digits.length !== 9) return false;
  const dv = 11 - (weightedSum(digits.slice(3, 8), [6, 5, 4, 3, 2]) % 11);
  return (dv > 9 ? dv - 10 : dv) === Number(digits[8]);
};

/** RR: modulo 9 with weights 1..8 left to right. */
const roraima: IeRule = (digits) =>
  digits.length === 9 &&
  digits.startsWith('24') &&
  weightedSum(digits.slice(0, 8), [1, 2, 3, 4, 5, 6, 7, 8]) % 9 === Number(digits[8]);

/** RS: 3-digit municipality 001–497 (or 900), 4th digit not 5–7, one DV. */
const rioGrandeDoSul: IeRule = (digits) => {
  const ie = fit(digits, 10);
  if (!ie || digits.length < 8) return false;
  const municipality = Number(ie.slice(0, 3));
  if ((municipality < 1 || municipality > 497) && municipality !== 900) return false;
  if ('567'.includes(ie[3])) return false;
  return singleMod11(10)(digits);
};

/** SP (comércio/indústria): DV at the 9th position (weights 1,3,4,5,6,7,8,10) and at the 12th. */
const saoPaulo: IeRule = (digits) => {
  const ie = fit(digits, 12);
  if (!ie) return false;
  const dv1 = (weightedSum(ie.slice(0, 8), [1, 3, 4, 5, 6, 7, 8, 10]) % 11) % 10;
  const dv2 = (weightedSum(ie.slice(0, 11), [3, 2, 10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11) % 10;
  return dv1 === Number(ie[8]) && dv2 === Number(ie[11]);
};

/** TO: only the current 9-digit form (the 11-digit one is refused by the authorizer since 2009). */
const tocantins: IeRule = (digits) => digits.length === 9 && singleMod11(9)(digits);

export const IE_RULES: Readonly<Record<string, IeRule>> = Object.freeze({
  AC: doubleMod11(13, 9, ['01']),
  AL: singleMod11(9, 9, ['24']),
  AM: singleMod11(9),
  AP: amapa,
  BA: bahia,
  CE: singleMod11(9),
  DF: doubleMod11(13, 9, ['07', '08']),
  ES: singleMod11(9),
  GO: goias,
  MA: singleMod11(9, 9, ['12']),
  MG: minasGerais,
  MS: singleMod11(9, 9, ['28']),
  MT: singleMod11(11),
  PA: singleMod11(9, 9, ['15']),
  PB: singleMod11(9),
  PE: pernambuco,
  PI: singleMod11(9),
  PR: doubleMod11(10, 7),
  RJ: singleMod11(8, 7),
  RN: rioGrandeDoNorte,
  RO: rondonia,
  RR: roraima,
  RS: rioGrandeDoSul,
  SC: singleMod11(9),
  SE: singleMod11(9, 9, ['27']),
  SP: saoPaulo,
  TO: tocantins,
});
