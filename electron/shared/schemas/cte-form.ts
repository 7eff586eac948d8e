// The clerk's CT-e form: one zod schema is the form's data model, the `cte:issue` input and the
// TypeScript type. Every message is Portuguese and every issue path is stable (`remetente.ie`,
// `valores.vTPrest`, `impostos.icms.pICMS`…): the renderer highlights fields by these paths.
import { z } from 'zod';

import { FONE_DIGITS, LENGTHS } from '../../fiscal/lengths';
import { isValidAccessKey, normalizeAccessKey } from '../../fiscal/access-key';
import { cfopMatchesService, isCfopFormat } from '../../fiscal/cfop';
import { isValidCpfCnpj, normalizeCnpj } from '../../fiscal/cnpj';
import { ibgeMatchesUf } from '../../fiscal/ibge';
import { isValidIe, normalizeIe } from '../../fiscal/ie';
import { UF_SIGLAS } from '../../fiscal/uf';
import { optionalEmailSchema, phoneSchema } from './contact';
import { ALWAYS, xmlText } from './xml-text';

const hasTwoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
const hasDecimals = (places: number) => (v: number) =>
  Math.abs(Math.round(v * 10 ** places) - v * 10 ** places) < 1e-6;

/** Reais: at least zero, at most two decimals; `label` names the field in "informe …". */
export const money = (label = 'um valor') =>
  z
    .number({ message: `informe ${label}` })
    .min(0, { message: 'o valor não pode ser negativo' })
    .max(9_999_999_999_999, { message: 'valor grande demais' })
    .refine(hasTwoDecimals, { message: 'use no máximo duas casas decimais' });

/** A rate in percent (0–100), up to `places` decimals; `label` names the field in "informe …". */
export const rate = (places = 2, label = 'a alíquota') =>
  z
    .number({ message: `informe ${label}` })
    .min(0, { message: 'a alíquota não pode ser negativa' })
    .max(100, { message: 'a alíquota não pode passar de 100%' })
    .refine(hasDecimals(places), { message: `use no máximo ${places} casas decimais` });

const text = (min: number, max: number, label: string) =>
  z
    .string({ message: `informe ${label}` })
    .trim()
    .min(min, { message: min <= 1 ? `informe ${label}` : `${label}: ao menos ${min} caracteres` })
    .max(max, { message: `${label}: no máximo ${max} caracteres` });
const optText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label}: no máximo ${max} caracteres` })
    .optional()
    .transform((v) => (v ? v : undefined));

/** TUf: the 27 UFs or EX (exterior); typed as such, so the payload builders take it as it is. */
export const ufSchema = z
  .string({ message: 'informe a UF' })
  .trim()
  .toUpperCase()
  .pipe(z.enum([...UF_SIGLAS, 'EX'], { message: 'UF inválida' }));

export const municipioSchema = z
  .string({ message: 'informe o código IBGE do município' })
  .trim()
  .regex(/^\d{7}$/, { message: 'o código IBGE do município tem 7 dígitos' });

export const addressSchema = z
  .object({
    xLgr: text(2, LENGTHS.endereco, 'o logradouro'),
    nro: text(1, LENGTHS.endereco, 'o número'),
    xCpl: optText(LENGTHS.endereco, 'o complemento'),
    xBairro: text(2, LENGTHS.endereco, 'o bairro'),
    cMun: municipioSchema,
    xMun: text(2, LENGTHS.endereco, 'o município'),
    uf: ufSchema,
    cep: z
      .string()
      .trim()
      .transform((v) => v.replace(/\D/g, ''))
      .refine((v) => v === '' || /^\d{8}$/.test(v), { message: 'o CEP tem 8 dígitos' })
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .superRefine((a, ctx) => {
    if (a.uf !== 'EX' && !ibgeMatchesUf(a.cMun, a.uf)) {
      ctx.addIssue({ code: 'custom', path: ['cMun'], message: `o município não pertence à UF ${a.uf}` });
    }
  });
export type AddressForm = z.infer<typeof addressSchema>;

/** A party of the CT-e (remetente, destinatário, expedidor, recebedor, tomador "outros"). */
export const partySchema = z
  .object({
    cpfCnpj: z
      .string({ message: 'informe o CNPJ ou CPF' })
      .transform((v) => normalizeCnpj(v))
      // A party abroad (UF EX) carries a CNPJ of zeros (MOC CT-e Anexo I, CNPJ of rem/dest/exped/receb).
      .refine((v) => isValidCpfCnpj(v) || v === '00000000000000', {
        message: 'CNPJ ou CPF inválido (confira os dígitos)',
      }),
    /** Digits, 'ISENTO', or empty when the party has no state registration. */
    ie: z
      .string()
      .optional()
      .transform((v) => (v ? normalizeIe(v) : undefined)),
    xNome: text(2, LENGTHS.xNome, 'a razão social ou nome'),
    xFant: optText(LENGTHS.xFant, 'o nome fantasia'),
    fone: phoneSchema(FONE_DIGITS.cte.min, FONE_DIGITS.cte.max),
    email: optionalEmailSchema(LENGTHS.email),
    endereco: addressSchema,
  })
  .superRefine((p, ctx) => {
    if (p.cpfCnpj === '00000000000000' && p.endereco.uf !== 'EX') {
      ctx.addIssue({
        code: 'custom',
        path: ['cpfCnpj'],
        message: 'CNPJ com zeros só para quem está no exterior (UF EX)',
      });
    }
    if (p.ie && p.ie !== 'ISENTO' && p.endereco.uf !== 'EX' && !isValidIe(p.ie, p.endereco.uf)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ie'],
        message: `inscrição estadual inválida para ${p.endereco.uf} (ou use ISENTO)`,
      });
    }
  });
export type PartyForm = z.infer<typeof partySchema>;

const icmsBase = { vBC: money().optional(), pICMS: rate(2, 'a alíquota do ICMS') };
/** ICMS by situation; `vICMS` and the base default are computed by the payload builder. */
export const icmsSchema = z.discriminatedUnion(
  'situacao',
  [
    z.object({ situacao: z.literal('00'), ...icmsBase }),
    z.object({
      situacao: z.literal('20'),
      pRedBC: rate(2, 'o percentual de redução da base de cálculo'),
      ...icmsBase,
      vICMSDeson: money().optional(),
    }),
    z.object({
      situacao: z.literal('45'),
      cst: z.enum(['40', '41', '51'], { message: 'escolha CST 40, 41 ou 51' }),
      vICMSDeson: money().optional(),
      cBenef: optText(10, 'o código de benefício'),
    }),
    z.object({
      situacao: z.literal('60'),
      vBCSTRet: money('a base de cálculo do ICMS retido'),
      pICMSSTRet: rate(2, 'a alíquota do ICMS retido'),
      vCred: money().optional(),
    }),
    z.object({
      situacao: z.literal('90'),
      pRedBC: rate().optional(),
      ...icmsBase,
      vCred: money().optional(),
    }),
    z.object({
      situacao: z.literal('outraUF'),
      pRedBCOutraUF: rate().optional(),
      vBCOutraUF: money().optional(),
      pICMSOutraUF: rate(2, 'a alíquota do ICMS de outra UF'),
    }),
    z.object({ situacao: z.literal('SN') }),
  ],
  { message: 'escolha a situação tributária do ICMS' },
);
export type IcmsForm = z.infer<typeof icmsSchema>;

/** Tax-reform group; the builder computes every value from the base and the rates. */
export const ibsCbsSchema = z.object({
  cst: z.string().regex(/^\d{3}$/, { message: 'o CST do IBS/CBS tem 3 dígitos' }),
  cClassTrib: z.string().regex(/^\d{6}$/, { message: 'a classificação tributária tem 6 dígitos' }),
  vBC: money().optional(),
  pIBSUF: rate(4),
  pIBSMun: rate(4),
  pCBS: rate(4),
});
export type IbsCbsForm = z.infer<typeof ibsCbsSchema>;

export const impostosSchema = z.object({
  icms: icmsSchema,
  ibsCbs: ibsCbsSchema.optional(),
  vTotTrib: money().optional(),
  infAdFisco: optText(LENGTHS.xObs, 'as informações ao fisco'),
});

export const componentSchema = z.object({
  xNome: text(1, LENGTHS.xNomeComp, 'o nome do componente'),
  vComp: money('o valor do componente'),
});

export const valoresSchema = z.object({
  componentes: z.array(componentSchema).max(99, { message: 'no máximo 99 componentes' }),
  vTPrest: money('o valor total da prestação'),
  vRec: money('o valor a receber'),
});

const keySchema = (mod: '55' | '99', label: string) =>
  z
    .string({ message: `informe a chave da ${label}` })
    .transform((v) => normalizeAccessKey(v))
    .refine((v) => isValidAccessKey(v), { message: `chave da ${label} inválida (confira os 44 dígitos)` })
    .refine((v) => v.slice(20, 22) === mod, { message: `a chave não é de uma ${label} (modelo ${mod})` });
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'data inválida (dd/mm/aaaa)' });

export const documentosSchema = z.object({
  nfe: z.array(z.object({ chave: keySchema('55', 'NF-e'), pin: z.string().optional() })).default([]),
  dce: z.array(z.object({ chave: keySchema('99', 'DC-e') })).default([]),
  outros: z
    .array(
      z.object({
        tpDoc: z.enum(['00', '10', '59', '65', '99'], { message: 'escolha o tipo de documento' }),
        descOutros: optText(100, 'a descrição'),
        nDoc: optText(LENGTHS.nDoc, 'o número'),
        dEmi: date.optional(),
        vDocFisc: money().optional(),
      }),
    )
    .default([]),
});

export const cargaSchema = z.object({
  vCarga: money().optional(),
  /** Value for the cargo insurance (averbação) when it differs from vCarga; more than zero. */
  vCargaAverb: money()
    .refine((v) => v > 0, { message: 'o valor para averbação deve ser maior que zero' })
    .optional(),
  proPred: text(1, LENGTHS.proPred, 'o produto predominante'),
  xOutCat: optText(LENGTHS.xOutCat, 'outras características'),
  quantidades: z
    .array(
      z.object({
        cUnid: z.enum(['00', '01', '02', '03', '04', '05'], { message: 'escolha a unidade' }),
        tpMed: text(1, LENGTHS.tpMed, 'o tipo de medida'),
        qCarga: z
          .number({ message: 'informe a quantidade' })
          .min(0, { message: 'a quantidade não pode ser negativa' })
          .refine(hasDecimals(4), { message: 'use no máximo 4 casas decimais' }),
      }),
    )
    .min(1, { message: 'informe ao menos uma quantidade da carga' }),
});

export const placeSchema = z.object({
  cMun: municipioSchema,
  xMun: text(2, LENGTHS.endereco, 'o município'),
  uf: ufSchema,
});

export const geralSchema = z.object({
  cfop: z
    .string({ message: 'informe o CFOP' })
    .trim()
    .refine(isCfopFormat, { message: 'CFOP inválido (4 dígitos)' }),
  natOp: text(1, LENGTHS.natOp, 'a natureza da operação'),
  tpServ: z
    .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
      message: 'escolha o tipo de serviço',
    })
    .superRefine((tpServ, ctx) => checkTipoServico(tpServ, ctx)),
  toma: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
    message: 'escolha quem é o tomador',
  }),
  inicio: placeSchema,
  fim: placeSchema,
  /** ISO date-time with offset; empty = now at sending. */
  dhEmi: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)$/, {
      message: 'data e hora inválidas',
    })
    .optional(),
  retira: z.boolean().default(false),
  xDetRetira: optText(LENGTHS.xDetRetira, 'o detalhe da retirada'),
});

export const observacoesSchema = z.object({
  xObs: optText(LENGTHS.xObs, 'as observações'),
  obsCont: z
    .array(
      z.object({ xCampo: text(1, LENGTHS.xCampo, 'o campo'), xTexto: text(1, LENGTHS.xTexto, 'o texto') }),
    )
    .max(10, { message: 'no máximo 10 observações do contribuinte' })
    .default([]),
  /** Optional so the forms that reuse this group (CT-e OS, simplificado) keep their defaults. */
  obsFisco: z
    .array(
      z.object({
        xCampo: text(1, LENGTHS.xCampo, 'o campo'),
        xTexto: text(1, LENGTHS.xTextoFisco, 'o texto'),
      }),
    )
    .max(10, { message: 'no máximo 10 observações ao fisco' })
    .optional(),
});

/** Where cross-field rules report (a zod refinement context, or a collector in tests). */
export interface IssueSink {
  addIssue(issue: { code: 'custom'; path: (string | number)[]; message: string }): void;
}

export const TOMA_PARTY = ['remetente', 'expedidor', 'recebedor', 'destinatario', 'tomador'] as const;

/** Road modal of the CT-e and CT-e Simplificado: the carrier's RNTRC (8 digits, or ISENTO). */
export const rodoviarioSchema = z.object({
  rntrc: z
    .string({ message: 'informe o RNTRC' })
    .trim()
    .toUpperCase()
    .regex(/^(\d{8}|ISENTO)$/, { message: 'o RNTRC tem 8 dígitos' }),
});

export const cteFormObject = z.object({
  geral: geralSchema,
  remetente: partySchema.optional(),
  expedidor: partySchema.optional(),
  recebedor: partySchema.optional(),
  destinatario: partySchema.optional(),
  /** Only when `geral.toma` is 4 (outros). */
  tomador: partySchema.optional(),
  valores: valoresSchema,
  impostos: impostosSchema,
  carga: cargaSchema,
  documentos: documentosSchema.default({ nfe: [], dce: [], outros: [] }),
  rodoviario: rodoviarioSchema,
  observacoes: observacoesSchema.default({ xObs: undefined, obsCont: [] }),
});
export const cteFormSchema = cteFormObject
  .superRefine((f, ctx) => checkCteForm(f, ctx))
  .superRefine(xmlText, ALWAYS);
export type CteForm = z.infer<typeof cteFormSchema>;
export type CteFormInput = z.input<typeof cteFormSchema>;

/** Cross-field rules (MOC Anexo I): tomador present, CFOP vs UFs, components, documents. */
function checkCteForm(f: z.infer<typeof cteFormObject>, ctx: IssueSink): void {
  const tomaKey = TOMA_PARTY[f.geral.toma];
  if (!f[tomaKey]) {
    ctx.addIssue({ code: 'custom', path: [tomaKey], message: 'informe os dados do tomador do serviço' });
  }
  if (f.geral.toma !== 4 && f.tomador) {
    ctx.addIssue({
      code: 'custom',
      path: ['tomador'],
      message: 'o tomador "outros" só é informado quando o tomador é outra pessoa',
    });
  }
  checkCfop(f.geral, ctx);
  checkValores(f.valores, ctx);
  checkDocumentos(f.documentos, ctx);
}

/**
 * The SEFAZ rejects subcontracting and redispatch without the previous transport documents (521)
 * and a service linked to multimodal without the OTM's CT-e (651); this form does not carry those
 * groups yet, so it says so before anything is sent.
 */
function checkTipoServico(tpServ: number, ctx: IssueSink): void {
  const message =
    tpServ === 4
      ? 'o serviço vinculado a multimodal exige o CT-e multimodal do OTM, que este formulário ainda não informa; emita como Normal'
      : tpServ !== 0
        ? 'subcontratação e redespacho exigem os documentos de transporte anteriores, que este formulário ainda não informa; emita como Normal'
        : null;
  if (message) ctx.addIssue({ code: 'custom', path: [], message });
}

/** One kind of document per CT-e (infDoc is a choice), and no key twice. */
export function checkDocumentos(
  d: { nfe: { chave: string }[]; dce: { chave: string }[]; outros: unknown[] },
  ctx: IssueSink,
): void {
  const kinds = (['nfe', 'dce', 'outros'] as const).filter((k) => d[k].length > 0);
  if (kinds.length > 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['documentos', kinds[1]!],
      message: 'informe um só tipo de documento: NF-e, DC-e ou outros',
    });
  }
  for (const kind of ['nfe', 'dce'] as const) {
    const seen = new Set<string>();
    d[kind].forEach((doc, i) => {
      const key = normalizeAccessKey(doc.chave);
      if (key && seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['documentos', kind, i, 'chave'], message: 'chave repetida' });
      seen.add(key);
    });
  }
}

export function checkCfop(
  geral: { cfop: string; inicio: { uf: string; cMun: string }; fim: { uf: string; cMun: string } },
  ctx: IssueSink,
): void {
  if (!cfopMatchesService(geral.cfop, geral.inicio.uf, geral.fim.uf)) {
    const expected = geral.fim.uf === 'EX' ? '7' : geral.inicio.uf === geral.fim.uf ? '5' : '6';
    ctx.addIssue({
      code: 'custom',
      path: ['geral', 'cfop'],
      message: `para prestação de ${geral.inicio.uf} a ${geral.fim.uf} o CFOP começa com ${expected}`,
    });
  }
  for (const end of ['inicio', 'fim'] as const) {
    const place = geral[end];
    if (place.uf !== 'EX' && !ibgeMatchesUf(place.cMun, place.uf)) {
      ctx.addIssue({
        code: 'custom',
        path: ['geral', end, 'cMun'],
        message: `o município não pertence à UF ${place.uf}`,
      });
    }
  }
}

export function checkValores(v: z.infer<typeof valoresSchema>, ctx: IssueSink): void {
  if (v.componentes.length > 0) {
    const sum = v.componentes.reduce((acc, c) => acc + Math.round(c.vComp * 100), 0);
    if (sum !== Math.round(v.vTPrest * 100)) {
      ctx.addIssue({
        code: 'custom',
        path: ['valores', 'vTPrest'],
        message: `a soma dos componentes (${(sum / 100).toFixed(2).replace('.', ',')}) difere do valor total da prestação`,
      });
    }
  }
  if (Math.round(v.vRec * 100) > Math.round(v.vTPrest * 100)) {
    ctx.addIssue({
      code: 'custom',
      path: ['valores', 'vRec'],
      message: 'o valor a receber não pode passar do valor total da prestação',
    });
  }
}
