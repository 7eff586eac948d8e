// The company's CT-e defaults (Empresas → Padrões do CT-e) and how a new form starts from them.
import { describe, expect, it } from 'vitest';

import { companyDefaultsSchema, defaultCfopFor } from '../../electron/shared/schemas/company-defaults';
import { applyCompanyDefaults, routeCfop } from '../../renderer/src/components/cte/company-defaults';
import { emptyCteDraft } from '../../renderer/src/views/emitir-cte/form-model';
import { emptyCteSimpDraft } from '../../renderer/src/views/emitir-cte-simp/simp-model';
import { emptyCteOsDraft } from '../../renderer/src/views/emitir-cteos/cteos-model';

const defaults = companyDefaultsSchema.parse({
  rntrc: '45723174',
  cfopIntra: '5353',
  cfopInter: '6353',
  icms: { situacao: '00', pICMS: 12 },
  serie: 2,
  xObs: 'Mercadoria conferida na coleta.',
});

describe('company defaults', () => {
  it('a new CT-e starts with the RNTRC, the ICMS situation and rate and the observations', () => {
    const d = applyCompanyDefaults(emptyCteDraft(), defaults);
    expect(d.rodoviario.rntrc).toBe('45723174');
    expect(d.impostos.icms).toEqual({ situacao: '00', pICMS: 12 });
    expect(d.observacoes.xObs).toBe('Mercadoria conferida na coleta.');
    // Without defaults, nothing changes.
    expect(applyCompanyDefaults(emptyCteDraft(), undefined)).toEqual(emptyCteDraft());
  });

  it('the CT-e Simplificado too; the CT-e OS takes ICMS and observations (it has no RNTRC)', () => {
    const simp = applyCompanyDefaults(emptyCteSimpDraft(), defaults);
    expect([simp.rodoviario.rntrc, simp.impostos.icms, simp.observacoes.xObs]).toEqual([
      '45723174',
      { situacao: '00', pICMS: 12 },
      'Mercadoria conferida na coleta.',
    ]);
    const os = applyCompanyDefaults(emptyCteOsDraft(), defaults);
    expect([os.impostos.icms, os.observacoes.xObs]).toEqual([
      { situacao: '00', pICMS: 12 },
      'Mercadoria conferida na coleta.',
    ]);
    expect(os.rodoviario).not.toHaveProperty('rntrc');
  });

  it('the CFOP follows the route type (MOC G050: 5 inside the UF, 6 to another) until one is typed', () => {
    expect(defaultCfopFor(defaults, 'SP', 'SP')).toBe('5353');
    expect(defaultCfopFor(defaults, 'SP', 'MG')).toBe('6353');
    expect(defaultCfopFor(defaults, 'SP', 'EX')).toBeUndefined();
    expect(routeCfop('', defaults, 'SP', 'SP')).toBe('5353');
    expect(routeCfop('5353', defaults, 'SP', 'RJ')).toBe('6353');
    expect(routeCfop('6352', defaults, 'SP', 'SP')).toBe('6352'); // typed by the clerk: kept
    expect(routeCfop('', defaults, 'SP', '')).toBe('');
  });

  it('refuses a CFOP of the wrong route type and a bad RNTRC, in Portuguese', () => {
    const bad = companyDefaultsSchema.safeParse({ cfopIntra: '6353', cfopInter: '5353', rntrc: '123' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['rntrc', 'o RNTRC tem 8 dígitos (ou ISENTO)'],
      ['cfopIntra', 'CFOP dentro do estado: um CFOP de prestação dentro do estado começa com 5 (ex.: 5353)'],
      ['cfopInter', 'CFOP entre estados: um CFOP de prestação para outro estado começa com 6 (ex.: 6353)'],
    ]);
  });
});
