// CTeSimp 4.00 (modal rodoviário) in the element order of cteSimp_v4.00.xsd / TCTeSimp.
import type { InfCteSimp } from '../../../fiscal/requests/cte-simp';
import { emitXml, type CteFill } from './cte';
import { cobrXml, infCargaXml, nfDeliveryXml, rodoXml } from './cte-norm';
import {
  compXml,
  cteClosingXml,
  cteComplXml,
  cteIdeXml,
  cteRootXml,
  fluxoXml,
  infCteSubXml,
} from './cte-parts';
import { documentXml, enderecoXml } from './parts';
import { impXml } from './tax';
import { dec, group, leaf } from './writer';

const v2 = (n: number | null | undefined) => dec(n, 2);

function ideXml(ide: InfCteSimp['ide'], f: CteFill): string {
  return cteIdeXml(ide, f, '57', {
    afterTpServ: [
      leaf('UFIni', ide.UFIni),
      leaf('UFFim', ide.UFFim),
      leaf('retira', ide.retira),
      leaf('xDetRetira', ide.xDetRetira),
    ],
  });
}

function detXml(d: InfCteSimp['det'][number]): string {
  return group(
    'det',
    [
      leaf('cMunIni', d.cMunIni),
      leaf('xMunIni', d.xMunIni),
      leaf('cMunFim', d.cMunFim),
      leaf('xMunFim', d.xMunFim),
      leaf('vPrest', v2(d.vPrest)),
      leaf('vRec', v2(d.vRec)),
      ...compXml(d.Comp),
      ...(d.infNFe ?? []).map((n) => group('infNFe', [leaf('chNFe', n.chNFe), ...nfDeliveryXml(n)])),
      ...(d.infDocAnt ?? []).map((a) =>
        group('infDocAnt', [
          leaf('chCTe', a.chCTe),
          leaf('tpPrest', a.tpPrest),
          ...(a.infNFeTranspParcial ?? []).map((p) => group('infNFeTranspParcial', [leaf('chNFe', p.chNFe)])),
        ]),
      ),
    ],
    { nItem: d.nItem },
  );
}

export function buildCteSimpXml(inf: InfCteSimp, f: CteFill): string {
  const t = inf.toma;
  return cteRootXml('CTeSimp', f, [
    ideXml(inf.ide, f),
    cteComplXml(inf.compl, [fluxoXml(inf.compl?.fluxo)]),
    emitXml(f.emit, true),
    // Unlike the other parties, ISUF comes before fone here (TCTeSimp toma).
    group('toma', [
      leaf('toma', t.toma),
      leaf('indIEToma', t.indIEToma),
      documentXml(t),
      leaf('IE', t.IE),
      leaf('xNome', t.xNome),
      leaf('ISUF', t.ISUF),
      leaf('fone', t.fone),
      enderecoXml('enderToma', t.enderToma),
      leaf('email', t.email),
    ]),
    infCargaXml(inf.infCarga),
    ...inf.det.map(detXml),
    group('infModal', [rodoXml(inf.infModal.rodo)], { versaoModal: inf.infModal.versaoModal }),
    cobrXml(inf.cobr),
    infCteSubXml(inf.infCteSub),
    impXml(inf.imp),
    group('total', [
      leaf('vTPrest', v2(inf.total.vTPrest)),
      leaf('vTRec', v2(inf.total.vTRec)),
      leaf('vTotDFe', v2(inf.total.vTotDFe)),
    ]),
    ...cteClosingXml(inf),
  ]);
}
