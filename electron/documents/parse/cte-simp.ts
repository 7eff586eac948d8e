// CT-e Simplificado (cteSimp_v4.00.xsd, tpCTe 5/6): one CT-e for many deliveries of the same tomador.
// It fits the CT-e view: no remetente/destinatário/documents groups, the tomador in infCte/toma, totals
// in infCte/total, and the deliveries (det) with their route, values and NF-e keys in `entregas`.
import { ufByCode } from '../../fiscal/uf';
import { parseCarga, parseComponents, parseCteCommon, parseParty, TOMA_ROLES } from './common';
import { parseFluxo, parseModalView } from './modal';
import type { CteView, EntregaView, LabeledValue, ValueComponent } from './types';
import { attr, el, els, txt } from './xml';
import type { XNode } from './xml';

const SIMP_TOMA_ROLES: Record<string, string> = { ...TOMA_ROLES, '4': 'Terceiro' };

/**
 * A delivery's UF: the first two digits of its municipality's IBGE code (cMunIni/cMunFim, seven
 * digits) are the UF's IBGE code; 9999999 is the exterior ('EX', as UFIni/UFFim print it).
 */
export function ufOfMunicipio(cMun: string): string {
  if (cMun === '9999999') return 'EX';
  return /^\d{7}$/.test(cMun) ? (ufByCode(cMun.slice(0, 2))?.sigla ?? '') : '';
}

function parseEntrega(det: XNode): EntregaView {
  const cMunIni = txt(det, 'cMunIni');
  const cMunFim = txt(det, 'cMunFim');
  return {
    nItem: attr(det, 'nItem'),
    cMunIni,
    xMunIni: txt(det, 'xMunIni'),
    UFIni: ufOfMunicipio(cMunIni),
    cMunFim,
    xMunFim: txt(det, 'xMunFim'),
    UFFim: ufOfMunicipio(cMunFim),
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
  const { inf, compl, common } = parseCteCommon(cte, protCTe);
  const entregas = els(inf, 'det').map(parseEntrega);
  return {
    kind: 'cte',
    ...common,
    // The route is per delivery (det); the simplified ide has no municipalities nor globalized CT-e.
    ide: { ...common.ide, xMunIni: '', cMunIni: '', xMunFim: '', cMunFim: '', indGlobalizado: '' },
    rem: undefined,
    dest: undefined,
    exped: undefined,
    receb: undefined,
    toma: parseParty(el(inf, 'toma'), 'enderToma'),
    tomaRole: SIMP_TOMA_ROLES[txt(inf, 'toma', 'toma')] ?? '',
    vPrest: {
      vTPrest: txt(inf, 'total', 'vTPrest'),
      vRec: txt(inf, 'total', 'vTRec'),
      comps: totalComponents(entregas),
    },
    ibsCbs:
      common.ibsCbs === undefined ? undefined : { ...common.ibsCbs, vTotDFe: txt(inf, 'total', 'vTotDFe') },
    carga: parseCarga(el(inf, 'infCarga')),
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
