// The IBGE municipality picker's commands: a search by name or code and a lookup by code.
import { z } from 'zod';

import { isUf } from '../../fiscal/uf';

export const municipioSchema = z.object({
  codigo: z.string().regex(/^\d{7}$/),
  nome: z.string(),
  uf: z.string().length(2),
});
export type Municipio = z.infer<typeof municipioSchema>;

export const municipioSearchInputSchema = z
  .object({
    query: z.string().max(80, 'Digite no máximo 80 caracteres para buscar o município.'),
    uf: z
      .string()
      .refine((value) => isUf(value), 'UF inválida.')
      .optional(),
  })
  .strict();

export const municipioListSchema = z.array(municipioSchema);

export const municipioGetInputSchema = z
  .object({ codigo: z.string().regex(/^\d{7}$/, 'Informe o código IBGE com 7 dígitos.') })
  .strict();

/** The municipality of a code, or null with a warning when a valid code is missing from the table. */
export const municipioGetSchema = z.object({
  municipio: municipioSchema.nullable(),
  warning: z.string().nullable(),
});
