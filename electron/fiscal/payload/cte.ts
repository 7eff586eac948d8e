// CT-e form → the API's CtePedidoEmissao (POST /cte). Pure: the same form and context always give
// the same JSON, so the outbox row stores exactly what was (or will be) sent.
import type { CteInput as CteForm } from './input';
import type { CtePedidoEmissaoInput } from '../requests/cte';
import type { EmissionContext } from './common';

type InfCte = CtePedidoEmissaoInput['infCte'];
type InfDoc = NonNullable<NonNullable<InfCte['infCTeNorm']>['infDoc']>;
import { compact, ideHead, emitter, ibsCbsGroup, icmsGroup, indIEToma, observations, party } from './common';
import { withHomologacaoNames } from '../homologacao';

const TOMA_KEYS = ['remetente', 'expedidor', 'recebedor', 'destinatario', 'tomador'] as const;

function documents(form: CteForm): InfDoc | undefined {
  const d = form.documentos;
  if (d.nfe.length) return { infNFe: d.nfe.map((n) => compact({ chave: n.chave, PIN: n.pin || undefined })) };
  if (d.dce.length) return { infDCe: d.dce.map((n) => ({ chave: n.chave })) };
  if (d.outros.length) return { infOutros: d.outros.map((o) => compact({ ...o })) };
  return undefined;
}

export function buildCtePayload(form: CteForm, ctx: EmissionContext): CtePedidoEmissaoInput {
  const g = form.geral;
  const company = ctx.company;
  const toma = form[TOMA_KEYS[g.toma]];
  const ide = compact({
    ...ideHead(g, ctx, 0),
    cMunIni: g.inicio.uf === 'EX' ? '9999999' : g.inicio.cMun,
    xMunIni: g.inicio.xMun,
    UFIni: g.inicio.uf,
    cMunFim: g.fim.uf === 'EX' ? '9999999' : g.fim.cMun,
    xMunFim: g.fim.xMun,
    UFFim: g.fim.uf,
    retira: g.retira ? 0 : 1,
    xDetRetira: g.xDetRetira,
    indIEToma: indIEToma(toma),
    toma3: g.toma === 4 ? undefined : { toma: g.toma },
    toma4:
      g.toma === 4 && form.tomador
        ? party(form.tomador, 'enderToma', {
            toma: 4 as const,
            ...(form.tomador.xFant ? { xFant: form.tomador.xFant } : {}),
          })
        : undefined,
  });
  const v = form.valores;
  const infDoc = documents(form);
  const infCte: InfCte = compact({
    versao: '4.00',
    ide,
    compl: observations(form.observacoes),
    emit: emitter(company, form.impostos.icms),
    rem: form.remetente
      ? party(form.remetente, 'enderReme', form.remetente.xFant ? { xFant: form.remetente.xFant } : {})
      : undefined,
    exped: form.expedidor ? party(form.expedidor, 'enderExped') : undefined,
    receb: form.recebedor ? party(form.recebedor, 'enderReceb') : undefined,
    dest: form.destinatario ? party(form.destinatario, 'enderDest') : undefined,
    vPrest: compact({
      vTPrest: v.vTPrest,
      vRec: v.vRec,
      Comp: v.componentes.length ? v.componentes.map((c) => ({ xNome: c.xNome, vComp: c.vComp })) : undefined,
    }),
    imp: compact({
      ICMS: icmsGroup(form.impostos.icms, v.vTPrest),
      vTotTrib: form.impostos.vTotTrib,
      infAdFisco: form.impostos.infAdFisco,
      IBSCBS: form.impostos.ibsCbs ? ibsCbsGroup(form.impostos.ibsCbs, v.vTPrest) : undefined,
    }),
    infCTeNorm: compact({
      infCarga: compact({
        vCarga: form.carga.vCarga,
        proPred: form.carga.proPred,
        xOutCat: form.carga.xOutCat,
        infQ: form.carga.quantidades.map((q) => ({ cUnid: q.cUnid, tpMed: q.tpMed, qCarga: q.qCarga })),
        vCargaAverb: form.carga.vCargaAverb,
      }),
      infDoc,
      infModal: { versaoModal: '4.00', rodo: { RNTRC: form.rodoviario.rntrc } },
    }),
  });
  // MOC Anexo I G002–G005: in homologação the parties' names are the literal (the form keeps the real ones).
  const named = withHomologacaoNames(ctx.ambiente, ide.tpEmis, infCte);
  return { infCte: named, ambiente: ctx.ambiente, referencia: ctx.referencia };
}

/** The parties of a form, for the address book (each remembered once per send). */
export function partiesOf(form: CteForm) {
  return TOMA_KEYS.map((k) => form[k]).filter((p): p is NonNullable<typeof p> => p !== undefined);
}
