// CNPJ (alphanumeric from July 2026) and CPF check digits.
//
// CNPJ: 12 characters [0-9A-Z] + 2 numeric check digits. Each character is worth its ASCII code
// minus 48 and both digits use modulo 11 with weights 2..9 from the right (the classic
// 5,4,3,2,9,8,7,6,5,4,3,2 / 6,5,4,3,2,9,…,2), so numeric CNPJs keep their old digits.
// Sources: nuvemfiscal README "Alphanumeric CNPJ"; XSD TCnpj `[A-Z0-9]{12}[0-9]{2}` (PL_CTe_400_RTC).
import { allSameChar, asText, charValue, mod11Digit, mod11FromRight } from './check-digits';

const CNPJ_BODY = /^[0-9A-Z]{12}$/;
const CNPJ_FULL = /^[0-9A-Z]{12}[0-9]{2}$/;

/** Uppercase, without dots, slashes, hyphens and spaces; letters are kept (alphanumeric CNPJ). */
export function normalizeCnpj(value: unknown): string {
  return asText(value)
    .toUpperCase()
    .replace(/[./\-\s]/g, '');
}

/** The two check digits of a 12-character CNPJ body, e.g. '12ABC34501DE' → '35'; null when malformed. */
export function cnpjCheckDigits(first12: unknown): string | null {
  const body = normalizeCnpj(first12);
  if (!CNPJ_BODY.test(body)) return null;
  const dv1 = mod11FromRight(body);
  const dv2 = mod11FromRight(body + dv1);
  return `${dv1}${dv2}`;
}

export function isValidCnpj(value: unknown): boolean {
  const cnpj = normalizeCnpj(value);
  if (!CNPJ_FULL.test(cnpj) || allSameChar(cnpj)) return false;
  return cnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
}

/** Only digits survive: a CPF never carries letters. */
function normalizeCpf(value: unknown): string {
  return asText(value).replace(/[.\-\s]/g, '');
}

function cpfDigit(body: string): number {
  // Weights descend from body.length + 1 down to 2 (10..2 for the first digit, 11..2 for the second).
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += charValue(body[i]) * (body.length + 1 - i);
  return mod11Digit(sum);
}

/** The two check digits of a 9-digit CPF body; null when malformed. */
export function cpfCheckDigits(first9: unknown): string | null {
  const body = normalizeCpf(first9);
  if (!/^\d{9}$/.test(body)) return null;
  const dv1 = cpfDigit(body);
  const dv2 = cpfDigit(body + dv1);
  return `${dv1}${dv2}`;
}

export function isValidCpf(value: unknown): boolean {
  const cpf = normalizeCpf(value);
  if (!/^\d{11}$/.test(cpf) || allSameChar(cpf)) return false;
  return cpfCheckDigits(cpf.slice(0, 9)) === cpf.slice(9);
}

/** 'cpf' or 'cnpj' for a valid document of that kind, null for anything else. */
export function cpfCnpjKind(value: unknown): 'cpf' | 'cnpj' | null {
  if (isValidCpf(value)) return 'cpf';
  if (isValidCnpj(value)) return 'cnpj';
  return null;
}

export function isValidCpfCnpj(value: unknown): boolean {
  return cpfCnpjKind(value) !== null;
}
