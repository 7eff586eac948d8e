// MDF-e 3.00 (mdfeProc, MDFe) and its events (procEventoMDFe, eventoMDFe) → view models.
// Layout: MOC MDF-e 3.00 and the XSDs of PL_MDFe_300b (mdfeTiposBasico, mdfeModalRodoviario, ev*MDFe).
import { emptyParty, parseAmbiente, parseParty, parseProtocol } from './common';
import type {
  MdfeDescarga,
  MdfeDoc,
  MdfeEventView,
  MdfePagamento,
  MdfePerson,
  MdfeRodo,
  MdfeStatus,
  MdfeVehicle,
  MdfeView,
} from './mdfe-types';
import { attr, el, els, txt } from './xml';
import type { XNode } from './xml';

/** CPF, CNPJ or foreign id of a group, whichever it carries. */
function docOf(node: XNode | undefined, ...names: string[]): string {
  for (const name of names.length > 0 ? names : ['CNPJ', 'CPF', 'idEstrangeiro']) {
    const value = txt(node, name);
    if (value !== '') return value;
  }
  return '';
}

function person(node: XNode): MdfePerson {
  return { xNome: txt(node, 'xNome'), doc: docOf(node) };
}

function vehicle(node: XNode | undefined): MdfeVehicle {
  const prop = el(node, 'prop');
  return {
    cInt: txt(node, 'cInt'),
    placa: txt(node, 'placa'),
    RENAVAM: txt(node, 'RENAVAM'),
    tara: txt(node, 'tara'),
    capKG: txt(node, 'capKG'),
    capM3: txt(node, 'capM3'),
    tpRod: txt(node, 'tpRod'),
    tpCar: txt(node, 'tpCar'),
    UF: txt(node, 'UF'),
    prop:
      prop === undefined
        ? undefined
        : {
            doc: docOf(prop, 'CNPJ', 'CPF'),
            RNTRC: txt(prop, 'RNTRC'),
            xNome: txt(prop, 'xNome'),
            IE: txt(prop, 'IE'),
            UF: txt(prop, 'UF'),
            tpProp: txt(prop, 'tpProp'),
          },
  };
}

function pagamento(node: XNode): MdfePagamento {
  const banc = el(node, 'infBanc');
  const banco = txt(banc, 'PIX')
    ? `PIX ${txt(banc, 'PIX')}`
    : txt(banc, 'CNPJIPEF')
      ? `IPEF ${txt(banc, 'CNPJIPEF')}`
      : [txt(banc, 'codBanco'), txt(banc, 'codAgencia')].filter(Boolean).join(' / ');
  return {
    ...person(node),
    comps: els(node, 'Comp').map((c) => ({
      tpComp: txt(c, 'tpComp'),
      vComp: txt(c, 'vComp'),
      xComp: txt(c, 'xComp'),
    })),
    vContrato: txt(node, 'vContrato'),
    indPag: txt(node, 'indPag'),
    vAdiant: txt(node, 'vAdiant'),
    prazos: els(node, 'infPrazo').map((p) => ({
      nParcela: txt(p, 'nParcela'),
      dVenc: txt(p, 'dVenc'),
      vParcela: txt(p, 'vParcela'),
    })),
    banco,
  };
}

/** infModal/rodo [XSD mdfeModalRodoviario_v3.00]. */
function parseRodo(rodo: XNode | undefined): MdfeRodo | undefined {
  if (rodo === undefined) return undefined;
  const antt = el(rodo, 'infANTT');
  // Layout 1.00 had RNTRC, CIOT and valePed straight under rodo (3.00 moved them into infANTT).
  const valePed = el(antt, 'valePed') ?? el(rodo, 'valePed');
  const oldCiot = txt(rodo, 'CIOT');
  return {
    RNTRC: txt(antt, 'RNTRC') || txt(rodo, 'RNTRC'),
    ciot: [
      ...els(antt, 'infCIOT').map((c) => ({ CIOT: txt(c, 'CIOT'), doc: docOf(c, 'CNPJ', 'CPF') })),
      ...(oldCiot ? [{ CIOT: oldCiot, doc: '' }] : []),
    ],
    valePed: els(valePed, 'disp').map((d) => ({
      CNPJForn: txt(d, 'CNPJForn'),
      docPg: docOf(d, 'CNPJPg', 'CPFPg'),
      nCompra: txt(d, 'nCompra'),
      vValePed: txt(d, 'vValePed'),
      tpValePed: txt(d, 'tpValePed'),
    })),
    categCombVeic: txt(valePed, 'categCombVeic'),
    contratantes: els(antt, 'infContratante').map((c) => ({
      ...person(c),
      NroContrato: txt(c, 'infContrato', 'NroContrato'),
      vContratoGlobal: txt(c, 'infContrato', 'vContratoGlobal'),
    })),
    pagamentos: els(antt, 'infPag').map(pagamento),
    tracao: vehicle(el(rodo, 'veicTracao')),
    reboques: els(rodo, 'veicReboque').map(vehicle),
    codAgPorto: txt(rodo, 'codAgPorto'),
    lacres: els(rodo, 'lacRodo').map((l) => txt(l, 'nLacre')),
  };
}

/** The optional groups of one bundled document (infCTe / infNFe / infMDFeTransp) [XSD mdfeTiposBasico]. */
function docDetails(node: XNode): Omit<MdfeDoc, 'tipo' | 'chave'> {
  const out: Omit<MdfeDoc, 'tipo' | 'chave'> = {};
  const unidades = els(node, 'infUnidTransp').map((u) => ({
    tpUnidTransp: txt(u, 'tpUnidTransp'),
    idUnidTransp: txt(u, 'idUnidTransp'),
    lacres: els(u, 'lacUnidTransp').map((l) => txt(l, 'nLacre')),
    cargas: els(u, 'infUnidCarga').map((c) => ({
      tpUnidCarga: txt(c, 'tpUnidCarga'),
      idUnidCarga: txt(c, 'idUnidCarga'),
      lacres: els(c, 'lacUnidCarga').map((l) => txt(l, 'nLacre')),
    })),
  }));
  if (unidades.length > 0) out.unidades = unidades;
  const perigosos = els(node, 'peri').map((p) => ({
    nONU: txt(p, 'nONU'),
    xNomeAE: txt(p, 'xNomeAE'),
    xClaRisco: txt(p, 'xClaRisco'),
    grEmb: txt(p, 'grEmb'),
    qTotProd: txt(p, 'qTotProd'),
    qVolTipo: txt(p, 'qVolTipo'),
  }));
  if (perigosos.length > 0) out.perigosos = perigosos;
  const parcial = el(node, 'infEntregaParcial');
  if (parcial !== undefined)
    out.entregaParcial = { qtdTotal: txt(parcial, 'qtdTotal'), qtdParcial: txt(parcial, 'qtdParcial') };
  if (txt(node, 'indReentrega') === '1') out.reentrega = true;
  return out;
}

const isoDate = (value: string) => value.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3/$2/$1');

function paper(parts: string[]): string {
  return parts.filter((p) => p !== '' && !/ $/.test(p)).join(' ');
}

function parseDescargas(infDoc: XNode | undefined): MdfeDescarga[] {
  const docs = (m: XNode, group: string, keyName: string, tipo: MdfeDoc['tipo']): MdfeDoc[] =>
    els(m, group).map((d) => ({ tipo, chave: txt(d, keyName), ...docDetails(d) }));
  return els(infDoc, 'infMunDescarga').map((m) => ({
    cMun: txt(m, 'cMunDescarga'),
    xMun: txt(m, 'xMunDescarga'),
    docs: [
      ...docs(m, 'infCTe', 'chCTe', 'CT-e'),
      ...docs(m, 'infNFe', 'chNFe', 'NF-e'),
      ...docs(m, 'infMDFeTransp', 'chMDFe', 'MDF-e'),
      // Paper documents of layout 1.00: identified by issuer, série and number.
      ...els(m, 'infCT').map((d) => ({
        tipo: 'CT' as const,
        chave: '',
        descricao: paper([
          `Nº ${txt(d, 'nCT')}`,
          `série ${txt(d, 'serie')}`,
          txt(d, 'subser') ? `subsérie ${txt(d, 'subser')}` : '',
          isoDate(txt(d, 'dEmi')),
        ]),
      })),
      ...els(m, 'infNF').map((d) => ({
        tipo: 'NF' as const,
        chave: '',
        descricao: paper([
          `CNPJ ${txt(d, 'CNPJ')}`,
          txt(d, 'UF'),
          `Nº ${txt(d, 'nNF')}`,
          `série ${txt(d, 'serie')}`,
          isoDate(txt(d, 'dEmi')),
        ]),
      })),
    ],
  }));
}

/** Status from protMDFe alone: 100 authorized; 101 / 132 already cancelled / closed (consulta answers). */
function statusFromProtocol(cStat: string | undefined): MdfeStatus {
  if (cStat === '100') return 'autorizado';
  if (cStat === '101') return 'cancelado';
  if (cStat === '132') return 'encerrado';
  return 'sem-autorizacao';
}

/**
 * `MDFe` element (inside mdfeProc or alone) → view model. `extra` are elements beside it that some
 * systems bundle into the envelope (procEventoMDFe); their accepted events count like attached ones.
 */
export function parseMdfe(mdfe: XNode, protMDFe: XNode | undefined, extra: MdfeEventView[] = []): MdfeView {
  const inf = el(mdfe, 'infMDFe') ?? {};
  const ide = el(inf, 'ide');
  const protocol = parseProtocol(el(protMDFe, 'infProt'));
  const infAdic = el(inf, 'infAdic');
  const tot = el(inf, 'tot');
  const prod = el(inf, 'prodPred');
  const rodo = parseRodo(el(inf, 'infModal', 'rodo'));
  const view: MdfeView = {
    kind: 'mdfe',
    versao: attr(inf, 'versao') || attr(mdfe, 'versao'),
    // Id is "MDFe" + the 44-character key [XSD mdfeTiposBasico infMDFe/@Id].
    chave: attr(inf, 'Id').replace(/^MDFe/, '') || txt(protMDFe, 'infProt', 'chMDFe'),
    ambiente: parseAmbiente(txt(ide, 'tpAmb')),
    ide: {
      cUF: txt(ide, 'cUF'),
      tpAmb: txt(ide, 'tpAmb'),
      tpEmit: txt(ide, 'tpEmit'),
      tpTransp: txt(ide, 'tpTransp'),
      mod: txt(ide, 'mod'),
      serie: txt(ide, 'serie'),
      nMDF: txt(ide, 'nMDF'),
      modal: txt(ide, 'modal'),
      dhEmi: txt(ide, 'dhEmi'),
      tpEmis: txt(ide, 'tpEmis'),
      UFIni: txt(ide, 'UFIni'),
      UFFim: txt(ide, 'UFFim'),
      dhIniViagem: txt(ide, 'dhIniViagem'),
      indCarregaPosterior: txt(ide, 'indCarregaPosterior'),
      carregamento: els(ide, 'infMunCarrega').map((m) => ({
        cMun: txt(m, 'cMunCarrega'),
        xMun: txt(m, 'xMunCarrega'),
      })),
      percurso: els(ide, 'infPercurso').map((p) => txt(p, 'UFPer')),
    },
    emit: parseParty(el(inf, 'emit'), 'enderEmit') ?? emptyParty(),
    rodo,
    condutores: els(el(inf, 'infModal', 'rodo', 'veicTracao'), 'condutor').map((c) => ({
      xNome: txt(c, 'xNome'),
      doc: txt(c, 'CPF'),
    })),
    descargas: parseDescargas(el(inf, 'infDoc')),
    seguros: els(inf, 'seg').map((s) => ({
      respSeg: txt(s, 'infResp', 'respSeg'),
      respDoc: docOf(el(s, 'infResp'), 'CNPJ', 'CPF'),
      xSeg: txt(s, 'infSeg', 'xSeg'),
      CNPJ: txt(s, 'infSeg', 'CNPJ'),
      nApol: txt(s, 'nApol'),
      nAver: els(s, 'nAver').map((a) => txt(a)),
    })),
    prodPred:
      prod === undefined
        ? undefined
        : {
            tpCarga: txt(prod, 'tpCarga'),
            xProd: txt(prod, 'xProd'),
            cEAN: txt(prod, 'cEAN'),
            NCM: txt(prod, 'NCM'),
          },
    tot: {
      qCTe: txt(tot, 'qCTe'),
      qNFe: txt(tot, 'qNFe'),
      qMDFe: txt(tot, 'qMDFe'),
      vCarga: txt(tot, 'vCarga'),
      cUnid: txt(tot, 'cUnid'),
      qCarga: txt(tot, 'qCarga'),
    },
    lacres: els(inf, 'lacres').map((l) => txt(l, 'nLacre')),
    infCpl: txt(infAdic, 'infCpl'),
    infAdFisco: txt(infAdic, 'infAdFisco'),
    qrCode: txt(mdfe, 'infMDFeSupl', 'qrCodMDFe').trim(),
    protocol,
    status: statusFromProtocol(protocol?.cStat),
    encerramento: undefined,
    cancelamento: undefined,
  };
  return applyMdfeEvents(view, extra);
}

/** Registered by SEFAZ: 135 (vinculado), 136 (não vinculado) [MOC3 §7.2]. A bare request proves nothing. */
export function isAcceptedMdfeEvent(event: MdfeEventView): boolean {
  return event.registro !== undefined && ['135', '136'].includes(event.registro.cStat);
}

/**
 * The MDF-e as its accepted events leave it: cancelled (110111), closed (110112), with the drivers
 * (110114) and NF-e (110115) included after issue. Events of other keys are ignored.
 */
export function applyMdfeEvents(view: MdfeView, events: MdfeEventView[]): MdfeView {
  const mine = events
    .filter((e) => e.chave === view.chave && isAcceptedMdfeEvent(e))
    .sort((a, b) => Number(a.nSeqEvento) - Number(b.nSeqEvento));
  if (mine.length === 0) return view;
  const next: MdfeView = {
    ...view,
    condutores: [...view.condutores],
    descargas: view.descargas.map((d) => ({ ...d, docs: [...d.docs] })),
  };
  for (const event of mine) {
    const r = event.registro;
    if (event.cancelamento !== undefined) {
      next.cancelamento = {
        nProt: r?.nProt ?? '',
        dhRegEvento: r?.dhRegEvento ?? '',
        xJust: event.cancelamento.xJust,
      };
    } else if (event.encerramento !== undefined) {
      next.encerramento = { ...event.encerramento, nProt: r?.nProt ?? '' };
    } else if (event.condutor !== undefined) {
      const c = event.condutor;
      if (!next.condutores.some((d) => d.doc === c.doc)) next.condutores.push({ ...c, porEvento: true });
    } else if (event.inclusaoDfe !== undefined) {
      for (const doc of event.inclusaoDfe.docs) {
        let group = next.descargas.find((d) => d.cMun === doc.cMunDescarga);
        if (group === undefined) {
          group = { cMun: doc.cMunDescarga, xMun: doc.xMunDescarga, docs: [] };
          next.descargas.push(group);
        }
        if (!group.docs.some((d) => d.chave === doc.chNFe))
          group.docs.push({ tipo: 'NF-e', chave: doc.chNFe, porEvento: true });
      }
    }
  }
  if (next.cancelamento !== undefined) next.status = 'cancelado';
  else if (next.encerramento !== undefined) next.status = 'encerrado';
  return next;
}

/** Names from the MOC (§6.1–6.3) and the XSDs, used when the XML lacks descEvento. */
const MDFE_EVENT_NAMES: Record<string, string> = {
  '110111': 'Cancelamento',
  '110112': 'Encerramento',
  '110114': 'Inclusão de Condutor',
  '110115': 'Inclusão de DF-e',
  '310620': 'Registro de Passagem',
  '510620': 'Registro de Passagem BRId',
};

function firstChild(node: XNode | undefined): XNode | undefined {
  const name = Object.keys(node ?? {}).find((k) => !k.startsWith('@_') && k !== '#text');
  return name === undefined ? undefined : el(node, name);
}

/** Simple fields of an event body, nested groups one level down (events without a layout of their own). */
function leafFields(body: XNode | undefined): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = [];
  for (const [key, value] of Object.entries(body ?? {})) {
    if (key.startsWith('@_') || key === 'descEvento' || key === '#text') continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') out.push({ label: key, value: item });
      else if (!Array.isArray(item))
        for (const [k2, v2] of Object.entries(item))
          if (typeof v2 === 'string' && !k2.startsWith('@_'))
            out.push({ label: `${key} / ${k2}`, value: v2 });
    }
  }
  return out;
}

/** `eventoMDFe` (with its `retEventoMDFe` when it came in a procEventoMDFe) → view model [MOC3 §6]. */
export function parseMdfeEvent(evento: XNode, ret: XNode | undefined): MdfeEventView {
  const inf = el(evento, 'infEvento') ?? {};
  const body = firstChild(el(inf, 'detEvento'));
  const tpEvento = txt(inf, 'tpEvento');
  const retInf = el(ret, 'infEvento');
  const known = ['110111', '110112', '110114', '110115'].includes(tpEvento);
  return {
    kind: 'mdfe-event',
    versao: attr(evento, 'versao'),
    ambiente: parseAmbiente(txt(inf, 'tpAmb')),
    cOrgao: txt(inf, 'cOrgao'),
    autor: txt(inf, 'CNPJ') || txt(inf, 'CPF'),
    chave: txt(inf, 'chMDFe'),
    dhEvento: txt(inf, 'dhEvento'),
    tpEvento,
    descEvento: MDFE_EVENT_NAMES[tpEvento] ?? (txt(body, 'descEvento') || `Evento ${tpEvento}`),
    nSeqEvento: txt(inf, 'nSeqEvento'),
    cancelamento:
      tpEvento === '110111' ? { nProt: txt(body, 'nProt'), xJust: txt(body, 'xJust') } : undefined,
    encerramento:
      tpEvento === '110112'
        ? {
            nProt: txt(body, 'nProt'),
            dtEnc: txt(body, 'dtEnc'),
            cUF: txt(body, 'cUF'),
            cMun: txt(body, 'cMun'),
          }
        : undefined,
    condutor:
      tpEvento === '110114'
        ? { xNome: txt(body, 'condutor', 'xNome'), doc: txt(body, 'condutor', 'CPF') }
        : undefined,
    inclusaoDfe:
      tpEvento === '110115'
        ? {
            nProt: txt(body, 'nProt'),
            cMunCarrega: txt(body, 'cMunCarrega'),
            xMunCarrega: txt(body, 'xMunCarrega'),
            docs: els(body, 'infDoc').map((d) => ({
              cMunDescarga: txt(d, 'cMunDescarga'),
              xMunDescarga: txt(d, 'xMunDescarga'),
              chNFe: txt(d, 'chNFe'),
            })),
          }
        : undefined,
    details: known ? [] : leafFields(body),
    registro:
      retInf === undefined
        ? undefined
        : {
            cStat: txt(retInf, 'cStat'),
            xMotivo: txt(retInf, 'xMotivo'),
            nProt: txt(retInf, 'nProt'),
            dhRegEvento: txt(retInf, 'dhRegEvento'),
          },
  };
}

/** The procEventoMDFe elements some envelopes carry beside the MDFe (e.g. a consulta's answer). */
export function bundledMdfeEvents(root: XNode): MdfeEventView[] {
  return els(root, 'procEventoMDFe').flatMap((p) => {
    const evento = el(p, 'eventoMDFe');
    return evento === undefined ? [] : [parseMdfeEvent(evento, el(p, 'retEventoMDFe'))];
  });
}
