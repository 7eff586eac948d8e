import { badRequest } from './errors';

/** Check digit of the (alphanumeric) CNPJ: each character's code minus 48, weights 2..9 from the right. */
function cnpjDigit(base: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = base.length - 1; i >= 0; i--) {
    sum += (base.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Completes a 12-character CNPJ base (digits or upper-case letters) with its two check digits. */
export function withCnpjDigits(base12: string): string {
  const first = cnpjDigit(base12);
  return `${base12}${first}${cnpjDigit(base12 + first)}`;
}

export function isValidCnpj(value: string): boolean {
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(value) || /^(\d)\1{13}$/.test(value)) return false;
  return withCnpjDigits(value.slice(0, 12)) === value;
}

export function isValidCpf(value: string): boolean {
  if (!/^\d{11}$/.test(value) || /^(\d)\1{10}$/.test(value)) return false;
  const digit = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(value[i]) * (len + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return digit(9) === Number(value[9]) && digit(10) === Number(value[10]);
}

export const isValidCpfCnpj = (value: string) =>
  value.length === 11 ? isValidCpf(value) : isValidCnpj(value);

/** A `{cpf_cnpj}` path segment: 11-digit CPF or 14-character CNPJ, unmasked, valid check digits. */
export function parseCpfCnpjParam(value: unknown, label = 'cpf_cnpj'): string {
  if (typeof value !== 'string' || !/^(\d{11}|[0-9A-Z]{12}\d{2})$/.test(value)) {
    throw badRequest(
      `O parâmetro "${label}" deve ser um CPF (11 dígitos) ou CNPJ (14 caracteres) sem máscara.`,
    );
  }
  if (!isValidCpfCnpj(value))
    throw badRequest(`O ${value.length === 11 ? 'CPF' : 'CNPJ'} "${value}" é inválido.`);
  return value;
}
