// An issued CT-e's payload back into the form model (drafts:duplicate): the clerk starts a new
// document from an old one. Número, série, dates and the emitter are left to the new send.
import type { JsonObject } from '../../fiscal/payload';
import { partyFromPayload } from './address-book';

const o = (v: unknown): JsonObject =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as JsonObject) : {};
const arr = (v: unknown): JsonObject[] => (Array.isArray(v) ? (v as JsonObject[]) : []);

const ICMS_SITUATION: Record<string, string> = {
  ICMS00: '00',
  ICMS20: '20',
  ICMS45: '45',
  ICMS60: '60',
  ICMS90: '90',
  ICMSOutraUF: 'outraUF',
  ICMSSN: 'SN',
};

function icmsForm(icms: JsonObject): Record<string, unknown> {
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

function ibsCbsForm(g: JsonObject | undefined): Record<string, unknown> | undefined {
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

export function cteFormFromPayload(payload: JsonObject): Record<string, unknown> {
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
      ibsCbs: ibsCbsForm(imp.IBSCBS as JsonObject | undefined),
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
