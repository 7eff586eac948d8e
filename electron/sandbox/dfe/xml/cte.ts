// CTe 4.00 (modal rodoviário) in the element order of cte_v4.00.xsd / cteTiposBasico TCTe.
// The JSON key order is irrelevant: every group is written in the XSD sequence.
import type { Endereco } from '../schemas/common';
import type { EmitCte, InfCte } from '../schemas/cte';
import { autXmlXml, documentXml, enderecoXml, obsXml, respTecXml } from './parts';
import { ibscbsXml, icmsUFFimXml, icmsXml } from './tax';
import { cobrXml, infDocXml, rodoXml, type Norm } from './cte-norm';
import { dec, decOpc, decRange, group, leaf } from './writer';

export const CTE_NS = 'http://www.portalfiscal.inf.br/cte';

export type ResolvedEmit = EmitCte & {
  xNome: string;
  enderEmit: NonNullable<EmitCte['enderEmit']>;
  CRT: number;
};

/** What the authority side decides: key parts, environment, normalized emission time. */
export interface CteFill {
  chave: string;
  cCT: string;
  cDV: number;
  tpAmb: 1 | 2;
  dhEmi: string;
  emit: ResolvedEmit;
  qrCode: string;
}

const v2 = (n: number | null | undefined) => dec(n, 2);

function ideXml(ide: InfCte['ide'], f: CteFill, mod: string): string {
  const toma = ide.toma3
    ? group('toma3', [leaf('toma', ide.toma3.toma)])
    : ide.toma4
      ? group('toma4', [
          leaf('toma', 4),
          documentXml(ide.toma4),
          leaf('IE', ide.toma4.IE),
          leaf('xNome', ide.toma4.xNome),
          leaf('xFant', ide.toma4.xFant),
          leaf('fone', ide.toma4.fone),
          enderecoXml('enderToma', ide.toma4.enderToma),
          leaf('email', ide.toma4.email),
        ])
      : '';
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
    leaf('indGlobalizado', ide.indGlobalizado),
    leaf('cMunEnv', ide.cMunEnv),
    leaf('xMunEnv', ide.xMunEnv),
    leaf('UFEnv', ide.UFEnv),
    leaf('modal', ide.modal),
    leaf('tpServ', ide.tpServ),
    leaf('cMunIni', ide.cMunIni),
    leaf('xMunIni', ide.xMunIni),
    leaf('UFIni', ide.UFIni),
    leaf('cMunFim', ide.cMunFim),
    leaf('xMunFim', ide.xMunFim),
    leaf('UFFim', ide.UFFim),
    leaf('retira', ide.retira),
    leaf('xDetRetira', ide.xDetRetira),
    leaf('indIEToma', ide.indIEToma),
    toma,
    ide.dhCont && ide.xJust ? leaf('dhCont', ide.dhCont) + leaf('xJust', ide.xJust) : '',
    gCompraGovXml(ide.gCompraGov),
  ]);
}

export function gCompraGovXml(
  g: { tpEnteGov: number; pRedutor: number; tpOperGov: number } | null | undefined,
): string {
  if (!g) return '';
  return group('gCompraGov', [
    leaf('tpEnteGov', g.tpEnteGov),
    leaf('pRedutor', decRange(g.pRedutor, 2, 4)),
    leaf('tpOperGov', g.tpOperGov),
  ]);
}

function complXml(c: InfCte['compl']): string {
  if (!c) return '';
  const e = c.Entrega;
  const entrega = e
    ? group('Entrega', [
        e.semData && group('semData', [leaf('tpPer', 0)]),
        e.comData && group('comData', [leaf('tpPer', e.comData.tpPer), leaf('dProg', e.comData.dProg)]),
        e.noPeriodo &&
          group('noPeriodo', [
            leaf('tpPer', 4),
            leaf('dIni', e.noPeriodo.dIni),
            leaf('dFim', e.noPeriodo.dFim),
          ]),
        e.semHora && group('semHora', [leaf('tpHor', 0)]),
        e.comHora && group('comHora', [leaf('tpHor', e.comHora.tpHor), leaf('hProg', e.comHora.hProg)]),
        e.noInter &&
          group('noInter', [leaf('tpHor', 4), leaf('hIni', e.noInter.hIni), leaf('hFim', e.noInter.hFim)]),
      ])
    : '';
  return group('compl', [
    leaf('xCaracAd', c.xCaracAd),
    leaf('xCaracSer', c.xCaracSer),
    leaf('xEmi', c.xEmi),
    c.fluxo &&
      group('fluxo', [
        leaf('xOrig', c.fluxo.xOrig),
        ...(c.fluxo.pass ?? []).map((p) => group('pass', [leaf('xPass', p.xPass)], undefined, true)),
        leaf('xDest', c.fluxo.xDest),
        leaf('xRota', c.fluxo.xRota),
      ]),
    entrega,
    leaf('origCalc', c.origCalc),
    leaf('destCalc', c.destCalc),
    leaf('xObs', c.xObs),
    ...obsXml('ObsCont', c.ObsCont),
    ...obsXml('ObsFisco', c.ObsFisco),
  ]);
}

export function emitXml(e: ResolvedEmit, withCpf: boolean): string {
  const a = e.enderEmit;
  return group('emit', [
    withCpf ? documentXml(e) : leaf('CNPJ', e.CNPJ),
    leaf('IE', e.IE),
    leaf('IEST', e.IEST),
    leaf('xNome', e.xNome),
    leaf('xFant', e.xFant),
    group('enderEmit', [
      leaf('xLgr', a.xLgr),
      leaf('nro', a.nro),
      leaf('xCpl', a.xCpl),
      leaf('xBairro', a.xBairro),
      leaf('cMun', a.cMun),
      leaf('xMun', a.xMun),
      leaf('CEP', a.CEP),
      leaf('UF', a.UF),
      leaf('fone', a.fone),
    ]),
    leaf('CRT', e.CRT),
  ]);
}

type Party = {
  CNPJ?: string | null;
  CPF?: string | null;
  IE?: string | null;
  xNome: string;
  fone?: string | null;
  email?: string | null;
};
function partyXml(
  name: string,
  p: Party | null | undefined,
  enderName: string,
  ender: Endereco | undefined,
  xFant?: string | null,
  isuf?: string | null,
): string {
  if (!p || !ender) return '';
  return group(name, [
    documentXml(p),
    leaf('IE', p.IE),
    leaf('xNome', p.xNome),
    leaf('xFant', xFant),
    leaf('fone', p.fone),
    leaf('ISUF', isuf),
    enderecoXml(enderName, ender),
    leaf('email', p.email),
  ]);
}

export function vPrestXml(v: InfCte['vPrest']): string {
  return group('vPrest', [
    leaf('vTPrest', v2(v.vTPrest)),
    leaf('vRec', v2(v.vRec)),
    ...(v.Comp ?? []).map((c) => group('Comp', [leaf('xNome', c.xNome), leaf('vComp', v2(c.vComp))])),
  ]);
}

function impXml(i: InfCte['imp']): string {
  return group('imp', [
    icmsXml(i.ICMS),
    leaf('vTotTrib', v2(i.vTotTrib)),
    leaf('infAdFisco', i.infAdFisco),
    icmsUFFimXml(i.ICMSUFFim),
    ibscbsXml(i.IBSCBS),
    leaf('vTotDFe', v2(i.vTotDFe)),
  ]);
}

function normXml(n: Norm): string {
  const carga = n.infCarga;
  return group('infCTeNorm', [
    group('infCarga', [
      leaf('vCarga', v2(carga.vCarga)),
      leaf('proPred', carga.proPred),
      leaf('xOutCat', carga.xOutCat),
      ...carga.infQ.map((q) =>
        group('infQ', [leaf('cUnid', q.cUnid), leaf('tpMed', q.tpMed), leaf('qCarga', dec(q.qCarga, 4))]),
      ),
      leaf('vCargaAverb', decOpc(carga.vCargaAverb, 2)),
    ]),
    infDocXml(n.infDoc),
    group('infModal', [rodoXml(n.infModal.rodo)], { versaoModal: n.infModal.versaoModal }),
    cobrXml(n.cobr),
    n.infCteSub &&
      group('infCteSub', [
        leaf('chCte', n.infCteSub.chCte),
        leaf('indAlteraToma', n.infCteSub.indAlteraToma),
      ]),
    n.infGlobalizado && group('infGlobalizado', [leaf('xObs', n.infGlobalizado.xObs)]),
  ]);
}

/** `<CTe>` with infCte and infCTeSupl, unsigned (the signature goes after infCTeSupl). */
export function buildCteXml(inf: InfCte, f: CteFill): string {
  const infCte = group(
    'infCte',
    [
      ideXml(inf.ide, f, '57'),
      complXml(inf.compl),
      emitXml(f.emit, true),
      partyXml('rem', inf.rem, 'enderReme', inf.rem?.enderReme, inf.rem?.xFant),
      partyXml('exped', inf.exped, 'enderExped', inf.exped?.enderExped),
      partyXml('receb', inf.receb, 'enderReceb', inf.receb?.enderReceb),
      partyXml('dest', inf.dest, 'enderDest', inf.dest?.enderDest, undefined, inf.dest?.ISUF),
      vPrestXml(inf.vPrest),
      impXml(inf.imp),
      inf.infCTeNorm ? normXml(inf.infCTeNorm) : '',
      ...(inf.infCteComp ?? []).map((c) => group('infCteComp', [leaf('chCTe', c.chCTe)])),
      ...autXmlXml(inf.autXML),
      respTecXml(inf.infRespTec),
    ],
    { versao: '4.00', Id: `CTe${f.chave}` },
  );
  const supl = group('infCTeSupl', [leaf('qrCodCTe', f.qrCode)]);
  return `<CTe xmlns="${CTE_NS}">${infCte}${supl}</CTe>`;
}
