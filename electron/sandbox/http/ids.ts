import { randomBytes } from 'node:crypto';
import { badRequest } from './errors';

/** A fresh resource id: a short type prefix and 26 random base32 characters. */
export function newId(prefix: string): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(26);
  let out = '';
  for (const b of bytes) out += alphabet[b & 31];
  return `${prefix}_${out}`;
}

/**
 * Checks a resource id taken from the path before it reaches the store: ids are plain tokens,
 * so anything with separators or dots (`../`, `%2F`) is refused with 400 instead of being looked up.
 */
export function parseId(value: unknown, label = 'id'): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,100}$/.test(value)) {
    throw badRequest(`O parâmetro "${label}" é inválido: use apenas letras, números, "_" e "-".`);
  }
  return value;
}
