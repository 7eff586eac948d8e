// CteOsPedidoEmissao (POST /cteos), by hand from the API description; road modal (rodoOS) only.
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
import { emitCte } from './cte';
import { gCompraGov, ibscbs, icms, icmsUFFim } from './tax';

const cfopOs = pattern(/^[123567]\d{3}$/, 'CFOP de 4 dígitos');

const ide = z.strictObject({
  cUF,
  cCT: pattern(/^\d{8}$/, '8 dígitos').nullish(),
  CFOP: cfopOs,
  natOp: str(1, 60),
  mod: z.literal(67).nullish(),
  serie: z.number().int().min(0).max(999),
  nCT: z.number().int().min(1).max(999999999),
  dhEmi: dateTime,
  tpImp: intIn([1, 2]),
  tpEmis: intIn([1, 5, 7, 8]),
  cDV: z.number().int().min(0).max(9).nullish(),
  tpAmb: intIn([1, 2]).nullish(),
  tpCTe: intIn([0, 1, 3]),
  procEmi: intIn([0, 3]),
  verProc: str(1, 20),
  cMunEnv: cMun,
  xMunEnv: str(2, 60),
  UFEnv: uf,
  modal: z.literal('01', { message: 'o sandbox emite CT-e OS apenas no modal rodoviário (01)' }),
  tpServ: intIn([6, 7, 8]),
  indIEToma: intIn([1, 2, 9]),
  cMunIni: cMun.nullish(),
  xMunIni: optStr(2, 60),
  UFIni: uf.nullish(),
  cMunFim: cMun.nullish(),
  xMunFim: optStr(2, 60),
  UFFim: uf.nullish(),
  infPercurso: z
    .array(z.strictObject({ UFPer: uf }))
    .max(25)
    .nullish(),
  dhCont: dateTime.nullish(),
  xJust: optStr(15, 256),
  gCompraGov: gCompraGov.nullish(),
});

const placa = pattern(/^([A-Z]{2,3}\d{4}|[A-Z]{3,4}\d{3}|[A-Z0-9]{7})$/, 'placa');
const taf = pattern(/^\d{12}$/, '12 dígitos');
const nroReg = pattern(/^\d{25}$/, '25 dígitos');

const rodoOS = z.strictObject({
  TAF: taf.nullish(),
  NroRegEstadual: nroReg.nullish(),
  veic: z
    .strictObject({
      placa,
      RENAVAM: optStr(9, 11),
      prop: z
        .strictObject({
          CPF: cpf.nullish(),
          CNPJ: cnpj.nullish(),
          TAF: taf.nullish(),
          NroRegEstadual: nroReg.nullish(),
          xNome: str(2, 60),
          IE: ieDest.nullish(),
          UF: uf.nullish(),
          tpProp: intIn([0, 1, 2]),
        })
        .nullish(),
      UF: uf.nullish(),
    })
    .nullish(),
  infFretamento: z.strictObject({ tpFretamento: intIn([1, 2]), dhViagem: dateTime.nullish() }).nullish(),
});

const infCTeNorm = z.strictObject({
  infServico: z.strictObject({ xDescServ: str(1, 30), infQ: z.strictObject({ qCarga: num() }).nullish() }),
  infDocRef: z
    .array(
      z.strictObject({
        nDoc: optStr(1, 20),
        serie: optStr(1, 3),
        subserie: optStr(1, 3),
        dEmi: date.nullish(),
        vDoc: optNum(),
        chBPe: chave.nullish(),
      }),
    )
    .nullish(),
  seg: z
    .array(z.strictObject({ respSeg: intIn([4, 5]), xSeg: optStr(1, 30), nApol: optStr(1, 20) }))
    .nullish(),
  infModal: z.strictObject({ versaoModal: z.literal('4.00'), rodoOS }).nullish(),
  infCteSub: z.strictObject({ chCte: chave }).nullish(),
  refCTeCanc: chave.nullish(),
  cobr: z
    .strictObject({
      fat: z
        .strictObject({ nFat: optStr(1, 60), vOrig: optNum(), vDesc: optNum(), vLiq: optNum() })
        .nullish(),
      dup: z.array(z.strictObject({ nDup: optStr(1, 60), dVenc: date.nullish(), vDup: optNum() })).nullish(),
    })
    .nullish(),
});

export const infCteOS = z.strictObject({
  versao: z.literal('4.00'),
  Id: z.string().nullish(),
  ide,
  compl: z
    .strictObject({
      xCaracAd: optStr(1, 15),
      xCaracSer: optStr(1, 30),
      xEmi: optStr(1, 20),
      xObs: optStr(1, 2000),
      ObsCont: z.array(obsCont).max(10).nullish(),
      ObsFisco: z.array(obsFisco).max(10).nullish(),
    })
    .nullish(),
  emit: emitCte,
  toma: z
    .strictObject({
      CNPJ: cnpj.nullish(),
      CPF: cpf.nullish(),
      IE: ieDest.nullish(),
      xNome: str(2, 60),
      xFant: optStr(2, 60),
      fone: fone.nullish(),
      enderToma: endereco,
      email: email.nullish(),
    })
    .superRefine(oneDocument)
    .nullish(),
  vPrest: z.strictObject({
    vTPrest: num(),
    vRec: num(),
    Comp: z.array(z.strictObject({ xNome: str(1, 15), vComp: num() })).nullish(),
  }),
  imp: z.strictObject({
    ICMS: icms.refine((v) => !v.ICMS60, { message: 'o CT-e OS não tem o grupo ICMS60', path: ['ICMS60'] }),
    vTotTrib: optNum(),
    infAdFisco: optStr(1, 2000),
    ICMSUFFim: icmsUFFim.nullish(),
    infTribFed: z
      .strictObject({ vPIS: optNum(), vCOFINS: optNum(), vIR: optNum(), vINSS: optNum(), vCSLL: optNum() })
      .nullish(),
    IBSCBS: ibscbs.nullish(),
    vTotDFe: optNum(),
  }),
  infCTeNorm: infCTeNorm.nullish(),
  infCteComp: z
    .array(z.strictObject({ chCTe: chave }))
    .min(1)
    .max(10)
    .nullish(),
  autXML: z.array(autXML).max(10).nullish(),
  infRespTec: respTec.nullish(),
});

export const cteOsPedidoEmissao = z.strictObject({
  infCte: infCteOS.superRefine((v, ctx) => {
    if (!v.infCTeNorm === !v.infCteComp) {
      ctx.addIssue({ code: 'custom', path: ['infCTeNorm'], message: 'informe infCTeNorm ou infCteComp' });
    }
  }),
  infCTeSupl: z.strictObject({ qrCodCTe: optStr(50, 1000) }).nullish(),
  ambiente,
  referencia,
});
export type CteOsPedidoEmissao = z.infer<typeof cteOsPedidoEmissao>;
export type InfCteOS = CteOsPedidoEmissao['infCte'];
