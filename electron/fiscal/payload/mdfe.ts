// The MDF-e (modelo 58, road modal) payloads of a trip, from the form: one `infMDFe` per unloading
// UF (Ajuste SINIEF 21/10 cl. 3ª §2º), each with its documents grouped by unloading municipality
// (infMunDescarga with infCTe/infNFe), the loading municipalities (infMunCarrega), the totals that
// must agree with the list (G0xx → 667), the route UFs in order (663), the vehicle, trailers and
// drivers, ANTT data and the cargo insurance (698/699). Field names and order from the MDF-e 3.00
// layout (XSD PL_MDFe_300b, API MdfeSefazInfMDFe). Pure: série, número, dhEmi and tpAmb are the
// sender's (mdfe:issue), added by `withNumbering` for a preview.
import { assertMdfeAnttRules } from '../mdfe-antt';
import { isCargaLotacao } from '../mdfe-lotacao';
import { routesFor, tpEmitOf, unloadingUfs } from '../mdfe-trip';
import type { InfMDFeInput, UnnumberedInfMDFe } from '../requests/mdfe';
import type { UfSigla } from '../uf';
import type { EmitterCompany } from './common';
import { compact, documentOf, emitterIdentity, round2, ufCode, VER_PROC } from './common';

// The request's groups, as a client writes them (fiscal/requests/mdfe.ts is their one definition).
type Ide = UnnumberedInfMDFe['ide'];
type Rodo = NonNullable<UnnumberedInfMDFe['infModal']['rodo']>;
type Tracao = Rodo['veicTracao'];
type Reboque = NonNullable<Rodo['veicReboque']>[number];
type Prop = NonNullable<Tracao['prop']>;
type InfANTT = NonNullable<Rodo['infANTT']>;
type InfPag = NonNullable<InfANTT['infPag']>[number];
type Seg = NonNullable<UnnumberedInfMDFe['seg']>[number];
type ProdPred = NonNullable<UnnumberedInfMDFe['prodPred']>;
type InfLotacao = NonNullable<ProdPred['infLotacao']>;
type Local = InfLotacao['infLocalCarrega'];
type MunDescarga = UnnumberedInfMDFe['infDoc']['infMunDescarga'][number];
type MunCarrega = Ide['infMunCarrega'][number];
type Tot = UnnumberedInfMDFe['tot'];
/** A UF of the layout (TUf: the 27 and EX). */
type UfOrEx = NonNullable<Tracao['UF']>;

// What the builder reads from the parsed form (electron/shared/schemas/mdfe-form.ts is assignable
// to it; electron/fiscal stays free of other electron/ folders).
interface Place {
  cMun: string;
  xMun: string;
  uf: UfSigla;
}
interface Documento {
  tipo: 'cte' | 'nfe';
  chave: string;
  carrega: Place;
  descarga: Place;
  valor: number;
  pesoKg: number;
  /** The averbação numbers of this document (from the averbadora), when the form knows them. */
  averbacoes?: readonly string[];
}
interface Vehicle {
  placa: string;
  renavam: string | null;
  tara: number;
  capKg: number | null;
  capM3: number | null;
  tpRod: Tracao['tpRod'] | null;
  tpCar: Tracao['tpCar'];
  uf: UfOrEx;
  proprietario: {
    cpfCnpj: string;
    nome: string;
    rntrc: string;
    ie: string | null;
    uf: UfOrEx;
    tpProp: '0' | '1' | '2';
  } | null;
}
interface Pagamento {
  nome: string;
  cpfCnpj: string;
  componentes: { tipo: InfPag['Comp'][number]['tpComp']; valor: number; descricao: string }[];
  indPag: 0 | 1;
  adiantamento: number | null;
  parcelas: { vencimento: string; valor: number }[];
  banco: string;
  agencia: string;
  pix: string;
  /** Who receives the freight (remembered with the bank data by the app; not in the layout). */
  recebedor?: { nome: string; cpfCnpj: string };
}
/** A carga lotação's place, parsed: the CEP (8 digits) or the coordinates (6 decimals). */
interface LocalLotacao {
  cep: string;
  latitude: string;
  longitude: string;
}
export interface MdfeFormFacts {
  documentos: Documento[];
  lotacao: { carrega: LocalLotacao; descarga: LocalLotacao } | null;
  /** '' = not informed; else 1 ETC, 2 TAC, 3 CTC. */
  tpTransp: string;
  carregaPosterior: boolean;
  rotas: { ufFim: string; percurso: UfSigla[] }[];
  dhIniViagem: string;
  produto: { tpCarga: ProdPred['tpCarga']; xProd: string; ncm: string };
  unidade: '01' | '02';
  veiculo: Vehicle;
  reboques: Vehicle[];
  condutores: { nome: string; cpf: string }[];
  rntrc: string;
  ciot: { ciot: string; cpfCnpj: string }[];
  valePedagio: {
    cnpjFornecedor: string;
    cpfCnpjPagador: string;
    numeroCompra: string;
    valor: number;
    /** tpValePed (01 TAG, 04 leitura de placa); absent in drafts older than NT 2025.001. */
    tipo?: '01' | '04' | '';
  }[];
  contratantes: { nome: string; cpfCnpj: string }[];
  pagamentos: Pagamento[];
  seguros: {
    responsavel: 1 | 2;
    cpfCnpjResponsavel: string;
    seguradora: string;
    cnpjSeguradora: string;
    apolice: string;
    averbacoes: string[];
  }[];
  infCpl: string;
}
type MdfeForm = MdfeFormFacts;

/** One MDF-e of the trip: the unloading UF it covers and its infMDFe (without numbering). */
export interface MdfeManifest {
  ufFim: UfSigla;
  infMDFe: UnnumberedInfMDFe;
}

function owner(v: Vehicle): Prop | undefined {
  const p = v.proprietario;
  if (!p) return undefined;
  const ie = p.ie ? p.ie.replace(/[^0-9A-Z]/gi, '').toUpperCase() : '';
  return compact({
    ...documentOf(p.cpfCnpj),
    RNTRC: p.rntrc,
    xNome: p.nome.slice(0, 60),
    // IE and UF go together (XSD: UF only with the IE); a foreign owner (EX) has neither.
    IE: ie && p.uf !== 'EX' ? ie : undefined,
    UF: ie && p.uf !== 'EX' ? p.uf : undefined,
    tpProp: Number(p.tpProp),
  });
}

function tracao(v: Vehicle, condutores: MdfeForm['condutores']): Tracao {
  return compact({
    placa: v.placa,
    RENAVAM: v.renavam ?? undefined,
    tara: v.tara,
    capKG: v.capKg ?? undefined,
    capM3: v.capM3 ?? undefined,
    prop: owner(v),
    condutor: condutores.map((c) => ({ xNome: c.nome, CPF: c.cpf })),
    tpRod: v.tpRod ?? '06',
    tpCar: v.tpCar,
    UF: v.uf,
  });
}

function reboque(v: Vehicle): Reboque {
  return compact({
    placa: v.placa,
    RENAVAM: v.renavam ?? undefined,
    tara: v.tara,
    capKG: v.capKg ?? 0,
    capM3: v.capM3 ?? undefined,
    prop: owner(v),
    tpCar: v.tpCar,
    UF: v.uf,
  });
}

function infPag(p: MdfeForm['pagamentos'][number]): InfPag {
  const vContrato = round2(p.componentes.reduce((s, c) => s + c.valor, 0));
  return compact({
    xNome: p.nome,
    ...documentOf(p.cpfCnpj),
    Comp: p.componentes.map((c) => ({
      tpComp: c.tipo,
      vComp: c.valor,
      xComp: c.descricao || undefined,
    })),
    vContrato,
    indPag: p.indPag,
    // "Usar apenas em pagamento à prazo" (XSD vAdiant).
    vAdiant: p.indPag === 1 ? (p.adiantamento ?? undefined) : undefined,
    infPrazo:
      p.indPag === 1
        ? p.parcelas.map((x, i) => ({ nParcela: i + 1, dVenc: x.vencimento, vParcela: x.valor }))
        : undefined,
    infBanc: p.pix ? { PIX: p.pix } : { codBanco: p.banco, codAgencia: p.agencia },
  });
}

function infANTT(form: MdfeForm): InfANTT | undefined {
  const group: InfANTT = compact({
    RNTRC: form.rntrc || undefined,
    infCIOT: form.ciot.length
      ? form.ciot.map((c) => ({ CIOT: c.ciot, ...documentOf(c.cpfCnpj) }))
      : undefined,
    valePed: form.valePedagio.length
      ? {
          disp: form.valePedagio.map((v) => {
            const pg = v.cpfCnpjPagador.replace(/[^0-9A-Za-z]/g, '');
            return compact({
              CNPJForn: v.cnpjFornecedor,
              CNPJPg: pg.length === 14 ? pg : undefined,
              CPFPg: pg.length === 11 ? pg : undefined,
              nCompra: v.numeroCompra,
              vValePed: v.valor,
              tpValePed: v.tipo || undefined,
            });
          }),
        }
      : undefined,
    infContratante: form.contratantes.length
      ? form.contratantes.map((c) => compact({ xNome: c.nome || undefined, ...documentOf(c.cpfCnpj) }))
      : undefined,
    infPag: form.pagamentos.length ? form.pagamentos.map(infPag) : undefined,
  });
  return Object.keys(group).length ? group : undefined;
}

/**
 * The insurance of one MDF-e of the trip. nAver carries the averbação numbers of the documents this
 * MDF-e carries (ANTT Res. 4.799/2015 art. 23 X; 01-legal §5.1): a number known to belong to a
 * document of another UF's MDF-e is left out; numbers typed by hand (and 99999) go in every one.
 */
function seguros(form: MdfeForm, company: EmitterCompany, mine: readonly Documento[]): Seg[] | undefined {
  if (form.seguros.length === 0) return undefined;
  const own = new Set(mine.flatMap((d) => d.averbacoes ?? []));
  const others = new Set(
    form.documentos
      .filter((d) => !mine.includes(d))
      .flatMap((d) => (d.averbacoes ?? []).filter((n) => !own.has(n))),
  );
  return form.seguros.map((s) => {
    const resp = s.cpfCnpjResponsavel.replace(/[^0-9A-Za-z]/g, '') || company.cpf_cnpj;
    const kept = s.averbacoes.filter((n) => !others.has(n));
    return {
      infResp: { respSeg: s.responsavel, ...documentOf(resp) },
      infSeg: { xSeg: s.seguradora, CNPJ: s.cnpjSeguradora },
      nApol: s.apolice,
      nAver: kept.length ? kept : [...s.averbacoes],
    };
  });
}

const localLotacao = (l: LocalLotacao): Local =>
  l.cep ? { CEP: l.cep } : { latitude: l.latitude, longitude: l.longitude };

/** prodPred/infLotacao: only for a carga lotação (one document), when the form has its places. */
function infLotacao(form: MdfeForm): InfLotacao | undefined {
  if (!form.lotacao || !isCargaLotacao(form.documentos)) return undefined;
  return {
    infLocalCarrega: localLotacao(form.lotacao.carrega),
    infLocalDescarrega: localLotacao(form.lotacao.descarga),
  };
}

/**
 * The documents grouped by unloading municipality, in the order each municipality first appears:
 * each group carries its CT-e keys (infCTe) or NF-e keys (infNFe).
 */
export function groupByDescarga(docs: readonly Documento[]): MunDescarga[] {
  const groups = new Map<string, { cMun: string; xMun: string; cte: string[]; nfe: string[] }>();
  for (const d of docs) {
    let g = groups.get(d.descarga.cMun);
    if (!g) {
      g = { cMun: d.descarga.cMun, xMun: d.descarga.xMun, cte: [], nfe: [] };
      groups.set(d.descarga.cMun, g);
    }
    (d.tipo === 'cte' ? g.cte : g.nfe).push(d.chave);
  }
  return [...groups.values()].map((g) =>
    compact({
      cMunDescarga: g.cMun,
      xMunDescarga: g.xMun.slice(0, 60),
      infCTe: g.cte.length ? g.cte.map((chCTe) => ({ chCTe })) : undefined,
      infNFe: g.nfe.length ? g.nfe.map((chNFe) => ({ chNFe })) : undefined,
    }),
  );
}

/** The loading municipalities (infMunCarrega, 1..50), each once, in the order they appear. */
export function loadingMunicipalities(docs: readonly Documento[]): MunCarrega[] {
  const seen = new Map<string, string>();
  for (const d of docs) if (!seen.has(d.carrega.cMun)) seen.set(d.carrega.cMun, d.carrega.xMun);
  return [...seen].map(([cMunCarrega, xMun]) => ({ cMunCarrega, xMunCarrega: xMun.slice(0, 60) }));
}

/** tot: the count per kind, the goods' value, and the weight in the chosen unit (kg or t). */
export function totals(docs: readonly Documento[], unidade: '01' | '02'): Tot {
  const qCTe = docs.filter((d) => d.tipo === 'cte').length;
  const qNFe = docs.length - qCTe;
  const kg = docs.reduce((s, d) => s + d.pesoKg, 0);
  return compact({
    qCTe: qCTe || undefined,
    qNFe: qNFe || undefined,
    vCarga: round2(docs.reduce((s, d) => s + d.valor, 0)),
    cUnid: unidade,
    qCarga: unidade === '02' ? Math.round((kg / 1000) * 10_000) / 10_000 : Math.round(kg * 10_000) / 10_000,
  });
}

/**
 * The trip's MDF-e: one per unloading UF, in the order the UFs first appear among the documents.
 * `form` is the parsed form (mdfeFormSchema), so its rules already hold; the ANTT rules are checked
 * again on each manifest built (MdfeRuleError), so no caller sends one SEFAZ refuses with 301–304/578.
 */
export function buildMdfePayloads(form: MdfeForm, company: EmitterCompany): MdfeManifest[] {
  const docs = form.documentos;
  const ufIni = docs[0]!.carrega.uf;
  const tpEmit = tpEmitOf(docs);
  const routes = routesFor(docs, form.rotas);
  const rodo: Rodo = compact({
    infANTT: infANTT(form),
    veicTracao: tracao(form.veiculo, form.condutores),
    veicReboque: form.reboques.length ? form.reboques.map(reboque) : undefined,
  });
  const emit = emitterIdentity(company);
  return unloadingUfs(docs).map((ufFim) => {
    const mine = docs.filter((d) => d.descarga.uf === ufFim);
    const seg = seguros(form, company, mine);
    const percurso = routes.find((r) => r.ufFim === ufFim)?.percurso ?? [];
    const infMDFe: UnnumberedInfMDFe = compact({
      versao: '3.00',
      ide: {
        cUF: ufCode(company.endereco.uf),
        tpEmit,
        tpTransp: form.tpTransp ? Number(form.tpTransp) : undefined,
        modal: 1,
        tpEmis: 1,
        procEmi: '0',
        verProc: VER_PROC,
        UFIni: ufIni,
        UFFim: ufFim,
        infMunCarrega: loadingMunicipalities(mine),
        infPercurso: percurso.length ? percurso.map((UFPer) => ({ UFPer })) : undefined,
        dhIniViagem: form.dhIniViagem || undefined,
        indCarregaPosterior: form.carregaPosterior ? 1 : undefined,
      },
      emit,
      infModal: { versaoModal: '3.00', rodo },
      infDoc: { infMunDescarga: groupByDescarga(mine) },
      seg,
      prodPred: compact({
        tpCarga: form.produto.tpCarga,
        xProd: form.produto.xProd,
        NCM: form.produto.ncm || undefined,
        infLotacao: infLotacao(form),
      }),
      tot: totals(mine, form.unidade),
      infAdic: form.infCpl ? { infCpl: form.infCpl } : undefined,
    });
    assertMdfeAnttRules(infMDFe);
    return { ufFim, infMDFe };
  });
}

/** What the sender adds before sending (mdfe:issue does the same): for previews and tests. */
export function withNumbering(
  infMDFe: UnnumberedInfMDFe,
  n: { serie: number; numero: number; dhEmi: string; ambiente: 'homologacao' | 'producao' },
): InfMDFeInput {
  return {
    ...infMDFe,
    ide: {
      ...infMDFe.ide,
      tpAmb: n.ambiente === 'producao' ? 1 : 2,
      serie: n.serie,
      nMDF: n.numero,
      dhEmi: n.dhEmi,
    },
  };
}
