// DCe 1.00 in the element order of dce_v1.00.xsd / dceTiposBasico TDCe.
import type { InfDCe } from '../../../fiscal/requests/dce';
import { DCE_NS } from './ns';
import { autXmlXml, documentXml, logradouroXml, obsXml } from './parts';
import { dec, decRange, group, leaf } from './writer';

/** Fixed texts the layout requires in infDec (dceTiposBasico_v1.00.xsd documentation). */
export const DCE_OBS1 =
  'É contribuinte de ICMS qualquer pessoa física ou jurídica, que realize, com habitualidade ou em volume que ' +
  'caracterize intuito comercial, operações de circulação de mercadoria ou prestações de serviços de transportes ' +
  'interestadual e intermunicipal e de comunicação, ainda que as operações e prestações de iniciem no exterior ' +
  '(Lei Complementar nº 87/96, Art. 4º)';
export const DCE_OBS2 =
  'Constitui crime contra a ordem tributária suprimir ou reduzir tributo, ou contribuição social e qualquer ' +
  'acessório: quando negar ou deixar de fornecer, quando obrigatório, nota fiscal ou documento equivalente, ' +
  'relativa a venda de mercadoria ou prestação de serviço, efetivamente realizada ou fornece-la em desacordo com a ' +
  'legislação. Sob pena de reclusão de 2 (dois) e 5 (cinco) anos, e multa (Lei 8.137/90, Art 1ª, V)';

export interface DceFill {
  chave: string;
  cDC: string;
  cDV: number;
  tpAmb: 1 | 2;
  dhEmi: string;
  qrCode: string;
  urlChave: string;
}

/** enderEmit and enderDest share their sequence; only the recipient has an e-mail. */
function enderXml(name: string, e: InfDCe['dest']['enderDest'] | InfDCe['emit']['enderEmit']): string {
  return group(name, [
    ...logradouroXml(e),
    leaf('UF', e.UF),
    leaf('CEP', e.CEP),
    leaf('cPais', e.cPais),
    leaf('xPais', e.xPais),
    leaf('fone', e.fone),
    leaf('email', 'email' in e ? e.email : undefined),
  ]);
}

function issuerGroup(inf: InfDCe): string {
  if (inf.Fisco)
    return group('Fisco', [
      leaf('CNPJ', inf.Fisco.CNPJ),
      leaf('xOrgao', inf.Fisco.xOrgao),
      leaf('UF', inf.Fisco.UF),
    ]);
  if (inf.Marketplace) {
    const m = inf.Marketplace;
    return group('Marketplace', [leaf('CNPJ', m.CNPJ), leaf('xNome', m.xNome), leaf('Site', m.Site)]);
  }
  const t = inf.Transportadora ?? inf.ECT;
  return t
    ? group(inf.Transportadora ? 'Transportadora' : 'ECT', [leaf('CNPJ', t.CNPJ), leaf('xNome', t.xNome)])
    : '';
}

export function buildDceXml(inf: InfDCe, f: DceFill, xSolic?: string | null): string {
  const ide = inf.ide;
  const a = inf.infAdic;
  const body = group(
    'infDCe',
    [
      group('ide', [
        leaf('cUF', ide.cUF),
        leaf('cDC', f.cDC),
        leaf('mod', '99'),
        leaf('serie', ide.serie),
        leaf('nDC', ide.nDC),
        leaf('dhEmi', f.dhEmi),
        leaf('tpEmis', ide.tpEmis),
        leaf('tpEmit', ide.tpEmit),
        leaf('nSiteAutoriz', ide.nSiteAutoriz),
        leaf('cDV', f.cDV),
        leaf('tpAmb', f.tpAmb),
        leaf('verProc', ide.verProc),
      ]),
      group('emit', [
        documentXml(inf.emit),
        leaf('xNome', inf.emit.xNome),
        enderXml('enderEmit', inf.emit.enderEmit),
      ]),
      issuerGroup(inf),
      group('dest', [
        inf.dest.idOutros ? leaf('idOutros', inf.dest.idOutros) : documentXml(inf.dest),
        leaf('xNome', inf.dest.xNome),
        enderXml('enderDest', inf.dest.enderDest),
      ]),
      ...autXmlXml(inf.autXML),
      ...inf.det.map((item) =>
        group(
          'det',
          [
            group('prod', [
              leaf('xProd', item.prod.xProd),
              leaf('NCM', item.prod.NCM),
              leaf('qCom', dec(item.prod.qCom, 4)),
              leaf('vUnCom', decRange(item.prod.vUnCom, 2, 8)),
              leaf('vProd', decRange(item.prod.vProd, 2, 8)),
            ]),
            leaf('infAdProd', item.infAdProd),
          ],
          { nItem: item.nItem },
        ),
      ),
      group('total', [leaf('vDC', dec(inf.total.vDC, 2))]),
      group('transp', [leaf('modTrans', inf.transp.modTrans), leaf('CNPJTransp', inf.transp.CNPJTransp)]),
      a &&
        group('infAdic', [
          leaf('infAdFisco', a.infAdFisco),
          leaf('infCpl', a.infCpl),
          leaf('infAdMarketplace', a.infAdMarketplace),
          leaf('infAdECT', a.infAdECT),
          ...obsXml('obsEmit', a.obsEmit),
          ...obsXml('obsFisco', a.obsFisco),
          ...obsXml('obsMarketplace', a.obsMarketplace),
          ...obsXml('obsECT', a.obsECT),
        ]),
      group('infDec', [
        leaf('xObs1', inf.infDec?.xObs1 ?? DCE_OBS1),
        leaf('xObs2', inf.infDec?.xObs2 ?? DCE_OBS2),
      ]),
    ],
    { versao: '1.00', Id: `DCe${f.chave}` },
  );
  const solic = xSolic ? group('infSolicDCe', [leaf('xSolic', xSolic)]) : '';
  const supl = group('infDCeSupl', [leaf('qrCodDCe', f.qrCode), leaf('urlChave', f.urlChave)]);
  return `<DCe xmlns="${DCE_NS}">${body}${solic}${supl}</DCe>`;
}
