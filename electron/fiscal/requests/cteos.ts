// CteOsPedidoEmissao (POST /cteos), by hand from the API description; road modal (rodoOS) only.
import { z } from 'zod';
import {
  chave,
  cMun,
  cnpj,
  cpf,
  date,
  dateTime,
  ieDest,
  intIn,
  num,
  oneDocument,
  optNum,
  optStr,
  pattern,
  str,
  uf,
} from './common';
import { emitCte } from './cte';
import {
  cobr,
  complCarac,
  complObs,
  ctePedido,
  ideHead,
  ideRoad,
  ideTail,
  impHead,
  infCteClosing,
  infCteComp,
  infCteHead,
  normOrComp,
  tomaContact,
  tomaIdentity,
  vPrest,
} from './cte-parts';
import { ibscbs, icms } from './tax';

const ide = z.strictObject({
  ...ideHead({ mod: 67, tpEmis: [1, 5, 7, 8], tpCTe: [0, 1, 3], procEmi: [0, 3] }),
  ...ideRoad('o sandbox emite CT-e OS apenas no modal rodoviário (01)', [6, 7, 8]),
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
  ...ideTail,
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
  cobr,
  infGTVe: z
    .array(
      z.strictObject({
        chCTe: pattern(/^\d{44}$/, 'chave de acesso com 44 dígitos'),
        Comp: z
          .array(z.strictObject({ tpComp: intIn([1, 2, 3, 4, 5, 6]), vComp: num(), xComp: optStr(0, 15) }))
          .min(1),
      }),
    )
    .nullish(),
});

export const infCteOS = z.strictObject({
  ...infCteHead,
  ide,
  compl: z.strictObject({ ...complCarac, xEmi: optStr(1, 20), ...complObs }).nullish(),
  emit: emitCte,
  toma: z
    .strictObject({ ...tomaIdentity, xFant: optStr(2, 60), ...tomaContact })
    .superRefine(oneDocument)
    .nullish(),
  vPrest,
  imp: z.strictObject({
    ICMS: icms.refine((v) => !v.ICMS60, { message: 'o CT-e OS não tem o grupo ICMS60', path: ['ICMS60'] }),
    ...impHead,
    infTribFed: z
      .strictObject({ vPIS: optNum(), vCOFINS: optNum(), vIR: optNum(), vINSS: optNum(), vCSLL: optNum() })
      .nullish(),
    IBSCBS: ibscbs.nullish(),
    vTotDFe: optNum(),
  }),
  infCTeNorm: infCTeNorm.nullish(),
  infCteComp,
  ...infCteClosing,
});

export const cteOsPedidoEmissao = ctePedido(infCteOS.superRefine(normOrComp));
export type CteOsPedidoEmissao = z.infer<typeof cteOsPedidoEmissao>;
/** POST /cteos's body as a client writes it (what fiscal/payload builds). */
export type CteOsPedidoEmissaoInput = z.input<typeof cteOsPedidoEmissao>;
export type InfCteOS = CteOsPedidoEmissao['infCte'];
