// The MDF-e form's start from a selection: for each CT-e key (Documentos) the cached processed XML
// (fetched from the API and cached when missing), for each NF-e key (the inbox, own load) the
// note's XML; from them the loading and unloading municipalities, the goods' value and weight and
// the predominant product. Documents that cannot travel (not authorized, not in the cache) come back
// as problems in words, never as a throw for the whole selection.
import type { Repositories } from '../../cache/repositories';
import type { Environment } from '../../cache/repositories/types';
import { parseDocument } from '../../documents/parse';
import type { CteView, NfeView, Party } from '../../documents/parse/types';
import { parseAccessKey } from '../../fiscal/access-key';
import { isValidCep, normalizeCep } from '../../fiscal/cep';
import { HOMOLOGACAO_XNOME } from '../../fiscal/homologacao';
import type { UfSigla } from '../../fiscal/uf';
import { isUfSigla } from '../../fiscal/uf';
import { routesFor } from '../../fiscal/mdfe-trip';
import type { MdfeDocumento, MdfePrefill } from '../../shared/schemas/mdfe-form';

export interface MdfePrefillDeps {
  repos: () => Repositories;
  environment: () => Environment;
  /** The processed XML of a CT-e from the API (when the cache lacks it). */
  fetchCteXml: (apiId: string) => Promise<Buffer>;
  /** The full XML of inbox notes (throws with a Portuguese message when one is missing/cancelled). */
  nfeXml: (company: string, chaves: readonly string[]) => Promise<{ chave: string; xml: string }[]>;
}

const num = (v: string | undefined) => {
  const n = Number((v ?? '').replace(',', '.'));
  return Number.isFinite(n) ? n : 0;
};

/** Gross weight in kg from the CT-e's infQ: the "peso bruto" line in kg, else any kg line, else t. */
export function cteWeightKg(infQ: readonly { cUnid: string; tpMed: string; qCarga: string }[]): number {
  const kg = infQ.filter((q) => q.cUnid === '01');
  const bruto = kg.find((q) => /BRUTO/i.test(q.tpMed));
  if (bruto) return num(bruto.qCarga);
  if (kg[0]) return num(kg[0].qCarga);
  const ton = infQ.find((q) => q.cUnid === '02');
  return ton ? num(ton.qCarga) * 1000 : 0;
}

/**
 * The CEP of the first party (in the order given) whose address is in municipality `cMun` and has a
 * valid CEP: the place of loading or unloading of a carga lotação. A party elsewhere (a head office
 * in another town) says nothing about where the truck stops; '' when none fits.
 */
export function cepIn(parties: readonly (Party | undefined)[], cMun: string): string {
  const party = parties.find((p) => p && p.ender.cMun === cMun && isValidCep(p.ender.CEP));
  return party ? normalizeCep(party.ender.CEP) : '';
}

/** The item of largest value of the NF-e (the predominant product, ANTT Res. 5.867/2020). */
export function predominantItem(view: NfeView): { ncm: string; descricao: string } {
  let best: NfeView['itens'][number] | undefined;
  for (const item of view.itens)
    if (/^\d{8}$/.test(item.NCM) && (!best || num(item.vProd) > num(best.vProd))) best = item;
  return best ? { ncm: best.NCM, descricao: best.xProd.slice(0, 120) } : { ncm: '', descricao: '' };
}

/** A document with a place outside the 27 UFs (EX, or none) cannot go on an MDF-e: said per document. */
export class PlaceOutsideBrazil extends Error {}

const ufOf = (uf: string | undefined): UfSigla => {
  if (isUfSigla(uf)) return uf;
  throw new PlaceOutsideBrazil(
    `Carga ou descarga fora das UFs do Brasil (${uf || 'UF vazia'}): o MDF-e não leva este documento.`,
  );
};

const partyDoc = (p: Party | undefined) => ({
  nome: (p?.xNome ?? '').slice(0, 60),
  cpfCnpj: p?.CNPJ || p?.CPF || '',
});

export function cteFacts(view: CteView): Omit<MdfeDocumento, 'chave'> & { chave: string } {
  return {
    tipo: 'cte',
    chave: view.chave,
    rotulo: `${view.ide.serie}/${view.ide.nCT}`,
    carrega: { cMun: view.ide.cMunIni, xMun: view.ide.xMunIni, uf: ufOf(view.ide.UFIni) },
    descarga: { cMun: view.ide.cMunFim, xMun: view.ide.xMunFim, uf: ufOf(view.ide.UFFim) },
    valor: num(view.carga?.vCarga),
    pesoKg: cteWeightKg(view.carga?.infQ ?? []),
    produto: view.carga?.proPred ?? '',
    // The expedidor hands the goods to the carrier and the recebedor takes them (CT-e layout):
    // where present they are the places of loading and unloading, else remetente / destinatário.
    cepCarrega: cepIn([view.exped, view.rem], view.ide.cMunIni),
    cepDescarga: cepIn([view.receb, view.dest], view.ide.cMunFim),
    tomador: partyDoc(view.toma),
    frete: num(view.vPrest.vTPrest),
    ncm: '',
    ncmDescricao: '',
  };
}

export function nfeFacts(view: NfeView): MdfeDocumento {
  const item = predominantItem(view);
  const from = view.emit.ender;
  const to = view.dest?.ender;
  return {
    tipo: 'nfe',
    chave: view.chave,
    rotulo: `${view.ide.serie}/${view.ide.nNF}`,
    carrega: { cMun: from.cMun, xMun: from.xMun, uf: ufOf(from.UF) },
    descarga: { cMun: to?.cMun ?? '', xMun: to?.xMun ?? '', uf: ufOf(to?.UF) },
    valor: num(view.totals.vNF),
    pesoKg: view.transp.vol.reduce((s, v) => s + num(v.pesoB), 0),
    produto: '',
    cepCarrega: cepIn([view.emit], from.cMun),
    cepDescarga: cepIn([view.dest], to?.cMun ?? ''),
    tomador: { nome: '', cpfCnpj: '' },
    frete: 0,
    ncm: item.ncm,
    ncmDescricao: item.descricao,
  };
}

/**
 * The NCM of the goods a CT-e carries: the largest item among its NF-e whose XML the inbox holds
 * (best effort: a note not there leaves it empty, the clerk searches by description).
 */
async function ncmOfCarried(
  deps: MdfePrefillDeps,
  company: string,
  view: CteView,
): Promise<{ ncm: string; ncmDescricao: string }> {
  const found = { ncm: '', ncmDescricao: '', value: -1 };
  for (const doc of view.docs) {
    if (parseAccessKey(doc.chave)?.kind !== 'nfe') continue;
    const notes = await deps.nfeXml(company, [doc.chave]).catch(() => []);
    for (const { xml } of notes) {
      const note = parseDocument(xml);
      if (note.kind !== 'nfe') continue;
      const item = predominantItem(note);
      const value = num(note.itens.find((i) => i.NCM === item.ncm)?.vProd);
      if (item.ncm && value > found.value) {
        found.ncm = item.ncm;
        found.ncmDescricao = item.descricao;
        found.value = value;
      }
    }
  }
  return { ncm: found.ncm, ncmDescricao: found.ncmDescricao };
}

/** The most frequent non-empty product among the documents ('' when none says). */
function predominant(docs: readonly MdfeDocumento[]): string {
  const count = new Map<string, number>();
  for (const d of docs) if (d.produto) count.set(d.produto, (count.get(d.produto) ?? 0) + 1);
  let best = '';
  for (const [p, n] of count) if (n > (count.get(best) ?? 0)) best = p;
  return best;
}

export async function prefillMdfe(
  deps: MdfePrefillDeps,
  company: string,
  chaves: readonly string[],
): Promise<MdfePrefill> {
  const documentos: MdfeDocumento[] = [];
  const problemas: { chave: string; motivo: string }[] = [];
  const nfes: string[] = [];
  const repos = deps.repos();
  for (const chave of [...new Set(chaves)]) {
    const kind = parseAccessKey(chave)?.kind;
    if (kind === 'nfe') {
      nfes.push(chave);
      continue;
    }
    if (kind !== 'cte') {
      problemas.push({ chave, motivo: 'Só CT-e e NF-e entram em um MDF-e.' });
      continue;
    }
    const row = await repos.db.get<{ id: number; api_id: string; status: string }>(
      "SELECT id, api_id, status FROM documents WHERE company = ? AND environment = ? AND chave = ? AND kind = 'cte' ORDER BY id DESC LIMIT 1",
      [company, deps.environment(), chave],
    );
    if (!row) {
      problemas.push({
        chave,
        motivo: 'CT-e não encontrado no banco local desta empresa: sincronize os documentos.',
      });
      continue;
    }
    if (row.status !== 'autorizado') {
      problemas.push({ chave, motivo: `CT-e ${row.status}: só CT-e autorizado entra em um MDF-e.` });
      continue;
    }
    let xml = (await repos.files.get(row.id, 0, 'xml'))?.bytes.toString('utf8');
    if (!xml) {
      try {
        const bytes = await deps.fetchCteXml(row.api_id);
        await repos.files.put(row.id, 0, 'xml', bytes, 'application/xml');
        xml = bytes.toString('utf8');
      } catch {
        problemas.push({
          chave,
          motivo: 'O XML deste CT-e ainda não está no computador e não pôde ser baixado agora.',
        });
        continue;
      }
    }
    const view = parseDocument(xml);
    if (view.kind !== 'cte') {
      problemas.push({ chave, motivo: 'O XML guardado não é de um CT-e.' });
      continue;
    }
    let carried: ReturnType<typeof cteFacts>;
    try {
      carried = cteFacts(view);
    } catch (error) {
      if (!(error instanceof PlaceOutsideBrazil)) throw error;
      problemas.push({ chave, motivo: error.message });
      continue;
    }
    const facts = { ...carried, ...(await ncmOfCarried(deps, company, view)) };
    // A homologação CT-e names its parties with the G002–G005 literal (the tomador when it is one
    // of them): the address book knows the real name of that CNPJ/CPF.
    if (facts.tomador.cpfCnpj && (!facts.tomador.nome || facts.tomador.nome === HOMOLOGACAO_XNOME)) {
      const known = await repos.addressBook.nameOf(company, facts.tomador.cpfCnpj).catch(() => null);
      if (known) facts.tomador = { ...facts.tomador, nome: known.slice(0, 60) };
    }
    documentos.push(facts as MdfeDocumento);
  }
  if (nfes.length > 0) {
    try {
      for (const { chave, xml } of await deps.nfeXml(company, nfes)) {
        const view = parseDocument(xml);
        if (view.kind !== 'nfe') problemas.push({ chave, motivo: 'O XML guardado não é de uma NF-e.' });
        else if (!view.dest?.ender.cMun)
          problemas.push({ chave, motivo: 'A NF-e não tem o município do destinatário.' });
        else {
          try {
            documentos.push(nfeFacts(view));
          } catch (error) {
            if (!(error instanceof PlaceOutsideBrazil)) throw error;
            problemas.push({ chave, motivo: error.message });
          }
        }
      }
    } catch (error) {
      const motivo = error instanceof Error ? error.message : String(error);
      for (const chave of nfes) problemas.push({ chave, motivo });
    }
  }
  return {
    documentos,
    rotas: routesFor(documentos, []) as MdfePrefill['rotas'],
    produto: predominant(documentos),
    problemas,
  };
}
