// Cargo, document and modal groups of infCTeNorm (infCarga, infDoc, docAnt, rodo, veicNovos,
// cobr, infServVinc); the CT-e Simplificado and the CT-e OS use some of them at their own places.
import type { InfCte } from '../../../fiscal/requests/cte';
import { documentXml } from './parts';
import { dec, decOpc, group, leaf } from './writer';

const v2 = (n: number | null | undefined) => dec(n, 2);

export type Units = {
  infUnidCarga?: Array<{
    tpUnidCarga: number;
    idUnidCarga: string;
    lacUnidCarga?: Array<{ nLacre: string }> | null;
    qtdRat?: number | null;
  }> | null;
  infUnidTransp?: Array<{
    tpUnidTransp: number;
    idUnidTransp: string;
    lacUnidTransp?: Array<{ nLacre: string }> | null;
    infUnidCarga?: Units['infUnidCarga'];
    qtdRat?: number | null;
  }> | null;
};
export function unitsXml(u: Units): string[] {
  const carga = (list: Units['infUnidCarga']) =>
    (list ?? []).map((c) =>
      group('infUnidCarga', [
        leaf('tpUnidCarga', c.tpUnidCarga),
        leaf('idUnidCarga', c.idUnidCarga),
        ...(c.lacUnidCarga ?? []).map((l) => group('lacUnidCarga', [leaf('nLacre', l.nLacre)])),
        leaf('qtdRat', v2(c.qtdRat)),
      ]),
    );
  if (u.infUnidCarga?.length) return carga(u.infUnidCarga);
  return (u.infUnidTransp ?? []).map((t) =>
    group('infUnidTransp', [
      leaf('tpUnidTransp', t.tpUnidTransp),
      leaf('idUnidTransp', t.idUnidTransp),
      ...(t.lacUnidTransp ?? []).map((l) => group('lacUnidTransp', [leaf('nLacre', l.nLacre)])),
      ...carga(t.infUnidCarga),
      leaf('qtdRat', v2(t.qtdRat)),
    ]),
  );
}

/** The tail of a transported NF / NF-e: SUFRAMA PIN, expected delivery, transport units. */
export function nfDeliveryXml(n: { PIN?: string | null; dPrev?: string | null } & Units): string[] {
  return [leaf('PIN', n.PIN), leaf('dPrev', n.dPrev), ...unitsXml(n)];
}

export type Norm = NonNullable<InfCte['infCTeNorm']>;

export function infCargaXml(c: {
  vCarga?: number | null;
  proPred: string;
  xOutCat?: string | null;
  infQ: ReadonlyArray<{ cUnid: string; tpMed: string; qCarga: number }>;
  vCargaAverb?: number | null;
}): string {
  return group('infCarga', [
    leaf('vCarga', v2(c.vCarga)),
    leaf('proPred', c.proPred),
    leaf('xOutCat', c.xOutCat),
    ...c.infQ.map((q) =>
      group('infQ', [leaf('cUnid', q.cUnid), leaf('tpMed', q.tpMed), leaf('qCarga', dec(q.qCarga, 4))]),
    ),
    leaf('vCargaAverb', decOpc(c.vCargaAverb, 2)),
  ]);
}

export function infDocXml(d: Norm['infDoc']): string {
  if (!d) return '';
  return group('infDoc', [
    ...(d.infNF ?? []).map((n) =>
      group('infNF', [
        leaf('nRoma', n.nRoma),
        leaf('nPed', n.nPed),
        leaf('mod', n.mod),
        leaf('serie', n.serie),
        leaf('nDoc', n.nDoc),
        leaf('dEmi', n.dEmi),
        leaf('vBC', v2(n.vBC)),
        leaf('vICMS', v2(n.vICMS)),
        leaf('vBCST', v2(n.vBCST)),
        leaf('vST', v2(n.vST)),
        leaf('vProd', v2(n.vProd)),
        leaf('vNF', v2(n.vNF)),
        leaf('nCFOP', n.nCFOP),
        leaf('nPeso', decOpc(n.nPeso, 3)),
        ...nfDeliveryXml(n),
      ]),
    ),
    ...(d.infNFe ?? []).map((n) => group('infNFe', [leaf('chave', n.chave), ...nfDeliveryXml(n)])),
    ...(d.infOutros ?? []).map((n) =>
      group('infOutros', [
        leaf('tpDoc', n.tpDoc),
        leaf('descOutros', n.descOutros),
        leaf('nDoc', n.nDoc),
        leaf('dEmi', n.dEmi),
        leaf('vDocFisc', decOpc(n.vDocFisc, 2)),
        leaf('dPrev', n.dPrev),
        ...unitsXml(n),
      ]),
    ),
    ...(d.infDCe ?? []).map((n) => group('infDCe', [leaf('chave', n.chave)])),
  ]);
}

/** Previous transport documents, by issuer: paper documents or CT-e keys. */
export function docAntXml(d: Norm['docAnt']): string {
  if (!d) return '';
  return group(
    'docAnt',
    d.emiDocAnt.map((e) =>
      group('emiDocAnt', [
        documentXml(e),
        e.IE && e.UF ? leaf('IE', e.IE) + leaf('UF', e.UF) : '',
        leaf('xNome', e.xNome),
        ...e.idDocAnt.map((id) =>
          group('idDocAnt', [
            ...(id.idDocAntPap ?? []).map((p) =>
              group('idDocAntPap', [
                leaf('tpDoc', p.tpDoc),
                leaf('serie', p.serie),
                leaf('subser', p.subser),
                leaf('nDoc', p.nDoc),
                leaf('dEmi', p.dEmi),
              ]),
            ),
            ...(id.idDocAntEle ?? []).map((a) => group('idDocAntEle', [leaf('chCTe', a.chCTe)])),
          ]),
        ),
      ]),
    ),
  );
}

/** New vehicles carried (after infModal). */
export function veicNovosXml(list: Norm['veicNovos']): string[] {
  return (list ?? []).map((v) =>
    group('veicNovos', [
      leaf('chassi', v.chassi),
      leaf('cCor', v.cCor),
      leaf('xCor', v.xCor),
      leaf('cMod', v.cMod),
      leaf('vUnit', v2(v.vUnit)),
      leaf('vFrete', v2(v.vFrete)),
    ]),
  );
}

/** The multimodal CT-e a linked service belongs to (the last group of infCTeNorm). */
export function infServVincXml(s: Norm['infServVinc']): string {
  if (!s) return '';
  return group(
    'infServVinc',
    s.infCTeMultimodal.map((m) => group('infCTeMultimodal', [leaf('chCTeMultimodal', m.chCTeMultimodal)])),
  );
}

export function rodoXml(r: Norm['infModal']['rodo']): string {
  return group('rodo', [
    leaf('RNTRC', r.RNTRC),
    ...(r.occ ?? []).map((o) =>
      group('occ', [
        leaf('serie', o.serie),
        leaf('nOcc', o.nOcc),
        leaf('dEmi', o.dEmi),
        group('emiOcc', [
          leaf('CNPJ', o.emiOcc.CNPJ),
          leaf('cInt', o.emiOcc.cInt),
          leaf('IE', o.emiOcc.IE),
          leaf('UF', o.emiOcc.UF),
          leaf('fone', o.emiOcc.fone),
        ]),
      ]),
    ),
  ]);
}

export function cobrXml(c: Norm['cobr']): string {
  if (!c) return '';
  return group('cobr', [
    c.fat &&
      group('fat', [
        leaf('nFat', c.fat.nFat),
        leaf('vOrig', decOpc(c.fat.vOrig, 2)),
        leaf('vDesc', decOpc(c.fat.vDesc, 2)),
        leaf('vLiq', decOpc(c.fat.vLiq, 2)),
      ]),
    ...(c.dup ?? []).map((d) =>
      group(
        'dup',
        [leaf('nDup', d.nDup), leaf('dVenc', d.dVenc), leaf('vDup', decOpc(d.vDup, 2))],
        undefined,
        true,
      ),
    ),
  ]);
}
