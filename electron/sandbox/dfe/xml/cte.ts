// CTe 4.00 (modal rodoviário) in the element order of cte_v4.00.xsd / cteTiposBasico TCTe.
// The JSON key order is irrelevant: every group is written in the XSD sequence.
import type { EmitCte, InfCte } from '../../../fiscal/requests/cte';
import {
  cobrXml,
  docAntXml,
  infCargaXml,
  infDocXml,
  infServVincXml,
  rodoXml,
  veicNovosXml,
  type Norm,
} from './cte-norm';
import {
  compXml,
  cteClosingXml,
  cteComplXml,
  cteIdeXml,
  cteRootXml,
  fluxoXml,
  infCteCompXml,
  infCteSubXml,
  routeEndsXml,
} from './cte-parts';
import { documentXml, logradouroXml, partyXml } from './parts';
import { impXml } from './tax';
import { dec, group, leaf } from './writer';

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

function ideXml(ide: InfCte['ide'], f: CteFill): string {
  const t4 = ide.toma4;
  const toma = ide.toma3
    ? group('toma3', [leaf('toma', ide.toma3.toma)])
    : partyXml('toma4', t4, 'enderToma', t4?.enderToma, { xFant: t4?.xFant, lead: leaf('toma', 4) });
  return cteIdeXml(ide, f, '57', {
    afterVerProc: [leaf('indGlobalizado', ide.indGlobalizado)],
    afterTpServ: [
      ...routeEndsXml(ide),
      leaf('retira', ide.retira),
      leaf('xDetRetira', ide.xDetRetira),
      leaf('indIEToma', ide.indIEToma),
      toma,
    ],
  });
}

function complXml(c: InfCte['compl']): string {
  const e = c?.Entrega;
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
  return cteComplXml(c, [
    leaf('xEmi', c?.xEmi),
    fluxoXml(c?.fluxo),
    entrega,
    leaf('origCalc', c?.origCalc),
    leaf('destCalc', c?.destCalc),
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
    group('enderEmit', [...logradouroXml(a), leaf('CEP', a.CEP), leaf('UF', a.UF), leaf('fone', a.fone)]),
    leaf('CRT', e.CRT),
  ]);
}

export function vPrestXml(v: InfCte['vPrest']): string {
  return group('vPrest', [leaf('vTPrest', v2(v.vTPrest)), leaf('vRec', v2(v.vRec)), ...compXml(v.Comp)]);
}

function normXml(n: Norm): string {
  return group('infCTeNorm', [
    infCargaXml(n.infCarga),
    infDocXml(n.infDoc),
    docAntXml(n.docAnt),
    group('infModal', [rodoXml(n.infModal.rodo)], { versaoModal: n.infModal.versaoModal }),
    ...veicNovosXml(n.veicNovos),
    cobrXml(n.cobr),
    infCteSubXml(n.infCteSub),
    n.infGlobalizado && group('infGlobalizado', [leaf('xObs', n.infGlobalizado.xObs)]),
    infServVincXml(n.infServVinc),
  ]);
}

/** `<CTe>` with infCte and infCTeSupl, unsigned (the signature goes after infCTeSupl). */
export function buildCteXml(inf: InfCte, f: CteFill): string {
  return cteRootXml('CTe', f, [
    ideXml(inf.ide, f),
    complXml(inf.compl),
    emitXml(f.emit, true),
    partyXml('rem', inf.rem, 'enderReme', inf.rem?.enderReme, { xFant: inf.rem?.xFant }),
    partyXml('exped', inf.exped, 'enderExped', inf.exped?.enderExped),
    partyXml('receb', inf.receb, 'enderReceb', inf.receb?.enderReceb),
    partyXml('dest', inf.dest, 'enderDest', inf.dest?.enderDest, { ISUF: inf.dest?.ISUF }),
    vPrestXml(inf.vPrest),
    impXml(inf.imp),
    inf.infCTeNorm ? normXml(inf.infCTeNorm) : '',
    ...infCteCompXml(inf.infCteComp),
    ...cteClosingXml(inf),
  ]);
}
