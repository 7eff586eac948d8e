import { describe, expect, it } from 'vitest';
import {
  IBGE_DV_EXCEPTIONS,
  ibgeCheckDigit,
  ibgeMatchesUf,
  isValidIbgeMunicipio,
  normalizeIbgeCode,
  ufOfMunicipio,
} from '../../electron/fiscal/ibge';

// Real municipality codes (IBGE DTB; capitals and recently created municipalities, the latter to
// show that a code missing from an older table still validates).
const REAL = {
  '3550308': 'SP', // São Paulo
  '4106902': 'PR', // Curitiba
  '4314902': 'RS', // Porto Alegre
  '5300108': 'DF', // Brasília
  '1100205': 'RO', // Porto Velho
  '2927408': 'BA', // Salvador
  '5208707': 'GO', // Goiânia
  '1504752': 'PA', // Mojuí dos Campos (installed 2013)
  '4212650': 'SC', // Pescaria Brava (2013)
  '4220000': 'SC', // Balneário Rincão (2013)
  '5006275': 'MS', // Paraíso das Águas (2013)
  '5101837': 'MT', // Boa Esperança do Norte (installed after 2017)
};

describe('ibgeCheckDigit', () => {
  it('follows the 1,2,1,2,1,2 rule with digit sums (Curitiba 410690 → 2)', () => {
    // 4·1 + 1·2 + 0·1 + 6·2=12→3 + 9·1 + 0·2 = 4+2+0+3+9+0 = 18 → (10 − 8) = 2
    expect(ibgeCheckDigit('410690')).toBe(2);
    expect(ibgeCheckDigit('355030')).toBe(8);
  });
  it('returns -1 for malformed input', () => {
    expect(ibgeCheckDigit('41069')).toBe(-1);
    expect(ibgeCheckDigit('41069A')).toBe(-1);
  });
});

describe('isValidIbgeMunicipio', () => {
  it('accepts real codes, including municipalities created after old tables', () => {
    for (const code of Object.keys(REAL)) expect(isValidIbgeMunicipio(code), code).toBe(true);
  });

  it('accepts the nine NT 2008.004 codes whose DV breaks the rule, and only those', () => {
    expect(Object.keys(IBGE_DV_EXCEPTIONS)).toHaveLength(9);
    for (const code of Object.keys(IBGE_DV_EXCEPTIONS)) {
      expect(ibgeCheckDigit(code.slice(0, 6))).not.toBe(Number(code[6]));
      expect(isValidIbgeMunicipio(code)).toBe(true);
      const ruled = code.slice(0, 6) + ibgeCheckDigit(code.slice(0, 6));
      expect(isValidIbgeMunicipio(ruled)).toBe(true);
    }
  });

  it('rejects a wrong DV, a wrong UF prefix, wrong length, letters', () => {
    expect(isValidIbgeMunicipio('4106903')).toBe(false);
    expect(isValidIbgeMunicipio('3406902')).toBe(false);
    expect(isValidIbgeMunicipio('0106902')).toBe(false);
    expect(isValidIbgeMunicipio('410690')).toBe(false);
    expect(isValidIbgeMunicipio('41069021')).toBe(false);
    expect(isValidIbgeMunicipio('41O6902')).toBe(false);
  });

  it('accepts 9999999 only with allowExterior', () => {
    expect(isValidIbgeMunicipio('9999999')).toBe(false);
    expect(isValidIbgeMunicipio('9999999', { allowExterior: true })).toBe(true);
  });

  it('takes numbers and masked text, never throws', () => {
    expect(isValidIbgeMunicipio(4106902)).toBe(true);
    expect(normalizeIbgeCode(' 41.0690-2 ')).toBe('4106902');
    for (const junk of [null, undefined, {}, 4106902.5, '', 'abc'])
      expect(isValidIbgeMunicipio(junk)).toBe(false);
  });
});

describe('UF consistency', () => {
  it('matches each real code to its UF (sigla or code) and to no other', () => {
    for (const [code, uf] of Object.entries(REAL)) {
      expect(ibgeMatchesUf(code, uf)).toBe(true);
      expect(ufOfMunicipio(code)?.sigla).toBe(uf);
      expect(ibgeMatchesUf(code, uf === 'SP' ? 'RJ' : 'SP')).toBe(false);
    }
    expect(ibgeMatchesUf('4106902', 41)).toBe(true);
    expect(ibgeMatchesUf('4106902', 'pr')).toBe(true);
  });

  it('ties 9999999 to EX', () => {
    expect(ibgeMatchesUf('9999999', 'EX')).toBe(true);
    expect(ibgeMatchesUf('9999999', 'SP')).toBe(false);
    expect(ibgeMatchesUf('3550308', 'EX')).toBe(false);
    expect(ufOfMunicipio('9999999')?.sigla).toBe('EX');
  });

  it('refuses invalid codes or UFs', () => {
    expect(ibgeMatchesUf('4106903', 'PR')).toBe(false);
    expect(ibgeMatchesUf('4106902', 'XX')).toBe(false);
    expect(ibgeMatchesUf(null, null)).toBe(false);
    expect(ufOfMunicipio('123')).toBeNull();
  });
});
