// Chave de acesso (44 positions) of CT-e / CT-e OS / NF-e / DC-e: build, parse, validate.
//
// Layout (MOC CT-e 4.00 Visão Geral §2.1.4; DC-e manual §2.2.4 and XSD dceTiposBasico_v1.00):
//   cUF 2 | AAMM 4 | CNPJ/CPF 14 | mod 2 | serie 3 | número 9 | tpEmis 1 | código 8 | DV 1
//   DC-e: … | tpEmis 1 | tpEmit 1 | nSiteAutoriz 1 | cDC 6 | DV 1
// The CNPJ positions may hold letters (alphanumeric CNPJ, XSD TChDFe `[0-9]{6}[A-Z0-9]{12}[0-9]{26}`);
// a CPF emitter (NFF / TAC, DC-e) is left-padded with zeros to 14.
// DV: modulo 11, weights 2..9 from the right, char value = ASCII − 48, remainder 0/1 → 0 (§7.3).
import { asText, mod11FromRight } from './check-digits';
import { findUf, ufByCode } from './uf';

/** 44 characters: cUF, AAMM, the issuer's CNPJ (alphanumeric since NT 2025.001), then digits. */
export const ACCESS_KEY_PATTERN = /^[0-9]{6}[A-Z0-9]{12}[0-9]{26}$/;
const KEY_PATTERN = ACCESS_KEY_PATTERN;
const BODY_PATTERN = /^[0-9]{6}[A-Z0-9]{12}[0-9]{25}$/;

export type AccessKeyKind = 'cte' | 'cteos' | 'gtve' | 'nfe' | 'nfce' | 'mdfe' | 'dce' | 'other';

const KIND_BY_MOD: Record<string, AccessKeyKind> = {
  '55': 'nfe',
  '57': 'cte',
  '58': 'mdfe',
  '64': 'gtve',
  '65': 'nfce',
  '67': 'cteos',
  '99': 'dce',
};

export interface ParsedAccessKey {
  key: string;
  cUF: string;
  aamm: string;
  /** Full year (2000 + AA). */
  year: number;
  month: number;
  /** The 14 emitter positions as in the key: CNPJ, or CPF left-padded with zeros. */
  cnpj: string;
  mod: string;
  serie: string;
  numero: string;
  tpEmis: string;
  /** cCT / cNF (8 digits) or cDC (6 digits). */
  codigo: string;
  dv: string;
  kind: AccessKeyKind;
  /** DC-e only. */
  tpEmit?: string;
  nSiteAutoriz?: string;
}

/** Uppercase, without spaces, dots and hyphens; a leading 'CTe'/'NFe'/'DCe'… Id prefix is dropped. */
export function normalizeAccessKey(value: unknown): string {
  const text = asText(value)
    .replace(/[\s.-]/g, '')
    .toUpperCase();
  return /^[A-Z]{3,4}[0-9]/.test(text) && text.length > 44 ? text.replace(/^[A-Z]{3,4}/, '') : text;
}

/** DV of the first 43 characters; -1 when they are not a well-formed key body. */
export function accessKeyCheckDigit(first43: string): number {
  if (typeof first43 !== 'string' || !BODY_PATTERN.test(first43)) return -1;
  return mod11FromRight(first43);
}

/**
 * Pattern (TChDFe), length 44, known cUF, month 01–12 and check digit. Garbage gives false.
 * Accepts the formatted form (blocks separated by spaces).
 */
export function isValidAccessKey(value: unknown): boolean {
  const key = normalizeAccessKey(value);
  if (!KEY_PATTERN.test(key)) return false;
  if (!ufByCode(key.slice(0, 2))) return false;
  const month = Number(key.slice(4, 6));
  if (month < 1 || month > 12) return false;
  return accessKeyCheckDigit(key.slice(0, 43)) === Number(key[43]);
}

export interface ParseOptions {
  /** Parse even when the DV is wrong (rendering fixtures, diagnostics). Default false. */
  ignoreCheckDigit?: boolean;
}

export function parseAccessKey(value: unknown, options: ParseOptions = {}): ParsedAccessKey | null {
  const key = normalizeAccessKey(value);
  if (!KEY_PATTERN.test(key)) return null;
  if (!options?.ignoreCheckDigit && !isValidAccessKey(key)) return null;
  const mod = key.slice(20, 22);
  const kind = KIND_BY_MOD[mod] ?? 'other';
  const aamm = key.slice(2, 6);
  const parsed: ParsedAccessKey = {
    key,
    cUF: key.slice(0, 2),
    aamm,
    year: 2000 + Number(aamm.slice(0, 2)),
    month: Number(aamm.slice(2)),
    cnpj: key.slice(6, 20),
    mod,
    serie: key.slice(22, 25),
    numero: key.slice(25, 34),
    tpEmis: key[34],
    codigo: key.slice(35, 43),
    dv: key[43],
    kind,
  };
  if (kind === 'dce') {
    parsed.tpEmit = key[35];
    parsed.nSiteAutoriz = key[36];
    parsed.codigo = key.slice(37, 43);
  }
  return parsed;
}

type NumLike = number | string;

/** Non-negative integer in 0..max, given as number or digit string; null otherwise. */
function intIn(value: unknown, max: number): number | null {
  const text = typeof value === 'number' ? String(value) : asText(value);
  if (!/^\d{1,12}$/.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** 'AAMM' from either aamm or year + month; null when out of range. */
function resolveAamm(fields: { aamm?: NumLike; year?: NumLike; month?: NumLike }): string | null {
  if (fields.aamm !== undefined) {
    const text = typeof fields.aamm === 'number' ? pad(fields.aamm, 4) : asText(fields.aamm);
    if (!/^\d{4}$/.test(text)) return null;
    const month = Number(text.slice(2));
    return month >= 1 && month <= 12 ? text : null;
  }
  const year = intIn(fields.year, 9999);
  const month = intIn(fields.month, 12);
  if (year === null || month === null || month < 1) return null;
  const yy = year >= 2000 ? year - 2000 : year;
  return yy <= 99 ? pad(yy, 2) + pad(month, 2) : null;
}

/** CNPJ as is (alphanumeric allowed) or a CPF left-padded to 14. */
function resolveEmitter(value: unknown): string | null {
  const text = asText(value)
    .toUpperCase()
    .replace(/[./\-\s]/g, '');
  if (/^\d{11}$/.test(text)) return text.padStart(14, '0');
  return /^[0-9A-Z]{12}[0-9]{2}$/.test(text) ? text : null;
}

function resolveCuf(value: unknown): string | null {
  return findUf(value)?.code ?? null;
}

interface CommonKeyFields {
  /** IBGE code (41 / '41') or sigla ('PR'). */
  cUF: NumLike;
  aamm?: NumLike;
  year?: NumLike;
  month?: NumLike;
  serie: NumLike;
  numero: NumLike;
  tpEmis: NumLike;
}

function buildKey(
  fields: CommonKeyFields,
  emitter: unknown,
  mod: string,
  rest: string | null,
): string | null {
  const cUF = resolveCuf(fields.cUF);
  const aamm = resolveAamm(fields);
  const cnpj = resolveEmitter(emitter);
  const serie = intIn(fields.serie, 999);
  const numero = intIn(fields.numero, 999_999_999);
  const tpEmis = intIn(fields.tpEmis, 9);
  if (cUF === null || aamm === null || cnpj === null || serie === null || tpEmis === null) return null;
  if (numero === null || numero < 1) return null;
  if (rest === null) return null;
  const body = cUF + aamm + cnpj + mod + pad(serie, 3) + pad(numero, 9) + String(tpEmis) + rest;
  const dv = accessKeyCheckDigit(body);
  return dv < 0 ? null : body + dv;
}

/**
 * The code is taken as given, even when equal to the number: the real PR key of 2024 in the tests
 * was authorized with cCT = nCT. New codes come from randomNumericCode, which avoids it.
 */
function codeFor(codigo: unknown, width: number): string | null {
  const code = intIn(codigo, 10 ** width - 1);
  return code === null ? null : pad(code, width);
}

export interface CteKeyFields extends CommonKeyFields {
  cnpj: string;
  mod: '57' | '67';
  /** cCT, up to 8 digits. */
  codigo: NumLike;
}

export function buildCteKey(fields: CteKeyFields): string | null {
  const mod = fields ? String(fields.mod) : '';
  if (mod !== '57' && mod !== '67') return null;
  return buildKey(fields, fields.cnpj, mod, codeFor(fields.codigo, 8));
}

export interface NfeKeyFields extends CommonKeyFields {
  cnpj: string;
  /** cNF, up to 8 digits. */
  codigo: NumLike;
}

export function buildNfeKey(fields: NfeKeyFields): string | null {
  if (!fields) return null;
  return buildKey(fields, fields.cnpj, '55', codeFor(fields.codigo, 8));
}

/** MDF-e (modelo 58): same layout as the CT-e key, cMDF in the code positions (MOC MDF-e 3.00 §2.1.4). */
export function buildMdfeKey(fields: NfeKeyFields): string | null {
  if (!fields) return null;
  return buildKey(fields, fields.cnpj, '58', codeFor(fields.codigo, 8));
}

export interface DceKeyFields extends CommonKeyFields {
  cnpjCpf: string;
  /** 0 App Fisco, 1 Marketplace, 2 Emissor próprio, 3 Transportadora, 4 ECT. */
  tpEmit: NumLike;
  nSiteAutoriz: NumLike;
  /** cDC, up to 6 digits. */
  codigo: NumLike;
}

export function buildDceKey(fields: DceKeyFields): string | null {
  if (!fields) return null;
  const tpEmit = intIn(fields.tpEmit, 4);
  const site = intIn(fields.nSiteAutoriz, 9);
  const code = codeFor(fields.codigo, 6);
  const rest = tpEmit === null || site === null || code === null ? null : `${tpEmit}${site}${code}`;
  return buildKey(fields, fields.cnpjCpf, '99', rest);
}

/** Uniform float in [0, 1) from the Web Crypto API (global in Node ≥ 19, Electron and browsers). */
function secureRandom(): number {
  const buffer = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buffer);
  return buffer[0] / 2 ** 32;
}

/**
 * A random numeric code of `length` digits (cCT/cNF: 8, cDC: 6), never equal to `documentNumber`
 * when given. Null for a length outside 1..15.
 */
export function randomNumericCode(
  length: number,
  rng: () => number = secureRandom,
  documentNumber?: NumLike,
): string | null {
  if (!Number.isInteger(length) || length < 1 || length > 15) return null;
  const size = 10 ** length;
  const avoid = documentNumber === undefined ? null : intIn(documentNumber, Number.MAX_SAFE_INTEGER);
  const source = typeof rng === 'function' ? rng : secureRandom;
  let code = 0;
  for (let attempt = 0; attempt < 10; attempt++) {
    const r = source();
    code = Number.isFinite(r) ? Math.floor(Math.abs(r) * size) % size : 0;
    if (code !== avoid) return pad(code, length);
  }
  // A stuck rng (tests, a broken source) must not loop forever nor return the forbidden value.
  return pad((code + 1) % size, length);
}
