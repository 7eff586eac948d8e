// Brasília time (fiscal/brasilia.ts) with literal instants, and the tpCarga table (fiscal/mdfe-carga.ts)
// against the MDF-e XSD in ../shared, which every screen, schema and printout now reads.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import {
  BRASILIA_TO_UTC_SQL,
  brasiliaDayOf,
  brasiliaIso,
  brasiliaWallTime,
  withBrasiliaOffset,
} from '../../electron/fiscal/brasilia';
import { TP_CARGA, TP_CARGA_CODES } from '../../electron/fiscal/mdfe-carga';
import { referencePath, sharedAvailable } from '../support/shared';

describe('Brasília time', () => {
  it('writes an instant as the layouts do, three hours behind UTC', () => {
    const at = new Date('2026-11-21T17:05:09Z');
    expect(brasiliaIso(at)).toBe('2026-11-21T14:05:09-03:00');
    expect(brasiliaWallTime(at)).toBe('2026-11-21T14:05:09');
  });

  it('counts the day in Brasília: 02:59 UTC is still the day before', () => {
    expect(brasiliaDayOf(new Date('2026-12-01T02:59:00Z'))).toBe('2026-11-30');
    expect(brasiliaDayOf(new Date('2026-12-01T03:00:00Z'))).toBe('2026-12-01');
  });

  it('adds the offset to a datetime-local value, with or without seconds', () => {
    expect(withBrasiliaOffset('2026-11-21T14:05')).toBe('2026-11-21T14:05:00-03:00');
    expect(withBrasiliaOffset('2026-11-21T14:05:09')).toBe('2026-11-21T14:05:09-03:00');
    expect(withBrasiliaOffset('')).toBe('');
  });

  it('gives SQLite the modifier from Brasília wall time to UTC, and nothing for an invalid date', () => {
    expect(BRASILIA_TO_UTC_SQL).toBe('+3 hours');
    expect(brasiliaIso(new Date('nope'))).toBe('');
  });
});

describe('tpCarga', () => {
  it('names the twelve codes', () => {
    expect(TP_CARGA_CODES).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
    expect(TP_CARGA['05']).toBe('Carga geral');
    expect(TP_CARGA['12']).toBe('Granel pressurizada');
  });

  it.skipIf(!sharedAvailable)(
    'has exactly the enumeration of prodPred/tpCarga in mdfeTiposBasico_v3.00.xsd',
    () => {
      const xsd = readFileSync(referencePath('mdfe', 'xsd', 'mdfeTiposBasico_v3.00.xsd'), 'utf8');
      const element = xsd.slice(xsd.indexOf('<xs:element name="tpCarga">'));
      const restriction = element.slice(0, element.indexOf('</xs:restriction>'));
      const codes = [...restriction.matchAll(/<xs:enumeration value="(\d+)"\/>/g)].map((m) => m[1]);
      expect(codes).toEqual([...TP_CARGA_CODES]);
    },
  );
});
