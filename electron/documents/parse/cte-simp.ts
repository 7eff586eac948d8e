// CT-e Simplificado (cteSimp_v4.00.xsd, tpCTe 5/6): one CT-e for many deliveries of the same tomador.
// It fits the CT-e view: no remetente/destinatário/documents groups, the tomador in infCte/toma, totals
// in infCte/total, and the deliveries (det) with their route, values and NF-e keys in `entregas`.
import {
  emptyParty,
  keyFromId,
  parseAmbiente,
  parseComponents,
  parseIbsCbs,
  parseIcms,
  parseObs,
  parseParty,
  parseProtocol,
} from './common';
import { parseFluxo, parseModalView } from './modal';
import type { CargoQuantity, CteView, EntregaView, LabeledValue, ValueComponent } from './types';
import { attr, el, els, txt } from './xml';
import type { XNode } from './xml';

const TOMA_ROLES: Record<string, string> = {
  '0': 'Remetente',
  '1': 'Expedidor',
  '2': 'Recebedor',
  '3': 'Destinatário',
  '4': 'Terceiro',
};

function parseEntrega(det: XNode): EntregaView {
  return {
    nItem: attr(det, 'nItem'),
    cMunIni: txt(det, 'cMunIni'),
    xMunIni: txt(det, 'xMunIni'),
    cMunFim: txt(det, 'cMunFim'),
    xMunFim: txt(det, 'xMunFim'),
    vPrest: txt(det, 'vPrest'),
    vRec: txt(det, 'vRec'),
    comps: parseComponents(det),
    docs: [
      ...els(det, 'infNFe').map((n) => ({ tipo: 'NF-E' as const, chave: txt(n, 'chNFe') })),
      ...els(det, 'infDocAnt').map((d) => ({ tipo: 'CT-E' as const, chave: txt(d, 'chCTe') })),
    ],
  };
}

/** The components block of the DACTE: each component summed over the deliveries, by name. */
function totalComponents(entregas: EntregaView[]): ValueComponent[] {
  const sums = new Map<string, number>();
  for (const comp of entregas.flatMap((e) => e.comps)) {
    const value = Number(comp.vComp);
    sums.set(comp.xNome, (sums.get(comp.xNome) ?? 0) + (Number.isFinite(value) ? value : 0));
  }
  return [...sums].map(([xNome, total]) => ({ xNome, vComp: total.toFixed(2) }));
}

function parseSubstitution(inf: XNode): LabeledValue[] {
  const sub = el(inf, 'infCteSub');
  return sub === undefined ? [] : [{ label: 'CT-e substituído', value: txt(sub, 'chCte') }];
}

/** `CTeSimp` element (inside cteSimpProc or alone) → the CT-e view with its deliveries. */
export function parseCteSimp(cte: XNode, protCTe: XNode | undefined): CteView {
  const inf = el(cte, 'infCte') ?? {};
  const ide = el(inf, 'ide');
  const protocol = parseProtocol(el(protCTe, 'infProt'));
  const compl = el(inf, 'compl');
  const imp = el(inf, 'imp');
  const infCarga = el(inf, 'infCarga');
  const ibsCbs = parseIbsCbs(imp);
  const entregas = els(inf, 'det').map(parseEntrega);
  return {
    kind: 'cte',
    versao: attr(inf, 'versao') || attr(cte, 'versao'),
    chave: keyFromId(attr(inf, 'Id'), protocol === undefined ? '' : txt(protCTe, 'infProt', 'chCTe')),
    ambiente: parseAmbiente(txt(ide, 'tpAmb')),
    ide: {
      cUF: txt(ide, 'cUF'),
      CFOP: txt(ide, 'CFOP'),
      natOp: txt(ide, 'natOp'),
      mod: txt(ide, 'mod'),
      serie: txt(ide, 'serie'),
      nCT: txt(ide, 'nCT'),
      dhEmi: txt(ide, 'dhEmi'),
      tpEmis: txt(ide, 'tpEmis'),
      tpCTe: txt(ide, 'tpCTe'),
      modal: txt(ide, 'modal'),
      tpServ: txt(ide, 'tpServ'),
      UFIni: txt(ide, 'UFIni'),
      xMunIni: '',
      cMunIni: '',
      UFFim: txt(ide, 'UFFim'),
      xMunFim: '',
      cMunFim: '',
      indGlobalizado: '',
      retira: txt(ide, 'retira'),
      xDetRetira: txt(ide, 'xDetRetira'),
      dhCont: txt(ide, 'dhCont'),
      xJust: txt(ide, 'xJust'),
    },
    emit: parseParty(el(inf, 'emit'), 'enderEmit') ?? emptyParty(),
    rem: undefined,
    dest: undefined,
    exped: undefined,
    receb: undefined,
    toma: parseParty(el(inf, 'toma'), 'enderToma'),
    tomaRole: TOMA_ROLES[txt(inf, 'toma', 'toma')] ?? '',
    vPrest: {
      vTPrest: txt(inf, 'total', 'vTPrest'),
      vRec: txt(inf, 'total', 'vTRec'),
      comps: totalComponents(entregas),
    },
    icms: parseIcms(imp),
    ibsCbs: ibsCbs === undefined ? undefined : { ...ibsCbs, vTotDFe: txt(inf, 'total', 'vTotDFe') },
    vTotTrib: txt(imp, 'vTotTrib'),
    xObs: txt(compl, 'xObs'),
    obsCont: parseObs(compl, 'ObsCont'),
    obsFisco: parseObs(compl, 'ObsFisco'),
    qrCode: txt(cte, 'infCTeSupl', 'qrCodCTe'),
    protocol,
    carga:
      infCarga === undefined
        ? undefined
        : {
            vCarga: txt(infCarga, 'vCarga'),
            proPred: txt(infCarga, 'proPred'),
            xOutCat: txt(infCarga, 'xOutCat'),
            infQ: els(infCarga, 'infQ').map((q): CargoQuantity => ({
              cUnid: txt(q, 'cUnid'),
              tpMed: txt(q, 'tpMed'),
              qCarga: txt(q, 'qCarga'),
            })),
          },
    docs: [],
    modalInfo: [{ label: 'RNTRC da empresa', value: txt(inf, 'infModal', 'rodo', 'RNTRC') }],
    modal: parseModalView(el(inf, 'infModal'), ''),
    fluxo: parseFluxo(compl),
    xCaracSer: txt(compl, 'xCaracSer'),
    infGlobalizado: '',
    destISUF: '',
    refs: parseSubstitution(inf),
    entregas,
  };
}
