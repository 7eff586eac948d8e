// CTeSimp 4.00 (modal rodoviário) in the element order of cteSimp_v4.00.xsd / TCTeSimp.
import type { InfCteSimp } from '../schemas/cte-simp';
import { CTE_NS, emitXml, gCompraGovXml, type CteFill } from './cte';
import { cobrXml, rodoXml, unitsXml } from './cte-norm';
import { autXmlXml, documentXml, enderecoXml, obsXml, respTecXml } from './parts';
import { ibscbsXml, icmsUFFimXml, icmsXml } from './tax';
import { dec, decOpc, group, leaf } from './writer';

const v2 = (n: number | null | undefined) => dec(n, 2);

function ideXml(ide: InfCteSimp['ide'], f: CteFill): string {
  return group('ide', [
    leaf('cUF', ide.cUF),
    leaf('cCT', f.cCT),
    leaf('CFOP', ide.CFOP),
    leaf('natOp', ide.natOp),
    leaf('mod', '57'),
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
    leaf('UFIni', ide.UFIni),
    leaf('UFFim', ide.UFFim),
    leaf('retira', ide.retira),
    leaf('xDetRetira', ide.xDetRetira),
    ide.dhCont && ide.xJust ? leaf('dhCont', ide.dhCont) + leaf('xJust', ide.xJust) : '',
    gCompraGovXml(ide.gCompraGov),
  ]);
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
      ...(d.Comp ?? []).map((c) => group('Comp', [leaf('xNome', c.xNome), leaf('vComp', v2(c.vComp))])),
      ...(d.infNFe ?? []).map((n) =>
        group('infNFe', [leaf('chNFe', n.chNFe), leaf('PIN', n.PIN), leaf('dPrev', n.dPrev), ...unitsXml(n)]),
      ),
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
  const c = inf.compl;
  const carga = inf.infCarga;
  const body = group(
    'infCte',
    [
      ideXml(inf.ide, f),
      c &&
        group('compl', [
          leaf('xCaracAd', c.xCaracAd),
          leaf('xCaracSer', c.xCaracSer),
          leaf('xObs', c.xObs),
          ...obsXml('ObsCont', c.ObsCont),
          ...obsXml('ObsFisco', c.ObsFisco),
        ]),
      emitXml(f.emit, true),
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
      group('infCarga', [
        leaf('vCarga', v2(carga.vCarga)),
        leaf('proPred', carga.proPred),
        leaf('xOutCat', carga.xOutCat),
        ...carga.infQ.map((q) =>
          group('infQ', [leaf('cUnid', q.cUnid), leaf('tpMed', q.tpMed), leaf('qCarga', dec(q.qCarga, 4))]),
        ),
        leaf('vCargaAverb', decOpc(carga.vCargaAverb, 2)),
      ]),
      ...inf.det.map(detXml),
      group('infModal', [rodoXml(inf.infModal.rodo)], { versaoModal: inf.infModal.versaoModal }),
      cobrXml(inf.cobr),
      inf.infCteSub &&
        group('infCteSub', [
          leaf('chCte', inf.infCteSub.chCte),
          leaf('indAlteraToma', inf.infCteSub.indAlteraToma),
        ]),
      group('imp', [
        icmsXml(inf.imp.ICMS),
        leaf('vTotTrib', v2(inf.imp.vTotTrib)),
        leaf('infAdFisco', inf.imp.infAdFisco),
        icmsUFFimXml(inf.imp.ICMSUFFim),
        ibscbsXml(inf.imp.IBSCBS),
      ]),
      group('total', [
        leaf('vTPrest', v2(inf.total.vTPrest)),
        leaf('vTRec', v2(inf.total.vTRec)),
        leaf('vTotDFe', v2(inf.total.vTotDFe)),
      ]),
      ...autXmlXml(inf.autXML),
      respTecXml(inf.infRespTec),
    ],
    { versao: '4.00', Id: `CTe${f.chave}` },
  );
  const supl = group('infCTeSupl', [leaf('qrCodCTe', f.qrCode)]);
  return `<CTeSimp xmlns="${CTE_NS}">${body}${supl}</CTeSimp>`;
}
