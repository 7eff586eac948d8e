import { describe, expect, it } from 'vitest';

import {
  formatCep,
  formatChave,
  formatCnpj,
  formatCpf,
  formatCpfCnpj,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPhone,
  normalizeCnpj,
  onlyDigits,
  parseMoney,
  parseNumber,
} from '../../electron/shared/format';

describe('formatMoney', () => {
  it('formats with thousands dots, decimal comma and a regular space', () => {
    expect(formatMoney(1234.56)).toBe('R$ 1.234,56');
    expect(formatMoney(1234.56)).not.toContain('\u00a0');
    expect(formatMoney(0)).toBe('R$ 0,00');
    expect(formatMoney(5)).toBe('R$ 5,00');
    expect(formatMoney(0.1)).toBe('R$ 0,10');
    expect(formatMoney(999.999)).toBe('R$ 1.000,00');
    expect(formatMoney(1000000)).toBe('R$ 1.000.000,00');
  });

  it('puts the sign before the currency and never shows -0', () => {
    expect(formatMoney(-1234.56)).toBe('-R$ 1.234,56');
    expect(formatMoney(-0)).toBe('R$ 0,00');
    expect(formatMoney(-0.004)).toBe('R$ 0,00');
    expect(formatMoney(-0.005)).toBe('-R$ 0,01');
  });

  it('rounds half up on the decimal value, not the binary one', () => {
    expect(formatMoney(0.005)).toBe('R$ 0,01');
    expect(formatMoney(1.005)).toBe('R$ 1,01');
    expect(formatMoney(1.004)).toBe('R$ 1,00');
    expect(formatMoney(2.675)).toBe('R$ 2,68');
    expect(formatMoney(0.285)).toBe('R$ 0,29');
    expect(formatMoney(9.995)).toBe('R$ 10,00');
  });

  it('handles huge and tiny values', () => {
    expect(formatMoney(123456789012.34)).toBe('R$ 123.456.789.012,34');
    expect(formatMoney(1e21)).toBe('R$ 1.000.000.000.000.000.000.000,00');
    expect(formatMoney(1e-7)).toBe('R$ 0,00');
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('R$ 9.007.199.254.740.991,00');
  });

  it('returns an empty string for non-finite numbers', () => {
    expect(formatMoney(Number.NaN)).toBe('');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('formatNumber', () => {
  it('uses the requested number of decimals', () => {
    expect(formatNumber(1234.5678, 3)).toBe('1.234,568');
    expect(formatNumber(1234.5, 0)).toBe('1.235');
    expect(formatNumber(12, 4)).toBe('12,0000');
    expect(formatNumber(-7.25, 1)).toBe('-7,3');
    expect(formatNumber(1234.56)).toBe('1.234,56');
    expect(formatNumber(0, 0)).toBe('0');
    expect(formatNumber(-0.4, 0)).toBe('0');
    expect(formatNumber(Number.NaN, 2)).toBe('');
  });
});

describe('parseMoney / parseNumber', () => {
  it('reads what a Brazilian types', () => {
    expect(parseMoney('1.234,56')).toBe(1234.56);
    expect(parseMoney('R$ 1.234,56')).toBe(1234.56);
    expect(parseMoney('R$\u00a01.234,56')).toBe(1234.56);
    expect(parseMoney('1234,56')).toBe(1234.56);
    expect(parseMoney('0,5')).toBe(0.5);
    expect(parseMoney(',5')).toBe(0.5);
    expect(parseMoney('10')).toBe(10);
    expect(parseMoney('1.234')).toBe(1234);
    expect(parseMoney('1.234.567,8')).toBe(1234567.8);
    expect(parseMoney('-R$ 1.234,56')).toBe(-1234.56);
    expect(parseMoney('-10,00')).toBe(-10);
    expect(parseMoney('  42,00 ')).toBe(42);
  });

  it('accepts a pasted dot decimal with one or two places', () => {
    expect(parseMoney('1234.56')).toBe(1234.56);
    expect(parseMoney('0.5')).toBe(0.5);
  });

  it('returns null on garbage', () => {
    for (const bad of ['', ' ', 'abc', '1,2,3', '12a', '1.23,45', '1..234', 'R$', '-', '1,2x', '12.34.5']) {
      expect(parseMoney(bad), bad).toBeNull();
    }
    expect(parseNumber(undefined as unknown as string)).toBeNull();
  });

  it('round-trips with formatMoney', () => {
    for (const value of [0, 0.01, 1234.56, -98765.43, 1000000]) {
      expect(parseMoney(formatMoney(value))).toBe(value);
    }
  });
});

describe('formatDate / formatDateTime', () => {
  it('shows dates in São Paulo time by default', () => {
    expect(formatDate('2026-03-05T13:00:00Z')).toBe('05/03/2026');
    // 01:30 UTC is still the previous evening in São Paulo (UTC-3).
    expect(formatDate('2026-03-05T01:30:00Z')).toBe('04/03/2026');
    expect(formatDateTime('2026-03-05T13:07:00Z')).toBe('05/03/2026 10:07');
    expect(formatDateTime('2026-03-05T02:00:00Z')).toBe('04/03/2026 23:00');
    expect(formatDateTime('2026-03-05T10:07:00-03:00')).toBe('05/03/2026 10:07');
    expect(formatDate(new Date(Date.UTC(2025, 11, 31, 12)))).toBe('31/12/2025');
  });

  it('takes a timezone parameter', () => {
    expect(formatDateTime('2026-03-05T02:00:00Z', 'UTC')).toBe('05/03/2026 02:00');
    expect(formatDate('2026-03-05T01:30:00Z', 'UTC')).toBe('05/03/2026');
    expect(formatDateTime('2026-01-10T12:00:00Z', 'America/Manaus')).toBe('10/01/2026 08:00');
  });

  it('never shifts a date-only value', () => {
    expect(formatDate('2026-01-15')).toBe('15/01/2026');
    expect(formatDate('2026-01-15', 'Asia/Tokyo')).toBe('15/01/2026');
  });

  it('uses 00 for midnight, not 24', () => {
    expect(formatDateTime('2026-03-05T03:00:00Z')).toBe('05/03/2026 00:00');
  });

  it('returns a bad string unchanged and an invalid Date as empty', () => {
    expect(formatDate('ontem')).toBe('ontem');
    expect(formatDateTime('ontem')).toBe('ontem');
    expect(formatDate(new Date('x'))).toBe('');
    expect(formatDateTime(new Date('x'))).toBe('');
  });
});

describe('identifiers', () => {
  it('onlyDigits keeps digits only', () => {
    expect(onlyDigits('12.345.678/0001-95')).toBe('12345678000195');
    expect(onlyDigits('abc')).toBe('');
    expect(onlyDigits('')).toBe('');
  });

  it('normalizeCnpj keeps letters, uppercases and strips punctuation', () => {
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normalizeCnpj(' 12.345.678/0001-95 ')).toBe('12345678000195');
  });

  it('formats numeric and alphanumeric CNPJ', () => {
    expect(formatCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('12345678000195')).toBe('12.345.678/0001-95');
    expect(formatCnpj('12.345.678/0001-95')).toBe('12.345.678/0001-95');
  });

  it('returns a malformed CNPJ unchanged', () => {
    expect(formatCnpj('1234')).toBe('1234');
    expect(formatCnpj('12ABC34501DEAB')).toBe('12ABC34501DEAB'); // check digits must be numeric
    expect(formatCnpj('123456780001951')).toBe('123456780001951');
    expect(formatCnpj('')).toBe('');
  });

  it('formats CPF and leaves anything else alone', () => {
    expect(formatCpf('12345678909')).toBe('123.456.789-09');
    expect(formatCpf('123.456.789-09')).toBe('123.456.789-09');
    expect(formatCpf('1234567890')).toBe('1234567890');
    expect(formatCpf('1234567890A')).toBe('1234567890A');
  });

  it('formatCpfCnpj chooses by length', () => {
    expect(formatCpfCnpj('12345678909')).toBe('123.456.789-09');
    expect(formatCpfCnpj('12345678000195')).toBe('12.345.678/0001-95');
    expect(formatCpfCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatCpfCnpj('123')).toBe('123');
  });

  it('formats CEP', () => {
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('01310-100')).toBe('01310-100');
    expect(formatCep('0131010')).toBe('0131010');
    expect(formatCep('0131O100')).toBe('0131O100');
  });

  it('formats a 44-character chave in 11 groups of 4', () => {
    const chave = '35260312345678000195570010000001231000001234';
    const formatted = formatChave(chave);
    expect(formatted.split(' ')).toHaveLength(11);
    expect(formatted).toBe('3526 0312 3456 7800 0195 5700 1000 0001 2310 0000 1234');
    expect(formatChave(formatted)).toBe(formatted);
    const alnum = '352603' + '12ABC34501DE35' + '570010000001231000001234';
    expect(formatChave(alnum)).toBe('3526 0312 ABC3 4501 DE35 5700 1000 0001 2310 0000 1234');
    expect(formatChave('123')).toBe('123');
  });

  it('formats landline and mobile phones', () => {
    expect(formatPhone('1134567890')).toBe('(11) 3456-7890');
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('(11) 98765-4321')).toBe('(11) 98765-4321');
    expect(formatPhone('123')).toBe('123');
    expect(formatPhone('5511987654321')).toBe('5511987654321');
    expect(formatPhone('11 9876-ABCD')).toBe('11 9876-ABCD');
  });
});
