// CtePedidoEmissao (POST /cte), written by hand from the API description. The sandbox emits the
// road modal only (modal "01" with infModal.rodo); other modals are refused by name.
import { z } from 'zod';
import {
  ambiente,
  autXML,
  cep,
  cfop,
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
  ie,
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
  ufSemEx,
} from './common';
import { gCompraGov, ibscbs, icms, icmsUFFim } from './tax';

const partyBase = {
  CNPJ: z.union([cnpj, z.literal('')]).nullish(),
  CPF: cpf.nullish(),
  IE: ieDest.nullish(),
  xNome: str(2, 60),
  fone: fone.nullish(),
  email: email.nullish(),
};
const rem = z
  .strictObject({ ...partyBase, xFant: optStr(2, 60), enderReme: endereco })
  .superRefine(oneDocument);
const exped = z.strictObject({ ...partyBase, enderExped: endereco }).superRefine(oneDocument);
const receb = z.strictObject({ ...partyBase, enderReceb: endereco }).superRefine(oneDocument);
const dest = z
  .strictObject({ ...partyBase, ISUF: pattern(/^\d{8,9}$/, '8 ou 9 dígitos').nullish(), enderDest: endereco })
  .superRefine(oneDocument);

const toma4 = z
  .strictObject({ toma: z.literal(4), ...partyBase, xFant: optStr(2, 60), enderToma: endereco })
  .superRefine(oneDocument);

const ide = z.strictObject({
  cUF,
  cCT: pattern(/^\d{8}$/, '8 dígitos').nullish(),
  CFOP: cfop,
  natOp: str(1, 60),
  mod: z.literal(57).nullish(),
  serie: z.number().int().min(0).max(999),
  nCT: z.number().int().min(1).max(999999999),
  dhEmi: dateTime,
  tpImp: intIn([1, 2]),
  tpEmis: intIn([1, 3, 4, 5, 7, 8]),
  cDV: z.number().int().min(0).max(9).nullish(),
  tpAmb: intIn([1, 2]).nullish(),
  tpCTe: intIn([0, 1, 3]),
  procEmi: intIn([0, 3, 4]),
  verProc: str(1, 20),
  indGlobalizado: z.literal(1).nullish(),
  cMunEnv: cMun,
  xMunEnv: str(2, 60),
  UFEnv: uf,
  modal: z.literal('01', { message: 'o sandbox emite apenas o modal rodoviário (01)' }),
  tpServ: intIn([0, 1, 2, 3, 4]),
  cMunIni: cMun,
  xMunIni: str(2, 60),
  UFIni: uf,
  cMunFim: cMun,
  xMunFim: str(2, 60),
  UFFim: uf,
  retira: intIn([0, 1]),
  xDetRetira: optStr(1, 160),
  indIEToma: intIn([1, 2, 9]),
  toma3: z.strictObject({ toma: intIn([0, 1, 2, 3]) }).nullish(),
  toma4: toma4.nullish(),
  dhCont: dateTime.nullish(),
  xJust: optStr(15, 256),
  gCompraGov: gCompraGov.nullish(),
});

const hora = pattern(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'hh:mm:ss');
const compl = z.strictObject({
  xCaracAd: optStr(1, 15),
  xCaracSer: optStr(1, 30),
  xEmi: optStr(1, 20),
  fluxo: z
    .strictObject({
      xOrig: optStr(1, 60),
      pass: z.array(z.strictObject({ xPass: optStr(1, 15) })).nullish(),
      xDest: optStr(1, 60),
      xRota: optStr(1, 10),
    })
    .nullish(),
  Entrega: z
    .strictObject({
      semData: z.strictObject({ tpPer: z.literal(0) }).nullish(),
      comData: z.strictObject({ tpPer: intIn([1, 2, 3]), dProg: date }).nullish(),
      noPeriodo: z.strictObject({ tpPer: z.literal(4), dIni: date, dFim: date }).nullish(),
      semHora: z.strictObject({ tpHor: z.literal(0) }).nullish(),
      comHora: z.strictObject({ tpHor: intIn([1, 2, 3]), hProg: hora }).nullish(),
      noInter: z.strictObject({ tpHor: z.literal(4), hIni: hora, hFim: hora }).nullish(),
    })
    .nullish(),
  origCalc: optStr(2, 40),
  destCalc: optStr(2, 40),
  xObs: optStr(1, 2000),
  ObsCont: z.array(obsCont).max(10).nullish(),
  ObsFisco: z.array(obsFisco).max(10).nullish(),
});

export const emitCte = z.strictObject({
  CNPJ: cnpj.nullish(),
  CPF: cpf.nullish(),
  IE: ie.nullish(),
  IEST: ie.nullish(),
  xNome: optStr(2, 60),
  xFant: optStr(2, 60),
  enderEmit: z
    .strictObject({
      xLgr: str(2, 60),
      nro: str(1, 60),
      xCpl: optStr(1, 60),
      xBairro: str(2, 60),
      cMun,
      xMun: str(2, 60),
      CEP: cep.nullish(),
      UF: ufSemEx,
      fone: fone.nullish(),
    })
    .nullish(),
  CRT: intIn([1, 2, 3, 4]).nullish(),
});
export type EmitCte = z.infer<typeof emitCte>;

const unidCarga = z.strictObject({
  tpUnidCarga: intIn([1, 2, 3, 4]),
  idUnidCarga: pattern(/^[A-Z0-9]{1,20}$/, 'A-Z e 0-9, até 20'),
  lacUnidCarga: z.array(z.strictObject({ nLacre: str(1, 20) })).nullish(),
  qtdRat: optNum(),
});
const unidTransp = z.strictObject({
  tpUnidTransp: intIn([1, 2, 3, 4, 5, 6, 7]),
  idUnidTransp: pattern(/^[A-Z0-9]{1,20}$/, 'A-Z e 0-9, até 20'),
  lacUnidTransp: z.array(z.strictObject({ nLacre: str(1, 20) })).nullish(),
  infUnidCarga: z.array(unidCarga).nullish(),
  qtdRat: optNum(),
});
export const units = {
  infUnidCarga: z.array(unidCarga).nullish(),
  infUnidTransp: z.array(unidTransp).nullish(),
};

const infDoc = z.strictObject({
  infNF: z
    .array(
      z.strictObject({
        nRoma: optStr(1, 20),
        nPed: optStr(1, 20),
        mod: z.enum(['01', '04']),
        serie: str(1, 3),
        nDoc: str(1, 20),
        dEmi: date,
        vBC: num(),
        vICMS: num(),
        vBCST: num(),
        vST: num(),
        vProd: num(),
        vNF: num(),
        nCFOP: cfop,
        nPeso: optNum(),
        PIN: pattern(/^[1-9]\d{1,8}$/, 'PIN SUFRAMA').nullish(),
        dPrev: date.nullish(),
        ...units,
      }),
    )
    .nullish(),
  infNFe: z
    .array(
      z.strictObject({
        chave,
        PIN: pattern(/^[1-9]\d{1,8}$/, 'PIN SUFRAMA').nullish(),
        dPrev: date.nullish(),
        ...units,
      }),
    )
    .nullish(),
  infOutros: z
    .array(
      z.strictObject({
        tpDoc: z.enum(['00', '10', '59', '65', '99']),
        descOutros: optStr(1, 100),
        nDoc: optStr(1, 20),
        dEmi: date.nullish(),
        vDocFisc: optNum(),
        dPrev: date.nullish(),
        ...units,
      }),
    )
    .nullish(),
  infDCe: z.array(z.strictObject({ chave })).nullish(),
});

export const rodo = z.strictObject({
  RNTRC: pattern(/^(\d{8}|ISENTO)$/, '8 dígitos ou ISENTO'),
  occ: z
    .array(
      z.strictObject({
        serie: optStr(1, 3),
        nOcc: z.number().int().min(1).max(999999),
        dEmi: date,
        emiOcc: z.strictObject({
          CNPJ: cnpj,
          cInt: optStr(1, 10),
          IE: ie,
          UF: uf,
          fone: fone.nullish(),
        }),
      }),
    )
    .max(10)
    .nullish(),
});

const infCTeNorm = z.strictObject({
  infCarga: z.strictObject({
    vCarga: optNum(),
    proPred: str(1, 60),
    xOutCat: optStr(1, 30),
    infQ: z
      .array(
        z.strictObject({
          cUnid: z.enum(['00', '01', '02', '03', '04', '05']),
          tpMed: str(1, 20),
          qCarga: num(),
        }),
      )
      .min(1),
    vCargaAverb: optNum(),
  }),
  infDoc: infDoc.nullish(),
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
  infGlobalizado: z.strictObject({ xObs: str(15, 256) }).nullish(),
});

export const infCte = z.strictObject({
  versao: z.literal('4.00'),
  Id: z.string().nullish(),
  ide,
  compl: compl.nullish(),
  emit: emitCte,
  rem: rem.nullish(),
  exped: exped.nullish(),
  receb: receb.nullish(),
  dest: dest.nullish(),
  vPrest: z.strictObject({
    vTPrest: num(),
    vRec: num(),
    Comp: z.array(z.strictObject({ xNome: str(1, 15), vComp: num() })).nullish(),
  }),
  imp: z.strictObject({
    ICMS: icms,
    vTotTrib: optNum(),
    infAdFisco: optStr(1, 2000),
    ICMSUFFim: icmsUFFim.nullish(),
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

export const ctePedidoEmissao = z.strictObject({
  infCte: infCte.superRefine((v, ctx) => {
    if (!v.infCTeNorm === !v.infCteComp) {
      ctx.addIssue({ code: 'custom', path: ['infCTeNorm'], message: 'informe infCTeNorm ou infCteComp' });
    }
    if (!v.ide.toma3 === !v.ide.toma4) {
      ctx.addIssue({ code: 'custom', path: ['ide', 'toma3'], message: 'informe toma3 ou toma4' });
    }
    const infDocValue = v.infCTeNorm?.infDoc;
    if (infDocValue) {
      const kinds = (['infNF', 'infNFe', 'infOutros', 'infDCe'] as const).filter(
        (k) => infDocValue[k]?.length,
      );
      if (kinds.length !== 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['infCTeNorm', 'infDoc'],
          message: 'informe um só tipo de documento (infNF, infNFe, infOutros ou infDCe)',
        });
      }
    }
  }),
  infCTeSupl: z.strictObject({ qrCodCTe: optStr(50, 1000) }).nullish(),
  ambiente,
  referencia,
});
export type CtePedidoEmissao = z.infer<typeof ctePedidoEmissao>;
export type InfCte = CtePedidoEmissao['infCte'];
