// CT-e OS form → the API's CteOsPedidoEmissao (POST /cteos). Pure and deterministic.
import type { CteOsInput as CteOsForm } from './input';
import type { EmissionContext, JsonObject } from './common';
import {
  compact,
  emitter,
  ibsCbsGroup,
  icmsGroup,
  indIEToma,
  normalizeDhEmi,
  observations,
  party,
  ufCode,
  VER_PROC,
} from './common';

export function buildCteOsPayload(form: CteOsForm, ctx: EmissionContext): JsonObject {
  const g = form.geral;
  const company = ctx.company;
  const r = form.rodoviario;
  const rodoOS = compact({
    TAF: r.taf,
    NroRegEstadual: r.taf ? undefined : r.nroRegEstadual,
    veic: r.placa ? compact({ placa: r.placa, UF: r.ufVeiculo }) : undefined,
    infFretamento: r.fretamento
      ? compact({ tpFretamento: r.fretamento.tpFretamento, dhViagem: r.fretamento.dhViagem })
      : undefined,
  });
  const v = form.valores;
  const infCte = compact({
    versao: '4.00',
    ide: compact({
      cUF: ufCode(company.endereco.uf),
      CFOP: g.cfop,
      natOp: g.natOp,
      serie: ctx.serie,
      nCT: ctx.numero,
      dhEmi: normalizeDhEmi(g.dhEmi, ctx.dhEmi),
      tpImp: 1,
      tpEmis: 1,
      tpCTe: 0,
      procEmi: 0,
      verProc: ctx.verProc ?? VER_PROC,
      cMunEnv: company.endereco.codigo_municipio,
      xMunEnv: (company.endereco.cidade ?? '').slice(0, 60) || 'Não informado',
      UFEnv: company.endereco.uf,
      modal: '01',
      tpServ: g.tpServ,
      indIEToma: indIEToma(form.tomador),
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
    toma: party(form.tomador, 'enderToma', form.tomador.xFant ? { xFant: form.tomador.xFant } : {}),
    vPrest: compact({
      vTPrest: v.vTPrest,
      vRec: v.vRec,
      Comp: v.componentes.length ? v.componentes.map((c) => ({ xNome: c.xNome, vComp: c.vComp })) : undefined,
    }),
    imp: compact({
      ICMS: icmsGroup(form.impostos.icms, v.vTPrest),
      vTotTrib: form.impostos.vTotTrib,
      infAdFisco: form.impostos.infAdFisco,
      infTribFed: form.impostos.tributosFederais ? compact({ ...form.impostos.tributosFederais }) : undefined,
      IBSCBS: form.impostos.ibsCbs ? ibsCbsGroup(form.impostos.ibsCbs, v.vTPrest) : undefined,
    }),
    infCTeNorm: compact({
      infServico: compact({
        xDescServ: form.servico.xDescServ,
        infQ: form.servico.qCarga !== undefined ? { qCarga: form.servico.qCarga } : undefined,
      }),
      seg: form.seguro.length ? form.seguro.map((s) => compact({ ...s })) : undefined,
      infModal: Object.keys(rodoOS).length ? { versaoModal: '4.00', rodoOS } : undefined,
    }),
  });
  return { infCte, ambiente: ctx.ambiente, referencia: ctx.referencia } as JsonObject;
}
