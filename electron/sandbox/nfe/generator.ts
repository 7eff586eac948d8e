// Deterministic NF-e 4.00 generator for the inbox: from a seed, a sale by a fictional supplier
// where the company is the buyer (dest) or the carrier (transporta + autXML), with totals that
// add up, real IBGE codes, volumes and weights, signed by a generated emitter certificate and
// authorized (protNFe cStat 100).
import { buildNfeKey, ufBySigla } from '../../fiscal';
import { NFE_HOMOLOGACAO_XNOME } from '../../fiscal/nfe-inbox';
import type { Municipality } from '../data/municipalities';
import { signXml } from '../dfe/sign';
import type { SigningKey } from '../dfe/sign';
import { BUYERS, CARRIERS, EMITTERS, PRODUCTS } from './catalog';
import type { Party } from './catalog';
import { emitterKey } from './emitter-keys';
import { brDateTime, cents, protocolNumber } from './format';
import { COFINS_RATE, PIS_RATE, buildNfeXml } from './nfe-xml';
import type { NoteContent, NoteItem, NoteVolume } from './nfe-xml';
import { createPrng } from './prng';
import type { Prng } from './prng';
import { buildNfeProc, buildResNFe } from './proc-xml';
import type { NoteSummary } from './proc-xml';

export type NoteRole = 'destinatario' | 'transportador';

export interface CompanyParty {
  cnpj: string;
  nome: string;
  ie?: string;
  logradouro: string;
  numero: string;
  bairro: string;
  codigoMunicipio: string;
  cidade?: string;
  uf: string;
  cep: string;
}

export interface GenerateOptions {
  company: CompanyParty;
  role: NoteRole;
  tpAmb: 1 | 2;
  seed: string;
  dhEmi: Date;
  dhRecbto: Date;
  /** Target vNF; random when omitted. */
  valor?: number;
  emitente?: { cnpj: string; nome?: string };
}

export interface GeneratedNote {
  chave: string;
  role: NoteRole;
  content: NoteContent;
  summary: NoteSummary;
  nfeProcXml: string;
  resNFeXml: string;
  emitKey: SigningKey;
}

function companyAsParty(c: CompanyParty): Party {
  const mun: Municipality = { ibge: c.codigoMunicipio, nome: c.cidade || 'Nao informado', uf: c.uf, cep: '' };
  return {
    cnpj: c.cnpj,
    xNome: c.nome,
    ie: (c.ie ?? '').replace(/\D/g, ''),
    xLgr: c.logradouro,
    nro: c.numero,
    xBairro: c.bairro,
    mun,
    cep: c.cep.replace(/\D/g, '').padStart(8, '0').slice(0, 8),
  };
}

function emitterFor(prng: Prng, override: GenerateOptions['emitente']): Party {
  const base = prng.pick(EMITTERS);
  if (!override) return base;
  const known = EMITTERS.find((e) => e.cnpj === override.cnpj);
  return { ...(known ?? base), cnpj: override.cnpj, xNome: override.nome ?? known?.xNome ?? base.xNome };
}

/** Splits `total` cents over the items so vProd sums exactly to it. */
function splitValue(prng: Prng, total: number, parts: number): number[] {
  const weights = Array.from({ length: parts }, () => 1 + prng.next());
  const sum = weights.reduce((a, b) => a + b, 0);
  const totalCents = Math.round(total * 100);
  const values = weights.map((w) => Math.floor((totalCents * w) / sum));
  values[0]! += totalCents - values.reduce((a, b) => a + b, 0);
  return values.map((v) => v / 100);
}

function buildItems(prng: Prng, emit: Party, dest: Party, valor?: number) {
  const count = prng.int(1, 4);
  const products = Array.from({ length: count }, (_, i) => PRODUCTS[(prng.int(0, 7) + i) % PRODUCTS.length]!);
  const unique = [...new Map(products.map((p) => [p.cProd, p])).values()];
  const interstate = emit.mun.uf !== dest.mun.uf;
  const pICMS = interstate ? 12 : 18;
  const quantities = unique.map((p) => prng.int(p.perVolume, p.perVolume * 12));
  const targets = valor === undefined ? null : splitValue(prng, valor, unique.length);
  return unique.map((p, i): NoteItem & { kg: number; perVolume: number; esp: string } => {
    const qCom = quantities[i]!;
    const vProd = targets
      ? targets[i]!
      : cents(qCom * (p.price[0] + prng.next() * (p.price[1] - p.price[0])));
    return {
      cProd: p.cProd,
      xProd: p.xProd,
      ncm: p.ncm,
      cfop: interstate ? '6102' : '5102',
      unit: p.unit,
      qCom,
      vUnCom: Math.round((vProd / qCom) * 1e10) / 1e10,
      vProd,
      pICMS,
      vICMS: cents((vProd * pICMS) / 100),
      vPIS: cents(vProd * PIS_RATE),
      vCOFINS: cents(vProd * COFINS_RATE),
      kg: p.kg,
      perVolume: p.perVolume,
      esp: p.esp,
    };
  });
}

function volumesOf(items: ReturnType<typeof buildItems>, marca: string): NoteVolume[] {
  return items.map((it) => {
    const pesoL = Math.round(it.kg * it.qCom * 1000) / 1000;
    return {
      qVol: Math.ceil(it.qCom / it.perVolume),
      esp: it.esp,
      marca,
      pesoL,
      pesoB: Math.round(pesoL * 1.04 * 1000) / 1000,
    };
  });
}

const sum = (items: NoteItem[], pick: (i: NoteItem) => number) =>
  cents(items.reduce((a, i) => a + pick(i), 0));

export function generateNote(o: GenerateOptions): GeneratedNote {
  const prng = createPrng(o.seed);
  const company = companyAsParty(o.company);
  const emit = emitterFor(prng, o.emitente);
  const carrierRole = o.role === 'transportador';
  const dest = carrierRole ? prng.pick(BUYERS) : company;
  const transporta = carrierRole ? company : prng.next() < 0.8 ? prng.pick(CARRIERS) : null;
  const fullItems = buildItems(prng, emit, dest, o.valor);
  const items: NoteItem[] = fullItems.map(({ kg: _kg, perVolume: _p, esp: _e, ...item }) => item);
  const vProd = sum(items, (i) => i.vProd);
  const totals = {
    vBC: vProd,
    vICMS: sum(items, (i) => i.vICMS),
    vProd,
    vPIS: sum(items, (i) => i.vPIS),
    vCOFINS: sum(items, (i) => i.vCOFINS),
    vNF: vProd,
  };
  const cUF = ufBySigla(emit.mun.uf)!.code;
  const nNF = prng.int(1000, 999_999);
  const cNF = String(prng.int(10_000_000, 99_999_999));
  const local = brDateTime(o.dhEmi);
  const aamm = `${local.slice(2, 4)}${local.slice(5, 7)}`;
  const chave = buildNfeKey({ cUF, aamm, cnpj: emit.cnpj, serie: 1, numero: nNF, tpEmis: 1, codigo: cNF });
  if (!chave) throw new Error('não foi possível montar a chave de acesso da NF-e');
  const content: NoteContent = {
    chave,
    cUF,
    cNF,
    serie: 1,
    nNF,
    dhEmi: o.dhEmi,
    tpAmb: o.tpAmb,
    emit,
    dest,
    destName: o.tpAmb === 2 ? NFE_HOMOLOGACAO_XNOME : dest.xNome,
    modFrete: transporta ? (prng.next() < 0.5 ? 0 : 1) : 9,
    transporta,
    autXml: carrierRole ? [company.cnpj] : [],
    items,
    volumes: transporta ? volumesOf(fullItems, emit.xFant ?? emit.xNome) : [],
    totals,
    infCpl: `Pedido ${prng.int(10_000, 99_999)}. Documento gerado pelo sandbox do Carreta para demonstracao.`,
  };
  const emitKey = emitterKey(emit.cnpj, emit.xNome);
  const signed = signXml(buildNfeXml(content), `NFe${chave}`, 'NFe', emitKey);
  const summary: NoteSummary = {
    chave,
    tpAmb: o.tpAmb,
    dhRecbto: o.dhRecbto,
    nProt: protocolNumber(cUF, o.dhRecbto, prng.int(1, 999_999_999)),
    digVal: signed.digestValue,
    emitCnpj: emit.cnpj,
    emitNome: emit.xNome,
    emitIe: emit.ie,
    dhEmi: o.dhEmi,
    vNF: totals.vNF,
    cSitNFe: 1,
  };
  return {
    chave,
    role: o.role,
    content,
    summary,
    nfeProcXml: buildNfeProc(signed.xml, summary),
    resNFeXml: buildResNFe(summary),
    emitKey,
  };
}
