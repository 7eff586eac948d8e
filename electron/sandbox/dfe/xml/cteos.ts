// CTeOS 4.00 (modal rodoviário) in the element order of cteOS_v4.00.xsd / TCTeOS.
import type { InfCteOS } from '../schemas/cteos';
import { CTE_NS, emitXml, gCompraGovXml, vPrestXml, type CteFill } from './cte';
import { cobrXml } from './cte-norm';
import { autXmlXml, documentXml, enderecoXml, obsXml, respTecXml } from './parts';
import { ibscbsXml, icmsUFFimXml, icmsXml } from './tax';
import { dec, group, leaf } from './writer';

const v2 = (n: number | null | undefined) => dec(n, 2);

function ideXml(ide: InfCteOS['ide'], f: CteFill): string {
  return group('ide', [
    leaf('cUF', ide.cUF),
    leaf('cCT', f.cCT),
    leaf('CFOP', ide.CFOP),
    leaf('natOp', ide.natOp),
    leaf('mod', '67'),
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
    leaf('cMunEnv', ide.cMunEnv),
    leaf('xMunEnv', ide.xMunEnv),
    leaf('UFEnv', ide.UFEnv),
    leaf('modal', ide.modal),
    leaf('tpServ', ide.tpServ),
    leaf('indIEToma', ide.indIEToma),
    leaf('cMunIni', ide.cMunIni),
    leaf('xMunIni', ide.xMunIni),
    leaf('UFIni', ide.UFIni),
    leaf('cMunFim', ide.cMunFim),
    leaf('xMunFim', ide.xMunFim),
    leaf('UFFim', ide.UFFim),
    ...(ide.infPercurso ?? []).map((p) => group('infPercurso', [leaf('UFPer', p.UFPer)])),
    ide.dhCont && ide.xJust ? leaf('dhCont', ide.dhCont) + leaf('xJust', ide.xJust) : '',
    gCompraGovXml(ide.gCompraGov),
  ]);
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
    n.infCteSub && group('infCteSub', [leaf('chCte', n.infCteSub.chCte)]),
    leaf('refCTeCanc', n.refCTeCanc),
    cobrXml(n.cobr),
  ]);
}

export function buildCteOSXml(inf: InfCteOS, f: CteFill): string {
  const t = inf.toma;
  const c = inf.compl;
  const i = inf.imp;
  const fed = i.infTribFed;
  const body = group(
    'infCte',
    [
      ideXml(inf.ide, f),
      c &&
        group('compl', [
          leaf('xCaracAd', c.xCaracAd),
          leaf('xCaracSer', c.xCaracSer),
          leaf('xEmi', c.xEmi),
          leaf('xObs', c.xObs),
          ...obsXml('ObsCont', c.ObsCont),
          ...obsXml('ObsFisco', c.ObsFisco),
        ]),
      emitXml(f.emit, false),
      t &&
        group('toma', [
          documentXml(t),
          leaf('IE', t.IE),
          leaf('xNome', t.xNome),
          leaf('xFant', t.xFant),
          leaf('fone', t.fone),
          enderecoXml('enderToma', t.enderToma),
          leaf('email', t.email),
        ]),
      vPrestXml(inf.vPrest),
      group('imp', [
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
      ]),
      inf.infCTeNorm ? normXml(inf.infCTeNorm) : '',
      ...(inf.infCteComp ?? []).map((x) => group('infCteComp', [leaf('chCTe', x.chCTe)])),
      ...autXmlXml(inf.autXML),
      respTecXml(inf.infRespTec),
    ],
    { versao: '4.00', Id: `CTe${f.chave}` },
  );
  const supl = group('infCTeSupl', [leaf('qrCodCTe', f.qrCode)]);
  return `<CTeOS xmlns="${CTE_NS}" versao="4.00">${body}${supl}</CTeOS>`;
}
