import { describe, expect, it } from 'vitest';
import { EXTERIOR, UFS, findUf, isUf, ufByCode, ufBySigla } from '../../electron/fiscal/uf';

describe('UF table', () => {
  it('has the 27 units with unique codes and siglas', () => {
    expect(UFS).toHaveLength(27);
    expect(new Set(UFS.map((u) => u.code)).size).toBe(27);
    expect(new Set(UFS.map((u) => u.sigla)).size).toBe(27);
    for (const uf of UFS) {
      expect(uf.code).toMatch(/^[1-5]\d$/);
      expect(uf.sigla).toMatch(/^[A-Z]{2}$/);
      expect(uf.name.length).toBeGreaterThan(3);
    }
  });

  it('holds the IBGE codes of MOC §7.4', () => {
    const pairs = Object.fromEntries(UFS.map((u) => [u.sigla, u.code]));
    expect(pairs).toMatchObject({ RO: '11', AC: '12', AM: '13', RR: '14', PA: '15', AP: '16', TO: '17' });
    expect(pairs).toMatchObject({ MA: '21', PI: '22', CE: '23', RN: '24', PB: '25', PE: '26', AL: '27' });
    expect(pairs).toMatchObject({ SE: '28', BA: '29', MG: '31', ES: '32', RJ: '33', SP: '35' });
    expect(pairs).toMatchObject({ PR: '41', SC: '42', RS: '43', MS: '50', MT: '51', GO: '52', DF: '53' });
  });
});

describe('lookups', () => {
  it('finds by code (string or number) and by sigla (any case)', () => {
    expect(ufByCode('41')?.sigla).toBe('PR');
    expect(ufByCode(35)?.name).toBe('São Paulo');
    expect(ufBySigla('rs')?.code).toBe('43');
    expect(findUf('DF')?.code).toBe('53');
    expect(findUf(52)?.sigla).toBe('GO');
  });

  it('knows EX only when asked', () => {
    expect(ufBySigla('EX')).toBeNull();
    expect(ufByCode('99')).toBeNull();
    expect(ufBySigla('EX', { allowEx: true })).toEqual(EXTERIOR);
    expect(ufByCode(99, { allowEx: true })?.sigla).toBe('EX');
    expect(isUf('EX')).toBe(false);
    expect(isUf('EX', { allowEx: true })).toBe(true);
  });

  it('rejects unknown values without throwing', () => {
    for (const junk of ['34', '00', 'XX', '', null, undefined, 41.5, {}, 'P R']) {
      expect(ufByCode(junk)).toBeNull();
      expect(ufBySigla(junk)).toBeNull();
    }
    expect(isUf('SP')).toBe(true);
    expect(isUf('sp')).toBe(false);
    expect(isUf(35)).toBe(false);
  });
});
