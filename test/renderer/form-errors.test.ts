// The error visibility of an issuing form (composables/form-errors.ts): a refusal's words go to the
// field each names; the banner goes once every named field was edited, unless a problem lies
// outside the form (the emitente's IE is fixed in Empresas, not by editing this form).
import { describe, expect, it } from 'vitest';

import { useErrorVisibility } from '../../renderer/src/composables/form-errors';
import { CTE_STEPS } from '../../renderer/src/views/emitir-cte/form-model';

const ie = 'A inscrição estadual do emitente é obrigatória no CT-e OS — cadastre-a em Empresas.';
const cep = 'O CEP do remetente foi recusado: CEP inexistente.';

describe('form error visibility', () => {
  it('each field gets its own words and its step opens', () => {
    const errors = useErrorVisibility(() => ({}), CTE_STEPS);
    errors.applyRejection(
      null,
      `${cep} Outro.`,
      ['remetente.endereco.cep', 'geral.cfop'],
      [{ field: 'remetente.endereco.cep', message: cep }],
    );
    expect(errors.errorOf('remetente.endereco.cep')).toBe(cep);
    // A named field without its own sentence shows the whole reason.
    expect(errors.errorOf('geral.cfop')).toBe(`${cep} Outro.`);
    expect(errors.step.value).toBe(0);
  });

  it('the banner goes when the last named field is edited', () => {
    const errors = useErrorVisibility(() => ({}), CTE_STEPS);
    errors.applyRejection(
      null,
      cep,
      ['remetente.endereco.cep'],
      [{ field: 'remetente.endereco.cep', message: cep }],
    );
    expect(errors.rejection.value?.motivo).toBe(cep);
    errors.touch('remetente.endereco.cep');
    expect(errors.errorOf('remetente.endereco.cep')).toBeUndefined();
    expect(errors.rejection.value).toBeNull();
  });

  it('a problem outside the form keeps the banner and counts against no step', () => {
    const errors = useErrorVisibility(() => ({}), CTE_STEPS);
    errors.applyRejection(
      null,
      `${ie} ${cep}`,
      ['emitente', 'remetente.endereco.cep'],
      [
        { field: 'emitente', message: ie },
        { field: 'remetente.endereco.cep', message: cep },
      ],
    );
    expect(errors.rejection.value?.elsewhere).toEqual([ie]);
    expect(errors.errorCount.value).toBe(1);
    errors.touch('remetente.endereco.cep');
    expect(errors.rejection.value?.motivo).toBe(`${ie} ${cep}`);
  });
});
