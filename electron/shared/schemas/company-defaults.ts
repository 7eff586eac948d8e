// What every CT-e of a company repeats, kept with the company so the forms start from it: the
// RNTRC, the CFOP by route type, the ICMS situation and rate, the série and the observations.
// Edited in Empresas; applied to a new CT-e, CT-e Simplificado (and, where they apply, CT-e OS).
import { z } from 'zod';

import { cfopScope } from '../../fiscal/cfop';

const cfop = (scope: 'intra' | 'inter', label: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || cfopScope(v) === scope, {
      message:
        scope === 'intra'
          ? `${label}: um CFOP de prestação dentro do estado começa com 5 (ex.: 5353)`
          : `${label}: um CFOP de prestação para outro estado começa com 6 (ex.: 6353)`,
    })
    .optional()
    .transform((v) => (v ? v : undefined));

/** ICMS situations a carrier's default can be (the ones without per-document values). */
export const DEFAULT_ICMS_SITUATIONS = ['00', '20', '45', '90', 'SN'] as const;

export const companyDefaultsSchema = z.object({
  rntrc: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || /^(\d{8}|ISENTO)$/.test(v), { message: 'o RNTRC tem 8 dígitos (ou ISENTO)' })
    .optional()
    .transform((v) => (v ? v : undefined)),
  cfopIntra: cfop('intra', 'CFOP dentro do estado'),
  cfopInter: cfop('inter', 'CFOP entre estados'),
  icms: z
    .object({
      situacao: z.enum(DEFAULT_ICMS_SITUATIONS, { message: 'escolha a situação do ICMS' }),
      pICMS: z
        .number()
        .min(0, { message: 'a alíquota não pode ser negativa' })
        .max(100, { message: 'a alíquota não pode passar de 100%' })
        .optional(),
      pRedBC: z.number().min(0).max(100).optional(),
      cst: z.enum(['40', '41', '51']).optional(),
    })
    .optional(),
  serie: z.number().int().min(0, { message: 'a série vai de 0 a 999' }).max(999).optional(),
  xObs: z.string().trim().max(2000, { message: 'as observações: no máximo 2000 caracteres' }).optional(),
  /**
   * The CT-e OS's own (issue 26): the emitter's TAF (ANTT, between UFs) or state registration (inside
   * one UF), and the INSS withheld as a rate of the service's value, which the form computes.
   */
  taf: z
    .string()
    .trim()
    .refine((v) => /^\d{0,12}$/.test(v), { message: 'o TAF tem até 12 dígitos' })
    .optional()
    .transform((v) => (v ? v : undefined))
    .optional(),
  nroRegEstadual: z
    .string()
    .trim()
    .refine((v) => /^\d{0,25}$/.test(v), { message: 'o registro estadual tem até 25 dígitos' })
    .optional()
    .transform((v) => (v ? v : undefined))
    .optional(),
  pINSS: z
    .number()
    .min(0, { message: 'a alíquota do INSS não pode ser negativa' })
    .max(100, { message: 'a alíquota do INSS não pode passar de 100%' })
    .optional(),
});
export type CompanyDefaults = z.infer<typeof companyDefaultsSchema>;

/** The default CFOP for a route (UF of start and end); undefined when none is set or abroad. */
export function defaultCfopFor(
  defaults: CompanyDefaults | undefined,
  ufIni: string,
  ufFim: string,
): string | undefined {
  if (!defaults || !ufIni || !ufFim || ufFim === 'EX') return undefined;
  return ufIni === ufFim ? defaults.cfopIntra : defaults.cfopInter;
}
