// Each field's message names the field (issue 19, item 8: "informe um valor" three times on the
// Valores step did not say which): the form shows these under the field and in the review list.
import { describe, expect, it } from 'vitest';

import { icmsSchema, valoresSchema } from '../../electron/shared/schemas/cte-form';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('field messages name the field', () => {
  it('the values of the prestação', () => {
    const result = valoresSchema.safeParse({ componentes: [{ xNome: 'FRETE' }] });
    expect(messages(result)).toEqual({
      'componentes.0.vComp': 'informe o valor do componente',
      vTPrest: 'informe o valor total da prestação',
      vRec: 'informe o valor a receber',
    });
  });

  it('the ICMS rates', () => {
    expect(messages(icmsSchema.safeParse({ situacao: '00' }))).toEqual({
      pICMS: 'informe a alíquota do ICMS',
    });
    expect(messages(icmsSchema.safeParse({ situacao: '20', pICMS: 12 }))).toEqual({
      pRedBC: 'informe o percentual de redução da base de cálculo',
    });
  });
});
