// Input masks: format a field's text as the user types. Each mask takes whatever is in the input
// (typed, pasted, half-formatted) and returns the formatted prefix it can vouch for; characters that
// cannot go in the next slot are dropped, extra characters beyond the pattern are cut.

/** A slot accepts one character: '9' a digit, 'A' a digit or an uppercase letter. Anything else is literal. */
type Slot = '9' | 'A';

function accepts(slot: Slot, char: string): boolean {
  return slot === '9' ? /\d/.test(char) : /[0-9A-Z]/.test(char);
}

/** Applies a pattern such as 'AA.AAA.AAA/AAAA-99'. Literals appear only once a later slot is filled. */
export function applyMask(pattern: string, value: string): string {
  const chars = String(value ?? '')
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .split('');
  let out = '';
  let pending = '';
  let next = 0;
  for (const token of pattern) {
    if (token !== '9' && token !== 'A') {
      pending += token;
      continue;
    }
    while (next < chars.length && !accepts(token, chars[next])) next++;
    if (next >= chars.length) break;
    out += pending + chars[next++];
    pending = '';
  }
  return out;
}

/** CNPJ, alphanumeric from July 2026: 12 letters/digits then 2 check digits. */
export const cnpjPattern = 'AA.AAA.AAA/AAAA-99';
export const cpfPattern = '999.999.999-99';
export const cepPattern = '99999-999';
export const datePattern = '99/99/9999';
export const dateTimePattern = '99/99/9999 99:99';

export function maskCnpj(value: string): string {
  return applyMask(cnpjPattern, value);
}

export function maskCpf(value: string): string {
  return applyMask(cpfPattern, value);
}

export function maskCep(value: string): string {
  return applyMask(cepPattern, value);
}

/** Landline '(11) 3456-7890' until the 11th digit arrives, then mobile '(11) 98765-4321'. */
export function maskPhone(value: string): string {
  const digits = String(value ?? '').replace(/\D/g, '');
  return applyMask(digits.length > 10 ? '(99) 99999-9999' : '(99) 9999-9999', digits);
}

/**
 * For fields that take either (tomador, remetente): CPF while the text is at most 11 digits, CNPJ
 * once a 12th character or any letter appears.
 */
export function maskCpfCnpj(value: string): string {
  const chars = String(value ?? '')
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
  if (chars.length <= 11 && /^\d*$/.test(chars)) return maskCpf(chars);
  return maskCnpj(chars);
}

export function maskDate(value: string): string {
  return applyMask(datePattern, value);
}

export function maskDateTime(value: string): string {
  return applyMask(dateTimePattern, value);
}

export type MaskName = 'cnpj' | 'cpf' | 'cpfCnpj' | 'cep' | 'phone' | 'date' | 'dateTime';

/** By name, for a form field's `mask` option; maxLength is the formatted length. */
export const inputMasks: Record<MaskName, { apply: (value: string) => string; maxLength: number }> = {
  cnpj: { apply: maskCnpj, maxLength: cnpjPattern.length },
  cpf: { apply: maskCpf, maxLength: cpfPattern.length },
  cpfCnpj: { apply: maskCpfCnpj, maxLength: cnpjPattern.length },
  cep: { apply: maskCep, maxLength: cepPattern.length },
  phone: { apply: maskPhone, maxLength: '(99) 99999-9999'.length },
  date: { apply: maskDate, maxLength: datePattern.length },
  dateTime: { apply: maskDateTime, maxLength: dateTimePattern.length },
};
