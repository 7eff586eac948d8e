import { describe, expect, it } from 'vitest';
import {
  cnpjCheckDigits,
  cpfCheckDigits,
  cpfCnpjKind,
  isValidCnpj,
  isValidCpf,
  isValidCpfCnpj,
  normalizeCnpj,
} from '../../electron/fiscal/cnpj';

describe('normalizeCnpj', () => {
  it('uppercases and strips the mask but keeps letters', () => {
    expect(normalizeCnpj(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
    expect(normalizeCnpj('11.222.333/0001-81')).toBe('11222333000181');
  });
  it('gives an empty string for non-strings', () => {
    expect(normalizeCnpj(null)).toBe('');
    expect(normalizeCnpj(11222333000181)).toBe('');
    expect(normalizeCnpj({})).toBe('');
  });
});

describe('CNPJ check digits', () => {
  // 11.222.333/0001-81: the classic numeric example used in Receita Federal style tutorials.
  it('accepts a valid numeric CNPJ, masked or not', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(cnpjCheckDigits('112223330001')).toBe('81');
  });

  // 12.ABC.345/01DE-35: the worked example of the Receita Federal/SERPRO material on the
  // alphanumeric CNPJ ("Cálculo do DV do CNPJ alfanumérico"), quoted as the official vector by several
  // independent projects; not read from the primary PDF here. Hand computation (A=17, B=18, …):
  // DV1 sum 459, 459 mod 11 = 8 → 3; DV2 sum 424, 424 mod 11 = 6 → 5.
  it('accepts the published alphanumeric example 12.ABC.345/01DE-35', () => {
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
  });

  // Computed by hand here: body 'A1B2C3D4E5F6' (values 17,1,18,2,19,3,20,4,21,5,22,6): DV1 sum 709,
  // 709 mod 11 = 5 → 6; DV2 sum 707, 707 mod 11 = 3 → 8.
  it('computes the digits of another alphanumeric body', () => {
    expect(cnpjCheckDigits('A1B2C3D4E5F6')).toBe('68');
    expect(isValidCnpj('A1.B2C.3D4/E5F6-68')).toBe(true);
    expect(isValidCnpj('A1.B2C.3D4/E5F6-69')).toBe(false);
  });

  it('rejects wrong digits, letters in the check digits, wrong length and repeated characters', () => {
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('12ABC34501DE53')).toBe(false);
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('112223330001811')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('11111111111111')).toBe(false);
    expect(isValidCnpj('AAAAAAAAAAAAAA')).toBe(false);
    expect(isValidCnpj('12ABC345$1DE35')).toBe(false);
  });

  it('never throws on garbage', () => {
    for (const junk of [undefined, null, 42, {}, [], '', '   ', '🚚'.repeat(14)]) {
      expect(isValidCnpj(junk)).toBe(false);
      expect(cnpjCheckDigits(junk)).toBeNull();
    }
  });

  it('keeps the digits of numeric CNPJs whatever the body (property check against the classic weights)', () => {
    const classic = (body: string): string => {
      const digit = (text: string, weights: number[]): number => {
        const r = [...text].reduce((s, c, i) => s + Number(c) * weights[i], 0) % 11;
        return r < 2 ? 0 : 11 - r;
      };
      const d1 = digit(body, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
      const d2 = digit(body + d1, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
      return `${d1}${d2}`;
    };
    let seed = 7;
    for (let n = 0; n < 500; n++) {
      let body = '';
      for (let i = 0; i < 12; i++) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        body += String(seed % 10);
      }
      expect(cnpjCheckDigits(body)).toBe(classic(body));
    }
  });
});

describe('CPF', () => {
  // 111.444.777-35: the usual worked example of the CPF algorithm.
  it('accepts a valid CPF and computes its digits', () => {
    expect(isValidCpf('111.444.777-35')).toBe(true);
    expect(isValidCpf('11144477735')).toBe(true);
    expect(cpfCheckDigits('111444777')).toBe('35');
  });
  it('rejects wrong digits, repeated digits, letters and wrong length', () => {
    expect(isValidCpf('111.444.777-36')).toBe(false);
    expect(isValidCpf('00000000000')).toBe(false);
    expect(isValidCpf('99999999999')).toBe(false);
    expect(isValidCpf('1114447773A')).toBe(false);
    expect(isValidCpf('1114447773')).toBe(false);
    expect(cpfCheckDigits('11144477')).toBeNull();
    expect(cpfCheckDigits(null)).toBeNull();
  });
});

describe('CPF or CNPJ', () => {
  it('tells which document a value is', () => {
    expect(cpfCnpjKind('111.444.777-35')).toBe('cpf');
    expect(cpfCnpjKind('11.222.333/0001-81')).toBe('cnpj');
    expect(cpfCnpjKind('12.ABC.345/01DE-35')).toBe('cnpj');
    expect(cpfCnpjKind('111.444.777-36')).toBeNull();
    expect(cpfCnpjKind('123')).toBeNull();
    expect(cpfCnpjKind(undefined)).toBeNull();
    expect(isValidCpfCnpj('11144477735')).toBe(true);
    expect(isValidCpfCnpj('11222333000182')).toBe(false);
  });
});
