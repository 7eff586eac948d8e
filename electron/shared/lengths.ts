// What the screens' inputs let through: the layout's lengths (electron/fiscal/lengths.ts) and, for
// fields typed with their punctuation, the length of the formatted text (masks.ts). A screen writes
// `:maxlength="LENGTHS.natOp"`, never a number of its own.
import { LENGTHS as LAYOUT } from '../fiscal/lengths';
import { inputMasks } from './masks';

export const LENGTHS = {
  ...LAYOUT,
  /** CNPJ or CPF as typed, with its punctuation: 00.000.000/0000-00. */
  cpfCnpj: inputMasks.cpfCnpj.maxLength,
  cnpj: inputMasks.cnpj.maxLength,
  cpf: inputMasks.cpf.maxLength,
  cep: inputMasks.cep.maxLength,
  /** An access key of 44 characters as printed, in groups of 4 (10 spaces). */
  chave: 44 + 10,
  /** A key pasted with whatever came around it (a "CTe" prefix, spaces); cleaned before it is read. */
  chavePasted: 60,
  /** A plate typed with its hyphen (AAA-9A99). */
  placa: 8,
  /** NCM as written on invoices: 0000.00.00. */
  ncm: 10,
  /** Latitude/longitude as typed (sign, up to 3 digits, the point, 6 decimals, room for spaces). */
  coordenada: 14,
  /** PIN SUFRAMA: up to 9 digits. */
  pinSuframa: 9,
} as const;
