// Groups the three CT-e layouts (CTe, CTeOS, CTeSimp) write alike. Each layout passes its own
// elements for the places where its sequence differs, so the XSD order stays the builder's.
import type { CteFill } from './cte';
import { CTE_NS } from './ns';
import { autXmlXml, obsXml, respTecXml } from './parts';
import { dec, decRange, group, leaf } from './writer';
import { normalizeDateTime } from '../time';

export type XmlPart = string | undefined | null | false;

const v2 = (n: number | null | undefined) => dec(n, 2);

interface IdeCommon {
  cUF: number;
  CFOP: string;
  natOp: string;
  serie: number;
  nCT: number;
  tpImp: number;
  tpEmis: number;
  tpCTe: number;
  procEmi: number;
  verProc: string;
  cMunEnv: string;
  xMunEnv: string;
  UFEnv: string;
  modal: string;
  tpServ: number;
  dhCont?: string | null;
  xJust?: string | null;
  gCompraGov?: { tpEnteGov: number; pRedutor: number; tpOperGov: number } | null;
}

/** `<ide>`: the layout's own elements go after verProc and after tpServ. */
export function cteIdeXml(
  ide: IdeCommon,
  f: CteFill,
  mod: '57' | '67',
  own: { afterVerProc?: XmlPart[]; afterTpServ: XmlPart[] },
): string {
  const g = ide.gCompraGov;
  return group('ide', [
    leaf('cUF', ide.cUF),
    leaf('cCT', f.cCT),
    leaf('CFOP', ide.CFOP),
    leaf('natOp', ide.natOp),
    leaf('mod', mod),
    leaf('serie', ide.serie),
    leaf('nCT', ide.nCT),
    leaf('dhEmi', f.dhEmi),
    leaf('tpImp', ide.tpImp),
    leaf('tpEmis', ide.tpEmis),
    leaf('cDV', f.cDV),
    leaf('tpAmb', f.tpAmb),
    leaf('tpCTe', ide.tpCTe),
    leaf('procEmi', ide.procEmi),
    leaf('verProc', ide.verProc),
    ...(own.afterVerProc ?? []),
    leaf('cMunEnv', ide.cMunEnv),
    leaf('xMunEnv', ide.xMunEnv),
    leaf('UFEnv', ide.UFEnv),
    leaf('modal', ide.modal),
    leaf('tpServ', ide.tpServ),
    ...own.afterTpServ,
    // In TDateTimeUTC like dhEmi: a "Z" or fractional time is rewritten (time.ts), never sent as is.
    ide.dhCont && ide.xJust
      ? leaf('dhCont', normalizeDateTime(ide.dhCont).text) + leaf('xJust', ide.xJust)
      : '',
    g
      ? group('gCompraGov', [
          leaf('tpEnteGov', g.tpEnteGov),
          leaf('pRedutor', decRange(g.pRedutor, 2, 4)),
          leaf('tpOperGov', g.tpOperGov),
        ])
      : '',
  ]);
}

/** Where the service starts and ends, in CT-e and CT-e OS ide (optional in the latter). */
export function routeEndsXml(ide: {
  cMunIni?: string | null;
  xMunIni?: string | null;
  UFIni?: string | null;
  cMunFim?: string | null;
  xMunFim?: string | null;
  UFFim?: string | null;
}): string[] {
  return [
    leaf('cMunIni', ide.cMunIni),
    leaf('xMunIni', ide.xMunIni),
    leaf('UFIni', ide.UFIni),
    leaf('cMunFim', ide.cMunFim),
    leaf('xMunFim', ide.xMunFim),
    leaf('UFFim', ide.UFFim),
  ];
}

interface ComplCommon {
  xCaracAd?: string | null;
  xCaracSer?: string | null;
  xObs?: string | null;
  ObsCont?: ReadonlyArray<{ xCampo: string; xTexto: string }> | null;
  ObsFisco?: ReadonlyArray<{ xCampo: string; xTexto: string }> | null;
}

/** `<compl>`: the layout's own elements go between xCaracSer and xObs. */
export function cteComplXml(c: ComplCommon | null | undefined, own: XmlPart[]): string {
  if (!c) return '';
  return group('compl', [
    leaf('xCaracAd', c.xCaracAd),
    leaf('xCaracSer', c.xCaracSer),
    ...own,
    leaf('xObs', c.xObs),
    ...obsXml('ObsCont', c.ObsCont),
    ...obsXml('ObsFisco', c.ObsFisco),
  ]);
}

/** compl/fluxo (CT-e and CT-e Simplificado); a pass without xPass is still written, as the XSD allows. */
export function fluxoXml(
  f:
    | {
        xOrig?: string | null;
        pass?: ReadonlyArray<{ xPass?: string | null }> | null;
        xDest?: string | null;
        xRota?: string | null;
      }
    | null
    | undefined,
): string {
  if (!f) return '';
  return group('fluxo', [
    leaf('xOrig', f.xOrig),
    ...(f.pass ?? []).map((p) => group('pass', [leaf('xPass', p.xPass)], undefined, true)),
    leaf('xDest', f.xDest),
    leaf('xRota', f.xRota),
  ]);
}

/** The service's components (vPrest/Comp, det/Comp). */
export function compXml(list: ReadonlyArray<{ xNome: string; vComp: number }> | null | undefined): string[] {
  return (list ?? []).map((c) => group('Comp', [leaf('xNome', c.xNome), leaf('vComp', v2(c.vComp))]));
}

export function infCteSubXml(s: { chCte: string; indAlteraToma?: number | null } | null | undefined): string {
  if (!s) return '';
  return group('infCteSub', [leaf('chCte', s.chCte), leaf('indAlteraToma', s.indAlteraToma)]);
}

/** The last groups of infCte: who may download the XML, the technical contact and (CT-e, CT-e
 *  Simplificado) the Nota Fiscal Fácil request. */
export function cteClosingXml(inf: {
  autXML?: Parameters<typeof autXmlXml>[0];
  infRespTec?: Parameters<typeof respTecXml>[0];
  infSolicNFF?: { xSolic: string } | null;
}): string[] {
  return [
    ...autXmlXml(inf.autXML),
    respTecXml(inf.infRespTec),
    inf.infSolicNFF ? group('infSolicNFF', [leaf('xSolic', inf.infSolicNFF.xSolic)]) : '',
  ];
}

export function infCteCompXml(list: ReadonlyArray<{ chCTe: string }> | null | undefined): string[] {
  return (list ?? []).map((c) => group('infCteComp', [leaf('chCTe', c.chCTe)]));
}

/** The document root with infCte and infCTeSupl, unsigned (the signature goes after infCTeSupl). */
export function cteRootXml(root: 'CTe' | 'CTeOS' | 'CTeSimp', f: CteFill, infCte: XmlPart[]): string {
  const body = group('infCte', infCte, { versao: '4.00', Id: `CTe${f.chave}` });
  const supl = group('infCTeSupl', [leaf('qrCodCTe', f.qrCode)]);
  // TCTeOS also carries the layout version on the root element.
  const versao = root === 'CTeOS' ? ' versao="4.00"' : '';
  return `<${root} xmlns="${CTE_NS}"${versao}>${body}${supl}</${root}>`;
}
