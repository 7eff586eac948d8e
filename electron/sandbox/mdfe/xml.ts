// MDFe 3.00 in the element order of mdfeTiposBasico_v3.00.xsd (TMDFe) with the road modal of
// mdfeModalRodoviario_v3.00.xsd inside infModal, unsigned; the signature goes after infMDFeSupl.
import { dec, group, leaf } from '../dfe/xml/writer';
import type { InfMDFe } from '../../fiscal/requests/mdfe';

export const MDFE_NS = 'http://www.portalfiscal.inf.br/mdfe';

export interface MdfeFill {
  chave: string;
  cMDF: string;
  cDV: number;
  tpAmb: 1 | 2;
  dhEmi: string;
  dhIniViagem?: string;
  qrCode: string;
}

type Doc = { CNPJ?: string | null; CPF?: string | null };
type Rodo = NonNullable<InfMDFe['infModal']['rodo']>;
type Mun = InfMDFe['infDoc']['infMunDescarga'][number];
type UnidTransp = NonNullable<NonNullable<Mun['infCTe']>[number]['infUnidTransp']>[number];
type Peri = NonNullable<NonNullable<Mun['infCTe']>[number]['peri']>[number];

const doc = (d: Doc) => (d.CNPJ ? leaf('CNPJ', d.CNPJ) : leaf('CPF', d.CPF));
const flag = (name: string, v: number | null | undefined) => (v === 1 ? leaf(name, '1') : '');
/** TDec_0302_0303: up to 3 integer digits with 2–3 decimals. */
const rateio = (v: number | null | undefined) => (v == null ? undefined : v.toFixed(2));
const lacres = (name: string, list: Array<{ nLacre: string }> | null | undefined) =>
  (list ?? []).map((l) => group(name, [leaf('nLacre', l.nLacre)]));

function unidTransp(u: UnidTransp): string {
  return group('infUnidTransp', [
    leaf('tpUnidTransp', u.tpUnidTransp),
    leaf('idUnidTransp', u.idUnidTransp),
    ...lacres('lacUnidTransp', u.lacUnidTransp),
    ...(u.infUnidCarga ?? []).map((c) =>
      group('infUnidCarga', [
        leaf('tpUnidCarga', c.tpUnidCarga),
        leaf('idUnidCarga', c.idUnidCarga),
        ...lacres('lacUnidCarga', c.lacUnidCarga),
        leaf('qtdRat', rateio(c.qtdRat)),
      ]),
    ),
    leaf('qtdRat', rateio(u.qtdRat)),
  ]);
}

function periXml(p: Peri): string {
  return group('peri', [
    leaf('nONU', p.nONU),
    leaf('xNomeAE', p.xNomeAE),
    leaf('xClaRisco', p.xClaRisco),
    leaf('grEmb', p.grEmb),
    leaf('qTotProd', p.qTotProd),
    leaf('qVolTipo', p.qVolTipo),
  ]);
}

function cargo(d: { infUnidTransp?: UnidTransp[] | null; peri?: Peri[] | null }): string[] {
  return [...(d.infUnidTransp ?? []).map(unidTransp), ...(d.peri ?? []).map(periXml)];
}

function munDescarga(m: Mun): string {
  return group('infMunDescarga', [
    leaf('cMunDescarga', m.cMunDescarga),
    leaf('xMunDescarga', m.xMunDescarga),
    ...(m.infCTe ?? []).map((c) =>
      group('infCTe', [
        leaf('chCTe', c.chCTe),
        leaf('SegCodBarra', c.SegCodBarra),
        flag('indReentrega', c.indReentrega),
        ...cargo(c),
        c.infEntregaParcial &&
          group('infEntregaParcial', [
            leaf('qtdTotal', dec(c.infEntregaParcial.qtdTotal, 4)),
            leaf('qtdParcial', dec(c.infEntregaParcial.qtdParcial, 4)),
          ]),
        ...(c.indPrestacaoParcial === 1
          ? [
              leaf('indPrestacaoParcial', '1'),
              ...(c.infNFePrestParcial ?? []).map((n) =>
                group('infNFePrestParcial', [leaf('chNFe', n.chNFe)]),
              ),
            ]
          : []),
      ]),
    ),
    ...(m.infNFe ?? []).map((n) =>
      group('infNFe', [
        leaf('chNFe', n.chNFe),
        leaf('SegCodBarra', n.SegCodBarra),
        flag('indReentrega', n.indReentrega),
        ...cargo(n),
      ]),
    ),
    ...(m.infMDFeTransp ?? []).map((t) =>
      group('infMDFeTransp', [leaf('chMDFe', t.chMDFe), flag('indReentrega', t.indReentrega), ...cargo(t)]),
    ),
  ]);
}

type Prop = NonNullable<Rodo['veicTracao']['prop']>;
function propXml(p: Prop | null | undefined): string {
  if (!p) return '';
  return group('prop', [
    doc(p),
    leaf('RNTRC', p.RNTRC),
    leaf('xNome', p.xNome),
    // IE and UF go together (an optional sequence); an empty IE is "not a contributor".
    ...(p.UF ? [`<IE>${p.IE ?? ''}</IE>`, leaf('UF', p.UF)] : []),
    leaf('tpProp', p.tpProp),
  ]);
}

/** The `rodo` element on its own (validated separately against mdfeModalRodoviario_v3.00.xsd). */
export function rodoXml(r: Rodo): string {
  const a = r.infANTT;
  const t = r.veicTracao;
  return group(
    'rodo',
    [
      a &&
        group(
          'infANTT',
          [
            leaf('RNTRC', a.RNTRC),
            ...(a.infCIOT ?? []).map((c) => group('infCIOT', [leaf('CIOT', c.CIOT), doc(c)])),
            a.valePed &&
              group('valePed', [
                ...a.valePed.disp.map((d) =>
                  group('disp', [
                    leaf('CNPJForn', d.CNPJForn),
                    d.CNPJPg ? leaf('CNPJPg', d.CNPJPg) : leaf('CPFPg', d.CPFPg),
                    leaf('nCompra', d.nCompra),
                    leaf('vValePed', dec(d.vValePed, 2)),
                    leaf('tpValePed', d.tpValePed),
                  ]),
                ),
                leaf('categCombVeic', a.valePed.categCombVeic),
              ]),
            ...(a.infContratante ?? []).map((c) =>
              group('infContratante', [
                leaf('xNome', c.xNome),
                c.CPF
                  ? leaf('CPF', c.CPF)
                  : c.CNPJ
                    ? leaf('CNPJ', c.CNPJ)
                    : leaf('idEstrangeiro', c.idEstrangeiro),
                c.infContrato &&
                  group('infContrato', [
                    leaf('NroContrato', c.infContrato.NroContrato),
                    leaf('vContratoGlobal', dec(c.infContrato.vContratoGlobal, 2)),
                  ]),
              ]),
            ),
            ...(a.infPag ?? []).map((p) =>
              group('infPag', [
                leaf('xNome', p.xNome),
                p.CPF
                  ? leaf('CPF', p.CPF)
                  : p.CNPJ
                    ? leaf('CNPJ', p.CNPJ)
                    : leaf('idEstrangeiro', p.idEstrangeiro),
                ...p.Comp.map((c) =>
                  group('Comp', [
                    leaf('tpComp', c.tpComp),
                    leaf('vComp', dec(c.vComp, 2)),
                    leaf('xComp', c.xComp),
                  ]),
                ),
                leaf('vContrato', dec(p.vContrato, 2)),
                flag('indAltoDesemp', p.indAltoDesemp),
                leaf('indPag', p.indPag),
                leaf('vAdiant', dec(p.vAdiant, 2)),
                flag('indAntecipaAdiant', p.indAntecipaAdiant),
                ...(p.infPrazo ?? []).map((x) =>
                  group('infPrazo', [
                    leaf('nParcela', String(x.nParcela).padStart(3, '0')),
                    leaf('dVenc', x.dVenc),
                    leaf('vParcela', dec(x.vParcela, 2)),
                  ]),
                ),
                leaf('tpAntecip', p.tpAntecip),
                group('infBanc', [
                  leaf('codBanco', p.infBanc.codBanco),
                  leaf('codAgencia', p.infBanc.codAgencia),
                  leaf('CNPJIPEF', p.infBanc.CNPJIPEF),
                  leaf('PIX', p.infBanc.PIX),
                ]),
              ]),
            ),
          ],
          undefined,
          true,
        ),
      group('veicTracao', [
        leaf('cInt', t.cInt),
        leaf('placa', t.placa),
        leaf('RENAVAM', t.RENAVAM),
        leaf('tara', t.tara),
        leaf('capKG', t.capKG),
        leaf('capM3', t.capM3),
        propXml(t.prop),
        ...t.condutor.map((c) => group('condutor', [leaf('xNome', c.xNome), leaf('CPF', c.CPF)])),
        leaf('tpRod', t.tpRod),
        leaf('tpCar', t.tpCar),
        leaf('UF', t.UF),
      ]),
      ...(r.veicReboque ?? []).map((v) =>
        group('veicReboque', [
          leaf('cInt', v.cInt),
          leaf('placa', v.placa),
          leaf('RENAVAM', v.RENAVAM),
          leaf('tara', v.tara),
          leaf('capKG', v.capKG),
          leaf('capM3', v.capM3),
          propXml(v.prop),
          leaf('tpCar', v.tpCar),
          leaf('UF', v.UF),
        ]),
      ),
      leaf('codAgPorto', r.codAgPorto),
      ...lacres('lacRodo', r.lacRodo),
    ],
    { xmlns: MDFE_NS },
  );
}

type Local = NonNullable<NonNullable<InfMDFe['prodPred']>['infLotacao']>['infLocalCarrega'];
const localXml = (name: string, l: Local) =>
  group(name, l.CEP ? [leaf('CEP', l.CEP)] : [leaf('latitude', l.latitude), leaf('longitude', l.longitude)]);

export function buildMdfeXml(inf: InfMDFe, f: MdfeFill): string {
  const ide = inf.ide;
  const e = inf.emit;
  const p = inf.prodPred;
  const body = group(
    'infMDFe',
    [
      group('ide', [
        leaf('cUF', ide.cUF),
        leaf('tpAmb', f.tpAmb),
        leaf('tpEmit', ide.tpEmit),
        leaf('tpTransp', ide.tpTransp),
        leaf('mod', '58'),
        leaf('serie', ide.serie),
        leaf('nMDF', ide.nMDF),
        leaf('cMDF', f.cMDF),
        leaf('cDV', f.cDV),
        leaf('modal', ide.modal),
        leaf('dhEmi', f.dhEmi),
        leaf('tpEmis', ide.tpEmis),
        leaf('procEmi', ide.procEmi),
        leaf('verProc', ide.verProc),
        leaf('UFIni', ide.UFIni),
        leaf('UFFim', ide.UFFim),
        ...ide.infMunCarrega.map((m) =>
          group('infMunCarrega', [leaf('cMunCarrega', m.cMunCarrega), leaf('xMunCarrega', m.xMunCarrega)]),
        ),
        ...(ide.infPercurso ?? []).map((u) => group('infPercurso', [leaf('UFPer', u.UFPer)])),
        leaf('dhIniViagem', f.dhIniViagem),
        flag('indCanalVerde', ide.indCanalVerde),
        flag('indCarregaPosterior', ide.indCarregaPosterior),
      ]),
      group('emit', [
        doc(e),
        leaf('IE', e.IE),
        leaf('xNome', e.xNome),
        leaf('xFant', e.xFant),
        group('enderEmit', [
          leaf('xLgr', e.enderEmit.xLgr),
          leaf('nro', e.enderEmit.nro),
          leaf('xCpl', e.enderEmit.xCpl),
          leaf('xBairro', e.enderEmit.xBairro),
          leaf('cMun', e.enderEmit.cMun),
          leaf('xMun', e.enderEmit.xMun),
          leaf('CEP', e.enderEmit.CEP),
          leaf('UF', e.enderEmit.UF),
          leaf('fone', e.enderEmit.fone),
          leaf('email', e.enderEmit.email),
        ]),
      ]),
      // The modal block keeps its own namespace declaration out: it inherits the MDF-e's.
      group('infModal', [rodoXml(inf.infModal.rodo!).replace(` xmlns="${MDFE_NS}"`, '')], {
        versaoModal: '3.00',
      }),
      group('infDoc', inf.infDoc.infMunDescarga.map(munDescarga)),
      ...(inf.seg ?? []).map((s) =>
        group('seg', [
          group('infResp', [leaf('respSeg', s.infResp.respSeg), doc(s.infResp)]),
          s.infSeg && group('infSeg', [leaf('xSeg', s.infSeg.xSeg), leaf('CNPJ', s.infSeg.CNPJ)]),
          leaf('nApol', s.nApol),
          ...(s.nAver ?? []).map((n) => leaf('nAver', n)),
        ]),
      ),
      p &&
        group('prodPred', [
          leaf('tpCarga', p.tpCarga),
          leaf('xProd', p.xProd),
          leaf('cEAN', p.cEAN),
          leaf('NCM', p.NCM),
          p.infLotacao &&
            group('infLotacao', [
              localXml('infLocalCarrega', p.infLotacao.infLocalCarrega),
              localXml('infLocalDescarrega', p.infLotacao.infLocalDescarrega),
            ]),
        ]),
      group('tot', [
        leaf('qCTe', inf.tot.qCTe),
        leaf('qNFe', inf.tot.qNFe),
        leaf('qMDFe', inf.tot.qMDFe),
        leaf('vCarga', dec(inf.tot.vCarga, 2)),
        leaf('cUnid', inf.tot.cUnid),
        leaf('qCarga', dec(inf.tot.qCarga, 4)),
      ]),
      ...lacres('lacres', inf.lacres),
      ...(inf.autXML ?? []).map((a) => group('autXML', [doc(a)])),
      inf.infAdic &&
        group('infAdic', [leaf('infAdFisco', inf.infAdic.infAdFisco), leaf('infCpl', inf.infAdic.infCpl)]),
      inf.infRespTec &&
        group('infRespTec', [
          leaf('CNPJ', inf.infRespTec.CNPJ),
          leaf('xContato', inf.infRespTec.xContato),
          leaf('email', inf.infRespTec.email),
          leaf('fone', inf.infRespTec.fone),
        ]),
      inf.infSolicNFF && group('infSolicNFF', [leaf('xSolic', inf.infSolicNFF.xSolic)]),
    ],
    { versao: '3.00', Id: `MDFe${f.chave}` },
  );
  const supl = group('infMDFeSupl', [leaf('qrCodMDFe', f.qrCode)]);
  return `<MDFe xmlns="${MDFE_NS}">${body}${supl}</MDFe>`;
}
