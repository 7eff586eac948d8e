// CtePedidoEmissao (POST /cte), written by hand from the API description. The sandbox emits the
// road modal only (modal "01" with infModal.rodo); other modals are refused by name.
import { z } from 'zod';
import {
  cep,
  cfop,
  chave,
  cMun,
  cnpj,
  cpf,
  date,
  email,
  endereco,
  exactlyOne,
  fone,
  ie,
  ieDest,
  intIn,
  isuf,
  logradouro,
  num,
  oneDocument,
  optNum,
  optStr,
  pattern,
  str,
  uf,
  ufSemEx,
} from './common';
import {
  cobr,
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
  infCteComp,
  infCteHead,
  infCteSub,
  infSolicNFF,
  nfDelivery,
  normOrComp,
  units,
  vPrest,
} from './cte-parts';
import { ibscbs, icms } from './tax';

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
  .strictObject({ ...partyBase, ISUF: isuf.nullish(), enderDest: endereco })
  .superRefine(oneDocument);

const toma4 = z
  .strictObject({ toma: z.literal(4), ...partyBase, xFant: optStr(2, 60), enderToma: endereco })
  .superRefine(oneDocument);

const ide = z.strictObject({
  ...ideHead({ mod: 57, tpEmis: [1, 3, 4, 5, 7, 8], tpCTe: [0, 1, 3], procEmi: [0, 3, 4] }),
  indGlobalizado: z.literal(1).nullish(),
  ...ideRoad('o sandbox emite apenas o modal rodoviário (01)', [0, 1, 2, 3, 4]),
  cMunIni: cMun,
  xMunIni: str(2, 60),
  UFIni: uf,
  cMunFim: cMun,
  xMunFim: str(2, 60),
  UFFim: uf,
  ...ideRetira,
  indIEToma: intIn([1, 2, 9]),
  toma3: z.strictObject({ toma: intIn([0, 1, 2, 3]) }).nullish(),
  toma4: toma4.nullish(),
  ...ideTail,
});

const hora = pattern(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'hh:mm:ss');
const compl = z.strictObject({
  ...complCarac,
  xEmi: optStr(1, 20),
  fluxo: fluxo.nullish(),
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
  ...complObs,
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
      ...logradouro,
      CEP: cep.nullish(),
      UF: ufSemEx,
      fone: fone.nullish(),
    })
    .nullish(),
  CRT: intIn([1, 2, 3, 4]).nullish(),
});
export type EmitCte = z.infer<typeof emitCte>;

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
        ...nfDelivery,
      }),
    )
    .nullish(),
  infNFe: z
    .array(
      z.strictObject({
        chave,
        ...nfDelivery,
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

/** docAnt: previous transport documents by issuer, on paper or as CT-e keys. */
const idDocAntPap = z.strictObject({
  tpDoc: z.enum(['07', '08', '09', '10', '11', '12', '13']),
  serie: str(1, 3),
  subser: optStr(1, 2),
  nDoc: str(1, 30),
  dEmi: date,
});
const idDocAnt = z
  .strictObject({
    idDocAntPap: z.array(idDocAntPap).min(1).nullish(),
    idDocAntEle: z
      .array(z.strictObject({ chCTe: chave }))
      .min(1)
      .nullish(),
  })
  .superRefine(exactlyOne(['idDocAntPap', 'idDocAntEle'], 'documentos anteriores'));
const emiDocAnt = z
  .strictObject({
    CNPJ: cnpj.nullish(),
    CPF: cpf.nullish(),
    IE: ie.nullish(),
    UF: uf.nullish(),
    xNome: str(1, 60),
    idDocAnt: z.array(idDocAnt).min(1).max(2),
  })
  .superRefine(oneDocument)
  .superRefine((v, ctx) => {
    // The XSD has IE and UF as one optional pair.
    if (!v.IE !== !v.UF) {
      ctx.addIssue({ code: 'custom', path: [v.IE ? 'UF' : 'IE'], message: 'informe IE e UF juntos' });
    }
  });
const docAnt = z.strictObject({ emiDocAnt: z.array(emiDocAnt).min(1) });

const veicNovos = z.strictObject({
  chassi: pattern(/^[A-Z0-9]{17}$/, '17 posições, A-Z e 0-9'),
  cCor: str(1, 4),
  xCor: str(1, 40),
  cMod: str(1, 6),
  vUnit: num(),
  vFrete: num(),
});

/**
 * `infModal` of the road modal. The other modals' groups may come as `null` (generated SDKs send
 * every member of the model, unset ones as null); a filled one is refused by name.
 */
const otherModal = z
  .null({ error: 'o sandbox emite apenas o modal rodoviário (informe somente infModal.rodo)' })
  .optional();
export const infModalRodo = z.strictObject({
  versaoModal: z.literal('4.00'),
  rodo,
  aereo: otherModal,
  aquav: otherModal,
  ferrov: otherModal,
  duto: otherModal,
  multimodal: otherModal,
});

const infCTeNorm = z.strictObject({
  infCarga: infCarga(optNum(), str(1, 20)),
  infDoc: infDoc.nullish(),
  docAnt: docAnt.nullish(),
  infModal: infModalRodo,
  veicNovos: z.array(veicNovos).nullish(),
  cobr,
  infCteSub,
  infGlobalizado: z.strictObject({ xObs: str(15, 256) }).nullish(),
  infServVinc: z
    .strictObject({
      infCTeMultimodal: z.array(z.strictObject({ chCTeMultimodal: chave })).min(1),
    })
    .nullish(),
});

export const infCte = z.strictObject({
  ...infCteHead,
  ide,
  compl: compl.nullish(),
  emit: emitCte,
  rem: rem.nullish(),
  exped: exped.nullish(),
  receb: receb.nullish(),
  dest: dest.nullish(),
  vPrest,
  imp: z.strictObject({
    ICMS: icms,
    ...impHead,
    IBSCBS: ibscbs.nullish(),
    vTotDFe: optNum(),
  }),
  infCTeNorm: infCTeNorm.nullish(),
  infCteComp,
  ...infCteClosing,
  infSolicNFF: infSolicNFF.nullish(),
});

export const ctePedidoEmissao = ctePedido(
  infCte.superRefine((v, ctx) => {
    normOrComp(v, ctx);
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
);
export type CtePedidoEmissao = z.infer<typeof ctePedidoEmissao>;
/** POST /cte's body as a client writes it (what fiscal/payload builds). */
export type CtePedidoEmissaoInput = z.input<typeof ctePedidoEmissao>;
export type InfCte = CtePedidoEmissao['infCte'];
