// CteSimpPedidoEmissao (POST /cte/simp): CT-e Simplificado (modelo 57, tpCTe 5/6), road modal.
import { z } from 'zod';
import {
  ambiente,
  autXML,
  chave,
  cMun,
  cnpj,
  cpf,
  cUF,
  date,
  dateTime,
  email,
  endereco,
  fone,
  ieDest,
  intIn,
  num,
  obsCont,
  obsFisco,
  oneDocument,
  optNum,
  optStr,
  pattern,
  referencia,
  respTec,
  str,
  uf,
} from './common';
import { emitCte, rodo, units } from './cte';
import { gCompraGov, ibscbs, icms, icmsUFFim } from './tax';

const ide = z.strictObject({
  cUF,
  cCT: pattern(/^\d{8}$/, '8 dígitos').nullish(),
  CFOP: pattern(/^[123567]\d{3}$/, 'CFOP de 4 dígitos'),
  natOp: str(1, 60),
  mod: z.literal(57).nullish(),
  serie: z.number().int().min(0).max(999),
  nCT: z.number().int().min(1).max(999999999),
  dhEmi: dateTime,
  tpImp: intIn([1, 2]),
  tpEmis: intIn([1, 3, 4, 7, 8]),
  cDV: z.number().int().min(0).max(9).nullish(),
  tpAmb: intIn([1, 2]).nullish(),
  tpCTe: intIn([5, 6]),
  procEmi: intIn([0, 3, 4]),
  verProc: str(1, 20),
  cMunEnv: cMun,
  xMunEnv: str(2, 60),
  UFEnv: uf,
  modal: z.literal('01', { message: 'o sandbox emite CT-e simplificado apenas no modal rodoviário (01)' }),
  tpServ: intIn([0, 1, 2]),
  UFIni: uf,
  UFFim: uf,
  retira: intIn([0, 1]),
  xDetRetira: optStr(1, 160),
  dhCont: dateTime.nullish(),
  xJust: optStr(15, 256),
  gCompraGov: gCompraGov.nullish(),
});

const det = z
  .strictObject({
    nItem: z.number().int().min(1).max(990),
    cMunIni: cMun,
    xMunIni: str(2, 60),
    cMunFim: cMun,
    xMunFim: str(2, 60),
    vPrest: num(),
    vRec: num(),
    Comp: z.array(z.strictObject({ xNome: str(1, 15), vComp: num() })).nullish(),
    infNFe: z
      .array(
        z.strictObject({
          chNFe: chave,
          PIN: pattern(/^[1-9]\d{1,8}$/, 'PIN SUFRAMA').nullish(),
          dPrev: date.nullish(),
          ...units,
        }),
      )
      .nullish(),
    infDocAnt: z
      .array(
        z.strictObject({
          chCTe: chave,
          tpPrest: intIn([1, 2]),
          infNFeTranspParcial: z.array(z.strictObject({ chNFe: chave })).nullish(),
        }),
      )
      .nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.infNFe?.length === !v.infDocAnt?.length) {
      ctx.addIssue({ code: 'custom', path: ['infNFe'], message: 'informe infNFe ou infDocAnt' });
    }
  });

export const infCteSimp = z.strictObject({
  versao: z.literal('4.00'),
  Id: z.string().nullish(),
  ide,
  compl: z
    .strictObject({
      xCaracAd: optStr(1, 15),
      xCaracSer: optStr(1, 30),
      xObs: optStr(1, 2000),
      ObsCont: z.array(obsCont).max(10).nullish(),
      ObsFisco: z.array(obsFisco).max(10).nullish(),
    })
    .nullish(),
  emit: emitCte,
  toma: z
    .strictObject({
      toma: intIn([0, 1, 2, 3, 4]),
      indIEToma: intIn([1, 2, 9]),
      CNPJ: cnpj.nullish(),
      CPF: cpf.nullish(),
      IE: ieDest.nullish(),
      xNome: str(2, 60),
      ISUF: pattern(/^\d{8,9}$/, '8 ou 9 dígitos').nullish(),
      fone: fone.nullish(),
      enderToma: endereco,
      email: email.nullish(),
    })
    .superRefine(oneDocument),
  infCarga: z.strictObject({
    vCarga: num(),
    proPred: str(1, 60),
    xOutCat: optStr(1, 30),
    infQ: z
      .array(
        z.strictObject({
          cUnid: z.enum(['00', '01', '02', '03', '04', '05']),
          tpMed: z.enum([
            '00',
            '01',
            '02',
            '03',
            '04',
            '05',
            '06',
            '07',
            '08',
            '09',
            '10',
            '11',
            '12',
            '13',
            '14',
            '15',
            '99',
          ]),
          qCarga: num(),
        }),
      )
      .min(1),
    vCargaAverb: optNum(),
  }),
  det: z.array(det).min(1).max(999),
  infModal: z.strictObject({ versaoModal: z.literal('4.00'), rodo }),
  cobr: z
    .strictObject({
      fat: z
        .strictObject({ nFat: optStr(1, 60), vOrig: optNum(), vDesc: optNum(), vLiq: optNum() })
        .nullish(),
      dup: z.array(z.strictObject({ nDup: optStr(1, 60), dVenc: date.nullish(), vDup: optNum() })).nullish(),
    })
    .nullish(),
  infCteSub: z.strictObject({ chCte: chave, indAlteraToma: z.literal(1).nullish() }).nullish(),
  imp: z.strictObject({
    ICMS: icms,
    vTotTrib: optNum(),
    infAdFisco: optStr(1, 2000),
    ICMSUFFim: icmsUFFim.nullish(),
    IBSCBS: ibscbs.nullish(),
  }),
  total: z.strictObject({ vTPrest: num(), vTRec: num(), vTotDFe: optNum() }),
  autXML: z.array(autXML).max(10).nullish(),
  infRespTec: respTec.nullish(),
});

export const cteSimpPedidoEmissao = z.strictObject({
  infCte: infCteSimp,
  infCTeSupl: z.strictObject({ qrCodCTe: optStr(50, 1000) }).nullish(),
  ambiente,
  referencia,
});
export type CteSimpPedidoEmissao = z.infer<typeof cteSimpPedidoEmissao>;
export type InfCteSimp = CteSimpPedidoEmissao['infCte'];
