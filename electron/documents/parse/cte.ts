import { parseAccessKey } from '../../fiscal/access-key';
import { parseCarga, parseCteCommon, parseParty, TOMA_ROLES } from './common';
import { parseFluxo, parseModalView } from './modal';
import type { CteView, LabeledValue, OriginDoc, Party } from './types';
import { el, els, firstOf, txt } from './xml';
import type { XNode } from './xml';

const OUTROS_TIPOS: Record<string, string> = {
  '00': 'DECL.',
  '10': 'DUTO',
  '59': 'CF-E',
  '65': 'NFC-E',
  '99': 'OUTROS',
};

/** `CTe` element (inside cteProc or alone) → view model. */
export function parseCte(cte: XNode, protCTe: XNode | undefined): CteView {
  const { inf, ide, compl, common } = parseCteCommon(cte, protCTe);
  const rem = parseParty(el(inf, 'rem'), 'enderReme');
  const dest = parseParty(el(inf, 'dest'), 'enderDest');
  const exped = parseParty(el(inf, 'exped'), 'enderExped');
  const receb = parseParty(el(inf, 'receb'), 'enderReceb');
  const norm = el(inf, 'infCTeNorm');
  const tomaInfo = resolveToma(ide, { rem, dest, exped, receb });
  return {
    kind: 'cte',
    ...common,
    rem,
    dest,
    exped,
    receb,
    toma: tomaInfo.party,
    tomaRole: tomaInfo.role,
    carga: parseCarga(el(norm, 'infCarga')),
    // Layout 2.00 lists the documents in the remetente (rem/infNF, infNFe, infOutros); 3.00 on in infDoc.
    docs: parseOriginDocs(norm, rem, el(inf, 'rem')),
    modalInfo: parseModal(el(norm, 'infModal')),
    modal: parseModalView(el(norm, 'infModal'), rem?.CNPJ || rem?.CPF || ''),
    fluxo: parseFluxo(compl),
    xCaracSer: txt(compl, 'xCaracSer'),
    infGlobalizado: txt(inf, 'infGlobalizado', 'xObs'),
    destISUF: txt(inf, 'dest', 'ISUF'),
    refs: parseRefs(inf),
  };
}

function resolveToma(
  ide: XNode | undefined,
  parties: { rem?: Party; dest?: Party; exped?: Party; receb?: Party },
): { party: Party | undefined; role: string } {
  const toma4 = el(ide, 'toma4');
  if (toma4 !== undefined) return { party: parseParty(toma4, 'enderToma'), role: TOMA_ROLES['4'] ?? '' };
  const code = txt(ide, 'toma3', 'toma') || txt(ide, 'toma03', 'toma');
  const byCode: Record<string, Party | undefined> = {
    '0': parties.rem,
    '1': parties.exped,
    '2': parties.receb,
    '3': parties.dest,
  };
  return { party: byCode[code], role: TOMA_ROLES[code] ?? '' };
}

function parseOriginDocs(
  norm: XNode | undefined,
  rem: Party | undefined,
  remNode: XNode | undefined,
): OriginDoc[] {
  const infDoc = el(norm, 'infDoc') ?? remNode;
  const remDoc = rem?.CNPJ || rem?.CPF || '';
  const docs: OriginDoc[] = [];
  for (const nf of els(infDoc, 'infNF')) {
    docs.push({
      tipo: txt(nf, 'mod') === '04' ? 'NFP' : 'NF',
      emitente: remDoc,
      serieNumero: [txt(nf, 'serie'), txt(nf, 'nDoc')].filter(Boolean).join('/'),
      chave: '',
    });
  }
  for (const nfe of els(infDoc, 'infNFe')) docs.push(electronicDoc('NF-E', txt(nfe, 'chave')));
  for (const dce of els(infDoc, 'infDCe')) docs.push(electronicDoc('DC-E', txt(dce, 'chave')));
  for (const other of els(infDoc, 'infOutros')) {
    const tpDoc = txt(other, 'tpDoc');
    docs.push({
      tipo: OUTROS_TIPOS[tpDoc] ?? tpDoc,
      emitente: remDoc,
      serieNumero: txt(other, 'nDoc'),
      chave: '',
      descricao: txt(other, 'descOutros'),
    });
  }
  for (const emiDocAnt of els(el(norm, 'docAnt'), 'emiDocAnt')) {
    const emitente = txt(emiDocAnt, 'CNPJ') || txt(emiDocAnt, 'CPF');
    for (const idDocAnt of els(emiDocAnt, 'idDocAnt')) {
      for (const ele of els(idDocAnt, 'idDocAntEle')) docs.push(electronicDoc('CT-E', txt(ele, 'chCTe')));
      for (const pap of els(idDocAnt, 'idDocAntPap')) {
        docs.push({
          tipo: `ANT ${txt(pap, 'tpDoc')}`.trim(),
          emitente,
          serieNumero: [txt(pap, 'serie'), txt(pap, 'nDoc')].filter(Boolean).join('/'),
          chave: '',
        });
      }
    }
  }
  return docs;
}

/** Emitter CNPJ and série/número are read from the key itself (test keys with a wrong DV included). */
function electronicDoc(tipo: string, chave: string): OriginDoc {
  const parsed = parseAccessKey(chave, { ignoreCheckDigit: true });
  return {
    tipo,
    emitente: parsed?.cnpj ?? '',
    serieNumero: parsed === null ? '' : `${Number(parsed.serie)}/${Number(parsed.numero)}`,
    chave,
  };
}

const MODAL_ELEMENTS = ['rodo', 'aereo', 'aquav', 'ferrov', 'duto', 'multimodal'] as const;

function parseModal(infModal: XNode | undefined): LabeledValue[] {
  const found = firstOf(infModal, MODAL_ELEMENTS);
  if (found === undefined) return [];
  const [name, node] = found;
  if (name === 'rodo') return [{ label: 'RNTRC da empresa', value: txt(node, 'RNTRC') }];
  // Other modals are printed generically: every simple field of the modal group, by tag name.
  return Object.entries(node)
    .filter(([key, value]) => !key.startsWith('@_') && typeof value === 'string')
    .map(([key, value]) => ({ label: key, value: value as string }));
}

function parseRefs(inf: XNode): LabeledValue[] {
  const refs: LabeledValue[] = [];
  for (const comp of els(inf, 'infCteComp'))
    refs.push({ label: 'CT-e complementado', value: txt(comp, 'chCTe') || txt(comp, 'chCte') });
  const sub = el(inf, 'infCTeNorm', 'infCteSub');
  if (sub !== undefined)
    refs.push({ label: 'CT-e substituído', value: txt(sub, 'chCte') || txt(sub, 'chCTe') });
  const anu = el(inf, 'infCteAnu');
  if (anu !== undefined) refs.push({ label: 'CT-e anulado', value: txt(anu, 'chCte') || txt(anu, 'chCTe') });
  return refs;
}
