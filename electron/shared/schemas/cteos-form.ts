// The clerk's CT-e OS form (passengers, valuables, excess baggage): same conventions as the CT-e
// form — one schema for the form, the IPC input and the type; Portuguese messages; stable paths.
import { z } from 'zod';

import type { IssueSink } from './cte-form';
import {
  checkCfop,
  checkValores,
  geralSchema,
  impostosSchema,
  money,
  observacoesSchema,
  partySchema,
  ufSchema,
  valoresSchema,
} from './cte-form';

const optText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label}: no máximo ${max} caracteres` })
    .optional()
    .transform((v) => (v ? v : undefined));

export const cteOsFormObject = z.object({
  geral: geralSchema.omit({ tpServ: true, toma: true, retira: true, xDetRetira: true }).extend({
    /** 6 transporte de pessoas, 7 de valores, 8 excesso de bagagem. */
    tpServ: z.union([z.literal(6), z.literal(7), z.literal(8)], { message: 'escolha o tipo de serviço' }),
    percurso: z.array(ufSchema).max(25, { message: 'no máximo 25 UFs de percurso' }).default([]),
  }),
  tomador: partySchema,
  valores: valoresSchema,
  impostos: impostosSchema.extend({
    tributosFederais: z
      .object({
        vPIS: money().optional(),
        vCOFINS: money().optional(),
        vIR: money().optional(),
        vINSS: money().optional(),
        vCSLL: money().optional(),
      })
      .optional(),
  }),
  servico: z.object({
    xDescServ: z
      .string({ message: 'descreva o serviço' })
      .trim()
      .min(1, { message: 'descreva o serviço' })
      .max(30, { message: 'descrição: no máximo 30 caracteres' }),
    qCarga: z.number().min(0, { message: 'a quantidade não pode ser negativa' }).optional(),
  }),
  seguro: z
    .array(
      z.object({
        respSeg: z.union([z.literal(4), z.literal(5)], { message: 'escolha o responsável pelo seguro' }),
        xSeg: optText(30, 'a seguradora'),
        nApol: optText(20, 'a apólice'),
      }),
    )
    .default([]),
  rodoviario: z.object({
    taf: z
      .string()
      .trim()
      .regex(/^\d{12}$/, { message: 'o TAF tem 12 dígitos' })
      .optional(),
    nroRegEstadual: z
      .string()
      .trim()
      .regex(/^\d{25}$/, { message: 'o registro estadual tem 25 dígitos' })
      .optional(),
    placa: z
      .string()
      .trim()
      .toUpperCase()
      .transform((v) => v.replace(/[^A-Z0-9]/g, ''))
      .refine((v) => /^[A-Z0-9]{7}$/.test(v), { message: 'placa inválida' })
      .optional(),
    ufVeiculo: ufSchema.optional(),
    fretamento: z
      .object({
        tpFretamento: z.union([z.literal(1), z.literal(2)], { message: 'escolha o tipo de fretamento' }),
        dhViagem: z.string().optional(),
      })
      .optional(),
  }),
  observacoes: observacoesSchema.default({ xObs: undefined, obsCont: [] }),
});

export const cteOsFormSchema = cteOsFormObject.superRefine((f, ctx) => checkCteOsForm(f, ctx));
export type CteOsForm = z.infer<typeof cteOsFormSchema>;
export type CteOsFormInput = z.input<typeof cteOsFormSchema>;

function checkCteOsForm(f: z.infer<typeof cteOsFormObject>, ctx: IssueSink): void {
  checkCfop(f.geral, ctx);
  checkValores(f.valores, ctx);
  if (f.impostos.icms.situacao === '60') {
    ctx.addIssue({
      code: 'custom',
      path: ['impostos', 'icms', 'situacao'],
      message: 'o CT-e OS não tem a situação 60 (substituição tributária)',
    });
  }
  if (f.rodoviario.fretamento && !f.rodoviario.taf && !f.rodoviario.nroRegEstadual) {
    ctx.addIssue({
      code: 'custom',
      path: ['rodoviario', 'taf'],
      message: 'para fretamento informe o TAF ou o número do registro estadual',
    });
  }
}
