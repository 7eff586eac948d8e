// imp/ICMS and imp/IBSCBS in schema order (cteTiposBasico TImp / DFeTiposBasicos TTribCTe).
import type { z } from 'zod';
import type { IbsCbs, Icms, icmsUFFim } from '../../../fiscal/requests/tax';
import { dec, decOpc, decRange, group, leaf } from './writer';

const v2 = (n: number | null | undefined) => dec(n, 2);
const p4 = (n: number | null | undefined) => decRange(n, 2, 4);

/** The rate sequence the ICMS groups share: pRedBC, vBC, pICMS, vICMS (with an OutraUF suffix there). */
function rateXml(
  suffix: '' | 'OutraUF',
  r: { pRedBC?: number | null; vBC: number; pICMS: number; vICMS: number },
): string[] {
  return [
    leaf(`pRedBC${suffix}`, decOpc(r.pRedBC, 2)),
    leaf(`vBC${suffix}`, v2(r.vBC)),
    leaf(`pICMS${suffix}`, v2(r.pICMS)),
    leaf(`vICMS${suffix}`, v2(r.vICMS)),
  ];
}

export function icmsXml(icms: Icms): string {
  const deson = (g: { vICMSDeson?: number | null; cBenef?: string | null }) =>
    g.vICMSDeson != null && g.cBenef ? [leaf('vICMSDeson', v2(g.vICMSDeson)), leaf('cBenef', g.cBenef)] : [];
  let inner = '';
  if (icms.ICMS00) {
    // ICMS00 has no pRedBC, so rateXml leaves it out.
    inner = group('ICMS00', [leaf('CST', icms.ICMS00.CST), ...rateXml('', icms.ICMS00)]);
  } else if (icms.ICMS20) {
    const g = icms.ICMS20;
    inner = group('ICMS20', [leaf('CST', g.CST), ...rateXml('', g), ...deson(g)]);
  } else if (icms.ICMS45) {
    inner = group('ICMS45', [leaf('CST', icms.ICMS45.CST), ...deson(icms.ICMS45)]);
  } else if (icms.ICMS60) {
    const g = icms.ICMS60;
    inner = group('ICMS60', [
      leaf('CST', g.CST),
      leaf('vBCSTRet', v2(g.vBCSTRet)),
      leaf('vICMSSTRet', v2(g.vICMSSTRet)),
      leaf('pICMSSTRet', v2(g.pICMSSTRet)),
      leaf('vCred', v2(g.vCred)),
      ...deson(g),
    ]);
  } else if (icms.ICMS90) {
    const g = icms.ICMS90;
    inner = group('ICMS90', [leaf('CST', g.CST), ...rateXml('', g), leaf('vCred', v2(g.vCred)), ...deson(g)]);
  } else if (icms.ICMSOutraUF) {
    const g = icms.ICMSOutraUF;
    inner = group('ICMSOutraUF', [
      leaf('CST', g.CST),
      ...rateXml('OutraUF', {
        pRedBC: g.pRedBCOutraUF,
        vBC: g.vBCOutraUF,
        pICMS: g.pICMSOutraUF,
        vICMS: g.vICMSOutraUF,
      }),
      ...deson(g),
    ]);
  } else if (icms.ICMSSN) {
    inner = group('ICMSSN', [leaf('CST', icms.ICMSSN.CST), leaf('indSN', icms.ICMSSN.indSN)]);
  }
  return group('ICMS', [inner]);
}

/** `<imp>` of the three CT-e layouts (infTribFed is the CT-e OS's, vTotDFe not the CT-e Simplificado's). */
export function impXml(i: {
  ICMS: Icms;
  vTotTrib?: number | null;
  infAdFisco?: string | null;
  ICMSUFFim?: z.infer<typeof icmsUFFim> | null;
  infTribFed?: {
    vPIS?: number | null;
    vCOFINS?: number | null;
    vIR?: number | null;
    vINSS?: number | null;
    vCSLL?: number | null;
  } | null;
  IBSCBS?: IbsCbs | null;
  vTotDFe?: number | null;
}): string {
  const fed = i.infTribFed;
  return group('imp', [
    icmsXml(i.ICMS),
    leaf('vTotTrib', v2(i.vTotTrib)),
    leaf('infAdFisco', i.infAdFisco),
    icmsUFFimXml(i.ICMSUFFim),
    fed &&
      group('infTribFed', [
        leaf('vPIS', v2(fed.vPIS)),
        leaf('vCOFINS', v2(fed.vCOFINS)),
        leaf('vIR', v2(fed.vIR)),
        leaf('vINSS', v2(fed.vINSS)),
        leaf('vCSLL', v2(fed.vCSLL)),
      ]),
    ibscbsXml(i.IBSCBS),
    leaf('vTotDFe', v2(i.vTotDFe)),
  ]);
}

export function icmsUFFimXml(g: z.infer<typeof icmsUFFim> | null | undefined): string {
  if (!g) return '';
  return group('ICMSUFFim', [
    leaf('vBCUFFim', v2(g.vBCUFFim)),
    leaf('pFCPUFFim', v2(g.pFCPUFFim)),
    leaf('pICMSUFFim', v2(g.pICMSUFFim)),
    leaf('pICMSInter', v2(g.pICMSInter)),
    leaf('vFCPUFFim', v2(g.vFCPUFFim)),
    leaf('vICMSUFFim', v2(g.vICMSUFFim)),
    leaf('vICMSUFIni', v2(g.vICMSUFIni)),
  ]);
}

type Rate = {
  gDif?: { pDif: number; vDif: number } | null;
  gDevTrib?: { pDevTrib?: number | null; vDevTrib: number } | null;
  gRed?: { pRedAliq: number; pAliqEfet: number } | null;
};
/** gIBSUF, gIBSMun, gCBS: the rate, the optional deferral/refund/reduction groups, the value. */
function tribXml(tax: 'IBSUF' | 'IBSMun' | 'CBS', rate: number, g: Rate, value: number): string {
  return group(`g${tax}`, [leaf(`p${tax}`, p4(rate)), ...rateParts(g), leaf(`v${tax}`, v2(value))]);
}

function rateParts(g: Rate): string[] {
  return [
    g.gDif ? group('gDif', [leaf('pDif', p4(g.gDif.pDif)), leaf('vDif', v2(g.gDif.vDif))]) : '',
    g.gDevTrib
      ? group('gDevTrib', [
          leaf('pDevTrib', p4(g.gDevTrib.pDevTrib)),
          leaf('vDevTrib', v2(g.gDevTrib.vDevTrib)),
        ])
      : '',
    g.gRed
      ? group('gRed', [leaf('pRedAliq', p4(g.gRed.pRedAliq)), leaf('pAliqEfet', p4(g.gRed.pAliqEfet))])
      : '',
  ];
}

const TAXES = ['IBSUF', 'IBSMun', 'CBS'] as const;
type Tax = (typeof TAXES)[number];

/** A rate and a value for each of IBSUF, IBSMun and CBS, named prefix + tax (gTribRegular, gTribCompraGov). */
function ratePairsXml<R extends string, V extends string>(
  g: Record<`${R}${Tax}` | `${V}${Tax}`, number>,
  rate: R,
  value: V,
): string[] {
  return TAXES.flatMap((tax) => [
    leaf(`${rate}${tax}`, p4(g[`${rate}${tax}`])),
    leaf(`${value}${tax}`, v2(g[`${value}${tax}`])),
  ]);
}

export function ibscbsXml(t: IbsCbs | null | undefined): string {
  if (!t) return '';
  const g = t.gIBSCBS;
  const vIBS = g ? (g.vIBS ?? g.gIBSUF.vIBSUF + g.gIBSMun.vIBSMun) : 0;
  return group('IBSCBS', [
    leaf('CST', t.CST),
    leaf('cClassTrib', t.cClassTrib),
    leaf('indDoacao', t.indDoacao),
    g &&
      group('gIBSCBS', [
        leaf('vBC', v2(g.vBC)),
        tribXml('IBSUF', g.gIBSUF.pIBSUF, g.gIBSUF, g.gIBSUF.vIBSUF),
        tribXml('IBSMun', g.gIBSMun.pIBSMun, g.gIBSMun, g.gIBSMun.vIBSMun),
        leaf('vIBS', v2(vIBS)),
        tribXml('CBS', g.gCBS.pCBS, g.gCBS, g.gCBS.vCBS),
        g.gTribRegular &&
          group('gTribRegular', [
            leaf('CSTReg', g.gTribRegular.CSTReg),
            leaf('cClassTribReg', g.gTribRegular.cClassTribReg),
            ...ratePairsXml(g.gTribRegular, 'pAliqEfetReg', 'vTribReg'),
          ]),
        g.gTribCompraGov && group('gTribCompraGov', ratePairsXml(g.gTribCompraGov, 'pAliq', 'vTrib')),
      ]),
    t.gEstornoCred &&
      group('gEstornoCred', [
        leaf('vIBSEstCred', v2(t.gEstornoCred.vIBSEstCred)),
        leaf('vCBSEstCred', v2(t.gEstornoCred.vCBSEstCred)),
      ]),
  ]);
}
