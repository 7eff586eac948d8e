// What the averbadoras' doubles read from the XML they receive (02-atm.md §6, §10 item 4): which
// document or event it is, its key, emitter, model, série, number, environment, the value averbado
// and whether SEFAZ authorized it ("devem estar protocolados pela SEFAZ", REST manual §10 [C]).
import { XMLParser } from 'fast-xml-parser';

import { isValidAccessKey, parseAccessKey } from '../../fiscal/access-key';

export type ReceivedFamily = 'cte' | 'nfe' | 'mdfe';
/** cancelamento 110111, encerramento 110112 (MDF-e), inclusão de condutor 110114 (MDF-e). */
export type ReceivedEvent = 'cancelamento' | 'encerramento' | 'condutor' | 'outro';

export interface ReceivedDoc {
  family: ReceivedFamily;
  /** null: the document itself; otherwise the event it carries. */
  event: ReceivedEvent | null;
  chave: string;
  cnpj: string;
  modelo: string;
  serie: number;
  numero: number;
  tpAmb: 1 | 2;
  /** Emission instant as written (ISO with offset); '' for events. */
  dhEmi: string;
  /** The value averbado: vCargaAverb, else vCarga (CT-e); vProd (NF-e); vCarga (MDF-e). */
  valor: number;
  /** SEFAZ authorized the document (cStat 100) or registered the event (135/136). */
  autorizado: boolean;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);
const str = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';

function at(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const key of path) {
    current = first(current);
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return first(current);
}

/** The first element named `name` anywhere below `node` (depth first). */
function find(node: unknown, name: string): unknown {
  const value = first(node);
  if (!isObject(value)) return undefined;
  if (name in value) return first(value[name]);
  for (const child of Object.values(value)) {
    const found = Array.isArray(child)
      ? child.map((c) => find(c, name)).find((x) => x !== undefined)
      : find(child, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
});

const DOC_ROOTS: Record<
  string,
  { family: ReceivedFamily; doc: string; inf: string; prot: string; key: string; numero: string }
> = {
  cteProc: { family: 'cte', doc: 'CTe', inf: 'infCte', prot: 'protCTe', key: 'chCTe', numero: 'nCT' },
  cteOSProc: { family: 'cte', doc: 'CTeOS', inf: 'infCte', prot: 'protCTe', key: 'chCTe', numero: 'nCT' },
  cteSimpProc: { family: 'cte', doc: 'CTeSimp', inf: 'infCte', prot: 'protCTe', key: 'chCTe', numero: 'nCT' },
  nfeProc: { family: 'nfe', doc: 'NFe', inf: 'infNFe', prot: 'protNFe', key: 'chNFe', numero: 'nNF' },
  mdfeProc: { family: 'mdfe', doc: 'MDFe', inf: 'infMDFe', prot: 'protMDFe', key: 'chMDFe', numero: 'nMDF' },
};
const EVENT_ROOTS: Record<string, { family: ReceivedFamily; evento: string; ret: string; key: string }> = {
  procEventoCTe: { family: 'cte', evento: 'eventoCTe', ret: 'retEventoCTe', key: 'chCTe' },
  procEventoNFe: { family: 'nfe', evento: 'evento', ret: 'retEvento', key: 'chNFe' },
  procEventoMDFe: { family: 'mdfe', evento: 'eventoMDFe', ret: 'retEventoMDFe', key: 'chMDFe' },
};
const EVENTS: Record<string, ReceivedEvent> = {
  '110111': 'cancelamento',
  '110112': 'encerramento',
  '110114': 'condutor',
};

function number(value: unknown): number {
  const n = Number(str(value).replace(',', '.'));
  return Number.isFinite(n) ? n : 0;
}

/** Reads a received XML; null when it is none of the documents and events the doubles take. */
export function readReceivedDoc(xml: string): ReceivedDoc | null {
  let parsed: unknown;
  try {
    parsed = parser.parse(xml);
  } catch {
    return null;
  }
  if (!isObject(parsed)) return null;
  for (const [root, spec] of Object.entries(DOC_ROOTS)) {
    if (!(root in parsed)) continue;
    const proc = parsed[root];
    const inf = at(proc, spec.doc, spec.inf);
    const ide = at(inf, 'ide');
    const chave = str(at(proc, spec.prot, 'infProt', spec.key));
    const key = parseAccessKey(chave);
    if (!isObject(ide) || !key || !isValidAccessKey(chave)) return null;
    const valor =
      spec.family === 'nfe'
        ? number(find(inf, 'vProd'))
        : spec.family === 'mdfe'
          ? number(at(inf, 'tot', 'vCarga'))
          : number(find(inf, 'vCargaAverb') ?? find(inf, 'vCarga'));
    return {
      family: spec.family,
      event: null,
      chave,
      cnpj: str(at(inf, 'emit', 'CNPJ')) || key.cnpj,
      modelo: str(ide.mod) || key.mod,
      serie: Number(str(ide.serie) || key.serie),
      numero: Number(str(ide[spec.numero]) || key.numero),
      tpAmb: str(ide.tpAmb) === '2' ? 2 : 1,
      dhEmi: str(ide.dhEmi),
      valor,
      autorizado: str(at(proc, spec.prot, 'infProt', 'cStat')) === '100',
    };
  }
  for (const [root, spec] of Object.entries(EVENT_ROOTS)) {
    if (!(root in parsed)) continue;
    const proc = parsed[root];
    const inf = at(proc, spec.evento, 'infEvento');
    const chave = str(at(inf, spec.key));
    const key = parseAccessKey(chave);
    if (!key || !isValidAccessKey(chave)) return null;
    const cStat = str(at(proc, spec.ret, 'infEvento', 'cStat'));
    return {
      family: spec.family,
      event: EVENTS[str(at(inf, 'tpEvento'))] ?? 'outro',
      chave,
      cnpj: key.cnpj,
      modelo: key.mod,
      serie: Number(key.serie),
      numero: Number(key.numero),
      tpAmb: str(at(inf, 'tpAmb')) === '2' ? 2 : 1,
      dhEmi: '',
      valor: 0,
      autorizado: cStat === '135' || cStat === '136',
    };
  }
  return null;
}
