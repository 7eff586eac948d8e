// MdfePedidoEmissao (POST /mdfe) by hand from the API description 2.60 (MdfeSefaz* schemas);
// patterns and sizes from the MDF-e 3.00 XSDs (mdfeTiposBasico, mdfeModalRodoviario), so a body
// that passes here produces schema-valid XML. Only the road modal is accepted: the aéreo,
// aquaviário and ferroviário groups are refused by name.
import { z } from 'zod';
import { MDFE_MAX_DOCS_POR_MUNICIPIO, MDFE_MAX_MUN_DESCARGA } from '../mdfe-rules';
import {
  ambiente,
  cep,
  chave,
  cMun,
  cnpj,
  cpf,
  cUF,
  date,
  dateTime,
  email,
  exactlyOne,
  intIn,
  num,
  oneDocument,
  optStr,
  pattern,
  referencia,
  respTec,
  str,
  uf,
  ufSemEx,
} from './common';
import { MDFE_MAX_CIOT } from '../mdfe-antt';
import { TP_CARGA_CODES } from '../mdfe-carga';
import { JUSTIFICATIVA_MAX } from '../events';

const optCnpj = cnpj.nullish();
const optCpf = cpf.nullish();
const digits = (n: string) => pattern(new RegExp(`^\\d{${n}}$`), `${n} dígitos`);
const lacre = (max: number) => z.strictObject({ nLacre: str(1, max) });
const container = pattern(/^[A-Z0-9]{1,20}$/, 'até 20 letras maiúsculas e números');
const rateio = z.number().min(0).max(999.999).nullish();

const unidCarga = z.strictObject({
  tpUnidCarga: intIn([1, 2, 3, 4]),
  idUnidCarga: container,
  lacUnidCarga: z.array(lacre(20)).nullish(),
  qtdRat: rateio,
});
const unidTransp = z.strictObject({
  tpUnidTransp: intIn([1, 2, 3, 4, 5, 6, 7]),
  idUnidTransp: container,
  lacUnidTransp: z.array(lacre(20)).nullish(),
  infUnidCarga: z.array(unidCarga).nullish(),
  qtdRat: rateio,
});
const peri = z.strictObject({
  nONU: pattern(/^(\d{4}|ND)$/, '4 dígitos ou ND'),
  xNomeAE: optStr(1, 150),
  xClaRisco: optStr(1, 40),
  grEmb: optStr(1, 6),
  qTotProd: str(1, 20),
  qVolTipo: optStr(1, 60),
});
const segCodBarra = pattern(/^\d{36}$/, '36 dígitos').nullish();
const indReentrega = intIn([1]).nullish();

const infCTe = z.strictObject({
  chCTe: chave,
  SegCodBarra: segCodBarra,
  indReentrega,
  infUnidTransp: z.array(unidTransp).nullish(),
  peri: z.array(peri).nullish(),
  infEntregaParcial: z.strictObject({ qtdTotal: num(), qtdParcial: num() }).nullish(),
  indPrestacaoParcial: intIn([1]).nullish(),
  infNFePrestParcial: z.array(z.strictObject({ chNFe: chave })).nullish(),
});
const infNFe = z.strictObject({
  chNFe: chave,
  SegCodBarra: segCodBarra,
  indReentrega,
  infUnidTransp: z.array(unidTransp).nullish(),
  peri: z.array(peri).nullish(),
});
const infMDFeTransp = z.strictObject({
  chMDFe: chave,
  indReentrega,
  infUnidTransp: z.array(unidTransp).nullish(),
  peri: z.array(peri).nullish(),
});

const infMunDescarga = z.strictObject({
  cMunDescarga: cMun,
  xMunDescarga: str(2, 60),
  infCTe: z.array(infCTe).max(MDFE_MAX_DOCS_POR_MUNICIPIO).nullish(),
  infNFe: z.array(infNFe).max(MDFE_MAX_DOCS_POR_MUNICIPIO).nullish(),
  infMDFeTransp: z.array(infMDFeTransp).max(MDFE_MAX_DOCS_POR_MUNICIPIO).nullish(),
});

const ide = z.strictObject({
  cUF,
  tpAmb: intIn([1, 2]).nullish(),
  tpEmit: intIn([1, 2, 3]),
  tpTransp: intIn([1, 2, 3]).nullish(),
  mod: z.literal(58).nullish(),
  serie: z.number().int().min(0).max(999),
  nMDF: z.number().int().min(1).max(999999999),
  cMDF: digits('8').nullish(),
  cDV: z.number().int().min(0).max(9).nullish(),
  modal: intIn([1, 2, 3, 4]),
  dhEmi: dateTime,
  tpEmis: intIn([1, 2, 3]),
  procEmi: z.literal('0', { message: 'valor não permitido (aceitos: 0)' }),
  verProc: str(1, 20),
  UFIni: uf,
  UFFim: uf,
  infMunCarrega: z
    .array(z.strictObject({ cMunCarrega: cMun, xMunCarrega: str(2, 60) }))
    .min(1)
    .max(50),
  infPercurso: z
    .array(z.strictObject({ UFPer: ufSemEx }))
    .max(25)
    .nullish(),
  dhIniViagem: dateTime.nullish(),
  indCanalVerde: intIn([1]).nullish(),
  indCarregaPosterior: intIn([1]).nullish(),
});

// IE, xNome, xFant and each member of enderEmit may be left out: the service takes them from the
// company's registration (the description: "Caso não seja informado, será utilizado o do cadastro da
// empresa"), see emit.ts.
const enderEmit = z.strictObject({
  xLgr: optStr(2, 60),
  nro: optStr(1, 60),
  xCpl: optStr(1, 60),
  xBairro: optStr(2, 60),
  cMun: cMun.nullish(),
  xMun: optStr(2, 60),
  CEP: cep.nullish(),
  UF: ufSemEx.nullish(),
  fone: pattern(/^\d{7,12}$/, '7 a 12 dígitos').nullish(),
  email: email.min(6).nullish(),
});
const emit = z
  .strictObject({
    CNPJ: optCnpj,
    CPF: optCpf,
    IE: pattern(/^\d{2,14}$/, 'IE numérica').nullish(),
    xNome: optStr(2, 60),
    xFant: optStr(1, 60),
    enderEmit: enderEmit.nullish(),
  })
  .superRefine(oneDocument);

const rntrc = pattern(/^\d{8}$/, 'RNTRC de 8 dígitos');
const placa = pattern(/^([A-Z]{2,3}\d{4}|[A-Z]{3,4}\d{3}|[A-Z0-9]{7})$/, 'placa');
const prop = (minName: number) =>
  z
    .strictObject({
      CPF: optCpf,
      CNPJ: optCnpj,
      RNTRC: rntrc,
      xNome: str(minName, 60),
      IE: pattern(/^(\d{0,14}|ISENTO|PR\d{4,8})$/, 'IE numérica ou ISENTO').nullish(),
      UF: uf.nullish(),
      tpProp: intIn([0, 1, 2]),
    })
    .superRefine(oneDocument)
    .superRefine((p, ctx) => {
      if (p.IE != null && !p.UF)
        ctx.addIssue({ code: 'custom', path: ['UF'], message: 'informe a UF com a IE' });
      if (p.IE == null && p.UF)
        ctx.addIssue({ code: 'custom', path: ['IE'], message: 'informe a IE com a UF' });
    });
const tara = z.number().int().min(0).max(999999);

const veicTracao = z.strictObject({
  cInt: optStr(1, 10),
  placa,
  RENAVAM: optStr(9, 11),
  tara,
  capKG: tara.nullish(),
  capM3: z.number().int().min(0).max(999).nullish(),
  prop: prop(2).nullish(),
  condutor: z
    .array(z.strictObject({ xNome: str(2, 60), CPF: cpf }))
    .min(1)
    .max(10),
  tpRod: z.enum(['01', '02', '03', '04', '05', '06']),
  tpCar: z.enum(['00', '01', '02', '03', '04', '05']),
  UF: uf.nullish(),
});
const veicReboque = z.strictObject({
  cInt: optStr(1, 10),
  placa,
  RENAVAM: optStr(9, 11),
  tara,
  capKG: tara,
  capM3: z.number().int().min(0).max(999).nullish(),
  prop: prop(1).nullish(),
  tpCar: z.enum(['00', '01', '02', '03', '04', '05']),
  UF: uf.nullish(),
});

const idEstrangeiro = (min: number) => pattern(new RegExp(`^[!-ÿ]{${min},20}$`), 'identificação estrangeira');
const payee = {
  xNome: optStr(2, 60),
  CPF: optCpf,
  CNPJ: optCnpj,
};
const infContratante = z
  .strictObject({
    ...payee,
    idEstrangeiro: idEstrangeiro(2).nullish(),
    infContrato: z
      .strictObject({ NroContrato: str(2, 20), vContratoGlobal: z.number().positive() })
      .nullish(),
  })
  .superRefine(exactlyOne(['CPF', 'CNPJ', 'idEstrangeiro'], 'identificação do contratante'));
const infPag = z
  .strictObject({
    ...payee,
    idEstrangeiro: idEstrangeiro(5).nullish(),
    Comp: z
      .array(
        z.strictObject({
          tpComp: z.enum(['01', '02', '03', '04', '99']),
          vComp: num(),
          xComp: optStr(2, 60),
        }),
      )
      .min(1),
    vContrato: num(),
    indAltoDesemp: intIn([1]).nullish(),
    indPag: intIn([0, 1]),
    vAdiant: num().nullish(),
    indAntecipaAdiant: intIn([1]).nullish(),
    infPrazo: z
      .array(
        z.strictObject({
          nParcela: z.number().int().min(1).max(999),
          dVenc: date,
          vParcela: z.number().positive(),
        }),
      )
      .nullish(),
    tpAntecip: intIn([0, 1, 2]).nullish(),
    infBanc: z
      .strictObject({
        codBanco: optStr(3, 5),
        codAgencia: optStr(1, 10),
        CNPJIPEF: optCnpj,
        PIX: optStr(2, 60),
      })
      .superRefine((b, ctx) => {
        const bank = b.codBanco != null || b.codAgencia != null;
        const chosen = [bank, b.CNPJIPEF != null, b.PIX != null].filter(Boolean).length;
        if (chosen !== 1)
          ctx.addIssue({
            code: 'custom',
            path: [],
            message: 'informe banco e agência, CNPJIPEF ou PIX (um deles)',
          });
        else if (bank && (b.codBanco == null || b.codAgencia == null))
          ctx.addIssue({ code: 'custom', path: ['codAgencia'], message: 'informe banco e agência juntos' });
      }),
  })
  .superRefine(exactlyOne(['CPF', 'CNPJ', 'idEstrangeiro'], 'identificação do recebedor'));

const rodo = z.strictObject({
  infANTT: z
    .strictObject({
      RNTRC: rntrc.nullish(),
      // 0–1 since NT 2025.001 v1.03 (the 1.03 XSD still says unbounded; see fiscal/mdfe-antt.ts).
      infCIOT: z
        .array(
          z
            .strictObject({ CIOT: pattern(/^\d{12}$/, '12 dígitos').nullish(), CPF: optCpf, CNPJ: optCnpj })
            .superRefine(oneDocument),
        )
        .max(MDFE_MAX_CIOT, { message: 'no máximo 1 CIOT por MDF-e (NT 2025.001)' })
        .nullish(),
      valePed: z
        .strictObject({
          disp: z
            .array(
              z.strictObject({
                CNPJForn: cnpj,
                CNPJPg: optCnpj,
                CPFPg: optCpf,
                nCompra: pattern(/^\d{1,20}$/, 'até 20 dígitos').nullish(),
                vValePed: num(),
                tpValePed: z.enum(['01', '04']).nullish(),
              }),
            )
            .min(1),
          categCombVeic: z.enum(['02', '04', '06', '07', '08', '10', '11', '12', '13', '14']).nullish(),
        })
        .nullish(),
      infContratante: z.array(infContratante).nullish(),
      infPag: z.array(infPag).nullish(),
    })
    .nullish(),
  veicTracao,
  veicReboque: z.array(veicReboque).max(3).nullish(),
  codAgPorto: optStr(0, 16),
  lacRodo: z.array(lacre(20)).nullish(),
});

const NON_ROAD = { aereo: 'aéreo', aquav: 'aquaviário', ferrov: 'ferroviário' } as const;
const refusedModal = (name: string) =>
  z.unknown().refine((v) => v === undefined || v === null, {
    message: `o modal ${name} não é atendido por este ambiente (somente rodoviário)`,
  });

// `versao` and `versaoModal` are required but nullable in the description (what its generated models
// type as `string | null`); the layout has one version, so null means it (the XML always says 3.00).
const infModal = z.strictObject({
  versaoModal: z.literal('3.00').nullable(),
  rodo: rodo.nullish(),
  aereo: refusedModal(NON_ROAD.aereo).optional(),
  aquav: refusedModal(NON_ROAD.aquav).optional(),
  ferrov: refusedModal(NON_ROAD.ferrov).optional(),
});

const seg = z.strictObject({
  infResp: z.strictObject({ respSeg: intIn([1, 2]), CNPJ: optCnpj, CPF: optCpf }),
  infSeg: z.strictObject({ xSeg: str(1, 30), CNPJ: cnpj }).nullish(),
  nApol: optStr(1, 20),
  nAver: z.array(str(1, 40)).nullish(),
});

const local = z
  .strictObject({
    CEP: cep.nullish(),
    latitude: pattern(/^-?(90|[1-8]?\d)\.\d{6}$/, 'latitude com 6 decimais').nullish(),
    longitude: pattern(/^-?(180|1[0-7]\d|[1-9]?\d)\.\d{6}$/, 'longitude com 6 decimais').nullish(),
  })
  .superRefine((l, ctx) => {
    const geo = l.latitude != null && l.longitude != null;
    if ((l.CEP != null) === geo || (!geo && (l.latitude != null || l.longitude != null)))
      ctx.addIssue({ code: 'custom', path: [], message: 'informe o CEP ou latitude e longitude' });
  });

export const infMDFe = z.strictObject({
  versao: z.literal('3.00').nullable(),
  Id: z.string().nullish(),
  ide,
  emit,
  infModal,
  infDoc: z.strictObject({ infMunDescarga: z.array(infMunDescarga).min(1).max(MDFE_MAX_MUN_DESCARGA) }),
  seg: z.array(seg).nullish(),
  prodPred: z
    .strictObject({
      tpCarga: z.enum(TP_CARGA_CODES),
      xProd: str(1, 120),
      cEAN: pattern(/^(SEM GTIN|\d{8}|\d{12,14})$/, 'GTIN').nullish(),
      NCM: pattern(/^(\d{2}|\d{8})$/, 'NCM com 2 ou 8 dígitos').nullish(),
      infLotacao: z.strictObject({ infLocalCarrega: local, infLocalDescarrega: local }).nullish(),
    })
    .nullish(),
  tot: z.strictObject({
    qCTe: z.number().int().min(0).max(999999).nullish(),
    qNFe: z.number().int().min(0).max(999999).nullish(),
    qMDFe: z.number().int().min(0).max(999999).nullish(),
    vCarga: num(),
    cUnid: z.enum(['01', '02']),
    qCarga: num(),
  }),
  lacres: z.array(lacre(60)).nullish(),
  autXML: z
    .array(z.strictObject({ CNPJ: optCnpj, CPF: optCpf }).superRefine(oneDocument))
    .max(10)
    .nullish(),
  infAdic: z.strictObject({ infAdFisco: optStr(1, 2000), infCpl: optStr(1, 5000) }).nullish(),
  infRespTec: respTec.nullish(),
  infSolicNFF: z.strictObject({ xSolic: str(2, 8000) }).nullish(),
});
/**
 * The infMDFe of one of a trip's MDF-e before the sender numbers it: the form's builder gives it and
 * mdfe:issue takes it. série, nMDF and dhEmi come from the workstation's numbering when it is sent
 * (they are accepted, and replaced, when a caller already has them); everything else is the request.
 */
export const unnumberedInfMDFe = infMDFe.extend({
  ide: ide.partial({ serie: true, nMDF: true, dhEmi: true }),
});
export type UnnumberedInfMDFe = z.input<typeof unnumberedInfMDFe>;

/** The request's infMDFe, as sent (the issuer's members may be missing). */
export type InfMDFeRequest = z.infer<typeof infMDFe>;
/** An infMDFe as a client writes it (numbered: what POST /mdfe carries). */
export type InfMDFeInput = z.input<typeof infMDFe>;
type EmitRequest = InfMDFeRequest['emit'];
type EnderRequest = NonNullable<EmitRequest['enderEmit']>;
/** The issuer once the company's registration filled what the request left out. */
export type ResolvedMdfeEmit = Omit<EmitRequest, 'xNome' | 'enderEmit'> & {
  xNome: string;
  enderEmit: Omit<EnderRequest, 'xLgr' | 'nro' | 'xBairro' | 'cMun' | 'xMun' | 'UF'> & {
    xLgr: string;
    nro: string;
    xBairro: string;
    cMun: string;
    xMun: string;
    UF: NonNullable<EnderRequest['UF']>;
  };
};
/** The infMDFe the authority reads and the XML carries. */
export type InfMDFe = Omit<InfMDFeRequest, 'emit'> & { emit: ResolvedMdfeEmit };

export const mdfePedidoEmissao = z.strictObject({
  infMDFe,
  infMDFeSupl: z.strictObject({ qrCodMDFe: optStr(50, 1000) }).nullish(),
  ambiente,
  referencia,
});
export type MdfePedidoEmissao = z.infer<typeof mdfePedidoEmissao>;
/** POST /mdfe's body as a client writes it (what the app's builders and sender produce). */
export type MdfePedidoEmissaoInput = z.input<typeof mdfePedidoEmissao>;

export const mdfePedidoEmissaoLote = z.strictObject({
  documentos: z.array(mdfePedidoEmissao).min(1).max(1),
  ambiente,
  referencia: z.string().max(50).nullish(),
  id_lote: str(1, 50),
});

export const mdfePedidoCancelamento = z.strictObject({
  justificativa: z.string().max(JUSTIFICATIVA_MAX).nullish(),
});
export const mdfePedidoEncerramento = z.strictObject({
  data_encerramento: date.nullish(),
  uf: uf,
  codigo_municipio: pattern(/^\d{7}$/, '7 dígitos'),
});
export const mdfePedidoInclusaoCondutor = z.strictObject({
  nome_condutor: str(2, 60),
  cpf_condutor: pattern(/^\d{11}$/, 'CPF com 11 dígitos'),
});
export const mdfePedidoInclusaoDfe = z.strictObject({
  // Optional in the description: the MDF-e's own protocol is used when absent.
  protocolo_autorizacao: pattern(/^\d{15}$/, '15 dígitos').nullish(),
  codigo_municipio_carrega: cMun,
  municipio_carrega: str(2, 60),
  documentos: z
    .array(
      z.strictObject({
        codigo_municipio_descarga: cMun,
        municipio_descarga: str(2, 60),
        chave_acesso_nfe: chave,
      }),
    )
    .min(1),
});
