// CteSimpPedidoEmissao (POST /cte/simp): CT-e Simplificado (modelo 57, tpCTe 5/6), road modal.
import { z } from 'zod';
import { chave, cMun, intIn, isuf, num, oneDocument, optNum, str, uf } from './common';
import { emitCte, infModalRodo } from './cte';
import {
  cobr,
  comp,
  complCarac,
  complObs,
  ctePedido,
  fluxo,
  ideHead,
  ideRetira,
  ideRoad,
  ideTail,
  impHead,
  infCarga,
  infCteClosing,
  infCteHead,
  infCteSub,
  infSolicNFF,
  nfDelivery,
  tomaContact,
  tomaIdentity,
} from './cte-parts';
import { ibscbs, icms } from './tax';

const ide = z.strictObject({
  ...ideHead({ mod: 57, tpEmis: [1, 3, 4, 7, 8], tpCTe: [5, 6], procEmi: [0, 3, 4] }),
  ...ideRoad('o sandbox emite CT-e simplificado apenas no modal rodoviário (01)', [0, 1, 2]),
  UFIni: uf,
  UFFim: uf,
  ...ideRetira,
  ...ideTail,
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
    Comp: comp,
    infNFe: z.array(z.strictObject({ chNFe: chave, ...nfDelivery })).nullish(),
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

const tpMed = z.enum([
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
]);

export const infCteSimp = z.strictObject({
  ...infCteHead,
  ide,
  compl: z.strictObject({ ...complCarac, fluxo: fluxo.nullish(), ...complObs }).nullish(),
  emit: emitCte,
  toma: z
    .strictObject({
      toma: intIn([0, 1, 2, 3, 4]),
      indIEToma: intIn([1, 2, 9]),
      ...tomaIdentity,
      ISUF: isuf.nullish(),
      ...tomaContact,
    })
    .superRefine(oneDocument),
  infCarga: infCarga(num(), tpMed),
  det: z.array(det).min(1).max(999),
  infModal: infModalRodo,
  cobr,
  infCteSub,
  imp: z.strictObject({
    ICMS: icms,
    ...impHead,
    IBSCBS: ibscbs.nullish(),
  }),
  total: z.strictObject({ vTPrest: num(), vTRec: num(), vTotDFe: optNum() }),
  ...infCteClosing,
  infSolicNFF: infSolicNFF.nullish(),
});

export const cteSimpPedidoEmissao = ctePedido(infCteSimp);
export type CteSimpPedidoEmissao = z.infer<typeof cteSimpPedidoEmissao>;
/** POST /cte/simp's body as a client writes it (what fiscal/payload builds). */
export type CteSimpPedidoEmissaoInput = z.input<typeof cteSimpPedidoEmissao>;
export type InfCteSimp = CteSimpPedidoEmissao['infCte'];
