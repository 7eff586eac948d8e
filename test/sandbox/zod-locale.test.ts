// The sandbox runs inside the app's process (demonstração), where the app sets zod's messages to
// Portuguese for its forms (electron/shared/zod-locale.ts). The sandbox's answers must not depend
// on that: a rule's own words are kept, zod's defaults get the hosted service's wording. The
// shared-module test run found the sandbox reading zod's English messages to tell them apart.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import '../../electron/shared/zod-locale';
import { validate } from '../../electron/sandbox/http/validate';

const schema = z.object({
  serie: z.number().int().min(0).max(999),
  xObs: z.string().max(5),
  evento: z.string().refine((v) => v !== 'x', 'obrigatório para o evento 210240'),
});

describe("sandbox validation with the app's Portuguese zod locale loaded", () => {
  it("words zod's own issues as the hosted service does, and keeps a rule's own words", () => {
    expect(z.string().safeParse(1).error?.issues[0]?.message).toMatch(/^Entrada inválida/);
    const result = validate(schema, { serie: 1000, xObs: 'abcdefg', evento: 'x' });
    expect(result).toEqual({
      ok: false,
      errors: [
        { code: 'Maximum', message: "O campo 'serie' deve ser no máximo 999.", path: 'serie' },
        { code: 'MaxLength', message: "O campo 'xObs' deve ter no máximo 5 caractere(s).", path: 'xObs' },
        {
          code: 'Required',
          message: "O campo 'evento': obrigatório para o evento 210240.",
          path: 'evento',
        },
      ],
    });
  });
});
