// CTeOS 4.00 (modal rodoviário) in the element order of cteOS_v4.00.xsd / TCTeOS.
import type { InfCteOS } from '../../../fiscal/requests/cteos';
import { emitXml, vPrestXml, type CteFill } from './cte';
import { cobrXml } from './cte-norm';
import {
  cteClosingXml,
  cteComplXml,
  cteIdeXml,
  cteRootXml,
  infCteCompXml,
  infCteSubXml,
  routeEndsXml,
} from './cte-parts';
import { documentXml, partyXml } from './parts';
import { impXml } from './tax';
import { dec, group, leaf } from './writer';

const v2 = (n: number | null | undefined) => dec(n, 2);

function ideXml(ide: InfCteOS['ide'], f: CteFill): string {
  return cteIdeXml(ide, f, '67', {
    afterTpServ: [
      leaf('indIEToma', ide.indIEToma),
      ...routeEndsXml(ide),
      ...(ide.infPercurso ?? []).map((p) => group('infPercurso', [leaf('UFPer', p.UFPer)])),
    ],
  });
}

type Norm = NonNullable<InfCteOS['infCTeNorm']>;
function rodoOSXml(r: NonNullable<Norm['infModal']>['rodoOS']): string {
  const v = r.veic;
  const p = v?.prop;
  return group('rodoOS', [
    r.TAF ? leaf('TAF', r.TAF) : leaf('NroRegEstadual', r.NroRegEstadual),
    v &&
      group('veic', [
        leaf('placa', v.placa),
        leaf('RENAVAM', v.RENAVAM),
        p &&
          group('prop', [
            documentXml(p),
            p.TAF ? leaf('TAF', p.TAF) : leaf('NroRegEstadual', p.NroRegEstadual),
            leaf('xNome', p.xNome),
            p.IE && p.UF ? leaf('IE', p.IE) + leaf('UF', p.UF) : '',
            leaf('tpProp', p.tpProp),
          ]),
        leaf('UF', v.UF),
      ]),
    r.infFretamento &&
      group('infFretamento', [
        leaf('tpFretamento', r.infFretamento.tpFretamento),
        leaf('dhViagem', r.infFretamento.dhViagem),
      ]),
  ]);
}

function normXml(n: Norm): string {
  return group('infCTeNorm', [
    group('infServico', [
      leaf('xDescServ', n.infServico.xDescServ),
      n.infServico.infQ && group('infQ', [leaf('qCarga', dec(n.infServico.infQ.qCarga, 4))]),
    ]),
    ...(n.infDocRef ?? []).map((d) =>
      group(
        'infDocRef',
        d.chBPe
          ? [leaf('chBPe', d.chBPe)]
          : [
              leaf('nDoc', d.nDoc),
              leaf('serie', d.serie),
              leaf('subserie', d.subserie),
              leaf('dEmi', d.dEmi),
              leaf('vDoc', v2(d.vDoc)),
            ],
      ),
    ),
    ...(n.seg ?? []).map((s) =>
      group('seg', [leaf('respSeg', s.respSeg), leaf('xSeg', s.xSeg), leaf('nApol', s.nApol)]),
    ),
    n.infModal && group('infModal', [rodoOSXml(n.infModal.rodoOS)], { versaoModal: n.infModal.versaoModal }),
    infCteSubXml(n.infCteSub),
    leaf('refCTeCanc', n.refCTeCanc),
    cobrXml(n.cobr),
    ...(n.infGTVe ?? []).map((g) =>
      group('infGTVe', [
        leaf('chCTe', g.chCTe),
        ...g.Comp.map((c) =>
          group('Comp', [leaf('tpComp', c.tpComp), leaf('vComp', v2(c.vComp)), leaf('xComp', c.xComp)]),
        ),
      ]),
    ),
  ]);
}

export function buildCteOSXml(inf: InfCteOS, f: CteFill): string {
  const t = inf.toma;
  return cteRootXml('CTeOS', f, [
    ideXml(inf.ide, f),
    cteComplXml(inf.compl, [leaf('xEmi', inf.compl?.xEmi)]),
    emitXml(f.emit, false),
    partyXml('toma', t, 'enderToma', t?.enderToma, { xFant: t?.xFant }),
    vPrestXml(inf.vPrest),
    impXml(inf.imp),
    inf.infCTeNorm ? normXml(inf.infCTeNorm) : '',
    ...infCteCompXml(inf.infCteComp),
    ...cteClosingXml(inf),
  ]);
}
