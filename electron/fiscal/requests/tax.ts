// ICMS situations and the IBS/CBS group (tax reform), shared by CT-e and CT-e OS.
import { z } from 'zod';
import { exactlyOne, num, optNum, optStr, pattern } from './common';

const cBenef = optStr(0, 10);
const cst = (values: readonly [string, ...string[]]) => z.enum(values);

export const icms = z
  .strictObject({
    ICMS00: z.strictObject({ CST: cst(['00']), vBC: num(), pICMS: num(), vICMS: num() }).nullish(),
    ICMS20: z
      .strictObject({
        CST: cst(['20']),
        pRedBC: num(),
        vBC: num(),
        pICMS: num(),
        vICMS: num(),
        vICMSDeson: optNum(),
        cBenef,
      })
      .nullish(),
    ICMS45: z.strictObject({ CST: cst(['40', '41', '51']), vICMSDeson: optNum(), cBenef }).nullish(),
    ICMS60: z
      .strictObject({
        CST: cst(['60']),
        vBCSTRet: num(),
        vICMSSTRet: num(),
        pICMSSTRet: num(),
        vCred: optNum(),
        vICMSDeson: optNum(),
        cBenef,
      })
      .nullish(),
    ICMS90: z
      .strictObject({
        CST: cst(['90']),
        pRedBC: optNum(),
        vBC: num(),
        pICMS: num(),
        vICMS: num(),
        vCred: optNum(),
        vICMSDeson: optNum(),
        cBenef,
      })
      .nullish(),
    ICMSOutraUF: z
      .strictObject({
        CST: cst(['90']),
        pRedBCOutraUF: optNum(),
        vBCOutraUF: num(),
        pICMSOutraUF: num(),
        vICMSOutraUF: num(),
        vICMSDeson: optNum(),
        cBenef,
      })
      .nullish(),
    ICMSSN: z.strictObject({ CST: cst(['90']), indSN: z.literal(1) }).nullish(),
  })
  .superRefine(
    exactlyOne(['ICMS00', 'ICMS20', 'ICMS45', 'ICMS60', 'ICMS90', 'ICMSOutraUF', 'ICMSSN'], 'ICMS'),
  );
export type Icms = z.infer<typeof icms>;

export const icmsUFFim = z.strictObject({
  vBCUFFim: num(),
  pFCPUFFim: num(),
  pICMSUFFim: num(),
  pICMSInter: num(),
  vFCPUFFim: num(),
  vICMSUFFim: num(),
  vICMSUFIni: num(),
});

const dif = z.strictObject({ pDif: num(), vDif: num() }).nullish();
const devTrib = z.strictObject({ pDevTrib: optNum(), vDevTrib: num() }).nullish();
const red = z.strictObject({ pRedAliq: num(), pAliqEfet: num() }).nullish();

export const ibscbs = z.strictObject({
  CST: pattern(/^\d{3}$/, '3 dígitos'),
  cClassTrib: pattern(/^\d{6}$/, '6 dígitos'),
  indDoacao: z.literal(1).nullish(),
  gIBSCBS: z
    .strictObject({
      vBC: num(),
      gIBSUF: z.strictObject({ pIBSUF: num(), gDif: dif, gDevTrib: devTrib, gRed: red, vIBSUF: num() }),
      gIBSMun: z.strictObject({ pIBSMun: num(), gDif: dif, gDevTrib: devTrib, gRed: red, vIBSMun: num() }),
      vIBS: optNum(),
      gCBS: z.strictObject({ pCBS: num(), gDif: dif, gDevTrib: devTrib, gRed: red, vCBS: num() }),
      gTribRegular: z
        .strictObject({
          CSTReg: pattern(/^\d{3}$/, '3 dígitos'),
          cClassTribReg: pattern(/^\d{6}$/, '6 dígitos'),
          pAliqEfetRegIBSUF: num(),
          vTribRegIBSUF: num(),
          pAliqEfetRegIBSMun: num(),
          vTribRegIBSMun: num(),
          pAliqEfetRegCBS: num(),
          vTribRegCBS: num(),
        })
        .nullish(),
      gTribCompraGov: z
        .strictObject({
          pAliqIBSUF: num(),
          vTribIBSUF: num(),
          pAliqIBSMun: num(),
          vTribIBSMun: num(),
          pAliqCBS: num(),
          vTribCBS: num(),
        })
        .nullish(),
    })
    .nullish(),
  gEstornoCred: z.strictObject({ vIBSEstCred: num(), vCBSEstCred: num() }).nullish(),
});
export type IbsCbs = z.infer<typeof ibscbs>;

export const gCompraGov = z.strictObject({
  tpEnteGov: z.number().int().min(1).max(6),
  pRedutor: num(),
  tpOperGov: z.number().int().min(1).max(4),
});
