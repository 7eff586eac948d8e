// What the API names in a CT-e simplificado rejection lands on the form: det N → entregas.N, the
// cargo and the RNTRC under infCte directly (not under infCTeNorm as in the CT-e).
import { describe, expect, it } from 'vitest';

import { formPathOf, formPathsOf } from '../../../electron/app/issuing/field-paths';

describe('CT-e simplificado field paths', () => {
  it.each([
    ['infCte.det[1].infNFe[0].chNFe', 'entregas.1'],
    ['infCte.det.0.vPrest', 'entregas.0'],
    ['infCte.total.vTPrest', 'entregas'],
    ['infCte.infCarga.infQ[0].tpMed', 'carga.quantidades.0'],
    ['infCte.infCarga.vCarga', 'carga.vCarga'],
    ['infCte.infCarga.proPred', 'carga.proPred'],
    ['infCte.infModal.rodo.RNTRC', 'rodoviario.rntrc'],
    ['infCte.toma.enderToma.cMun', 'tomador.endereco.cMun'],
  ])('%s → %s', (api, form) => {
    expect(formPathOf(api)).toBe(form);
  });

  it('the CT-e paths keep their meaning', () => {
    expect(formPathOf('infCte.infCTeNorm.infCarga.vCarga')).toBe('carga.vCarga');
    expect(formPathsOf('campo infCte.det[2].cMunFim inválido')).toEqual(['entregas.2']);
  });
});
