// CT-e OS form → the API's CteOsPedidoEmissao (POST /cteos). Pure and deterministic.
import type { CteOsInput as CteOsForm } from './input';
import type { CteOsPedidoEmissaoInput } from '../requests/cteos';
import type { EmissionContext } from './common';
import {
  compact,
  ideHead,
  documentOf,
  emitter,
  ibsCbsGroup,
  icmsGroup,
  indIEToma,
  normalizeDhEmi,
  observations,
  party,
} from './common';

type Rodo = CteOsForm['rodoviario'];
type InfCteOS = CteOsPedidoEmissaoInput['infCte'];
type InfCTeNormOS = NonNullable<InfCteOS['infCTeNorm']>;
type RodoOS = NonNullable<InfCTeNormOS['infModal']>['rodoOS'];
type DocRef = NonNullable<InfCTeNormOS['infDocRef']>[number];

/** rodoOS in the XSD's terms: the emitter's TAF or state registry, vehicle (owner), fretamento. */
function rodoOS(r: Rodo): RodoOS {
  const p = r.prop;
  const prop = p
    ? compact({
        ...documentOf(p.cpfCnpj),
        TAF: p.taf,
        NroRegEstadual: p.taf ? undefined : p.nroRegEstadual,
        xNome: p.xNome,
        IE: p.ie && p.uf ? p.ie : undefined,
        UF: p.ie && p.uf ? p.uf : undefined,
        tpProp: p.tpProp,
      })
    : undefined;
  return compact({
    TAF: r.taf,
    NroRegEstadual: r.taf ? undefined : r.nroRegEstadual,
    veic: r.placa ? compact({ placa: r.placa, RENAVAM: r.renavam, prop, UF: r.ufVeiculo }) : undefined,
    infFretamento: r.fretamento
      ? compact({
          tpFretamento: r.fretamento.tpFretamento,
          dhViagem: r.fretamento.dhViagem ? normalizeDhEmi(r.fretamento.dhViagem, '') : undefined,
        })
      : undefined,
  });
}

function docRef(d: CteOsForm['documentos'][number]): DocRef {
  if (d.chBPe) return { chBPe: d.chBPe };
  return compact({
    nDoc: d.nDoc,
    serie: d.serie,
    subserie: d.subserie,
    dEmi: d.dEmi,
    vDoc: d.vDoc,
  });
}

function impostos(form: CteOsForm): InfCteOS['imp'] {
  const fed = form.impostos.tributosFederais;
  const infTribFed = fed ? compact({ ...fed }) : undefined;
  return compact({
    ICMS: icmsGroup(form.impostos.icms, form.valores.vTPrest),
    vTotTrib: form.impostos.vTotTrib,
    infAdFisco: form.impostos.infAdFisco,
    infTribFed: infTribFed && Object.keys(infTribFed).length ? infTribFed : undefined,
    IBSCBS: form.impostos.ibsCbs ? ibsCbsGroup(form.impostos.ibsCbs, form.valores.vTPrest) : undefined,
  });
}

export function buildCteOsPayload(form: CteOsForm, ctx: EmissionContext): CteOsPedidoEmissaoInput {
  const g = form.geral;
  const company = ctx.company;
  // Valuables carry no modal group (MOC H018); passengers and baggage always do (H015).
  const modal = g.tpServ === 7 ? undefined : rodoOS(form.rodoviario);
  const v = form.valores;
  const t = form.tomador;
  const infCte: InfCteOS = compact({
    versao: '4.00',
    ide: compact({
      ...ideHead(g, ctx, 0),
      indIEToma: indIEToma(t),
      cMunIni: g.inicio.cMun,
      xMunIni: g.inicio.xMun,
      UFIni: g.inicio.uf,
      cMunFim: g.fim.cMun,
      xMunFim: g.fim.xMun,
      UFFim: g.fim.uf,
      infPercurso: g.percurso.length ? g.percurso.map((UFPer) => ({ UFPer })) : undefined,
    }),
    compl: observations(form.observacoes),
    emit: emitter(company, form.impostos.icms),
    toma: t ? party(t, 'enderToma', t.xFant ? { xFant: t.xFant } : {}) : undefined,
    vPrest: compact({
      vTPrest: v.vTPrest,
      vRec: v.vRec,
      Comp: v.componentes.length ? v.componentes.map((c) => ({ xNome: c.xNome, vComp: c.vComp })) : undefined,
    }),
    imp: impostos(form),
    infCTeNorm: compact({
      infServico: compact({
        xDescServ: form.servico.xDescServ,
        infQ: form.servico.qCarga !== undefined ? { qCarga: form.servico.qCarga } : undefined,
      }),
      infDocRef: form.documentos.length ? form.documentos.map(docRef) : undefined,
      seg: form.seguro.length ? form.seguro.map((s) => compact({ ...s })) : undefined,
      infModal: modal && Object.keys(modal).length ? { versaoModal: '4.00', rodoOS: modal } : undefined,
    }),
  });
  return { infCte, ambiente: ctx.ambiente, referencia: ctx.referencia };
}
