// Brazilian federative units with their IBGE codes (MOC CT-e 4.00 Visão Geral §7.4 "Código das
// Unidades Federadas"; XSD TCodUfIBGE / TUf in tiposGeralCTe_v4.00.xsd).
//
// 'EX' (exterior) is a valid sigla in the CT-e XSD (TUf, e.g. UFIni/UFFim of an international
// service) but not an IBGE UF: it has no entry in TCodUfIBGE. Code 99 is given to it here only
// because the exterior municipality code is 9999999; it is never a valid cUF of an access key.
import { asText } from './check-digits';

export interface Uf {
  /** IBGE code, 2 digits ('41'). */
  code: string;
  sigla: string;
  name: string;
}

export const UFS = Object.freeze([
  { code: '11', sigla: 'RO', name: 'Rondônia' },
  { code: '12', sigla: 'AC', name: 'Acre' },
  { code: '13', sigla: 'AM', name: 'Amazonas' },
  { code: '14', sigla: 'RR', name: 'Roraima' },
  { code: '15', sigla: 'PA', name: 'Pará' },
  { code: '16', sigla: 'AP', name: 'Amapá' },
  { code: '17', sigla: 'TO', name: 'Tocantins' },
  { code: '21', sigla: 'MA', name: 'Maranhão' },
  { code: '22', sigla: 'PI', name: 'Piauí' },
  { code: '23', sigla: 'CE', name: 'Ceará' },
  { code: '24', sigla: 'RN', name: 'Rio Grande do Norte' },
  { code: '25', sigla: 'PB', name: 'Paraíba' },
  { code: '26', sigla: 'PE', name: 'Pernambuco' },
  { code: '27', sigla: 'AL', name: 'Alagoas' },
  { code: '28', sigla: 'SE', name: 'Sergipe' },
  { code: '29', sigla: 'BA', name: 'Bahia' },
  { code: '31', sigla: 'MG', name: 'Minas Gerais' },
  { code: '32', sigla: 'ES', name: 'Espírito Santo' },
  { code: '33', sigla: 'RJ', name: 'Rio de Janeiro' },
  { code: '35', sigla: 'SP', name: 'São Paulo' },
  { code: '41', sigla: 'PR', name: 'Paraná' },
  { code: '42', sigla: 'SC', name: 'Santa Catarina' },
  { code: '43', sigla: 'RS', name: 'Rio Grande do Sul' },
  { code: '50', sigla: 'MS', name: 'Mato Grosso do Sul' },
  { code: '51', sigla: 'MT', name: 'Mato Grosso' },
  { code: '52', sigla: 'GO', name: 'Goiás' },
  { code: '53', sigla: 'DF', name: 'Distrito Federal' },
] as const satisfies readonly Uf[]);

export const EXTERIOR: Readonly<Uf> = Object.freeze({ code: '99', sigla: 'EX', name: 'Exterior' });

export type UfSigla = (typeof UFS)[number]['sigla'];

/** The 27 siglas, in IBGE order, as a non-empty tuple (what `z.enum` takes). */
export const UF_SIGLAS: readonly [UfSigla, ...UfSigla[]] = Object.freeze([
  UFS[0].sigla,
  ...UFS.slice(1).map((uf) => uf.sigla),
]);

export interface UfOptions {
  /** Also accept 'EX' / 99 (exterior), as the CT-e XSD type TUf does. Default false (TUF_sem_EX). */
  allowEx?: boolean;
}

const byCode = new Map<string, Uf>(UFS.map((uf) => [uf.code, uf]));
const bySigla = new Map<string, Uf>(UFS.map((uf) => [uf.sigla, uf]));

/** Accepts '41', 41 or ' 41 '; null when not a UF code. */
export function ufByCode(code: unknown, options: UfOptions = {}): Uf | null {
  const text = typeof code === 'number' && Number.isInteger(code) ? String(code) : asText(code);
  if (options?.allowEx && text === EXTERIOR.code) return EXTERIOR;
  return byCode.get(text) ?? null;
}

/** Case-insensitive: 'pr' and 'PR' both find Paraná. */
export function ufBySigla(sigla: unknown, options: UfOptions = {}): Uf | null {
  const text = asText(sigla).toUpperCase();
  if (options?.allowEx && text === EXTERIOR.sigla) return EXTERIOR;
  return bySigla.get(text) ?? null;
}

/** A UF given either way (sigla or IBGE code). */
export function findUf(value: unknown, options: UfOptions = {}): Uf | null {
  return ufBySigla(value, options) ?? ufByCode(value, options);
}

/** True for one of the 27 siglas (uppercase, exact), or 'EX' with allowEx. */
/** Narrows a text from a form or an API answer to one of the 27 siglas ('EX' is not one). */
export function isUfSigla(value: unknown): value is UfSigla {
  return typeof value === 'string' && bySigla.has(value);
}

export function isUf(value: unknown, options: UfOptions = {}): boolean {
  if (typeof value !== 'string') return false;
  if (options?.allowEx && value === EXTERIOR.sigla) return true;
  return bySigla.has(value);
}
