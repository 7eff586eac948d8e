// CT-e Simplificado form → the API's CteSimpPedidoEmissao (POST /cte/simp): one model-57 document
// (tpCTe 5) for several deliveries, each a `det` with its own route, values and NF-e keys. Pure:
// the totals are the sums of the deliveries, so the clerk never types them twice.
import type { CteSimpInput as CteSimpForm, EntregaInput } from './input';
import type { CteSimpPedidoEmissaoInput } from '../requests/cte-simp';
import type { EmissionContext } from './common';

type InfCteSimp = CteSimpPedidoEmissaoInput['infCte'];
import {
  compact,
  ideHead,
  emitter,
  ibsCbsGroup,
  icmsGroup,
  indIEToma,
  observations,
  party,
  round2,
} from './common';

const cMunOf = (p: { cMun: string; uf: string }) => (p.uf === 'EX' ? '9999999' : p.cMun);
const xMunOf = (p: { xMun: string; uf: string }) => (p.uf === 'EX' ? 'EXTERIOR' : p.xMun);

function det(e: EntregaInput, index: number): InfCteSimp['det'][number] {
  return compact({
    nItem: index + 1,
    cMunIni: cMunOf(e.origem),
    xMunIni: xMunOf(e.origem),
    cMunFim: cMunOf(e.destino),
    xMunFim: xMunOf(e.destino),
    vPrest: e.vPrest,
    vRec: e.vRec,
    Comp: e.componentes.length ? e.componentes.map((c) => ({ xNome: c.xNome, vComp: c.vComp })) : undefined,
    infNFe: e.nfe.map((n) => compact({ chNFe: n.chave, PIN: n.pin || undefined, dPrev: n.dPrev })),
  });
}

/** Total of the service and of what is to be received: the sums of the deliveries, in cents. */
export function cteSimpTotals(entregas: { vPrest: number; vRec: number }[]): {
  vTPrest: number;
  vTRec: number;
} {
  const cents = (pick: (e: { vPrest: number; vRec: number }) => number) =>
    entregas.reduce((acc, e) => acc + Math.round(pick(e) * 100), 0);
  return { vTPrest: round2(cents((e) => e.vPrest) / 100), vTRec: round2(cents((e) => e.vRec) / 100) };
}

export function buildCteSimpPayload(form: CteSimpForm, ctx: EmissionContext): CteSimpPedidoEmissaoInput {
  const g = form.geral;
  const company = ctx.company;
  const total = cteSimpTotals(form.entregas);
  const ide = compact({
    ...ideHead(g, ctx, 5),
    UFIni: g.ufIni,
    UFFim: g.ufFim,
    retira: g.retira ? 0 : 1,
    xDetRetira: g.xDetRetira,
  });
  const tomador = party(form.tomador, 'enderToma');
  const infCte: InfCteSimp = compact({
    versao: '4.00',
    ide,
    compl: observations(form.observacoes),
    emit: emitter(company, form.impostos.icms),
    // The toma group opens with the role and the IE indicator (TCTeSimp/toma element order).
    toma: { toma: g.toma, indIEToma: indIEToma(form.tomador), ...tomador },
    infCarga: compact({
      vCarga: form.carga.vCarga,
      proPred: form.carga.proPred,
      xOutCat: form.carga.xOutCat,
      infQ: form.carga.quantidades.map((q) => ({ cUnid: q.cUnid, tpMed: q.tpMed, qCarga: q.qCarga })),
    }),
    det: form.entregas.map(det),
    infModal: { versaoModal: '4.00', rodo: { RNTRC: form.rodoviario.rntrc } },
    imp: compact({
      ICMS: icmsGroup(form.impostos.icms, total.vTPrest),
      vTotTrib: form.impostos.vTotTrib,
      infAdFisco: form.impostos.infAdFisco,
      IBSCBS: form.impostos.ibsCbs ? ibsCbsGroup(form.impostos.ibsCbs, total.vTPrest) : undefined,
    }),
    total,
  });
  return { infCte, ambiente: ctx.ambiente, referencia: ctx.referencia };
}
