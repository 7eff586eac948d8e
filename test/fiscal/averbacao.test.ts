// The averbação rules of electron/fiscal/averbacao.ts: the codes resent by themselves are exactly
// the ones the reference pack's AT&M table marks "auto-retry" in the current manual, and the
// sequence check of a série (CNSP 361/2018 art. 21: strict numeric order).
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import {
  ATM_RETRYABLE_CODES,
  atmCode,
  isRetryableAtmCode,
  isValidNAver,
  NAVER_CONTINGENCIA,
  sequenceGaps,
} from '../../electron/fiscal/averbacao';
import { referencePath, sharedAvailable } from '../support/shared';

describe.skipIf(!sharedAvailable)('retryable codes against the pack (atm-error-codes.csv)', () => {
  const lines = readFileSync(referencePath('averbacao', 'atm-error-codes.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1);
  // codigo,descricao,categoria,reenvio_automatico,nota — descriptions may be quoted with commas.
  const rows = lines.map((line) => {
    const cells = line
      .match(/("([^"]|"")*"|[^,]*)(,|$)/g)!
      .map((c) => c.replace(/,$/, '').replace(/^"|"$/g, ''));
    return { codigo: cells[0]!, categoria: cells[2]!, reenvio: cells[3]! };
  });
  const listaErros = rows.filter((r) => !r.categoria.startsWith('REST'));

  it('resends by itself exactly the codes marked auto-retry (the v3.0-only 002 excluded)', () => {
    const marked = listaErros.filter((r) => r.reenvio === 'auto-retry').map((r) => r.codigo);
    expect([...new Set(marked)].sort()).toEqual([...ATM_RETRYABLE_CODES].sort());
    for (const row of listaErros)
      expect(isRetryableAtmCode(row.codigo), row.codigo).toBe(row.reenvio === 'auto-retry');
    expect(listaErros.find((r) => r.codigo === '002')!.reenvio).toMatch(/only in manual v3\.0/);
  });
});

describe('AT&M codes', () => {
  it('normalises to three digits and rejects anything else', () => {
    expect(atmCode('4')).toBe('004');
    expect(atmCode(907)).toBe('907');
    expect(atmCode('9070')).toBe('');
    expect(isRetryableAtmCode('0')).toBe(true);
    expect(isRetryableAtmCode('004')).toBe(false);
    expect(isRetryableAtmCode(undefined)).toBe(false);
  });

  it('takes 99999 and any 1–40 character nAver (MDF-e 3.00 XSD)', () => {
    expect(NAVER_CONTINGENCIA).toBe('99999');
    expect(isValidNAver('99999')).toBe(true);
    expect(isValidNAver('x'.repeat(40))).toBe(true);
    expect(isValidNAver('x'.repeat(41))).toBe(false);
    expect(isValidNAver('  ')).toBe(false);
  });
});

describe('sequence gaps of a série', () => {
  const at = (s: number) => `2026-11-20T10:00:${String(s).padStart(2, '0')}-03:00`;
  it('a number not averbado while a later one is, is a gap; the last ones still going are not', () => {
    expect(
      sequenceGaps([
        { numero: 10, averbado: true, averbadoEm: at(1) },
        { numero: 11, averbado: false, averbadoEm: null },
        { numero: 12, averbado: true, averbadoEm: at(3) },
        { numero: 13, averbado: false, averbadoEm: null },
      ]),
    ).toEqual([{ numero: 11, tipo: 'nao_averbado' }]);
  });

  it('a number averbado after a later one broke the order', () => {
    expect(
      sequenceGaps([
        { numero: 3, averbado: true, averbadoEm: at(9) },
        { numero: 1, averbado: true, averbadoEm: at(1) },
        { numero: 2, averbado: true, averbadoEm: at(5) },
        { numero: 4, averbado: true, averbadoEm: at(6) },
      ]),
    ).toEqual([{ numero: 3, tipo: 'fora_de_ordem' }]);
  });

  it('in order (same second included) and empty: no gap', () => {
    expect(
      sequenceGaps([
        { numero: 1, averbado: true, averbadoEm: at(1) },
        { numero: 2, averbado: true, averbadoEm: at(1) },
      ]),
    ).toEqual([]);
    expect(sequenceGaps([])).toEqual([]);
  });
});
