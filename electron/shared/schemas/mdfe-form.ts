// The MDF-e issuing form (modelo 58, road modal): the trip's documents with their loading and
// unloading municipalities, the route per unloading UF, the vehicle and drivers from the
// registries, ANTT data (RNTRC, CIOT, vale-pedágio, contratante, payment of the freight) and the
// cargo insurance. Every message names its field. Layout limits from the MDF-e 3.00 XSD
// (mdfeTiposBasico, mdfeModalRodoviario, PL_MDFe_300b_NT012025_1.03); rules from the MOC MDF-e 3.00
// §5, Ajuste SINIEF 21/10 cl. 3ª §2º (one MDF-e per unloading UF) and the ANTT rules of NT 2025.001
// and G085 (fiscal/mdfe-antt.ts), checked for each of the trip's MDF-e.
import { z } from 'zod';

import { isValidAccessKey, normalizeAccessKey } from '../../fiscal/access-key';
import { isValidCep, normalizeCep, ufForCep } from '../../fiscal/cep';
import { isValidCnpj, isValidCpfCnpj, normalizeCnpj } from '../../fiscal/cnpj';
import { ibgeMatchesUf } from '../../fiscal/ibge';
import { routesFor, tpEmitOf } from '../../fiscal/mdfe-trip';
import { isRouteAdjacent, proposeRoute } from '../../fiscal/uf-adjacency';
import { LENGTHS } from '../../fiscal/lengths';
import { TP_CARGA, TP_CARGA_CODES } from '../../fiscal/mdfe-carga';
import {
  isCargaLotacao,
  isValidLatitude,
  isValidLongitude,
  normalizeCoordinate,
  TP_TRANSP,
  tpTranspProblem,
} from '../../fiscal/mdfe-lotacao';
import {
  MDFE_MAX_CONDUTORES,
  MDFE_MAX_DOCUMENTOS,
  MDFE_MAX_MUN_DESCARGA,
  MDFE_MAX_REBOQUES,
} from '../../fiscal/mdfe-rules';
import type { MdfeAnttCode, MdfeAnttFacts } from '../../fiscal/mdfe-antt';
import { MDFE_ANTT_MESSAGES, MDFE_MAX_CIOT, mdfeAnttProblems, TP_VALE_PED } from '../../fiscal/mdfe-antt';
import { isValidNcm, normalizeNcm } from '../../fiscal/ncm';
import { UF_SIGLAS } from '../../fiscal/uf';
import { formatNumber } from '../format';

export { routesFor, tpEmitOf, unloadingUfs } from '../../fiscal/mdfe-trip';
export { isCargaLotacao, TP_TRANSP } from '../../fiscal/mdfe-lotacao';
export { TP_VALE_PED } from '../../fiscal/mdfe-antt';
import { cpfCnpjSchema } from './company';
import { driverSchema, vehicleSchema } from './mdfe';
import { ALWAYS, xmlText } from './xml-text';

type Sink = { addIssue: (issue: { code: 'custom'; path: (string | number)[]; message: string }) => void };

const uf = (label: string) => z.enum(UF_SIGLAS, { message: `${label}: UF inválida` });
const text = (min: number, max: number, label: string) =>
  z
    .string({ message: `informe ${label}` })
    .trim()
    .min(1, { message: `informe ${label}` })
    .min(min, { message: `${label}: ao menos ${min} caracteres` })
    .max(max, { message: `${label}: no máximo ${max} caracteres` });
const money = (label: string) =>
  z
    .number({ message: `informe ${label}` })
    .min(0, { message: `${label}: não pode ser negativo` })
    .max(9_999_999_999_999, { message: `${label}: valor grande demais` })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
      message: `${label}: use no máximo duas casas decimais`,
    });
/** An empty field is "obrigatório", a wrong one "inválido" (issue 26: an empty CNPJ read "inválido"). */
const documentOf = (label: string, valid: (v: string) => boolean, what: string) =>
  z
    .string({ message: `informe o ${label}` })
    .trim()
    .transform((v) => normalizeCnpj(v))
    .superRefine((v, ctx) => {
      if (v === '') ctx.addIssue({ code: 'custom', message: `${label}: obrigatório` });
      else if (!valid(v))
        ctx.addIssue({ code: 'custom', message: `${label}: ${what} inválido, confira os dígitos` });
    });
const docOf = (label: string) => documentOf(label, isValidCpfCnpj, 'CPF ou CNPJ');
const cnpjOf = (label: string) => documentOf(label, isValidCnpj, 'CNPJ');

/** A municipality of loading or unloading (IBGE code, name, UF). */
export const mdfePlaceSchema = z
  .object({
    cMun: z
      .string({ message: 'informe o código IBGE do município' })
      .trim()
      .regex(/^\d{7}$/, { message: 'município: o código IBGE tem 7 dígitos' }),
    xMun: text(2, LENGTHS.endereco, 'o nome do município'),
    uf: uf('UF do município'),
  })
  .refine((p) => ibgeMatchesUf(p.cMun, p.uf), {
    message: 'município: o código IBGE não pertence à UF informada',
    path: ['cMun'],
  });
export type MdfePlace = z.infer<typeof mdfePlaceSchema>;

/** One CT-e (carrier) or NF-e (own load) of the trip, with the facts read from its XML. */
export const mdfeDocumentoSchema = z.object({
  tipo: z.enum(['cte', 'nfe']),
  chave: z
    .string({ message: 'informe a chave de acesso' })
    .transform((v) => normalizeAccessKey(v))
    .refine(isValidAccessKey, { message: 'chave de acesso inválida: confira os 44 caracteres' }),
  /** Série/número for the screens ("1/123"); not sent. */
  rotulo: z.string().max(40).default(''),
  carrega: mdfePlaceSchema,
  descarga: mdfePlaceSchema,
  /** Value of the goods (vCarga of the CT-e, vNF of the NF-e). */
  valor: money('valor da carga do documento'),
  /** Gross weight in kg. */
  pesoKg: z
    .number({ message: 'informe o peso do documento (kg)' })
    .min(0, { message: 'peso do documento: não pode ser negativo' })
    .max(999_999_999, { message: 'peso do documento: valor grande demais' }),
  /** The document's predominant product (proPred of the CT-e), to propose prodPred. */
  produto: z.string().trim().max(120).default(''),
  /**
   * CEP of the place of loading / unloading read from the document (CT-e: expedidor or remetente /
   * recebedor or destinatário in that municipality; NF-e: emitente / destinatário), to propose the
   * carga lotação's places; '' when the document has none. Not sent.
   */
  cepCarrega: z.string().trim().max(9).default(''),
  cepDescarga: z.string().trim().max(9).default(''),
  /**
   * The CT-e's tomador (who contracts and pays the freight: the payment block's payer and the
   * contratante of G085); empty for an NF-e. Not sent.
   */
  tomador: z
    .object({ nome: z.string().trim().max(60).default(''), cpfCnpj: z.string().trim().max(14).default('') })
    .default({ nome: '', cpfCnpj: '' }),
  /** The CT-e's vTPrest (the freight); 0 for an NF-e. Not sent. */
  frete: z.number().min(0).max(9_999_999_999_999).default(0),
  /**
   * NCM of the goods' item of largest value (the predominant product, ANTT Res. 5.867/2020) of the
   * NF-e the document is or carries, when its XML is on this computer; '' otherwise. Not sent.
   */
  ncm: z.string().trim().max(8).default(''),
  ncmDescricao: z.string().trim().max(120).default(''),
  /**
   * The averbação numbers the averbadora returned for this document (filled by the form from the
   * averbação queue): each MDF-e of the trip carries in nAver the numbers of its own documents. Not sent.
   */
  averbacoes: z.array(z.string().trim().max(40)).max(10).optional(),
});
export type MdfeDocumento = z.infer<typeof mdfeDocumentoSchema>;

export const mdfeRotaSchema = z.object({
  ufFim: uf('UF de descarregamento'),
  /** UFs crossed between loading and unloading, in order (infPercurso, 0..25). */
  percurso: z.array(uf('UF de percurso')).max(25, { message: 'percurso: no máximo 25 UFs' }),
});

/** Tipo de carga: the table lives in electron/fiscal (re-exported for the form's list). */
export { TP_CARGA, TP_CARGA_CODES };
const tpCargaSchema = z.enum(TP_CARGA_CODES, {
  message: 'tipo de carga: escolha um da lista',
});

/** Payment components (infPag/Comp/tpComp, NT 2025.001: 04 frete). */
export const TP_COMP = {
  '01': 'Vale-pedágio',
  '02': 'Impostos, taxas e contribuições',
  '03': 'Despesas (bancárias, meios de pagamento, outras)',
  '04': 'Frete',
  '99': 'Outros',
} as const;

/**
 * infPag (XSD mdfeModalRodoviario): who pays the freight (xNome, CPF/CNPJ: "responsável pelo
 * pagamento" — the CT-e's tomador), its components, the form of payment and infBanc, where the one
 * who receives it is paid. `recebedor` names that one for the app to remember the bank data by; it
 * is not sent (the layout has no such member).
 */
export const mdfePagamentoSchema = z
  .object({
    nome: text(2, LENGTHS.xNome, 'o nome de quem paga o frete'),
    cpfCnpj: docOf('CPF/CNPJ de quem paga o frete'),
    componentes: z
      .array(
        z.object({
          tipo: z.enum(Object.keys(TP_COMP) as [keyof typeof TP_COMP], {
            message: 'componente do pagamento: escolha o tipo',
          }),
          valor: money('valor do componente'),
          descricao: z.string().trim().max(LENGTHS.xComp).default(''),
        }),
      )
      .min(1, { message: 'pagamento: informe ao menos um componente (frete, pedágio…)' }),
    /** 0 à vista, 1 a prazo. */
    indPag: z.union([z.literal(0), z.literal(1)]),
    adiantamento: money('valor do adiantamento').nullable().default(null),
    parcelas: z
      .array(
        z.object({
          vencimento: z
            .string({ message: 'informe o vencimento da parcela' })
            .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'vencimento da parcela: data inválida' }),
          valor: money('valor da parcela'),
        }),
      )
      .default([]),
    /** Where the payee is paid: bank and branch, or a PIX key. */
    banco: z
      .string()
      .trim()
      .regex(/^\d{3,5}$/, { message: 'código do banco: 3 a 5 dígitos' })
      .or(z.literal('')),
    agencia: z
      .string()
      .trim()
      .max(LENGTHS.codAgencia, { message: `agência: no máximo ${LENGTHS.codAgencia} caracteres` })
      .default(''),
    pix: z
      .string()
      .trim()
      .max(LENGTHS.pix, { message: `chave PIX: no máximo ${LENGTHS.pix} caracteres` })
      .default(''),
    recebedor: z
      .object({
        nome: z
          .string()
          .trim()
          .max(LENGTHS.xNome, { message: `nome de quem recebe: no máximo ${LENGTHS.xNome}` })
          .default(''),
        cpfCnpj: z
          .string()
          .trim()
          .transform((v) => normalizeCnpj(v))
          .refine((v) => v === '' || isValidCpfCnpj(v), {
            message: 'CPF/CNPJ de quem recebe: CPF ou CNPJ inválido, confira os dígitos',
          })
          .default(''),
      })
      .default({ nome: '', cpfCnpj: '' }),
  })
  .superRefine((p, ctx) => {
    p.componentes.forEach((c, i) => {
      if (c.tipo === '99' && !c.descricao)
        ctx.addIssue({
          code: 'custom',
          path: ['componentes', i, 'descricao'],
          message: 'componente "Outros": descreva o componente',
        });
    });
    if (p.indPag === 1 && p.parcelas.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['parcelas'],
        message: 'pagamento a prazo: informe ao menos uma parcela com vencimento',
      });
    if (!p.pix && !(p.banco && p.agencia))
      ctx.addIssue({
        code: 'custom',
        path: ['banco'],
        message: 'pagamento: informe banco e agência ou uma chave PIX de quem recebe o frete',
      });
  });
export type MdfePagamento = z.infer<typeof mdfePagamentoSchema>;

export const mdfeSeguroSchema = z
  .object({
    /** 1 emitente do MDF-e, 2 contratante do serviço de transporte. */
    responsavel: z.union([z.literal(1), z.literal(2)]),
    /** The responsible's CPF/CNPJ; empty means the emitter when responsavel is 1. */
    cpfCnpjResponsavel: z.string().trim().default(''),
    seguradora: text(2, LENGTHS.xSeg, 'o nome da seguradora'),
    cnpjSeguradora: cnpjOf('CNPJ da seguradora'),
    apolice: text(1, LENGTHS.nApol, 'o número da apólice'),
    averbacoes: z
      .array(text(1, LENGTHS.nAver, 'o número da averbação'))
      .min(1, { message: 'seguro: informe ao menos um número de averbação (rejeição 699)' }),
  })
  .superRefine((s, ctx) => {
    const doc = normalizeCnpj(s.cpfCnpjResponsavel);
    if (s.responsavel === 2 && !doc)
      ctx.addIssue({
        code: 'custom',
        path: ['cpfCnpjResponsavel'],
        message: 'responsável pelo seguro: informe o CPF/CNPJ do contratante',
      });
    else if (doc && !isValidCpfCnpj(doc))
      ctx.addIssue({
        code: 'custom',
        path: ['cpfCnpjResponsavel'],
        message: 'responsável pelo seguro: CPF ou CNPJ inválido',
      });
  });

/**
 * A place of a carga lotação (prodPred/infLotacao/infLocalCarrega|infLocalDescarrega): its CEP, or
 * its latitude and longitude (XSD choice). Sent normalized: CEP 8 digits, coordinates with 6 decimals.
 */
const lotacaoLocalSchema = (label: string) =>
  z
    .object({
      cep: z.string().trim().default(''),
      latitude: z.string().trim().default(''),
      longitude: z.string().trim().default(''),
    })
    .superRefine((l, ctx) => {
      const issue = (field: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [field], message });
      const geo = l.latitude !== '' || l.longitude !== '';
      if (l.cep === '' && !geo) issue('cep', `${label}: informe o CEP ou a latitude e a longitude`);
      else if (l.cep !== '' && geo)
        issue('cep', `${label}: informe o CEP ou a latitude e a longitude, não os dois`);
      else if (l.cep !== '') {
        if (!isValidCep(l.cep)) issue('cep', `CEP do ${label}: informe os 8 dígitos (ex.: 01310-100)`);
      } else {
        if (!isValidLatitude(l.latitude))
          issue(
            'latitude',
            `latitude do ${label}: graus decimais entre -90 e 90, até 6 casas (ex.: -23,550520)`,
          );
        if (!isValidLongitude(l.longitude))
          issue(
            'longitude',
            `longitude do ${label}: graus decimais entre -180 e 180, até 6 casas (ex.: -46,633308)`,
          );
      }
    })
    .transform((l) =>
      l.cep !== ''
        ? { cep: normalizeCep(l.cep), latitude: '', longitude: '' }
        : { cep: '', latitude: normalizeCoordinate(l.latitude), longitude: normalizeCoordinate(l.longitude) },
    );

export const mdfeLotacaoSchema = z.object({
  carrega: lotacaoLocalSchema('local de carregamento'),
  descarga: lotacaoLocalSchema('local de descarregamento'),
});
export type MdfeLotacao = z.infer<typeof mdfeLotacaoSchema>;

export const mdfeFormObject = z.object({
  documentos: z
    .array(mdfeDocumentoSchema)
    .min(1, { message: 'documentos: selecione ao menos um CT-e ou NF-e da viagem' })
    .max(MDFE_MAX_DOCUMENTOS, {
      message: `documentos: no máximo ${formatNumber(MDFE_MAX_DOCUMENTOS, 0)} por viagem (a SEFAZ recusa mensagens acima de 1024 KB)`,
    }),
  rotas: z.array(mdfeRotaSchema).default([]),
  /** Start of the trip (ISO with offset); empty = not informed. */
  dhIniViagem: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2})?$/, {
      message: 'início da viagem: informe data e hora válidas',
    })
    .default(''),
  produto: z.object({
    tpCarga: tpCargaSchema,
    xProd: text(2, LENGTHS.xProd, 'a descrição do produto predominante'),
    ncm: z
      .string()
      .transform((v) => normalizeNcm(v))
      .refine((v) => v === '' || isValidNcm(v), {
        message: 'NCM do produto: 8 dígitos (ou os 2 do capítulo)',
      })
      .default(''),
  }),
  /** cUnid of tot: 01 kg, 02 toneladas. */
  unidade: z.enum(['01', '02']).default('01'),
  /** Carga lotação (a single document): where it is loaded and unloaded; null = not informed. */
  lotacao: mdfeLotacaoSchema.nullable().default(null),
  /** ide/tpTransp (1 ETC, 2 TAC, 3 CTC); '' = not informed. */
  tpTransp: z
    .enum(['', ...(Object.keys(TP_TRANSP) as (keyof typeof TP_TRANSP)[])], {
      message: 'tipo de transportador: escolha ETC, TAC ou CTC',
    })
    .default(''),
  /** ide/indCarregaPosterior: own load whose NF-e are added after the issue (event 110115). */
  carregaPosterior: z.boolean().default(false),
  veiculo: vehicleSchema,
  reboques: z
    .array(vehicleSchema)
    .max(MDFE_MAX_REBOQUES, { message: `reboques: no máximo ${MDFE_MAX_REBOQUES}` })
    .default([]),
  condutores: z
    .array(driverSchema)
    .min(1, { message: 'condutores: informe ao menos um motorista' })
    .max(MDFE_MAX_CONDUTORES, { message: `condutores: no máximo ${MDFE_MAX_CONDUTORES}` }),
  rntrc: z
    .string()
    .trim()
    .regex(/^\d{8}$/, { message: 'RNTRC da empresa: 8 dígitos' })
    .or(z.literal(''))
    .default(''),
  ciot: z
    .array(
      z.object({
        ciot: z
          .string()
          .trim()
          .regex(/^\d{12}$/, { message: 'CIOT: 12 dígitos' }),
        cpfCnpj: docOf('CPF/CNPJ do responsável pelo CIOT'),
      }),
    )
    .max(MDFE_MAX_CIOT, { message: 'CIOT: no máximo um por MDF-e (NT 2025.001)' })
    .default([]),
  valePedagio: z
    .array(
      z.object({
        cnpjFornecedor: cnpjOf('CNPJ da fornecedora do vale-pedágio'),
        cpfCnpjPagador: z.string().trim().default(''),
        // valePed/disp/nCompra carries the IDVPO since NT 2025.001 (XSD: [0-9]{1,20}).
        numeroCompra: z
          .string({ message: 'informe o IDVPO do vale-pedágio' })
          .trim()
          .regex(/^\d{1,20}$/, { message: 'IDVPO do vale-pedágio: só números, até 20 dígitos' }),
        valor: money('valor do vale-pedágio'),
        tipo: z
          .enum(Object.keys(TP_VALE_PED) as [keyof typeof TP_VALE_PED], {
            message: 'tipo do vale-pedágio: TAG (01) ou leitura de placa (04)',
          })
          .default('01'),
      }),
    )
    .default([]),
  contratantes: z
    .array(
      z.object({
        nome: z
          .string()
          .trim()
          .max(LENGTHS.xNome, { message: `nome do contratante: no máximo ${LENGTHS.xNome}` })
          .default(''),
        cpfCnpj: docOf('CPF/CNPJ do contratante'),
      }),
    )
    .default([]),
  pagamentos: z.array(mdfePagamentoSchema).default([]),
  seguros: z.array(mdfeSeguroSchema).default([]),
  infCpl: z
    .string()
    .trim()
    .max(LENGTHS.infCpl, { message: `informações complementares: no máximo ${LENGTHS.infCpl} caracteres` })
    .default(''),
});

type Parsed = z.infer<typeof mdfeFormObject>;
export type MdfeFormRuleInput = Pick<
  Parsed,
  'documentos' | 'rotas' | 'veiculo' | 'reboques' | 'condutores'
> & {
  seguros: readonly unknown[];
  lotacao?: Parsed['lotacao'];
  tpTransp?: string;
  carregaPosterior?: boolean;
  produto?: { ncm?: string };
  rntrc?: string;
  ciot?: readonly { cpfCnpj?: string }[];
  valePedagio?: readonly { cpfCnpjPagador?: string }[];
  contratantes?: readonly unknown[];
  pagamentos?: readonly unknown[];
};

const TP_TRANSP_MESSAGES = {
  457: 'tipo de transportador: TAC não se aplica a transportadora com veículo próprio (a SEFAZ rejeita com 457); escolha ETC ou CTC, ou deixe em branco',
  458: 'tipo de transportador: não informe em MDF-e de carga própria com veículo próprio (a SEFAZ rejeita com 458)',
  454: 'tipo de transportador: carga própria em veículo de terceiro (CNPJ) exige TAC (a SEFAZ rejeita com 454)',
} as const;

/** Carga lotação: one document only; each place's CEP in the UF of that place (Correios ranges). */
function checkLotacao(f: MdfeFormRuleInput, ctx: Sink): void {
  const l = f.lotacao;
  if (!l) return;
  if (!isCargaLotacao(f.documentos)) {
    ctx.addIssue({
      code: 'custom',
      path: ['lotacao'],
      message:
        'carga lotação: só para viagem com um único documento (CT-e ou NF-e); apague os locais de carregamento e descarregamento',
    });
    return;
  }
  const doc = f.documentos[0]!;
  const sides = [
    ['carrega', 'carregamento', l.carrega?.cep, doc.carrega.uf],
    ['descarga', 'descarregamento', l.descarga?.cep, doc.descarga.uf],
  ] as const;
  for (const [key, word, cep, uf] of sides) {
    const ufCep = cep ? ufForCep(cep) : null;
    if (ufCep && ufCep.sigla !== uf) {
      const c = normalizeCep(cep);
      ctx.addIssue({
        code: 'custom',
        path: ['lotacao', key, 'cep'],
        message: `CEP do local de ${word}: ${c.slice(0, 5)}-${c.slice(5)} é de ${ufCep.sigla}, mas o ${word} é em ${uf}; confira o CEP`,
      });
    }
  }
}

/** The ANTT rules' facts of the trip's MDF-e that carries `docCount` documents. */
export function anttFactsOfForm(f: MdfeFormRuleInput, docCount: number): MdfeAnttFacts {
  const owner = f.veiculo?.proprietario ?? null;
  const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  return {
    modal: 1,
    tpEmit: tpEmitOf(f.documentos),
    tpTransp: f.tpTransp ? Number(f.tpTransp) : null,
    docCount,
    ncm: typeof f.produto?.ncm === 'string' ? f.produto.ncm.trim() : '',
    rntrc: typeof f.rntrc === 'string' ? f.rntrc.trim() : '',
    owner: owner ? { tpProp: Number(owner.tpProp), rntrc: String(owner.rntrc ?? '').trim() } : null,
    // The payment schema asks for banco and agência or a PIX key: every infPag carries infBanc.
    pagamentos: (f.pagamentos ?? []).map(() => ({ infBanc: true })),
    ciot: (f.ciot ?? []).map((c) => ({ responsavel: filled(c?.cpfCnpj) })),
    valePedPagador: (f.valePedagio ?? []).some((v) => filled(v?.cpfCnpjPagador)),
    contratantes: (f.contratantes ?? []).length,
  };
}

/** The ANTT rules (fiscal/mdfe-antt.ts) broken by any of the trip's MDF-e (one per unloading UF). */
export function mdfeFormAnttProblems(f: MdfeFormRuleInput): MdfeAnttCode[] {
  const docs = f.documentos;
  if (!Array.isArray(docs) || docs.length === 0) return [];
  const codes = new Set<MdfeAnttCode>();
  for (const uf of new Set(docs.map((d) => d.descarga.uf))) {
    const count = docs.filter((d) => d.descarga.uf === uf).length;
    for (const code of mdfeAnttProblems(anttFactsOfForm(f, count))) codes.add(code);
  }
  return [...codes];
}

/** Cross-field rules (MOC MDF-e 3.00 §5 G0xx, Ajuste SINIEF 21/10): every message names its field. */
/** Each MDF-e (one per unloading UF) within the layout's unloading municipalities (XSD, 1000). */
function checkMunicipiosDescarga(docs: readonly Pick<MdfeDocumento, 'descarga'>[], ctx: Sink): void {
  const byUf = new Map<string, Set<string>>();
  for (const d of docs) {
    const set = byUf.get(d.descarga.uf) ?? new Set<string>();
    set.add(d.descarga.cMun);
    byUf.set(d.descarga.uf, set);
  }
  for (const [ufFim, municipios] of byUf)
    if (municipios.size > MDFE_MAX_MUN_DESCARGA)
      ctx.addIssue({
        code: 'custom',
        path: ['documentos'],
        message: `documentos: o MDF-e de ${ufFim} descarregaria em ${formatNumber(municipios.size, 0)} municípios; o leiaute aceita no máximo ${formatNumber(MDFE_MAX_MUN_DESCARGA, 0)} — divida a viagem`,
      });
}

export function checkMdfeRules(f: MdfeFormRuleInput, ctx: Sink): void {
  const docs = f.documentos;
  if (docs.length > 0) {
    const kinds = new Set(docs.map((d) => d.tipo));
    if (kinds.size > 1)
      ctx.addIssue({
        code: 'custom',
        path: ['documentos'],
        message:
          'documentos: um MDF-e leva só CT-e (transportadora) ou só NF-e (carga própria); tire um dos tipos da seleção',
      });
    const seen = new Set<string>();
    docs.forEach((d, i) => {
      if (seen.has(d.chave))
        ctx.addIssue({
          code: 'custom',
          path: ['documentos', i, 'chave'],
          message: `documento ${d.chave}: está duas vezes na viagem`,
        });
      seen.add(d.chave);
    });
    const ufsIni = [...new Set(docs.map((d) => d.carrega.uf))];
    if (ufsIni.length > 1)
      ctx.addIssue({
        code: 'custom',
        path: ['documentos'],
        message: `documentos: o carregamento é em mais de uma UF (${ufsIni.join(', ')}); um MDF-e parte de uma só UF — emita um para cada UF de carregamento`,
      });
    const ufIni = ufsIni[0]!;
    routesFor(docs, f.rotas).forEach((r) => {
      const index = f.rotas.findIndex((x) => x.ufFim === r.ufFim);
      if (!isRouteAdjacent(ufIni, r.percurso, r.ufFim)) {
        const proposal = proposeRoute(ufIni, r.ufFim);
        ctx.addIssue({
          code: 'custom',
          path: index >= 0 ? ['rotas', index, 'percurso'] : ['rotas'],
          message: `percurso ${ufIni} → ${r.ufFim}: as UFs não fazem divisa na ordem informada (a SEFAZ rejeita com 663)${proposal ? `; sugestão: ${proposal.length ? proposal.join(', ') : 'nenhuma UF entre elas'}` : ''}`,
        });
      }
    });
    checkMunicipiosDescarga(docs, ctx);
    checkLotacao(f, ctx);
    if (f.carregaPosterior && tpEmitOf(docs) !== 2)
      ctx.addIssue({
        code: 'custom',
        path: ['carregaPosterior'],
        message:
          'carregamento posterior: só para MDF-e de carga própria (NF-e); tire a marca ou a seleção de CT-e',
      });
    const transp = tpTranspProblem(tpEmitOf(docs), f.tpTransp, f.veiculo.proprietario?.cpfCnpj ?? null);
    if (transp !== null)
      ctx.addIssue({ code: 'custom', path: ['tpTransp'], message: TP_TRANSP_MESSAGES[transp] });
    for (const code of mdfeFormAnttProblems(f)) {
      const { field, message } = MDFE_ANTT_MESSAGES[code];
      ctx.addIssue({ code: 'custom', path: field.split('.'), message });
    }
    if (tpEmitOf(docs) === 1 && f.seguros.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['seguros'],
        message:
          'seguro da carga: obrigatório para transportadora (a SEFAZ rejeita com 698); informe seguradora, apólice e averbação',
      });
  }
  if (f.veiculo.tipo !== 'tracao')
    ctx.addIssue({
      code: 'custom',
      path: ['veiculo', 'placa'],
      message: 'veículo de tração: escolha um cavalo, caminhão ou utilitário, não um reboque',
    });
  const plates = [f.veiculo.placa];
  f.reboques.forEach((r, i) => {
    if (r.tipo !== 'reboque')
      ctx.addIssue({
        code: 'custom',
        path: ['reboques', i, 'placa'],
        message: `reboque ${r.placa}: está cadastrado como veículo de tração`,
      });
    if (plates.includes(r.placa))
      ctx.addIssue({
        code: 'custom',
        path: ['reboques', i, 'placa'],
        message: `reboque ${r.placa}: placa repetida na viagem`,
      });
    plates.push(r.placa);
  });
  const cpfs = new Set<string>();
  f.condutores.forEach((c, i) => {
    if (cpfs.has(c.cpf))
      ctx.addIssue({
        code: 'custom',
        path: ['condutores', i, 'cpf'],
        message: `condutor ${c.nome}: CPF repetido (a SEFAZ rejeita com 577)`,
      });
    cpfs.add(c.cpf);
  });
}

export const mdfeFormSchema = mdfeFormObject
  .superRefine((f, ctx) => checkMdfeRules(f, ctx))
  .superRefine(xmlText, ALWAYS);
export type MdfeForm = z.infer<typeof mdfeFormSchema>;
export type MdfeFormInput = z.input<typeof mdfeFormSchema>;

// Commands -----------------------------------------------------------------------------------

/** The documents picked in Documentos (CT-e) or in the inbox (NF-e), by key. */
export const mdfePrefillInputSchema = z
  .object({
    company: cpfCnpjSchema,
    chaves: z
      .array(
        z
          .string()
          .transform((v) => normalizeAccessKey(v))
          .refine(isValidAccessKey, { message: 'chave de acesso inválida' }),
      )
      .min(1, { message: 'selecione ao menos um documento' })
      .max(2000, { message: 'no máximo 2000 documentos de uma vez' }),
  })
  .strict();

export const mdfePrefillSchema = z.object({
  documentos: z.array(mdfeDocumentoSchema),
  /** The route proposed for each unloading UF, from the UF border table. */
  rotas: z.array(mdfeRotaSchema),
  /** The most frequent proPred of the documents, as the predominant product's description. */
  produto: z.string(),
  /** Documents left out, each with the reason in words. */
  problemas: z.array(z.object({ chave: z.string(), motivo: z.string() })),
});
export type MdfePrefill = z.infer<typeof mdfePrefillSchema>;

export const mdfeFormInputSchema = z
  .object({
    company: cpfCnpjSchema,
    form: mdfeFormSchema,
    serie: z.number().int().min(0).max(999).optional(),
  })
  .strict();

export const mdfePreviewSchema = z.object({
  manifestos: z.array(
    z.object({
      ufFim: z.string(),
      numero: z.number().int(),
      infMDFe: z.record(z.string(), z.unknown()),
      html: z.string(),
    }),
  ),
});

/** One of the trip's MDF-e (the one for `ufFim`) sent through mdfe:issue. */
export const mdfeIssueFormInputSchema = z
  .object({
    company: cpfCnpjSchema,
    form: mdfeFormSchema,
    ufFim: z.enum(UF_SIGLAS, { message: 'UF de descarregamento inválida.' }),
    serie: z.number().int().min(0).max(999).optional(),
    ignorarAbertos: z.boolean().default(false),
  })
  .strict();
