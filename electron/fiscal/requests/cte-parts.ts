// Groups the three CT-e layouts (CT-e, CT-e OS, CT-e Simplificado) have in common. Each schema
// spreads the field sets where its layout has them, so the key order (and with it the order of
// the 400's messages) stays the XSD sequence.
import { z } from 'zod';
import {
  ambiente,
  autXML,
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
  ieDest,
  intIn,
  num,
  obsCont,
  obsFisco,
  optNum,
  optStr,
  pattern,
  referencia,
  respTec,
  str,
  uf,
} from './common';
import { gCompraGov, icmsUFFim } from './tax';

/** infCte attributes. */
export const infCteHead = { versao: z.literal('4.00'), Id: z.string().nullish() };

/** ide from cUF to verProc; the lists are the values each layout accepts. */
export function ideHead<M extends number>(layout: {
  mod: M;
  tpEmis: readonly number[];
  tpCTe: readonly number[];
  procEmi: readonly number[];
}) {
  return {
    cUF,
    cCT: pattern(/^\d{8}$/, '8 dígitos').nullish(),
    CFOP: cfop,
    natOp: str(1, 60),
    mod: z.literal(layout.mod).nullish(),
    serie: z.number().int().min(0).max(999),
    nCT: z.number().int().min(1).max(999999999),
    dhEmi: dateTime,
    tpImp: intIn([1, 2]),
    tpEmis: intIn(layout.tpEmis),
    cDV: z.number().int().min(0).max(9).nullish(),
    tpAmb: intIn([1, 2]).nullish(),
    tpCTe: intIn(layout.tpCTe),
    procEmi: intIn(layout.procEmi),
    verProc: str(1, 20),
  };
}

/** ide from cMunEnv to tpServ: the sandbox emits the road modal only. */
export function ideRoad(modalMessage: string, tpServ: readonly number[]) {
  return {
    cMunEnv: cMun,
    xMunEnv: str(2, 60),
    UFEnv: uf,
    modal: z.literal('01', { message: modalMessage }),
    tpServ: intIn(tpServ),
  };
}

export const ideRetira = { retira: intIn([0, 1]), xDetRetira: optStr(1, 160) };

/** The end of ide: contingency entry and government purchase. */
export const ideTail = {
  dhCont: dateTime.nullish(),
  xJust: optStr(15, 256),
  gCompraGov: gCompraGov.nullish(),
};

export const complCarac = { xCaracAd: optStr(1, 15), xCaracSer: optStr(1, 30) };

/** compl.fluxo, the cargo's expected route (CT-e and CT-e Simplificado, after xCaracSer). */
export const fluxo = z.strictObject({
  xOrig: optStr(1, 60),
  pass: z.array(z.strictObject({ xPass: optStr(1, 15) })).nullish(),
  xDest: optStr(1, 60),
  xRota: optStr(1, 10),
});

export const complObs = {
  xObs: optStr(1, 2000),
  ObsCont: z.array(obsCont).max(10).nullish(),
  ObsFisco: z.array(obsFisco).max(10).nullish(),
};

/** The tomador's document, IE and name (CT-e OS and CT-e Simplificado). */
export const tomaIdentity = {
  CNPJ: cnpj.nullish(),
  CPF: cpf.nullish(),
  IE: ieDest.nullish(),
  xNome: str(2, 60),
};
export const tomaContact = { fone: fone.nullish(), enderToma: endereco, email: email.nullish() };

export const comp = z.array(z.strictObject({ xNome: str(1, 15), vComp: num() })).nullish();
export const vPrest = z.strictObject({ vTPrest: num(), vRec: num(), Comp: comp });

/** imp after ICMS, up to ICMSUFFim. */
export const impHead = { vTotTrib: optNum(), infAdFisco: optStr(1, 2000), ICMSUFFim: icmsUFFim.nullish() };

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

/** The tail of a transported NF / NF-e: SUFRAMA PIN, expected delivery, transport units. */
export const nfDelivery = {
  PIN: pattern(/^[1-9]\d{1,8}$/, 'PIN SUFRAMA').nullish(),
  dPrev: date.nullish(),
  ...units,
};

/** infCarga; the layouts differ in whether vCarga is required and how tpMed is written. */
export function infCarga<V extends z.ZodType, M extends z.ZodType>(vCarga: V, tpMed: M) {
  return z.strictObject({
    vCarga,
    proPred: str(1, 60),
    xOutCat: optStr(1, 30),
    infQ: z
      .array(
        z.strictObject({
          cUnid: z.enum(['00', '01', '02', '03', '04', '05']),
          tpMed,
          qCarga: num(),
        }),
      )
      .min(1),
    vCargaAverb: optNum(),
  });
}

export const cobr = z
  .strictObject({
    fat: z.strictObject({ nFat: optStr(1, 60), vOrig: optNum(), vDesc: optNum(), vLiq: optNum() }).nullish(),
    dup: z.array(z.strictObject({ nDup: optStr(1, 60), dVenc: date.nullish(), vDup: optNum() })).nullish(),
  })
  .nullish();

/** infCteSub of the CT-e and the CT-e Simplificado (the CT-e OS has no indAlteraToma). */
export const infCteSub = z.strictObject({ chCte: chave, indAlteraToma: z.literal(1).nullish() }).nullish();

export const infCteComp = z
  .array(z.strictObject({ chCTe: chave }))
  .min(1)
  .max(10)
  .nullish();

/** The last groups of infCte. */
export const infCteClosing = { autXML: z.array(autXML).max(10).nullish(), infRespTec: respTec.nullish() };

/** The Nota Fiscal Fácil request, after infRespTec (CT-e and CT-e Simplificado; the XSD takes
 *  up to 8,000 characters, the API description 2,000). */
export const infSolicNFF = z.strictObject({ xSolic: str(2, 2000) });

/** A normal CT-e carries infCTeNorm, a complementary one infCteComp: exactly one of them. */
export function normOrComp<T extends { infCTeNorm?: unknown; infCteComp?: unknown }>(
  value: T,
  ctx: z.RefinementCtx<T>,
): void {
  if (!value.infCTeNorm === !value.infCteComp) {
    ctx.addIssue({ code: 'custom', path: ['infCTeNorm'], message: 'informe infCTeNorm ou infCteComp' });
  }
}

/** The request body around infCte. */
export function ctePedido<T extends z.ZodType>(infCte: T) {
  return z.strictObject({
    infCte,
    infCTeSupl: z.strictObject({ qrCodCTe: optStr(50, 1000) }).nullish(),
    ambiente,
    referencia,
  });
}
