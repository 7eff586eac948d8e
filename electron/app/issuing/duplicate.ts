// An issued CT-e, CT-e OS or CT-e Simplificado's payload back into its form's draft model
// (drafts:duplicate): the clerk starts a new document from an old one. Número, série, dates and the
// emitter are left to the new send.
import { brasiliaWallTime } from '../../fiscal/brasilia';
import type { StoredPayload } from './stored-payload';
import { rec, recOrNone, recs } from './stored-payload';
import { ufByCode } from '../../fiscal/uf';
import { partyFromPayload } from './address-book';

const o = rec;
const arr = recs;

const ICMS_SITUATION: Record<string, string> = {
  ICMS00: '00',
  ICMS20: '20',
  ICMS45: '45',
  ICMS60: '60',
  ICMS90: '90',
  ICMSOutraUF: 'outraUF',
  ICMSSN: 'SN',
};

function icmsForm(icms: StoredPayload): Record<string, unknown> {
  const [group, value] = Object.entries(icms)[0] ?? ['ICMS00', {}];
  const v = o(value);
  const situacao = ICMS_SITUATION[group] ?? '00';
  const { CST, vICMS, vICMSSTRet, vICMSOutraUF, indSN, ...rest } = v;
  void vICMS;
  void vICMSSTRet;
  void vICMSOutraUF;
  void indSN;
  return situacao === '45' ? { situacao, cst: CST, ...rest } : { situacao, ...rest };
}

function ibsCbsForm(g: StoredPayload | undefined): Record<string, unknown> | undefined {
  if (!g) return undefined;
  const gi = o(g.gIBSCBS);
  return {
    cst: g.CST,
    cClassTrib: g.cClassTrib,
    vBC: gi.vBC,
    pIBSUF: o(gi.gIBSUF).pIBSUF,
    pIBSMun: o(gi.gIBSMun).pIBSMun,
    pCBS: o(gi.gCBS).pCBS,
  };
}

const place = (cMun: unknown, xMun: unknown, uf: unknown) => ({ cMun, xMun, uf });

export function cteFormFromPayload(payload: StoredPayload): Record<string, unknown> {
  const inf = o(payload.infCte);
  const ide = o(inf.ide);
  const imp = o(inf.imp);
  const norm = o(inf.infCTeNorm);
  const carga = o(norm.infCarga);
  const doc = o(norm.infDoc);
  const party = (v: unknown, key: string) => (v ? (partyFromPayload(o(v), key) ?? undefined) : undefined);
  const toma = o(ide.toma3).toma ?? 4;
  return {
    geral: {
      cfop: ide.CFOP,
      natOp: ide.natOp,
      tpServ: ide.tpServ,
      toma,
      inicio: place(ide.cMunIni, ide.xMunIni, ide.UFIni),
      fim: place(ide.cMunFim, ide.xMunFim, ide.UFFim),
      retira: ide.retira === 0,
      xDetRetira: ide.xDetRetira,
    },
    remetente: party(inf.rem, 'enderReme'),
    expedidor: party(inf.exped, 'enderExped'),
    recebedor: party(inf.receb, 'enderReceb'),
    destinatario: party(inf.dest, 'enderDest'),
    tomador: party(ide.toma4, 'enderToma'),
    // The form's switches (ignored by the schema): optional parties and IBS/CBS open as they were sent.
    use: { expedidor: Boolean(inf.exped), recebedor: Boolean(inf.receb) },
    valores: {
      componentes: arr(o(inf.vPrest).Comp),
      vTPrest: o(inf.vPrest).vTPrest,
      vRec: o(inf.vPrest).vRec,
    },
    impostos: {
      icms: icmsForm(o(imp.ICMS)),
      ibsCbsOn: Boolean(imp.IBSCBS),
      ibsCbs: ibsCbsForm(recOrNone(imp.IBSCBS)),
      vTotTrib: imp.vTotTrib,
      infAdFisco: imp.infAdFisco,
    },
    carga: {
      vCarga: carga.vCarga,
      vCargaAverb: carga.vCargaAverb,
      proPred: carga.proPred,
      xOutCat: carga.xOutCat,
      quantidades: arr(carga.infQ),
    },
    documentos: {
      nfe: arr(doc.infNFe).map((d) => ({ chave: d.chave })),
      dce: arr(doc.infDCe).map((d) => ({ chave: d.chave })),
      outros: arr(doc.infOutros),
    },
    rodoviario: { rntrc: o(o(norm.infModal).rodo).RNTRC },
    observacoes: {
      xObs: o(inf.compl).xObs,
      obsCont: arr(o(inf.compl).ObsCont),
      obsFisco: arr(o(inf.compl).ObsFisco),
    },
  };
}

const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const money = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** A party in the forms' draft shape: every field present ('' when the payload lacks it). */
function partyDraft(p: unknown, enderKey: string): Record<string, unknown> {
  const found = p ? partyFromPayload(o(p), enderKey) : null;
  const e = o(found?.endereco);
  const keys = ['xLgr', 'nro', 'xCpl', 'xBairro', 'cMun', 'xMun', 'uf', 'cep'];
  return {
    cpfCnpj: text(found?.cpfCnpj),
    ie: text(found?.ie),
    xNome: text(found?.xNome),
    xFant: text(found?.xFant),
    fone: text(found?.fone),
    email: text(found?.email),
    endereco: Object.fromEntries(keys.map((k) => [k, text(e[k])])),
  };
}

function impostosDraft(imp: StoredPayload): Record<string, unknown> {
  const ibs = ibsCbsForm(recOrNone(imp.IBSCBS));
  return {
    icms: icmsForm(o(imp.ICMS)),
    ibsCbsOn: Boolean(imp.IBSCBS),
    ibsCbs: {
      cst: text(ibs?.cst) || '000',
      cClassTrib: text(ibs?.cClassTrib) || '000001',
      pIBSUF: money(ibs?.pIBSUF),
      pIBSMun: money(ibs?.pIBSMun),
      pCBS: money(ibs?.pCBS),
    },
    infAdFisco: text(imp.infAdFisco),
  };
}

const components = (v: unknown) => arr(v).map((c) => ({ xNome: text(c.xNome), vComp: money(c.vComp) }));

/** An issued CT-e OS's payload → the CT-e OS form's draft (cteos-model.ts), opened in /emitir-cteos. */
export function cteOsFormFromPayload(payload: StoredPayload): Record<string, unknown> {
  const inf = o(payload.infCte);
  const ide = o(inf.ide);
  const imp = o(inf.imp);
  const norm = o(inf.infCTeNorm);
  const rodo = o(o(norm.infModal).rodoOS);
  const veic = o(rodo.veic);
  const prop = o(veic.prop);
  const fret = o(rodo.infFretamento);
  const fed = o(imp.infTribFed);
  const fedKeys = ['vPIS', 'vCOFINS', 'vIR', 'vINSS', 'vCSLL'];
  return {
    geral: {
      cfop: text(ide.CFOP),
      natOp: text(ide.natOp),
      tpServ: ide.tpServ,
      inicio: place(text(ide.cMunIni), text(ide.xMunIni), text(ide.UFIni)),
      fim: place(text(ide.cMunFim), text(ide.xMunFim), text(ide.UFFim)),
      dhEmi: '',
      percurso: arr(ide.infPercurso).map((p) => text(p.UFPer)),
    },
    tomadorOn: Boolean(inf.toma),
    tomador: partyDraft(inf.toma, 'enderToma'),
    valores: {
      componentes: components(o(inf.vPrest).Comp),
      vTPrest: money(o(inf.vPrest).vTPrest),
      vRec: money(o(inf.vPrest).vRec),
    },
    impostos: {
      ...impostosDraft(imp),
      federaisOn: Boolean(imp.infTribFed),
      federais: Object.fromEntries(fedKeys.map((k) => [k, money(fed[k])])),
      vTotTrib: money(imp.vTotTrib),
    },
    servico: {
      xDescServ: text(o(norm.infServico).xDescServ),
      qCarga: money(o(o(norm.infServico).infQ).qCarga),
    },
    documentos: arr(norm.infDocRef).map((d) =>
      d.chBPe
        ? { tipo: 'bpe', chBPe: text(d.chBPe), nDoc: '', serie: '', subserie: '', dEmi: '', vDoc: null }
        : {
            tipo: 'outro',
            chBPe: '',
            nDoc: text(d.nDoc),
            serie: text(d.serie),
            subserie: text(d.subserie),
            dEmi: text(d.dEmi),
            vDoc: money(d.vDoc),
          },
    ),
    seguro: arr(norm.seg).map((s) => ({ respSeg: s.respSeg, xSeg: text(s.xSeg), nApol: text(s.nApol) })),
    rodoviario: {
      taf: text(rodo.TAF),
      nroRegEstadual: text(rodo.NroRegEstadual),
      veiculoOn: Boolean(rodo.veic),
      placa: text(veic.placa),
      renavam: text(veic.RENAVAM),
      ufVeiculo: text(veic.UF),
      propOn: Boolean(veic.prop),
      prop: {
        cpfCnpj: text(prop.CNPJ) || text(prop.CPF),
        xNome: text(prop.xNome),
        taf: text(prop.TAF),
        nroRegEstadual: text(prop.NroRegEstadual),
        ie: text(prop.IE),
        uf: text(prop.UF),
        tpProp: typeof prop.tpProp === 'number' ? prop.tpProp : 2,
      },
      tpFretamento: typeof fret.tpFretamento === 'number' ? fret.tpFretamento : null,
      // The form edits Brasília time without the offset (a datetime-local value).
      dhViagem: brasiliaWallTime(new Date(text(fret.dhViagem))).slice(0, 16),
    },
    observacoes: { xObs: text(o(inf.compl).xObs), obsCont: arr(o(inf.compl).ObsCont) },
  };
}

/** A delivery's municipality: its UF comes from the IBGE code (the det group has no UF). */
function deliveryPlace(cMun: unknown, xMun: unknown): Record<string, string> {
  const code = text(cMun);
  const uf = ufByCode(code.slice(0, 2), { allowEx: true })?.sigla ?? '';
  return { cMun: code, xMun: text(xMun), uf };
}

/** An issued CT-e Simplificado's payload → its form's draft (simp-model.ts), opened in /emitir-cte-simp. */
export function cteSimpFormFromPayload(payload: StoredPayload): Record<string, unknown> {
  const inf = o(payload.infCte);
  const ide = o(inf.ide);
  const carga = o(inf.infCarga);
  return {
    geral: {
      cfop: text(ide.CFOP),
      natOp: text(ide.natOp),
      tpServ: ide.tpServ,
      toma: o(inf.toma).toma,
      ufIni: text(ide.UFIni),
      ufFim: text(ide.UFFim),
      dhEmi: '',
      retira: ide.retira === 0,
      xDetRetira: text(ide.xDetRetira),
    },
    tomador: partyDraft(inf.toma, 'enderToma'),
    entregas: arr(inf.det).map((d) => ({
      origem: deliveryPlace(d.cMunIni, d.xMunIni),
      destino: deliveryPlace(d.cMunFim, d.xMunFim),
      vPrest: money(d.vPrest),
      vRec: money(d.vRec),
      componentes: components(d.Comp),
      nfe: arr(d.infNFe).map((n) => ({ chave: text(n.chNFe), pin: text(n.PIN), dPrev: text(n.dPrev) })),
      recebedor: '',
    })),
    impostos: impostosDraft(o(inf.imp)),
    carga: {
      vCarga: money(carga.vCarga),
      proPred: text(carga.proPred),
      xOutCat: text(carga.xOutCat),
      quantidades: arr(carga.infQ).map((q) => ({
        cUnid: text(q.cUnid),
        tpMed: text(q.tpMed),
        qCarga: money(q.qCarga),
      })),
    },
    rodoviario: { rntrc: text(o(o(inf.infModal).rodo).RNTRC) },
    observacoes: { xObs: text(o(inf.compl).xObs) },
  };
}

export type DuplicateKind = 'cte' | 'cteos' | 'cte-simp';

/**
 * A copy starts without the NF-e of the original: an NF-e goes on one CT-e, and a copy that kept
 * them would send a second CT-e for goods already carried (issue 26). Answers the keys removed, so
 * the form can list them with the CT-e they are on and offer to keep them on purpose.
 */
function withoutNfe(kind: DuplicateKind, data: Record<string, unknown>): string[] {
  const keysOf = (list: unknown) =>
    arr(list)
      .map((n) => text(n.chave))
      .filter(Boolean);
  if (kind === 'cte') {
    const docs = o(data.documentos);
    const removed = keysOf(docs.nfe);
    data.documentos = { ...docs, nfe: [] };
    return removed;
  }
  if (kind === 'cte-simp') {
    const removed: string[] = [];
    data.entregas = arr(data.entregas).map((e) => {
      removed.push(...keysOf(e.nfe));
      return { ...e, nfe: [] };
    });
    return removed;
  }
  return [];
}

/**
 * The draft of a copy, by what was issued: the outbox row's variant ('cte-simp' posts to /cte/simp
 * but numbers as 'cte') or its kind. Each kind opens in its own form, without the NF-e keys of the
 * original (`nfeRemovidas`).
 */
export function draftFromIssued(
  kind: string,
  variant: string | null,
  payload: StoredPayload,
): {
  kind: DuplicateKind;
  data: Record<string, unknown>;
  nfeRemovidas: string[];
} {
  const copy: { kind: DuplicateKind; data: Record<string, unknown> } =
    variant === 'cte-simp'
      ? { kind: 'cte-simp', data: cteSimpFormFromPayload(payload) }
      : kind === 'cteos'
        ? { kind: 'cteos', data: cteOsFormFromPayload(payload) }
        : { kind: 'cte', data: cteFormFromPayload(payload) };
  return { ...copy, nfeRemovidas: withoutNfe(copy.kind, copy.data) };
}
