// Stress CT-e for the layout invariant and the benchmark: maximum lengths of the free-text fields
// and counts of the repeatable groups, or seeded random ones.
import { cteXml } from './fixtures';

/** Deterministic pseudo-random numbers (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['CARGA', 'FRÁGIL', 'ENTREGA', 'PORTÃO', 'DOCA', 'AGENDADA', 'MANHÃ', 'WMW', 'ÍNDIO', 'Ç'];
/** Text of exactly `n` characters built from words (the widest letters included). */
export function textOf(n: number, next: () => number, tag = ''): string {
  let out = tag;
  while (out.length < n) out += `${out ? ' ' : ''}${WORDS[Math.floor(next() * WORDS.length)]}`;
  return out.slice(0, n).trim() || 'X';
}

export interface StressOptions {
  keys: number;
  obsChars: number;
  obsCont: number;
  obsFisco: number;
  comps: number;
  names: number;
  street: number;
  exped: boolean;
  receb: boolean;
}

function party(tag: string, ender: string, doc: string, o: StressOptions, next: () => number): string {
  return `<${tag}><CNPJ>${doc}</CNPJ><IE>ISENTO</IE><xNome>${textOf(o.names, next)}</xNome><fone>11987654321</fone><${ender}><xLgr>${textOf(o.street, next)}</xLgr><nro>${textOf(60, next)}</nro><xCpl>${textOf(60, next)}</xCpl><xBairro>${textOf(60, next)}</xBairro><cMun>3550308</cMun><xMun>${textOf(60, next)}</xMun><CEP>01001000</CEP><UF>SP</UF><xPais>BRASIL</xPais></${ender}><email>${textOf(60, next).replace(/\W/g, 'x')}@x.com</email></${tag}>`;
}

/** A CT-e with the lengths and counts of `o` (maximum values of the layout by default). */
export function stressCte(o: StressOptions, seed: number): string {
  const next = rng(seed);
  const obsCont = Array.from(
    { length: o.obsCont },
    (_, i) =>
      `<ObsCont xCampo="${textOf(20, next)}"><xTexto>${textOf(160, next, `EMISSOR${i}`)}</xTexto></ObsCont>`,
  ).join('');
  const obsFisco = Array.from(
    { length: o.obsFisco },
    (_, i) =>
      `<ObsFisco xCampo="${textOf(20, next)}"><xTexto>${textOf(60, next, `FISCO${i}`)}</xTexto></ObsFisco>`,
  ).join('');
  const comps = Array.from(
    { length: o.comps },
    (_, i) => `<Comp><xNome>${textOf(15, next)}</xNome><vComp>${(i + 1) * 1111.11}</vComp></Comp>`,
  ).join('');
  let xml = cteXml(o.keys, 0)
    .replace(
      /<xObs>[^<]*<\/xObs>/,
      `<xObs>${textOf(o.obsChars, next, 'OBSINICIO')}</xObs>${obsCont}${obsFisco}`,
    )
    .replace(/<rem>[\s\S]*?<\/rem>/, party('rem', 'enderReme', '11222333000181', o, next))
    .replace(/<dest>[\s\S]*?<\/dest>/, party('dest', 'enderDest', '44555666000172', o, next))
    .replace('<vRec>1234.56</vRec>', `<vRec>1234.56</vRec>${comps}`)
    .replace('TRANSPORTADORA CARRETA LTDA', textOf(o.names, next));
  const extra =
    (o.exped ? party('exped', 'enderExped', '11444777000161', o, next) : '') +
    (o.receb ? party('receb', 'enderReceb', '04252011000110', o, next) : '');
  xml = xml.replace('<vPrest>', `${extra}<vPrest>`);
  return xml;
}

export const MAX: StressOptions = {
  keys: 400,
  obsChars: 2000,
  obsCont: 10,
  obsFisco: 10,
  comps: 24,
  names: 60,
  street: 255,
  exped: true,
  receb: true,
};
