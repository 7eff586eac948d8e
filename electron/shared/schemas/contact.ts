// The contact fields of the forms' parties: a phone kept as digits, within the digit counts its
// layout or the API takes, and an optional e-mail. One fragment, parameterised per form.
import { z } from 'zod';

/** A phone typed with any punctuation, kept as its digits; `min`–`max` digits when present. */
export function phoneSchema(min: number, max: number, message = `telefone: ${min} a ${max} dígitos`) {
  const pattern = new RegExp(`^\\d{${min},${max}}$`);
  return z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/\D/g, '') : undefined))
    .refine((v) => v === undefined || pattern.test(v), { message });
}

/** An optional e-mail of at most `max` characters; empty is absent. */
export function optionalEmailSchema(max: number) {
  return z
    .string()
    .trim()
    .max(max, { message: `e-mail: no máximo ${max} caracteres` })
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^[^@\s]+@[^.\s]+\..+$/.test(v), { message: 'e-mail inválido' });
}
