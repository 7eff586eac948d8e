// The clerk's CT-e OS form (passengers, valuables, excess baggage): same conventions as the CT-e
// form — one schema for the form, the IPC input and the type; Portuguese messages; stable paths.
// The cross-field rules follow the MOC 4.00 Anexo I, "Regras de Validação do CT-e OS" (H0xx).
import { z } from 'zod';

import { LENGTHS } from '../../fiscal/lengths';
import { isValidAccessKey, normalizeAccessKey } from '../../fiscal/access-key';
import { isValidCpfCnpj, normalizeCnpj } from '../../fiscal/cnpj';
import { isValidIe, normalizeIe } from '../../fiscal/ie';
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
import { ALWAYS, xmlText } from './xml-text';

const optText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label}: no máximo ${max} caracteres` })
    .optional()
    .transform((v) => (v ? v : undefined));
const optDigits = (n: number, message: string) =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v === '' || new RegExp(`^\\d{${n}}$`).test(v), { message })
    .optional()
    .transform((v) => (v ? v : undefined));
const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)$/, {
  message: 'data e hora inválidas',
});

const TAF_MSG = 'o TAF tem 12 dígitos';
const REG_MSG = 'o registro estadual tem 25 dígitos';

/** A referenced document: a BP-e key (excess baggage) or number + date of another document. */
const docRefSchema = z
  .object({
    chBPe: z
      .string()
      .transform((v) => normalizeAccessKey(v))
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || isValidAccessKey(v), {
        message: 'chave do BP-e inválida (confira os 44 dígitos)',
      })
      .refine((v) => v === undefined || v.slice(20, 22) === '63', {
        message: 'a chave não é de um BP-e (modelo 63)',
      }),
    nDoc: optText(LENGTHS.nDoc, 'o número'),
    serie: optText(LENGTHS.serieDoc, 'a série'),
    subserie: optText(LENGTHS.serieDoc, 'a subsérie'),
    dEmi: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'data inválida' })
      .optional(),
    vDoc: money().optional(),
  })
  .superRefine((d, ctx) => {
    if (d.chBPe) {
      if (d.nDoc || d.serie || d.subserie || d.dEmi || d.vDoc !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['chBPe'],
          message: 'informe a chave do BP-e ou os dados do documento, não os dois',
        });
      return;
    }
    if (!d.nDoc) ctx.addIssue({ code: 'custom', path: ['nDoc'], message: 'informe o número do documento' });
    if (!d.dEmi) ctx.addIssue({ code: 'custom', path: ['dEmi'], message: 'informe a data de emissão' });
  });

/** Owner of a vehicle that is not the emitter's (leased, agregado). */
const propSchema = z
  .object({
    cpfCnpj: z
      .string({ message: 'informe o CNPJ ou CPF do proprietário' })
      .transform((v) => normalizeCnpj(v))
      .refine(isValidCpfCnpj, { message: 'CNPJ ou CPF inválido (confira os dígitos)' }),
    taf: optDigits(12, TAF_MSG),
    nroRegEstadual: optDigits(25, REG_MSG),
    xNome: z
      .string({ message: 'informe o nome do proprietário' })
      .trim()
      .min(2, { message: 'informe o nome do proprietário' })
      .max(LENGTHS.xNome, { message: `o nome: no máximo ${LENGTHS.xNome} caracteres` }),
    ie: z
      .string()
      .optional()
      .transform((v) => (v ? normalizeIe(v) : undefined)),
    uf: ufSchema.optional(),
    /** 0 TAC agregado, 1 TAC independente, 2 outros. */
    tpProp: z.union([z.literal(0), z.literal(1), z.literal(2)], {
      message: 'escolha o tipo de proprietário',
    }),
  })
  .superRefine((p, ctx) => {
    if (!p.taf === !p.nroRegEstadual)
      ctx.addIssue({
        code: 'custom',
        path: ['taf'],
        message: 'informe o TAF ou o registro estadual do proprietário (um dos dois)',
      });
    if (p.ie && !p.uf) ctx.addIssue({ code: 'custom', path: ['uf'], message: 'informe a UF da inscrição' });
    if (p.ie && p.uf && p.ie !== 'ISENTO' && !isValidIe(p.ie, p.uf))
      ctx.addIssue({ code: 'custom', path: ['ie'], message: `inscrição estadual inválida para ${p.uf}` });
  });

export const cteOsFormObject = z.object({
  geral: geralSchema.omit({ tpServ: true, toma: true, retira: true, xDetRetira: true }).extend({
    /** 6 transporte de pessoas, 7 de valores, 8 excesso de bagagem. */
    tpServ: z.union([z.literal(6), z.literal(7), z.literal(8)], { message: 'escolha o tipo de serviço' }),
    percurso: z.array(ufSchema).max(25, { message: 'no máximo 25 UFs de percurso' }).default([]),
  }),
  /** Optional only for excess baggage (H022). */
  tomador: partySchema.optional(),
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
      .max(LENGTHS.xDescServ, { message: `descrição: no máximo ${LENGTHS.xDescServ} caracteres` }),
    qCarga: z.number().min(0, { message: 'a quantidade não pode ser negativa' }).optional(),
  }),
  documentos: z.array(docRefSchema).max(99, { message: 'no máximo 99 documentos' }).default([]),
  seguro: z
    .array(
      z.object({
        respSeg: z.union([z.literal(4), z.literal(5)], { message: 'escolha o responsável pelo seguro' }),
        xSeg: optText(LENGTHS.xSeg, 'a seguradora'),
        nApol: optText(LENGTHS.nApol, 'a apólice'),
      }),
    )
    .default([]),
  rodoviario: z.object({
    taf: z
      .string()
      .trim()
      .regex(/^\d{12}$/, { message: TAF_MSG })
      .optional(),
    nroRegEstadual: z
      .string()
      .trim()
      .regex(/^\d{25}$/, { message: REG_MSG })
      .optional(),
    placa: z
      .string()
      .trim()
      .toUpperCase()
      .transform((v) => v.replace(/[^A-Z0-9]/g, ''))
      .refine((v) => /^[A-Z0-9]{7}$/.test(v), { message: 'placa inválida' })
      .optional(),
    renavam: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z]{9,11}$/, { message: 'o RENAVAM tem de 9 a 11 caracteres' })
      .optional(),
    ufVeiculo: ufSchema.optional(),
    prop: propSchema.optional(),
    fretamento: z
      .object({
        tpFretamento: z.union([z.literal(1), z.literal(2)], { message: 'escolha o tipo de fretamento' }),
        dhViagem: dateTime.optional(),
      })
      .optional(),
  }),
  observacoes: observacoesSchema.default({ xObs: undefined, obsCont: [] }),
});

export const cteOsFormSchema = cteOsFormObject
  .superRefine((f, ctx) => checkCteOsForm(f, ctx))
  .superRefine(xmlText, ALWAYS);
export type CteOsForm = z.infer<typeof cteOsFormSchema>;
export type CteOsFormInput = z.input<typeof cteOsFormSchema>;

/**
 * What the cross-field rules read. The renderer runs them on a form that does not parse yet
 * (zod refinements wait for every field), so the rules show while other steps are incomplete.
 */
export interface CteOsRuleInput {
  geral: {
    tpServ: number;
    inicio: { uf: string };
    fim: { uf: string };
    dhEmi?: string;
    percurso: string[];
  };
  tomador?: { cpfCnpj: string };
  impostos: { icms: { situacao: string }; tributosFederais?: { vINSS?: number } };
  documentos: unknown[];
  rodoviario: {
    taf?: string;
    nroRegEstadual?: string;
    placa?: string;
    renavam?: string;
    ufVeiculo?: string;
    prop?: unknown;
    fretamento?: { tpFretamento: number; dhViagem?: string };
  };
}
type Parsed = CteOsRuleInput;

function checkCteOsForm(f: z.infer<typeof cteOsFormObject>, ctx: IssueSink): void {
  checkCfop(f.geral, ctx);
  checkValores(f.valores, ctx);
  checkCteOsRules(f, ctx);
}

/** MOC H015–H057 on the CT-e OS (see the file's header). */
export function checkCteOsRules(f: Parsed, ctx: IssueSink): void {
  if (f.impostos.icms.situacao === '60') {
    ctx.addIssue({
      code: 'custom',
      path: ['impostos', 'icms', 'situacao'],
      message: 'o CT-e OS não tem a situação 60 (substituição tributária)',
    });
  }
  const pessoas = f.geral.tpServ === 6;
  if (f.geral.tpServ !== 8 && !f.tomador)
    ctx.addIssue({ code: 'custom', path: ['tomador'], message: 'informe o tomador do serviço' });
  if (f.geral.tpServ === 8 && f.documentos.length === 0)
    ctx.addIssue({
      code: 'custom',
      path: ['documentos'],
      message: 'no excesso de bagagem informe ao menos um documento (BP-e) referenciado',
    });
  // H057: a company buying passenger transport has INSS withheld on the service.
  if (
    pessoas &&
    f.tomador &&
    f.tomador.cpfCnpj.length === 14 &&
    f.impostos.tributosFederais?.vINSS === undefined
  )
    ctx.addIssue({
      code: 'custom',
      path: ['impostos', 'tributosFederais', 'vINSS'],
      message: 'informe o INSS: o tomador é pessoa jurídica',
    });
  checkPercurso(f, ctx);
  checkModal(f, ctx);
}

function checkPercurso(f: Parsed, ctx: IssueSink): void {
  f.geral.percurso.forEach((uf, i) => {
    if (!uf) return;
    if (uf === 'EX' || (i > 0 && f.geral.percurso[i - 1] === uf))
      ctx.addIssue({
        code: 'custom',
        path: ['geral', 'percurso', i],
        message: uf === 'EX' ? 'o percurso tem só UFs do Brasil' : 'UF repetida em seguida',
      });
  });
}

/** rodoOS: only for passengers and baggage (H015/H018); TAF for interstate, state registry inside one UF. */
function checkModal(f: Parsed, ctx: IssueSink): void {
  const r = f.rodoviario;
  const filled = Object.values(r).some((v) => v !== undefined);
  const at = (key: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: ['rodoviario', key], message });
  if (f.geral.tpServ === 7) {
    if (filled) at('taf', 'o transporte de valores não leva dados do modal rodoviário');
    return;
  }
  if (r.taf && r.nroRegEstadual) at('nroRegEstadual', 'informe o TAF ou o registro estadual, não os dois');
  const { inicio, fim } = f.geral;
  if (f.geral.tpServ === 6) {
    const interna = inicio.uf === fim.uf;
    if (!inicio.uf || !fim.uf) {
      if (!r.taf && !r.nroRegEstadual) at('taf', 'informe o TAF ou o registro estadual');
    } else if (interna && !r.nroRegEstadual)
      at('nroRegEstadual', 'informe o registro estadual: transporte de pessoas dentro da UF');
    else if (!interna && !r.taf) at('taf', 'informe o TAF: transporte de pessoas entre UFs');
    if (!r.fretamento) at('fretamento', 'informe o tipo de fretamento');
  } else {
    if (!r.taf && !r.nroRegEstadual) at('taf', 'informe o TAF ou o registro estadual');
    if (r.fretamento) at('fretamento', 'o fretamento é só do transporte de pessoas');
  }
  const fr = r.fretamento;
  if (fr?.tpFretamento === 1 && !fr.dhViagem)
    ctx.addIssue({
      code: 'custom',
      path: ['rodoviario', 'fretamento', 'dhViagem'],
      message: 'informe a data e hora da viagem (fretamento eventual)',
    });
  if (fr?.tpFretamento === 2 && fr.dhViagem)
    ctx.addIssue({
      code: 'custom',
      path: ['rodoviario', 'fretamento', 'dhViagem'],
      message: 'a data da viagem é só do fretamento eventual',
    });
  // H027; without a dhEmi the CT-e OS is dated when sent, so "now" is the bound.
  const emitted = f.geral.dhEmi ? Date.parse(f.geral.dhEmi) : Date.now();
  if (fr?.dhViagem && Date.parse(fr.dhViagem) <= emitted)
    ctx.addIssue({
      code: 'custom',
      path: ['rodoviario', 'fretamento', 'dhViagem'],
      message: 'a viagem deve ser depois da emissão',
    });
  if ((r.renavam || r.ufVeiculo || r.prop) && !r.placa) at('placa', 'informe a placa do veículo');
}
