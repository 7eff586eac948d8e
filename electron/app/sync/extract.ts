import { parseDocument } from '../../documents/parse/index';
import type { DocumentView } from '../../documents/parse/index';
import type { BrowseFields } from '../../cache/repositories/types';

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
