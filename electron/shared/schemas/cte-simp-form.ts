// The clerk's CT-e Simplificado form (several deliveries in one model-57 document, tpCTe 5). It
// shares the CT-e form's field schemas; the rules of its own are the deliveries' (TCTeSimp `det`):
// each starts in the UF of início and ends in the UF of fim, carries NF-e keys (modelo 55, check
// digit) never repeated in the document, and its components add up to its value.
import { z } from 'zod';

import { LENGTHS } from '../../fiscal/lengths';
import { isValidAccessKey, normalizeAccessKey } from '../../fiscal/access-key';
import { cfopMatchesService, isCfopFormat } from '../../fiscal/cfop';
import { ibgeMatchesUf } from '../../fiscal/ibge';
import type { IssueSink } from './cte-form';
import {
  componentSchema,
  impostosSchema,
  money,
  observacoesSchema,
  partySchema,
  placeSchema,
  rodoviarioSchema,
  ufSchema,
} from './cte-form';
import { ALWAYS, xmlText } from './xml-text';

/** nItem is 1–990 (XSD pattern of TCTeSimp/det/@nItem). */
export const MAX_ENTREGAS = 990;

/** tpMed of the simplified CT-e is a code (TCTeSimp/infCarga/infQ/tpMed), not free text. */
export const TP_MED_SIMP = {
  '00': 'Cubagem da NF-e',
  '01': 'Cubagem aferida pelo transportador',
  '02': 'Peso bruto da NF-e',
  '03': 'Peso bruto aferido pelo transportador',
  '04': 'Peso cubado',
  '05': 'Peso base do cálculo do frete',
  '06': 'Peso para uso operacional',
  '07': 'Caixas',
  '08': 'Paletes',
  '09': 'Sacas',
  '10': 'Containers',
  '11': 'Rolos',
  '12': 'Bombonas',
  '13': 'Latas',
  '14': 'Litragem',
  '15': 'Milhão de BTU',
  '99': 'Outros',
} as const;
const tpMedCodes = Object.keys(TP_MED_SIMP) as [keyof typeof TP_MED_SIMP, ...(keyof typeof TP_MED_SIMP)[]];

const text = (min: number, max: number, label: string) =>
  z
    .string({ message: `informe ${label}` })
    .trim()
    .min(min, { message: `informe ${label}` })
    .max(max, { message: `${label}: no máximo ${max} caracteres` });
const optText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label}: no máximo ${max} caracteres` })
    .optional()
    .transform((v) => (v ? v : undefined));

export const nfeKeySchema = z
  .string({ message: 'informe a chave da NF-e' })
  .transform((v) => normalizeAccessKey(v))
  .refine((v) => isValidAccessKey(v), { message: 'chave da NF-e inválida (confira os 44 dígitos)' })
  .refine((v) => v.slice(20, 22) === '55', { message: 'a chave não é de uma NF-e (modelo 55)' });

export const entregaSchema = z.object({
  origem: placeSchema,
  destino: placeSchema,
  vPrest: money('o valor da prestação'),
  vRec: money('o valor a receber'),
  componentes: z.array(componentSchema).max(99, { message: 'no máximo 99 componentes' }).default([]),
  nfe: z
    .array(
      z.object({
        chave: nfeKeySchema,
        pin: z
          .string()
          .trim()
          .optional()
          .transform((v) => (v ? v : undefined))
          .refine((v) => v === undefined || /^[1-9]\d{1,8}$/.test(v), {
            message: 'o PIN SUFRAMA tem de 2 a 9 dígitos e não começa com zero',
          }),
        dPrev: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'data inválida (dd/mm/aaaa)' })
          .optional(),
      }),
    )
    .min(1, { message: 'informe ao menos uma NF-e desta entrega' }),
});
export type EntregaForm = z.infer<typeof entregaSchema>;

export const cteSimpGeralSchema = z.object({
  cfop: z
    .string({ message: 'informe o CFOP' })
    .trim()
    .refine(isCfopFormat, { message: 'CFOP inválido (4 dígitos)' }),
  natOp: text(1, LENGTHS.natOp, 'a natureza da operação'),
  tpServ: z.union([z.literal(0), z.literal(1), z.literal(2)], { message: 'escolha o tipo de serviço' }),
  toma: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
    message: 'escolha quem é o tomador',
  }),
  ufIni: ufSchema,
  ufFim: ufSchema,
  dhEmi: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)$/, {
      message: 'data e hora inválidas',
    })
    .optional(),
  retira: z.boolean().default(false),
  xDetRetira: optText(LENGTHS.xDetRetira, 'o detalhe da retirada'),
});

export const cteSimpCargaSchema = z.object({
  vCarga: money('o valor da carga'),
  proPred: text(1, LENGTHS.proPred, 'o produto predominante'),
  xOutCat: optText(LENGTHS.xOutCat, 'outras características'),
  quantidades: z
    .array(
      z.object({
        cUnid: z.enum(['00', '01', '02', '03', '04', '05'], { message: 'escolha a unidade' }),
        tpMed: z.enum(tpMedCodes, { message: 'escolha o tipo de medida' }),
        qCarga: z
          .number({ message: 'informe a quantidade' })
          .min(0, { message: 'a quantidade não pode ser negativa' })
          .refine((v) => Math.abs(Math.round(v * 1e4) - v * 1e4) < 1e-6, {
            message: 'use no máximo 4 casas decimais',
          }),
      }),
    )
    .min(1, { message: 'informe ao menos uma quantidade da carga' }),
});

export const cteSimpFormObject = z.object({
  geral: cteSimpGeralSchema,
  tomador: partySchema,
  entregas: z
    .array(entregaSchema)
    .min(1, { message: 'informe ao menos uma entrega' })
    .max(MAX_ENTREGAS, { message: `no máximo ${MAX_ENTREGAS} entregas por CT-e simplificado` }),
  impostos: impostosSchema,
  carga: cteSimpCargaSchema,
  rodoviario: rodoviarioSchema,
  observacoes: observacoesSchema.default({ xObs: undefined, obsCont: [] }),
});
export const cteSimpFormSchema = cteSimpFormObject
  .superRefine((f, ctx) => checkCteSimpForm(f, ctx))
  .superRefine(xmlText, ALWAYS);
export type CteSimpForm = z.infer<typeof cteSimpFormSchema>;
export type CteSimpFormInput = z.input<typeof cteSimpFormSchema>;

type Place = { cMun: string; uf: string };
type Valores = { vPrest: number; vRec: number; componentes: { vComp: number }[] };

/** CFOP against the UFs of início and fim (5 inside the UF, 6 between UFs, 7 to the exterior). */
export function checkSimpCfop(geral: { cfop: string; ufIni: string; ufFim: string }, ctx: IssueSink): void {
  if (!cfopMatchesService(geral.cfop, geral.ufIni, geral.ufFim)) {
    const expected = geral.ufFim === 'EX' ? '7' : geral.ufIni === geral.ufFim ? '5' : '6';
    ctx.addIssue({
      code: 'custom',
      path: ['geral', 'cfop'],
      message: `para prestação de ${geral.ufIni} a ${geral.ufFim} o CFOP começa com ${expected}`,
    });
  }
}

/** A delivery's route inside the document's UFs; its values consistent. */
export function checkEntrega(
  e: { origem: Place; destino: Place } & Partial<Valores>,
  index: number,
  geral: { ufIni: string; ufFim: string },
  ctx: IssueSink,
): void {
  const ends = [
    ['origem', e.origem, geral.ufIni, 'início'],
    ['destino', e.destino, geral.ufFim, 'fim'],
  ] as const;
  for (const [key, place, uf, label] of ends) {
    if (uf && place.uf && place.uf !== uf) {
      ctx.addIssue({
        code: 'custom',
        path: ['entregas', index, key, 'uf'],
        message: `a UF deve ser a de ${label} da prestação (${uf})`,
      });
    } else if (
      place.uf &&
      place.uf !== 'EX' &&
      /^\d{7}$/.test(place.cMun) &&
      !ibgeMatchesUf(place.cMun, place.uf)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['entregas', index, key, 'cMun'],
        message: `o município não pertence à UF ${place.uf}`,
      });
    }
  }
  if (e.vPrest === undefined) return;
  const comps = e.componentes ?? [];
  if (comps.length > 0) {
    const sum = comps.reduce((acc, c) => acc + Math.round(c.vComp * 100), 0);
    if (sum !== Math.round(e.vPrest * 100)) {
      ctx.addIssue({
        code: 'custom',
        path: ['entregas', index, 'vPrest'],
        message: `a soma dos componentes (${(sum / 100).toFixed(2).replace('.', ',')}) difere do valor da entrega`,
      });
    }
  }
  if (e.vRec !== undefined && Math.round(e.vRec * 100) > Math.round(e.vPrest * 100)) {
    ctx.addIssue({
      code: 'custom',
      path: ['entregas', index, 'vRec'],
      message: 'o valor a receber não pode passar do valor da entrega',
    });
  }
}

/** The same NF-e may not appear twice in one document. */
export function checkRepeatedKeys(entregas: { nfe: { chave: string }[] }[], ctx: IssueSink): void {
  const seen = new Map<string, number>();
  entregas.forEach((e, i) =>
    e.nfe.forEach((n, j) => {
      const key = normalizeAccessKey(n.chave);
      if (!key) return;
      const first = seen.get(key);
      if (first !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['entregas', i, 'nfe', j, 'chave'],
          message: first === i ? 'chave repetida nesta entrega' : `chave já usada na entrega ${first + 1}`,
        });
      } else seen.set(key, i);
    }),
  );
}

function checkCteSimpForm(f: z.infer<typeof cteSimpFormObject>, ctx: IssueSink): void {
  checkSimpCfop(f.geral, ctx);
  f.entregas.forEach((e, i) => checkEntrega(e, i, f.geral, ctx));
  checkRepeatedKeys(f.entregas, ctx);
}
