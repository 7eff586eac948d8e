// Carga lotação and tipo de transportador rules (electron/fiscal/mdfe-lotacao.ts): the coordinate
// formats of the XSD (tiposGeralMDFe_v3.00 TLatitude / TLongitude: 6 decimals, ±90 / ±180) and the
// tpTransp checks of the MOC MDF-e 3.00 §5 p.36 (G017 → 457, G018 → 458, G019 → 454).
import { describe, expect, it } from 'vitest';

import {
  isCargaLotacao,
  isValidLatitude,
  isValidLongitude,
  LATITUDE_PATTERN,
  LONGITUDE_PATTERN,
  normalizeCoordinate,
  tpTranspProblem,
} from '../../electron/fiscal/mdfe-lotacao';

describe('carga lotação', () => {
  it('is a trip with exactly one document', () => {
    expect(isCargaLotacao([{}])).toBe(true);
    expect(isCargaLotacao([])).toBe(false);
    expect(isCargaLotacao([{}, {}])).toBe(false);
    expect(isCargaLotacao(null)).toBe(false);
  });

  it('normalizes a typed coordinate to the layout: decimal point, exactly 6 decimals', () => {
    expect(normalizeCoordinate('-23,55052')).toBe('-23.550520');
    expect(normalizeCoordinate(' −46.6333094 ')).toBe('-46.633309');
    expect(normalizeCoordinate('-8')).toBe('-8.000000');
    expect(normalizeCoordinate('-0.0000001')).toBe('0.000000');
    expect(normalizeCoordinate("23°33'S")).toBe("23°33'S");
    expect(normalizeCoordinate(12)).toBe('');
  });

  it('latitude: -90 to 90 (XSD TLatitude)', () => {
    for (const ok of ['-23.550520', '0.000000', '90.000000', '-90.000000', '5,27', '-33.75'])
      expect(isValidLatitude(ok), ok).toBe(true);
    for (const bad of ['90.000001', '-91', '100.5', '', 'abc', '1e1', '-23.55.1'])
      expect(isValidLatitude(bad), bad).toBe(false);
  });

  it('longitude: -180 to 180 (XSD TLongitude)', () => {
    for (const ok of ['-46.633308', '-180.000000', '180', '-73.99', '0'])
      expect(isValidLongitude(ok), ok).toBe(true);
    for (const bad of ['180.000001', '-181', '1000', '', '-46,63,33'])
      expect(isValidLongitude(bad), bad).toBe(false);
  });

  it('the patterns are the XSD ones: 6 decimals exactly, no leading zero', () => {
    expect(LATITUDE_PATTERN.test('-23.550520')).toBe(true);
    expect(LATITUDE_PATTERN.test('-23.55052')).toBe(false);
    expect(LATITUDE_PATTERN.test('023.550520')).toBe(false);
    expect(LONGITUDE_PATTERN.test('-179.999999')).toBe(true);
    expect(LONGITUDE_PATTERN.test('-181.000000')).toBe(false);
  });
});

describe('tipo de transportador (MOC MDF-e 3.00 G017-G019)', () => {
  const CNPJ_OWNER = '33000167000101';
  const CPF_OWNER = '52998224725';
  const EMITTER = '11222333000181';

  it('G017 → 457: a carrier with its own vehicle cannot be TAC', () => {
    expect(tpTranspProblem(1, '2', null)).toBe(457);
    expect(tpTranspProblem(1, '2', EMITTER, EMITTER)).toBe(457);
    expect(tpTranspProblem(1, '1', null)).toBeNull();
    expect(tpTranspProblem(1, '', null)).toBeNull();
    expect(tpTranspProblem(1, '2', CPF_OWNER)).toBeNull();
  });

  it('G018 → 458: own load in its own vehicle informs no tpTransp', () => {
    expect(tpTranspProblem(2, '1', null)).toBe(458);
    expect(tpTranspProblem(2, '3', '')).toBe(458);
    expect(tpTranspProblem(2, '', null)).toBeNull();
  });

  it('G019 → 454: own load in a vehicle of another CNPJ must be TAC', () => {
    expect(tpTranspProblem(2, '', CNPJ_OWNER)).toBe(454);
    expect(tpTranspProblem(2, '1', CNPJ_OWNER)).toBe(454);
    expect(tpTranspProblem(2, '2', CNPJ_OWNER)).toBeNull();
    expect(tpTranspProblem(2, 2, CNPJ_OWNER)).toBeNull();
  });
});
