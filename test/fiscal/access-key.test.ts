import { describe, expect, it } from 'vitest';
import {
  accessKeyCheckDigit,
  buildCteKey,
  buildDceKey,
  buildNfeKey,
  isValidAccessKey,
  normalizeAccessKey,
  parseAccessKey,
  randomNumericCode,
} from '../../electron/fiscal/access-key';

// Independent formulation of MOC §7.3: position i (0-based, left to right, of 43) has weight
// 2 + ((42 − i) mod 8); value = ASCII − 48.
function referenceDv(first43: string): number {
  let sum = 0;
  for (let i = 0; i < 43; i++) sum += (first43.charCodeAt(i) - 48) * (2 + ((42 - i) % 8));
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

// Real CT-e key of a 2024 PR production document (cited in the reference README, fact F1).
const REAL_PR_KEY = '41240428849505000144570010000712731000712739';

describe('accessKeyCheckDigit', () => {
  it('reproduces the MOC worked example: weighted sum 644 → remainder 6 → DV 5', () => {
    // MOC CT-e 4.00 Visão Geral §7.3, row A of the table, digits concatenated.
    const mocExample = '520 60 4 3 300 9 911002 50 6 5 5012000000 7 8 00 2 6 7 301 6 1'.replace(/\s/g, '');
    expect(mocExample).toHaveLength(43);
    let sum = 0;
    for (let i = 0; i < 43; i++) sum += Number(mocExample[i]) * (2 + ((42 - i) % 8));
    expect(sum).toBe(644);
    expect(accessKeyCheckDigit(mocExample)).toBe(5);
  });

  it('gives the DV of the real PR key', () => {
    expect(accessKeyCheckDigit(REAL_PR_KEY.slice(0, 43))).toBe(9);
  });

  it('maps remainders 0 and 1 to DV 0', () => {
    // Search bodies whose remainder is 0 and 1 by varying the last digits of a fixed prefix.
    const prefix = '4124042884950500014457001000071273100071';
    const seen = new Set<number>();
    for (let n = 0; n < 1000; n++) {
      const body = prefix + String(n).padStart(3, '0');
      let sum = 0;
      for (let i = 0; i < 43; i++) sum += Number(body[i]) * (2 + ((42 - i) % 8));
      const r = sum % 11;
      if (r < 2) {
        expect(accessKeyCheckDigit(body)).toBe(0);
        seen.add(r);
      }
    }
    expect(seen).toEqual(new Set([0, 1]));
  });

  it('agrees with the reference formulation on random bodies, letters included', () => {
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    let seed = 99;
    const next = (m: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % m;
    };
    for (let n = 0; n < 300; n++) {
      let body = '';
      for (let i = 0; i < 43; i++) body += i >= 6 && i < 18 ? alphabet[next(36)] : String(next(10));
      expect(accessKeyCheckDigit(body)).toBe(referenceDv(body));
    }
  });

  it('returns -1 for malformed bodies', () => {
    expect(accessKeyCheckDigit('123')).toBe(-1);
    expect(accessKeyCheckDigit(REAL_PR_KEY)).toBe(-1);
    expect(accessKeyCheckDigit('A' + REAL_PR_KEY.slice(1, 43))).toBe(-1);
    expect(accessKeyCheckDigit(null as unknown as string)).toBe(-1);
  });
});

describe('isValidAccessKey', () => {
  it('accepts the real key, also formatted in blocks or with the Id prefix', () => {
    expect(isValidAccessKey(REAL_PR_KEY)).toBe(true);
    expect(isValidAccessKey(REAL_PR_KEY.replace(/(.{4})/g, '$1 ').trim())).toBe(true);
    expect(isValidAccessKey(`CTe${REAL_PR_KEY}`)).toBe(true);
  });

  it('accepts the MOC QR-code example key (RS)', () => {
    expect(isValidAccessKey('43181203527568000153570010002211211062211212')).toBe(true);
  });

  it('rejects a wrong DV, wrong length, letters outside the CNPJ positions, bad cUF or month', () => {
    expect(isValidAccessKey(REAL_PR_KEY.slice(0, 43) + '8')).toBe(false);
    expect(isValidAccessKey(REAL_PR_KEY.slice(0, 43))).toBe(false);
    expect(isValidAccessKey(REAL_PR_KEY + '0')).toBe(false);
    expect(isValidAccessKey('4124042884950500014457001000071273100071273A')).toBe(false);
    const letterInSerie = REAL_PR_KEY.slice(0, 22) + 'A01' + REAL_PR_KEY.slice(25);
    expect(isValidAccessKey(letterInSerie)).toBe(false);
    const letterInUf = 'A' + REAL_PR_KEY.slice(1);
    expect(isValidAccessKey(letterInUf)).toBe(false);
    const badUf = '34' + REAL_PR_KEY.slice(2, 43);
    expect(isValidAccessKey(badUf + referenceDv(badUf))).toBe(false);
    const badMonth = '412413' + REAL_PR_KEY.slice(6, 43);
    expect(isValidAccessKey(badMonth + referenceDv(badMonth))).toBe(false);
  });

  it('never throws on garbage', () => {
    for (const junk of [undefined, null, 0, {}, [], '', 'CTe', '9'.repeat(44), '0'.repeat(44)]) {
      expect(isValidAccessKey(junk)).toBe(false);
      expect(parseAccessKey(junk)).toBeNull();
    }
  });
});

describe('parseAccessKey', () => {
  it('splits the real CT-e key', () => {
    expect(parseAccessKey(REAL_PR_KEY)).toEqual({
      key: REAL_PR_KEY,
      cUF: '41',
      aamm: '2404',
      year: 2024,
      month: 4,
      cnpj: '28849505000144',
      mod: '57',
      serie: '001',
      numero: '000071273',
      tpEmis: '1',
      codigo: '00071273',
      dv: '9',
      kind: 'cte',
    });
  });

  it('refuses a bad DV unless asked to ignore it', () => {
    const bad = REAL_PR_KEY.slice(0, 43) + '0';
    expect(parseAccessKey(bad)).toBeNull();
    expect(parseAccessKey(bad, { ignoreCheckDigit: true })?.numero).toBe('000071273');
    expect(parseAccessKey('123', { ignoreCheckDigit: true })).toBeNull();
  });

  it('recognizes the models', () => {
    const kindOf = (mod: string): string | undefined => {
      const body = REAL_PR_KEY.slice(0, 20) + mod + REAL_PR_KEY.slice(22, 43);
      return parseAccessKey(body + referenceDv(body))?.kind;
    };
    expect(kindOf('57')).toBe('cte');
    expect(kindOf('67')).toBe('cteos');
    expect(kindOf('55')).toBe('nfe');
    expect(kindOf('65')).toBe('nfce');
    expect(kindOf('58')).toBe('mdfe');
    expect(kindOf('64')).toBe('gtve');
    expect(kindOf('99')).toBe('dce');
    expect(kindOf('01')).toBe('other');
  });
});

describe('buildCteKey', () => {
  it('rebuilds the real PR key from its fields (cCT equal to nCT was authorized there)', () => {
    const key = buildCteKey({
      cUF: 'PR',
      year: 2024,
      month: 4,
      cnpj: '28.849.505/0001-44',
      mod: '57',
      serie: 1,
      numero: 71273,
      tpEmis: 1,
      codigo: '00071273',
    });
    expect(key).toBe(REAL_PR_KEY);
  });

  it('accepts aamm instead of year/month and numeric cUF', () => {
    const key = buildCteKey({
      cUF: 41,
      aamm: '2404',
      cnpj: '28849505000144',
      mod: '57',
      serie: '1',
      numero: '71273',
      tpEmis: '1',
      codigo: 71273,
    });
    expect(key).toBe(REAL_PR_KEY);
  });

  it('builds a CT-e OS key with an alphanumeric CNPJ that validates and parses back', () => {
    const key = buildCteKey({
      cUF: 'SP',
      year: 2026,
      month: 8,
      cnpj: '12.ABC.345/01DE-35',
      mod: '67',
      serie: 12,
      numero: 345,
      tpEmis: 1,
      codigo: 1234567,
    });
    expect(key?.slice(0, 43)).toBe('35260812ABC34501DE35670120000003451' + '01234567');
    expect(Number(key?.[43])).toBe(referenceDv(key!.slice(0, 43)));
    expect(isValidAccessKey(key)).toBe(true);
    expect(parseAccessKey(key)).toMatchObject({ cnpj: '12ABC34501DE35', kind: 'cteos', codigo: '01234567' });
  });

  it('pads a CPF emitter (NFF / TAC) to 14 positions', () => {
    const key = buildCteKey({
      cUF: 43,
      aamm: '2511',
      cnpj: '111.444.777-35',
      mod: '57',
      serie: 920,
      numero: 1107001,
      tpEmis: 3,
      codigo: 88776655,
    });
    expect(key?.slice(6, 20)).toBe('00011144477735');
    expect(isValidAccessKey(key)).toBe(true);
  });

  it('returns null for bad fields instead of throwing', () => {
    const good = {
      cUF: 'PR',
      aamm: '2404',
      cnpj: '28849505000144',
      mod: '57' as const,
      serie: 1,
      numero: 71273,
      tpEmis: 1,
      codigo: 1,
    };
    expect(buildCteKey(good)).not.toBeNull();
    expect(buildCteKey({ ...good, cUF: 'XX' })).toBeNull();
    expect(buildCteKey({ ...good, aamm: '2413' })).toBeNull();
    expect(buildCteKey({ ...good, aamm: undefined, year: 2024, month: 0 })).toBeNull();
    expect(buildCteKey({ ...good, cnpj: '123' })).toBeNull();
    expect(buildCteKey({ ...good, serie: 1000 })).toBeNull();
    expect(buildCteKey({ ...good, serie: -1 })).toBeNull();
    expect(buildCteKey({ ...good, numero: 0 })).toBeNull();
    expect(buildCteKey({ ...good, numero: 1_000_000_000 })).toBeNull();
    expect(buildCteKey({ ...good, tpEmis: 10 })).toBeNull();
    expect(buildCteKey({ ...good, codigo: 123456789 })).toBeNull();
    expect(buildCteKey({ ...good, codigo: '12a' })).toBeNull();
    expect(buildCteKey({ ...good, mod: '55' as '57' })).toBeNull();
    expect(buildCteKey(null as never)).toBeNull();
  });
});

describe('buildNfeKey', () => {
  it('rebuilds the key of a real NF-e sample (nfelib 41170706117473000150550010000463202612756525)', () => {
    const key = buildNfeKey({
      cUF: 41,
      aamm: '1707',
      cnpj: '06117473000150',
      serie: 1,
      numero: 46320,
      tpEmis: 2,
      codigo: 61275652,
    });
    expect(key).toBe('41170706117473000150550010000463202612756525');
    expect(parseAccessKey(key)?.kind).toBe('nfe');
  });
});

describe('buildDceKey', () => {
  it('uses mod 99 and the tpEmit / nSiteAutoriz / cDC(6) tail', () => {
    const key = buildDceKey({
      cUF: 'PR',
      aamm: '2611',
      cnpjCpf: '11.222.333/0001-81',
      serie: 0,
      numero: 42,
      tpEmis: 1,
      tpEmit: 3,
      nSiteAutoriz: 0,
      codigo: 654321,
    });
    expect(key?.slice(0, 43)).toBe('4126111122233300018199000000000042' + '130654321');
    expect(isValidAccessKey(key)).toBe(true);
    expect(parseAccessKey(key)).toMatchObject({
      kind: 'dce',
      mod: '99',
      tpEmis: '1',
      tpEmit: '3',
      nSiteAutoriz: '0',
      codigo: '654321',
    });
  });

  it('accepts a CPF emitter and rejects an out-of-range tpEmit or a 7-digit cDC', () => {
    const base = {
      cUF: 35,
      aamm: '2611',
      cnpjCpf: '11144477735',
      serie: 1,
      numero: 7,
      tpEmis: 9,
      tpEmit: 2,
      nSiteAutoriz: 1,
      codigo: 5,
    };
    expect(buildDceKey(base)?.slice(6, 20)).toBe('00011144477735');
    expect(buildDceKey({ ...base, tpEmit: 5 })).toBeNull();
    expect(buildDceKey({ ...base, codigo: 1234567 })).toBeNull();
  });
});

describe('randomNumericCode', () => {
  it('has the requested length and only digits', () => {
    for (let i = 0; i < 50; i++) {
      expect(randomNumericCode(8)).toMatch(/^\d{8}$/);
      expect(randomNumericCode(6)).toMatch(/^\d{6}$/);
    }
  });

  it('uses the given rng', () => {
    expect(randomNumericCode(8, () => 0.12345678)).toBe('12345678');
    expect(randomNumericCode(6, () => 0)).toBe('000000');
  });

  it('never returns the document number, even with a stuck rng', () => {
    expect(randomNumericCode(8, () => 0.00071273, 71273)).not.toBe('00071273');
    expect(randomNumericCode(8, () => 0.00071273, '000071273')).toMatch(/^\d{8}$/);
    let calls = 0;
    const firstCollides = (): number => (calls++ === 0 ? 0.00000042 : 0.5);
    expect(randomNumericCode(8, firstCollides, 42)).toBe('50000000');
  });

  it('returns null for impossible lengths and survives a broken rng', () => {
    expect(randomNumericCode(0)).toBeNull();
    expect(randomNumericCode(1.5)).toBeNull();
    expect(randomNumericCode(16)).toBeNull();
    expect(randomNumericCode(8, () => Number.NaN)).toBe('00000000');
  });
});

describe('normalizeAccessKey', () => {
  it('drops spaces, dots and the Id prefix', () => {
    expect(normalizeAccessKey(' 4124 0428 8495 0500 0144 5700 1000 0712 7310 0071 2739 ')).toBe(REAL_PR_KEY);
    expect(normalizeAccessKey(`NFe${REAL_PR_KEY}`)).toBe(REAL_PR_KEY);
    expect(normalizeAccessKey(null)).toBe('');
  });
});
