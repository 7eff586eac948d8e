// The MDF-e rules shared by the form, the lifecycle screen and the sandbox (MOC MDF-e 3.00 G079–G084,
// K05; 611 per MOC 3.00a), with literal values from those texts.
import { describe, expect, it } from 'vitest';
import {
  brasiliaDayOf,
  isNationalPlate,
  MDFE_CANCEL_WINDOW_MS,
  mdfeCancelTimeLeft,
  mdfeClosingDateProblem,
  mdfeInsuranceProblem,
  openMdfeBlocks,
} from '../../electron/fiscal/mdfe-rules';

const H = 3_600_000;
const D = 24 * H;

describe('MDF-e rules', () => {
  it('cancellation window: 24 hours from the authorization', () => {
    expect(MDFE_CANCEL_WINDOW_MS).toBe(86_400_000);
    const at = new Date('2026-11-22T10:00:00Z');
    expect(mdfeCancelTimeLeft(at, new Date('2026-11-22T16:00:00Z'))).toBe(18 * H);
    expect(mdfeCancelTimeLeft(at, new Date('2026-11-23T10:00:01Z'))).toBe(0);
  });

  it('national plates: old and Mercosul formats only', () => {
    expect(isNationalPlate('ABC1234')).toBe(true);
    expect(isNationalPlate('ABC1D23')).toBe(true);
    expect(isNationalPlate('AB12345')).toBe(false);
    expect(isNationalPlate('abc1d23')).toBe(false);
    expect(isNationalPlate(null)).toBe(false);
  });

  it('insurance: required and complete for a carrier (698/699), not for own load', () => {
    const full = {
      infResp: { respSeg: 1, CNPJ: '11222333000181' },
      infSeg: { xSeg: 'SEGURADORA', CNPJ: '33000167000101' },
      nApol: '123',
      nAver: ['456'],
    };
    expect(mdfeInsuranceProblem(1, [full])).toBeNull();
    expect(mdfeInsuranceProblem(1, [])).toBe('ausente');
    expect(mdfeInsuranceProblem(1, null)).toBe('ausente');
    expect(mdfeInsuranceProblem(1, [{ ...full, nAver: [] }])).toBe('incompleto');
    expect(mdfeInsuranceProblem(1, [{ ...full, infSeg: null }])).toBe('incompleto');
    expect(mdfeInsuranceProblem(1, [{ ...full, nApol: null }])).toBe('incompleto');
    expect(mdfeInsuranceProblem(1, [{ ...full, infResp: { respSeg: 1 } }])).toBe('incompleto');
    expect(mdfeInsuranceProblem(2, null)).toBeNull();
  });

  it('open manifests: 611 same plate/type/UF, 686 over 30 days, 462 the plate over 5 days with ≤ 2 UFs', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const open = {
      placa: 'ABC1D23',
      tpEmit: 1,
      ufFim: 'PR',
      percursoCount: 0,
      authorizedAt: new Date(now.getTime() - H),
    };
    const next = { placa: 'ABC1D23', tpEmit: 1, ufFim: 'PR' };
    expect(openMdfeBlocks(open, next, now)).toBe(611);
    expect(openMdfeBlocks(open, { ...next, ufFim: 'SC' }, now)).toBeNull();
    expect(openMdfeBlocks(open, { ...next, tpEmit: 2 }, now)).toBeNull();
    expect(openMdfeBlocks(open, { ...next, placa: 'XYZ9A99' }, now)).toBeNull();
    const old = { ...open, placa: 'OLD1A11', authorizedAt: new Date(now.getTime() - 31 * D) };
    expect(openMdfeBlocks(old, next, now)).toBe(686);
    expect(openMdfeBlocks({ ...old, authorizedAt: new Date(now.getTime() - 29 * D) }, next, now)).toBeNull();
    const stale = { ...open, ufFim: 'BA', percursoCount: 2, authorizedAt: new Date(now.getTime() - 6 * D) };
    expect(openMdfeBlocks(stale, next, now)).toBe(462);
    expect(openMdfeBlocks({ ...stale, percursoCount: 3 }, next, now)).toBeNull();
    expect(openMdfeBlocks({ ...stale, authorizedAt: new Date(now.getTime() - 4 * D) }, next, now)).toBeNull();
  });

  it('closing date: not after today in Brasília (635), not before the authorization day (615)', () => {
    // Authorized at 00:20 of the 25th in Brasília (03:20 UTC); now is 22:30 of the 27th in Brasília.
    const authorizedAt = new Date('2026-11-25T03:20:00Z');
    const now = new Date('2026-11-28T01:30:00Z');
    expect(brasiliaDayOf(now)).toBe('2026-11-27');
    expect(brasiliaDayOf(new Date('2026-11-28T03:00:00Z'))).toBe('2026-11-28');
    expect(mdfeClosingDateProblem('2026-11-27', authorizedAt, now)).toBeNull();
    expect(mdfeClosingDateProblem('2026-11-25', authorizedAt, now)).toBeNull();
    // The UTC day of `now` is already the 28th: still the future in Brasília.
    expect(mdfeClosingDateProblem('2026-11-28', authorizedAt, now)).toBe(635);
    expect(mdfeClosingDateProblem('2027-01-01', authorizedAt, now)).toBe(635);
    expect(mdfeClosingDateProblem('2026-11-24', authorizedAt, now)).toBe(615);
    // Authorized at 22:00 of the 24th in Brasília, already the 25th in UTC: the 24th is taken.
    expect(mdfeClosingDateProblem('2026-11-24', new Date('2026-11-25T01:00:00Z'), now)).toBeNull();
    expect(mdfeClosingDateProblem('2026-11-24', null, now)).toBeNull();
    expect(mdfeClosingDateProblem('27/11/2026', authorizedAt, now)).toBeNull();
    expect(brasiliaDayOf(new Date('x'))).toBe('');
  });
});
