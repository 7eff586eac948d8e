// UF borders and the MDF-e route (infPercurso), checked on real trips: the pairs named by issue 18
// and the routes of the reference samples (sped-da RS→SP via SC, PR; RN→BA via PB, CE, PE).
import { describe, expect, it } from 'vitest';
import {
  isRouteAdjacent,
  neighbouringUfs,
  proposeRoute,
  ufsBorder,
} from '../../electron/fiscal/uf-adjacency';
import { UFS } from '../../electron/fiscal/uf';

describe('UF borders', () => {
  it('knows real borders and non-borders', () => {
    expect(ufsBorder('SP', 'PR')).toBe(true);
    expect(ufsBorder('PR', 'SP')).toBe(true);
    expect(ufsBorder('DF', 'MG')).toBe(true);
    expect(ufsBorder('RS', 'PR')).toBe(false);
    expect(ufsBorder('SP', 'GO')).toBe(false);
    expect(ufsBorder('AM', 'SP')).toBe(false);
    expect(ufsBorder('SP', 'SP')).toBe(false);
    expect(neighbouringUfs('RS')).toEqual(['SC']);
    expect(neighbouringUfs('SP')).toEqual(['MG', 'MS', 'PR', 'RJ']);
    expect(neighbouringUfs('BA')).toEqual(['AL', 'ES', 'GO', 'MG', 'PE', 'PI', 'SE', 'TO']);
    expect(neighbouringUfs('EX')).toEqual([]);
  });

  it('every UF has a neighbour and the relation is symmetric', () => {
    for (const { sigla } of UFS) {
      const list = neighbouringUfs(sigla);
      expect(list.length, sigla).toBeGreaterThan(0);
      for (const other of list) expect(neighbouringUfs(other), `${other}↔${sigla}`).toContain(sigla);
    }
  });
});

describe('route (G082 / 663)', () => {
  it('accepts the routes of real MDF-e', () => {
    expect(isRouteAdjacent('RS', ['SC', 'PR'], 'SP')).toBe(true);
    expect(isRouteAdjacent('RN', ['PB', 'CE', 'PE'], 'BA')).toBe(true);
    expect(isRouteAdjacent('SP', [], 'PR')).toBe(true);
    expect(isRouteAdjacent('RN', [], 'RN')).toBe(true);
  });

  it('refuses missing, skipped and reversed UFs', () => {
    expect(isRouteAdjacent('RS', [], 'SP')).toBe(false);
    expect(isRouteAdjacent('RS', ['PR'], 'SP')).toBe(false);
    expect(isRouteAdjacent('RS', ['PR', 'SC'], 'SP')).toBe(false);
    expect(isRouteAdjacent('SP', ['SP'], 'PR')).toBe(false);
  });

  it('proposes the route for SP→PR, RS→BA and AM→SP', () => {
    expect(proposeRoute('SP', 'PR')).toEqual([]);
    expect(proposeRoute('RS', 'BA')).toEqual(['SC', 'PR', 'SP', 'MG']);
    expect(proposeRoute('AM', 'SP')).toEqual(['MT', 'MS']);
    expect(proposeRoute('SP', 'SP')).toEqual([]);
    expect(proposeRoute('SP', 'EX')).toBeNull();
  });

  it('every proposal is itself a valid route', () => {
    for (const a of UFS)
      for (const b of UFS) {
        const route = proposeRoute(a.sigla, b.sigla)!;
        expect(isRouteAdjacent(a.sigla, route, b.sigla), `${a.sigla}→${b.sigla}`).toBe(true);
      }
  });
});
