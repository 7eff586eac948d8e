import { describe, expect, it } from 'vitest';
import {
  ISENTO,
  UFS_WITHOUT_ISENTO_TOMADOR,
  isValidIe,
  normalizeIe,
  ufAcceptsIsentoTomador,
} from '../../electron/fiscal/ie';
import { UFS } from '../../electron/fiscal/uf';

// Where each valid example comes from:
//  [S] published example of the SINTEGRA rule page, as reproduced in the caelum-stella test suite
//      (caelum/caelum-stella, stella-core/src/test/.../validation/ie/*ValidatorTest.java);
//  [R] example in the SEFAZ-RS/PROCERGS NF-e validator's documentation (InscricaoEstadual2.vb);
//  [Q] the example commonly quoted from the SINTEGRA rule pages (not re-read from a primary source
//      here; the hand check in the comment confirms the digit);
//  [C] computed here by hand from the rule (shown in the comment).
const VALID: Record<string, string[]> = {
  AC: ['01.004.823/001-12', '01.004.141/001-46', '01.956.867/001-07'], // [S]
  AL: ['24.000.004-8', '24.076.739-0', '24.103.644-5'], // [S]
  AM: ['04.193.980-8', '043456782'], // [S]
  AP: ['03.012.345-9'], // [S]
  // [S] 8 digits (mod 11 and mod 10); [Q] 9 digits, mod 10 by the 2nd digit: last DV 8+6 = 14 → 6,
  // then 9+9+12 = 30 → 0.
  BA: ['612345-57', '123456-63', '1000003-06'],
  CE: ['06.000.001-5', '06.998.161-2', '06.864.509-0'], // [S]
  DF: ['07.300.001.001-09'], // [Q] DV1: 21+6+5+2 = 34 ≡ 1 → 0; DV2: 28+9+6+3 = 46 ≡ 2 → 9
  ES: ['999999990'], // [C] 9·(9+8+…+2) = 396 ≡ 0 (mod 11) → 0
  GO: ['10.987.654-7', '10.103.119-1', '11.094.402-0', '11.094.402-1'], // [S] incl. the 11094402 special case
  MA: ['12.000.038-5'], // [Q] 1·9+2·8+0+0+0+0+3·3+8·2 = 50 ≡ 6 → 5
  MG: ['062.307.904/0081'], // [S]
  MS: ['28.303.759-8', '28.322.235-2'], // [S]
  MT: ['0013000001-9'], // [Q] weights 3,2,9,…,2 over 0013000001: 9+24+2 = 35 ≡ 2 → 9
  PA: ['15-999999-5'], // [Q] 1·9+5·8+9·(7+6+5+4+3+2) = 49+243 = 292 ≡ 6 → 5
  PB: ['06000001-5'], // [Q] same digits as the CE example
  PE: ['0321418-40', '18.1.001.0000004-9'], // [R] current and old (eFisco) forms
  PI: ['19.301.656-7'], // [Q] 9+72+21+0+5+24+15+12 = 158 ≡ 4 → 7
  PR: ['123.45678-50'], // [Q] DV1: 3+4+21+24+25+24+21+16 = 138 ≡ 6 → 5; DV2: 166 ≡ 1 → 0
  RJ: ['99.999.99-3'], // [Q] 9·(2+7+6+5+4+3+2) = 261 ≡ 8 → 3
  RN: ['20.040.040-1', '20.0.040.040-0'], // [Q] 18+24+12 = 54 ≡ 10 → 1; weights 10..2: 20+24+12 = 56 ≡ 1 → 0
  RO: ['101.62521-3', '0000000062521-3'], // [Q] old and current forms: 62521 × 6,5,4,3,2 = 74 ≡ 8 → 3
  RR: ['24006628-1', '24001755-6', '24004145-5'], // [S]
  RS: ['224/3658792'], // [Q] 2·2+2·9+4·8+3·7+6·6+5·5+8·4+7·3+9·2 = 207 ≡ 9 → 2
  SC: ['251.040.852'], // [Q] 2·9+5·8+1·7+0+4·5+0+8·3+5·2 = 119 ≡ 9 → 2
  SE: ['27123456-3'], // [Q] 18+56+7+12+15+16+15+12 = 151 ≡ 8 → 3
  SP: ['110.042.490.114'], // [Q] DV1: 1+3+24+14+32+90 = 164 ≡ 10 → 0; DV2: 3+2+32+14+24+45+3+2 = 125 ≡ 4
  TO: ['29.022.783-6'], // [C] 18+72+0+12+10+28+24+6 = 170 ≡ 5 → 6
};

/** Same number with the last digit changed: must fail. */
function breakLastDigit(ie: string): string {
  const digits = ie.replace(/\D/g, '');
  const last = (Number(digits.at(-1)) + 1) % 10;
  return digits.slice(0, -1) + last;
}

describe('isValidIe: one rule per UF', () => {
  it('covers all 27 UFs', () => {
    expect(Object.keys(VALID).sort()).toEqual(UFS.map((u) => u.sigla).sort());
  });

  for (const [uf, examples] of Object.entries(VALID)) {
    it(`${uf}: accepts the valid examples and rejects them with a wrong last digit`, () => {
      for (const ie of examples) {
        expect(isValidIe(ie, uf), `${uf} ${ie}`).toBe(true);
      }
      const broken = breakLastDigit(examples[0]);
      expect(isValidIe(broken, uf), `${uf} ${broken}`).toBe(false);
    });
  }

  it('rejects each UF example under another UF with a different rule (spot checks)', () => {
    expect(isValidIe('110.042.490.114', 'PR')).toBe(false);
    expect(isValidIe('062.307.904/0081', 'SP')).toBe(false);
    expect(isValidIe('24006628-1', 'AL')).toBe(false);
  });
});

describe('isValidIe: UF specifics', () => {
  it('checks the fixed prefixes even when the digit is right', () => {
    // Independent mod 11 with weights 9..2 for an 8-digit body.
    const withDv = (body: string): string => {
      const r = [...body].reduce((sum, c, i) => sum + Number(c) * (9 - i), 0) % 11;
      return body + (r < 2 ? 0 : 11 - r);
    };
    for (const [uf, good, bad] of [
      ['AL', '24000004', '25000004'],
      ['MA', '12000038', '21000038'],
      ['MS', '28303759', '29303759'],
      ['PA', '15999999', '16999999'],
      ['SE', '27123456', '26123456'],
    ]) {
      expect(isValidIe(withDv(good), uf), `${uf} ${withDv(good)}`).toBe(true);
      expect(isValidIe(withDv(bad), uf), `${uf} ${withDv(bad)}`).toBe(false);
    }
  });

  it('GO: remainder 1 gives DV 1 only inside 10103105–10119997', () => {
    expect(isValidIe('101031051', 'GO')).toBe(true); // lower bound [S]
    expect(isValidIe('101199971', 'GO')).toBe(true); // upper bound [S]
    expect(isValidIe('101199988', 'GO')).toBe(true); // above the range [S]
    expect(isValidIe('101031050', 'GO')).toBe(false);
  });

  it('MG: both check digits matter', () => {
    expect(isValidIe('0623079040071', 'MG')).toBe(false); // first DV wrong [S]
    expect(isValidIe('0623079040085', 'MG')).toBe(false); // second DV wrong [S]
  });

  it('RS: municipality 001–497 and type digit not 5–7', () => {
    expect(isValidIe('4983658792', 'RS')).toBe(false);
    expect(isValidIe('2245658792', 'RS')).toBe(false);
  });

  it('TO: the old 11-digit form is refused', () => {
    expect(isValidIe('29010227836', 'TO')).toBe(false);
  });

  it('treats leading zeros as optional, as the authorizers do, but not other extra digits', () => {
    expect(isValidIe('099999993', 'RJ')).toBe(true);
    expect(isValidIe('0110042490114', 'SP')).toBe(true);
    expect(isValidIe('6230790400 81', 'MG')).toBe(true);
    expect(isValidIe('1110042490114', 'SP')).toBe(false);
    expect(isValidIe('00000000', 'RJ')).toBe(false);
  });

  it('refuses letters, symbols left after normalization, lengths beyond the XSD', () => {
    expect(isValidIe('P0110042490114'.slice(0, 13), 'SP')).toBe(false);
    expect(isValidIe('99.999.99-3a', 'RJ')).toBe(false);
    expect(isValidIe('123456789012345', 'MG')).toBe(false);
    expect(isValidIe('9', 'RJ')).toBe(false);
  });
});

describe('ISENTO', () => {
  it('is accepted for parties (TIeDest) in any case and refused for the emitter (TIe)', () => {
    expect(isValidIe('ISENTO', 'SP')).toBe(true);
    expect(isValidIe(' isento ', 'RS')).toBe(true);
    expect(isValidIe('ISENTO', 'SP', { allowIsento: false })).toBe(false);
    expect(isValidIe('ISENTA', 'SP')).toBe(false);
  });

  it('knows the UFs that refuse an isento tomador (MOC G024)', () => {
    expect(UFS_WITHOUT_ISENTO_TOMADOR).toHaveLength(11);
    expect(ufAcceptsIsentoTomador('SP')).toBe(false);
    expect(ufAcceptsIsentoTomador('mg')).toBe(false);
    expect(ufAcceptsIsentoTomador('PR')).toBe(true);
    expect(ufAcceptsIsentoTomador('XX')).toBe(false);
  });
});

describe('normalizeIe and garbage', () => {
  it('normalizes masks and ISENTO', () => {
    expect(normalizeIe('110.042.490.114')).toBe('110042490114');
    expect(normalizeIe('224/3658792')).toBe('2243658792');
    expect(normalizeIe(' Isento ')).toBe(ISENTO);
    expect(normalizeIe(null)).toBe('');
  });

  it('never throws', () => {
    for (const junk of [null, undefined, 123, {}, [], '', '   ', '///']) {
      for (const uf of ['SP', 'EX', 'XX', null]) expect(isValidIe(junk, uf)).toBe(false);
    }
    expect(isValidIe('110042490114', 'EX')).toBe(false);
    expect(isValidIe('110042490114', null)).toBe(false);
  });
});
