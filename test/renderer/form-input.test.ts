import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { dceFormSchema } from '../../electron/shared/schemas/dce-form';
import { formInput } from '../../renderer/src/composables/form-input';
import { emptyDceDraft, toSchemaInput } from '../../renderer/src/views/emitir-dce/dce-model';

describe('formInput', () => {
  it('hands the draft on unchanged when the form schema takes it', () => {
    const schema = z.object({ cfop: z.string().regex(/^\d{4}$/), natOp: z.string().min(1).max(60) });
    const draft = { cfop: '6932', natOp: 'Prestação de serviço de transporte' };
    expect(formInput(schema, draft)).toBe(draft);
  });

  it('refuses, in Portuguese, a draft the schema does not take (an empty DC-e)', () => {
    expect(() => formInput(dceFormSchema, toSchemaInput(emptyDceDraft()))).toThrow(
      'O formulário tem campos a corrigir antes do envio.',
    );
  });
});
