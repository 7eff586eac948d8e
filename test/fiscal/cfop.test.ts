import { describe, expect, it } from 'vitest';
import {
  CTE_CFOPS,
  cfopByCode,
  cfopMatchesEmitter,
  cfopMatchesService,
  cfopScope,
  isCfopFormat,
  isCteCfop,
  normalizeCfop,
  searchCfop,
} from '../../electron/fiscal/cfop';
import { fiscalRef, sharedAvailable } from '../support/shared';
import { existsSync, readFileSync } from 'node:fs';

describe('CFOP table (MOC Visão Geral §12)', () => {
  it('lists the transport CFOPs and the others the MOC accepts', () => {
    const codes = CTE_CFOPS.map((c) => c.code);
    for (const code of ['5351', '5352', '5353', '5354', '5355', '5356', '5357', '5359', '5360', '5932']) {
      expect(codes).toContain(code);
      expect(codes).toContain(`6${code.slice(1)}`);
    }
    expect(codes).toContain('7358');
    expect(codes).toContain('5949');
    expect(codes).not.toContain('5358'); // not in the MOC list
    expect(codes).not.toContain('1351'); // entry CFOPs never go on a CT-e
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of CTE_CFOPS) expect(isCfopFormat(c.code)).toBe(true);
  });

  it('carries the MOC descriptions', () => {
    expect(cfopByCode('5.357')?.description).toBe('Prestação de serviço de transporte a não contribuinte');
    expect(cfopByCode(6932)?.description).toMatch(
      /^Prestação de serviço de transporte iniciada em unidade da Federação/,
    );
    expect(cfopByCode('7358')?.description).toBe('Prestação de serviço de transporte');
    expect(cfopByCode('9999')).toBeNull();
  });

  // Cross-check against the MOC text in ../shared when present.
  it.skipIf(!sharedAvailable)('matches the codes listed in the MOC text', () => {
    const file = fiscalRef('_derived_text', 'MOC_CTe_VisaoGeral_v4.00.txt');
    expect(existsSync(file)).toBe(true);
    const text = readFileSync(file, 'utf8');
    const section = text.slice(
      text.lastIndexOf('12 Relação de CFOP válidos'),
      text.indexOf('13 Campos Impedidos'),
    );
    const listed = [...section.matchAll(/^\s*(\d)\.(\d{3}) - /gm)].map((m) => m[1] + m[2]);
    expect(listed.length).toBeGreaterThan(20);
    expect([...listed].sort()).toEqual(CTE_CFOPS.map((c) => c.code).sort());
  });
});

describe('format and scope', () => {
  it('follows the XSD pattern TCfop', () => {
    expect(isCfopFormat('5353')).toBe(true);
    expect(isCfopFormat('5.353')).toBe(true);
    expect(isCfopFormat('4353')).toBe(false);
    expect(isCfopFormat('5300')).toBe(false);
    expect(isCfopFormat('535')).toBe(false);
    expect(normalizeCfop(' 6.932 ')).toBe('6932');
  });
  it('tells the scope by the first digit', () => {
    expect(cfopScope('5353')).toBe('intra');
    expect(cfopScope('1353')).toBe('intra');
    expect(cfopScope('6353')).toBe('inter');
    expect(cfopScope('7358')).toBe('exterior');
    expect(cfopScope('3358')).toBe('exterior');
    expect(cfopScope('9358')).toBeNull();
    expect(cfopScope(null)).toBeNull();
  });
  it('knows which CFOPs a CT-e accepts (G049)', () => {
    expect(isCteCfop('5353')).toBe(true);
    expect(isCteCfop('5102')).toBe(false);
    expect(isCteCfop(undefined)).toBe(false);
  });
});

describe('route rules', () => {
  it('G050: 5 same UF, 6 different UFs, 7 when the service ends abroad', () => {
    expect(cfopMatchesService('5353', 'PR', 'PR')).toBe(true);
    expect(cfopMatchesService('6353', 'PR', 'PR')).toBe(false);
    expect(cfopMatchesService('6353', 'PR', 'SP')).toBe(true);
    expect(cfopMatchesService('5353', 'PR', 'SP')).toBe(false);
    expect(cfopMatchesService('7358', 'PR', 'EX')).toBe(true);
    expect(cfopMatchesService('6353', 'PR', 'EX')).toBe(false);
    // Import leg: the MOC matrix looks only at the end UF.
    expect(cfopMatchesService('6353', 'EX', 'PR')).toBe(true);
    expect(cfopMatchesService('7358', 'EX', 'PR')).toBe(false);
    expect(cfopMatchesService('5353', 41, '41')).toBe(true);
    expect(cfopMatchesService('5353', 'XX', 'PR')).toBe(false);
    expect(cfopMatchesService('53', 'PR', 'PR')).toBe(false);
  });

  it('G051/G052: 5932/6932 exactly when the emitter is registered outside the start UF', () => {
    expect(cfopMatchesEmitter('6932', 'SP', 'PR', 'SC')).toBe(true);
    expect(cfopMatchesEmitter('6353', 'SP', 'PR', 'SC')).toBe(false);
    expect(cfopMatchesEmitter('5932', 'SP', 'PR', 'PR')).toBe(true);
    expect(cfopMatchesEmitter('6353', 'PR', 'PR', 'SC')).toBe(true);
    expect(cfopMatchesEmitter('6932', 'PR', 'PR', 'SC')).toBe(false);
    expect(cfopMatchesEmitter('7358', 'PR', 'PR', 'EX')).toBe(true);
    expect(cfopMatchesEmitter('6353', null, 'PR', 'SC')).toBe(false);
  });
});

describe('searchCfop', () => {
  it('finds by code prefix', () => {
    expect(searchCfop('635').map((c) => c.code)).toEqual([
      '6351',
      '6352',
      '6353',
      '6354',
      '6355',
      '6356',
      '6357',
      '6359',
    ]);
    expect(searchCfop('636').map((c) => c.code)).toEqual(['6360']);
    expect(searchCfop('5.93').map((c) => c.code)).toEqual(['5932']);
  });
  it('finds by words, ignoring accents and case', () => {
    const codes = searchCfop('NAO CONTRIBUINTE').map((c) => c.code);
    expect(codes).toEqual(['5357', '5359', '6357', '6359']);
    expect(searchCfop('energia elétrica').map((c) => c.code)).toEqual(['5355', '6355']);
    expect(searchCfop('produtor rural 6').map((c) => c.code)).toEqual(['6356']);
    expect(searchCfop('nothing like this')).toEqual([]);
  });
  it('lists everything for an empty query and honours the limit', () => {
    expect(searchCfop('')).toHaveLength(CTE_CFOPS.length);
    expect(searchCfop('', 3)).toHaveLength(3);
    expect(searchCfop(null)).toHaveLength(CTE_CFOPS.length);
  });
});
