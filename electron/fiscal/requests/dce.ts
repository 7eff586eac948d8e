// DcePedidoEmissao (POST /dce), by hand from the API description; patterns from dce_v1.00.xsd.
import { z } from 'zod';
import {
  ambiente,
  autXML,
  cep,
  cnpj,
  cpf,
  cUF,
  dateTime,
  email,
  intIn,
  logradouro,
  num,
  oneDocument,
  optStr,
  pattern,
  referencia,
  str,
  uf,
} from './common';

const foneDce = pattern(/^\d{7,12}$/, '7 a 12 dígitos');

/** Both DC-e addresses: street to municipality, then UF and a required CEP. */
const dceLocal = { ...logradouro, UF: uf, CEP: cep };

const enderEmit = z.strictObject({
  ...dceLocal,
  cPais: z.literal('1058', { message: 'o emitente da DC-e deve estar no Brasil (1058)' }),
  xPais: z.enum(['Brasil', 'BRASIL']),
  fone: foneDce.nullish(),
});

const enderDest = z.strictObject({
  ...dceLocal,
  cPais: pattern(/^\d{1,4}$/, 'código do país'),
  xPais: str(2, 60),
  fone: foneDce.nullish(),
  email: email.nullish(),
});

const obs = z
  .array(z.strictObject({ xCampo: optStr(1, 20), xTexto: str(1, 60) }))
  .max(10)
  .nullish();
const cnpjName = z.strictObject({ CNPJ: cnpj, xNome: str(2, 60) });

export const infDCe = z.strictObject({
  versao: z.literal('1.00'),
  Id: z.string().nullish(),
  ide: z.strictObject({
    cUF,
    cDC: pattern(/^\d{6}$/, '6 dígitos').nullish(),
    mod: z.literal(99).nullish(),
    serie: z.number().int().min(0).max(999),
    nDC: z.number().int().min(1).max(999999999),
    dhEmi: dateTime,
    tpEmis: intIn([1, 2]),
    tpEmit: z.number().int().min(0).max(4),
    nSiteAutoriz: z.number().int().min(0).max(9),
    cDV: z.number().int().min(0).max(9).nullish(),
    tpAmb: intIn([1, 2]).nullish(),
    verProc: str(1, 20),
  }),
  emit: z
    .strictObject({ CNPJ: cnpj.nullish(), CPF: cpf.nullish(), xNome: str(2, 60), enderEmit })
    .superRefine(oneDocument),
  Fisco: z.strictObject({ CNPJ: cnpj, xOrgao: str(2, 60), UF: uf }).nullish(),
  Marketplace: z.strictObject({ CNPJ: cnpj, xNome: str(2, 60), Site: str(2, 120) }).nullish(),
  Transportadora: cnpjName.nullish(),
  ECT: cnpjName.nullish(),
  dest: z
    .strictObject({
      CNPJ: cnpj.nullish(),
      CPF: cpf.nullish(),
      idOutros: optStr(2, 20),
      xNome: str(2, 60),
      enderDest,
    })
    .superRefine((v, ctx) => {
      const n = [v.CNPJ, v.CPF, v.idOutros].filter(Boolean).length;
      if (n !== 1)
        ctx.addIssue({ code: 'custom', path: ['CNPJ'], message: 'informe um de CNPJ, CPF ou idOutros' });
    }),
  autXML: z.array(autXML).max(10).nullish(),
  det: z
    .array(
      z.strictObject({
        nItem: z.number().int().min(1).max(999),
        prod: z.strictObject({
          xProd: str(1, 120),
          NCM: pattern(/^(\d{2}|\d{8})$/, '2 ou 8 dígitos'),
          qCom: z.number().positive(),
          vUnCom: num(),
          vProd: num(),
        }),
        infAdProd: optStr(1, 500),
      }),
    )
    .min(1)
    .max(999),
  total: z.strictObject({ vDC: num() }),
  transp: z.strictObject({ modTrans: intIn([0, 1, 2]), CNPJTransp: cnpj }),
  infAdic: z
    .strictObject({
      infAdFisco: optStr(1, 2000),
      infCpl: optStr(1, 5000),
      infAdMarketplace: optStr(1, 5000),
      infAdECT: optStr(1, 5000),
      obsEmit: obs,
      obsFisco: obs,
      obsMarketplace: obs,
      obsECT: obs,
    })
    .nullish(),
  infDec: z.strictObject({ xObs1: optStr(1, 2000), xObs2: optStr(1, 5000) }).nullish(),
});

/** The group naming who issues the DC-e must match tpEmit (0 Fisco, 1 Marketplace, 3 Transportadora, 4 ECT). */
const ISSUER_GROUP: Record<number, 'Fisco' | 'Marketplace' | 'Transportadora' | 'ECT' | null> = {
  0: 'Fisco',
  1: 'Marketplace',
  2: null,
  3: 'Transportadora',
  4: 'ECT',
};

export const dcePedidoEmissao = z.strictObject({
  infDCe: infDCe.superRefine((v, ctx) => {
    const expected = ISSUER_GROUP[v.ide.tpEmit];
    const present = (['Fisco', 'Marketplace', 'Transportadora', 'ECT'] as const).filter((k) => v[k]);
    if (expected ? present.length !== 1 || present[0] !== expected : present.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: [expected ?? present[0] ?? 'ide'],
        message: expected
          ? `com tpEmit ${v.ide.tpEmit} informe somente o grupo ${expected}`
          : 'com tpEmit 2 (emissor próprio) não informe Fisco, Marketplace, Transportadora nem ECT',
      });
    }
  }),
  // The description requires the group and makes `xSolic` nullable: generated SDKs send
  // `{ xSolic: null }` when there is no request to report.
  infSolicDCe: z.strictObject({ xSolic: z.string().max(2000).nullable() }).nullish(),
  ambiente,
  referencia,
});
export type DcePedidoEmissao = z.infer<typeof dcePedidoEmissao>;
/** POST /dce's body as a client writes it (what fiscal/payload builds). */
export type DcePedidoEmissaoInput = z.input<typeof dcePedidoEmissao>;
export type InfDCe = DcePedidoEmissao['infDCe'];

/** Who the key and the certificate belong to: the issuing group's CNPJ, or the emitter itself. */
export function dceIssuerDocument(inf: InfDCe): string {
  const group = ISSUER_GROUP[inf.ide.tpEmit];
  if (group) return inf[group]!.CNPJ;
  return (inf.emit.CNPJ ?? inf.emit.CPF)!;
}
