import { parseDocument } from '../../documents/parse/index';
import type { DocumentView } from '../../documents/parse/index';
import type { Repositories } from '../../cache/repositories';
import type { BrowseFields } from '../../cache/repositories/types';
import { HOMOLOGACAO_XNOME } from '../../fiscal/homologacao';
import { documentSituacao } from '../../documents/status';

const cents = (text: string): number | null => {
  if (text === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? Math.round(value * 100) : null;
};
const int = (text: string): number | null => (/^\d+$/.test(text) ? Number(text) : null);
const orNull = (text: string | undefined): string | null => (text ? text : null);

function party(p: { xNome: string; CNPJ: string; CPF: string } | undefined) {
  return { nome: orNull(p?.xNome), doc: orNull(p?.CNPJ || p?.CPF) };
}

/** The deliveries' municipalities, each once in order (a CT-e Simplificado has no ide/xMunIni, xMunFim). */
function deliveryPlaces(names: string[]): string | null {
  return orNull([...new Set(names.filter(Boolean))].join(', '));
}

/** The browse columns of a processed XML (cteProc, cteSimpProc, cteOSProc, dceProc). */
export function fieldsOfView(view: DocumentView): BrowseFields | null {
  if (view.kind === 'cte' || view.kind === 'cteos') {
    const entregas = view.kind === 'cte' ? view.entregas : undefined;
    const toma = party(view.toma);
    const rem = view.kind === 'cte' ? party(view.rem) : { nome: null, doc: null };
    const dest = view.kind === 'cte' ? party(view.dest) : { nome: null, doc: null };
    return {
      tomadorNome: toma.nome,
      tomadorDoc: toma.doc,
      remetenteNome: rem.nome,
      remetenteDoc: rem.doc,
      destinatarioNome: dest.nome,
      destinatarioDoc: dest.doc,
      ufInicio: orNull(view.ide.UFIni),
      municipioInicio: entregas ? deliveryPlaces(entregas.map((e) => e.xMunIni)) : orNull(view.ide.xMunIni),
      ufFim: orNull(view.ide.UFFim),
      municipioFim: entregas ? deliveryPlaces(entregas.map((e) => e.xMunFim)) : orNull(view.ide.xMunFim),
      valorPrestacao: cents(view.vPrest.vTPrest),
      valorIcms: view.icms ? cents(view.icms.vICMS) : null,
      dataEmissao: orNull(view.ide.dhEmi),
      serie: int(view.ide.serie),
      numero: int(view.ide.nCT),
      chave: orNull(view.chave),
      cancelledInXml: documentSituacao(view) === 'cancelado',
    };
  }
  if (view.kind === 'dce') {
    // A DC-e has no tomador; the declarant (emit) sends goods to dest, the carrier is transp.
    const emit = party(view.emit);
    const dest = party(view.dest);
    return {
      tomadorNome: null,
      tomadorDoc: null,
      remetenteNome: emit.nome,
      remetenteDoc: emit.doc,
      destinatarioNome: dest.nome,
      destinatarioDoc: dest.doc,
      ufInicio: orNull(view.emit.ender.UF),
      municipioInicio: orNull(view.emit.ender.xMun),
      ufFim: orNull(view.dest?.ender.UF),
      municipioFim: orNull(view.dest?.ender.xMun),
      valorPrestacao: cents(view.vDC),
      valorIcms: null,
      dataEmissao: orNull(view.ide.dhEmi),
      serie: int(view.ide.serie),
      numero: int(view.ide.nDC),
      chave: orNull(view.chave),
      cancelledInXml: documentSituacao(view) === 'cancelado',
    };
  }
  return null;
}

/** Parses a processed XML; a file the parser refuses gives no fields (the API record still browses). */
export function extractFields(xml: Buffer | string): {
  view: DocumentView | null;
  fields: BrowseFields | null;
} {
  try {
    const view = parseDocument(typeof xml === 'string' ? xml : xml.toString('utf8'));
    return { view, fields: fieldsOfView(view) };
  } catch {
    return { view: null, fields: null };
  }
}

/**
 * In homologação the XML names the remetente, expedidor, recebedor and destinatário by the MOC's
 * literal (CT-e Anexo I, G002–G005: "CTE EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL"), so
 * every row of a test month would read the same. The browse columns (list, sorting, search, Painel,
 * export) name such a party by who it is when the address book knows its CNPJ/CPF; the XML and its
 * printouts keep the literal, as the authority has it.
 */
export async function withKnownNames(
  repos: Pick<Repositories, 'addressBook'>,
  company: string,
  fields: BrowseFields | null,
): Promise<BrowseFields | null> {
  if (fields === null) return null;
  const named = async (nome: string | null, doc: string | null) =>
    nome === HOMOLOGACAO_XNOME && doc ? ((await repos.addressBook.nameOf(company, doc)) ?? nome) : nome;
  return {
    ...fields,
    tomadorNome: await named(fields.tomadorNome, fields.tomadorDoc),
    remetenteNome: await named(fields.remetenteNome, fields.remetenteDoc),
    destinatarioNome: await named(fields.destinatarioNome, fields.destinatarioDoc),
  };
}
