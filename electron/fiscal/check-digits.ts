// Shared arithmetic for the Brazilian check digits (access keys, CNPJ, CPF, IE, IBGE).
// Pure functions over strings the callers have already checked for shape.

/**
 * Value a character contributes to a weighted sum: its ASCII code minus 48. Digits keep their
 * value and letters of the alphanumeric CNPJ get 'A' = 17 … 'Z' = 42 (Receita Federal rule, also
 * used for access keys carrying such a CNPJ).
 */
export function charValue(char: string): number {
  return char.charCodeAt(0) - 48;
}

/** Σ value × weight with weights 2, 3, …, maxWeight, 2, 3, … applied from the rightmost character. */
export function weightedSumFromRight(text: string, maxWeight = 9): number {
  let sum = 0;
  let weight = 2;
  for (let i = text.length - 1; i >= 0; i--) {
    sum += charValue(text[i]) * weight;
    weight = weight === maxWeight ? 2 : weight + 1;
  }
  return sum;
}

/** Σ value × weight pairing the text and the weights left to right (weights.length ≥ text.length). */
export function weightedSum(text: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum += charValue(text[i]) * weights[i];
  return sum;
}

/** The usual modulo-11 digit: 11 − remainder, where remainders 0 and 1 give 0. */
export function mod11Digit(sum: number): number {
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** Modulo-11 digit of `text` with weights cycling 2..maxWeight from the right. */
export function mod11FromRight(text: string, maxWeight = 9): number {
  return mod11Digit(weightedSumFromRight(text, maxWeight));
}

/** Anything → trimmed string; non-strings (null, numbers from a bad payload) become ''. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** True when every character is the same (00000000000, 11111111111 …), rejected by CPF/CNPJ rules. */
export function allSameChar(text: string): boolean {
  return text.length > 0 && /^(.)\1*$/.test(text);
}
