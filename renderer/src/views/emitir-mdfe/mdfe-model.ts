// The MDF-e form as the clerk edits it (every field present, empty while unfilled). `toMdfeInput`
// turns it into what mdfe-form.ts validates: that zod schema stays the single source of the
// messages (each names its field) and of the paths the steps count.
import { withBrasiliaOffset } from '@shared/fiscal';
import type { MdfeDocumento, MdfeFormInput } from '@shared/schemas/mdfe-form';
import {
  checkMdfeRules,
  isCargaLotacao,
  mdfeFormSchema,
  routesFor,
  tpEmitOf,
  unloadingUfs,
} from '@shared/schemas/mdfe-form';
import type { FieldErrors, StepDef } from '../emitir-cte/form-model';
import { pathKey } from '../emitir-cte/form-model';

type Money = number | null;

export interface OwnerDraft {
  cpfCnpj: string;
  nome: string;
  rntrc: string;
  uf: string;
  tpProp: string;
}
export interface VehicleDraft {
  placa: string;
  tipo: 'tracao' | 'reboque';
  renavam: string;
  tara: Money;
  capKg: Money;
  capM3: Money;
  tpRod: string | null;
  tpCar: string;
  uf: string;
  terceiro: boolean;
  proprietario: OwnerDraft;
}
export interface PagamentoDraft {
  nome: string;
  cpfCnpj: string;
  componentes: { tipo: string; valor: Money; descricao: string }[];
  indPag: 0 | 1;
  adiantamento: Money;
  parcelas: { vencimento: string; valor: Money }[];
  banco: string;
  agencia: string;
  pix: string;
  /** Who receives the freight (not sent): the bank data is remembered by this CPF/CNPJ. */
  recebedor: { nome: string; cpfCnpj: string };
}
/** A remembered payee (payees:list). */
export interface PayeeOption {
  cpfCnpj: string;
  nome: string;
  banco: string;
  agencia: string;
  pix: string;
}
export interface ValePedagioDraft {
  cnpjFornecedor: string;
  cpfCnpjPagador: string;
  /** The IDVPO (valePed/disp/nCompra since NT 2025.001). */
  numeroCompra: string;
  valor: Money;
  /** tpValePed: 01 TAG, 04 leitura de placa. */
  tipo: string;
}
export interface SeguroDraft {
  responsavel: 1 | 2;
  cpfCnpjResponsavel: string;
  seguradora: string;
  cnpjSeguradora: string;
  apolice: string;
  averbacoes: string[];
}

/** A carga lotação's place as edited: by CEP or by latitude and longitude (the XSD choice). */
export interface LocalDraft {
  modo: 'cep' | 'coordenadas';
  cep: string;
  latitude: string;
  longitude: string;
}

export interface MdfeDraftData {
  documentos: MdfeDocumento[];
  /** Carga lotação (shown and sent only with a single document); all empty = not informed. */
  lotacao: { carrega: LocalDraft; descarga: LocalDraft };
  /** ide/tpTransp: '' (not informed), 1 ETC, 2 TAC, 3 CTC. */
  tpTransp: string;
  /** ide/indCarregaPosterior (own load only). */
  carregaPosterior: boolean;
  /** The route of each unloading UF as edited (absent: the proposal from the UF borders). */
  rotas: { ufFim: string; percurso: string[] }[];
  /** datetime-local (Brasília); empty = not informed. */
  dhIniViagem: string;
  produto: { tpCarga: string; xProd: string; ncm: string };
  unidade: '01' | '02';
  veiculo: VehicleDraft;
  reboques: VehicleDraft[];
  condutores: { nome: string; cpf: string }[];
  rntrc: string;
  ciot: { ciot: string; cpfCnpj: string }[];
  valePedagio: ValePedagioDraft[];
  contratantes: { nome: string; cpfCnpj: string }[];
  pagamentos: PagamentoDraft[];
  seguros: SeguroDraft[];
  infCpl: string;
}

export const emptyOwner = (): OwnerDraft => ({ cpfCnpj: '', nome: '', rntrc: '', uf: '', tpProp: '2' });
export const emptyVehicle = (tipo: 'tracao' | 'reboque'): VehicleDraft => ({
  placa: '',
  tipo,
  renavam: '',
  tara: null,
  capKg: null,
  capM3: null,
  tpRod: tipo === 'tracao' ? null : null,
  tpCar: '02',
  uf: '',
  terceiro: false,
  proprietario: emptyOwner(),
});
export const emptySeguro = (): SeguroDraft => ({
  responsavel: 1,
  cpfCnpjResponsavel: '',
  seguradora: '',
  cnpjSeguradora: '',
  apolice: '',
  averbacoes: [''],
});
export const emptyPagamento = (): PagamentoDraft => ({
  nome: '',
  cpfCnpj: '',
  componentes: [{ tipo: '04', valor: null, descricao: '' }],
  indPag: 0,
  adiantamento: null,
  parcelas: [],
  banco: '',
  agencia: '',
  pix: '',
  recebedor: { nome: '', cpfCnpj: '' },
});
export const emptyValePedagio = (): ValePedagioDraft => ({
  cnpjFornecedor: '',
  cpfCnpjPagador: '',
  numeroCompra: '',
  valor: null,
  tipo: '01',
});

export const emptyLocal = (): LocalDraft => ({ modo: 'cep', cep: '', latitude: '', longitude: '' });

export function emptyMdfeDraft(): MdfeDraftData {
  return {
    documentos: [],
    lotacao: { carrega: emptyLocal(), descarga: emptyLocal() },
    tpTransp: '',
    carregaPosterior: false,
    rotas: [],
    dhIniViagem: '',
    produto: { tpCarga: '05', xProd: '', ncm: '' },
    unidade: '01',
    veiculo: emptyVehicle('tracao'),
    reboques: [],
    condutores: [{ nome: '', cpf: '' }],
    rntrc: '',
    ciot: [],
    valePedagio: [],
    contratantes: [],
    pagamentos: [],
    seguros: [emptySeguro()],
    infCpl: '',
  };
}

/** A saved draft brought back to the current shape (missing members take their empty values). */
export function fromSaved(raw: unknown): MdfeDraftData {
  const base = emptyMdfeDraft();
  if (!raw || typeof raw !== 'object') return base;
  const saved = raw as Partial<MdfeDraftData>;
  return {
    ...base,
    ...saved,
    produto: { ...base.produto, ...(saved.produto ?? {}) },
    veiculo: { ...base.veiculo, ...(saved.veiculo ?? {}) },
    lotacao: {
      carrega: { ...base.lotacao.carrega, ...(saved.lotacao?.carrega ?? {}) },
      descarga: { ...base.lotacao.descarga, ...(saved.lotacao?.descarga ?? {}) },
    },
  };
}

const localEmpty = (l: LocalDraft) => !l.cep.trim() && !l.latitude.trim() && !l.longitude.trim();

/**
 * With a single document, the carga lotação's places not yet filled take the CEPs the document
 * gives (mdfe:prefill reads them from the CT-e's expedidor/remetente and recebedor/destinatário).
 */
export function prefillLotacao(d: MdfeDraftData): void {
  if (!isCargaLotacao(d.documentos)) return;
  const doc = d.documentos[0]!;
  const sides = [
    [d.lotacao.carrega, doc.cepCarrega],
    [d.lotacao.descarga, doc.cepDescarga],
  ] as const;
  for (const [local, cep] of sides)
    if (cep && localEmpty(local))
      Object.assign(local, { modo: 'cep', cep: `${cep.slice(0, 5)}-${cep.slice(5)}` });
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** The bank data of a payee into a payment block (PIX, or banco and agência). */
export function applyPayee(p: PagamentoDraft, payee: PayeeOption): void {
  Object.assign(p, {
    banco: payee.pix ? '' : payee.banco,
    agencia: payee.pix ? '' : payee.agencia,
    pix: payee.pix,
    recebedor: { nome: payee.nome, cpfCnpj: payee.cpfCnpj },
  });
}

/**
 * The payment of the freight as the CT-e tell it: the tomador pays (infPag's "responsável pelo
 * pagamento"; the first CT-e's when they differ), one component "04 – Frete" with the CT-e's vTPrest
 * (summed), à vista; received where the company's last payee was.
 */
export function pagamentoFromDocs(
  docs: readonly MdfeDocumento[],
  payee?: PayeeOption | null,
): PagamentoDraft {
  const p = emptyPagamento();
  const withTomador = docs.find((x) => x.tomador?.cpfCnpj);
  if (withTomador) Object.assign(p, { nome: withTomador.tomador.nome, cpfCnpj: withTomador.tomador.cpfCnpj });
  const frete = round2(docs.reduce((t, x) => t + (x.frete ?? 0), 0));
  p.componentes = [{ tipo: '04', valor: frete > 0 ? frete : null, descricao: '' }];
  if (payee) applyPayee(p, payee);
  return p;
}

/** The CT-e's tomadores, each once: the contratantes of the transport (infContratante, G085). */
export function contratantesFromDocs(docs: readonly MdfeDocumento[]): { nome: string; cpfCnpj: string }[] {
  const seen = new Map<string, string>();
  for (const x of docs)
    if (x.tomador?.cpfCnpj && !seen.has(x.tomador.cpfCnpj)) seen.set(x.tomador.cpfCnpj, x.tomador.nome);
  return [...seen].map(([cpfCnpj, nome]) => ({ nome, cpfCnpj }));
}

/** The NCM the documents give (their goods' largest item), the document of largest value first. */
export function ncmSuggestions(docs: readonly MdfeDocumento[]): { ncm: string; descricao: string }[] {
  const out = new Map<string, string>();
  for (const x of [...docs].sort((a, b) => b.valor - a.valor))
    if (x.ncm && !out.has(x.ncm)) out.set(x.ncm, x.ncmDescricao || x.produto);
  return [...out].map(([ncm, descricao]) => ({ ncm, descricao }));
}

/**
 * What the ANTT rules ask, pre-filled from the documents where the clerk has not filled it yet: the
 * payment block when a manifest of the trip is a carga lotação (NT 2025.001, 302), the NCM of the
 * goods (301) and the contratantes (G085, 578).
 */
export function prefillAntt(d: MdfeDraftData, payee?: PayeeOption | null): void {
  if (d.documentos.length === 0) return;
  const lotacao = unloadingUfs(d.documentos).some(
    (uf) => d.documentos.filter((x) => x.descarga.uf === uf).length === 1,
  );
  if (lotacao && d.pagamentos.length === 0) d.pagamentos.push(pagamentoFromDocs(d.documentos, payee));
  const [ncm] = ncmSuggestions(d.documentos);
  if (!d.produto.ncm && ncm) d.produto.ncm = ncm.ncm;
  if (d.contratantes.length === 0 && tpEmitOf(d.documentos) === 1)
    d.contratantes.push(...contratantesFromDocs(d.documentos));
}

/** What goes in `lotacao`: null with more than one document or when nothing was filled in. */
function lotacaoInput(d: MdfeDraftData): MdfeFormInput['lotacao'] {
  const { carrega, descarga } = d.lotacao;
  if (!isCargaLotacao(d.documentos) || (localEmpty(carrega) && localEmpty(descarga))) return null;
  const local = (l: LocalDraft) =>
    l.modo === 'cep'
      ? { cep: l.cep, latitude: '', longitude: '' }
      : { cep: '', latitude: l.latitude, longitude: l.longitude };
  return { carrega: local(carrega), descarga: local(descarga) };
}

/** A vehicle of the registry (vehicles:list) as the form edits it. */
export function vehicleFromRegistry(v: {
  placa: string;
  tipo: 'tracao' | 'reboque';
  renavam: string | null;
  tara: number;
  capKg: number | null;
  capM3: number | null;
  tpRod: string | null;
  tpCar: string;
  uf: string;
  proprietario: { cpfCnpj: string; nome: string; rntrc: string; uf: string; tpProp: string } | null;
}): VehicleDraft {
  return {
    placa: v.placa,
    tipo: v.tipo,
    renavam: v.renavam ?? '',
    tara: v.tara,
    capKg: v.capKg,
    capM3: v.capM3,
    tpRod: v.tpRod,
    tpCar: v.tpCar,
    uf: v.uf,
    terceiro: v.proprietario !== null,
    proprietario: v.proprietario
      ? {
          cpfCnpj: v.proprietario.cpfCnpj,
          nome: v.proprietario.nome,
          rntrc: v.proprietario.rntrc,
          uf: v.proprietario.uf,
          tpProp: v.proprietario.tpProp,
        }
      : emptyOwner(),
  };
}

function vehicleInput(v: VehicleDraft) {
  return {
    placa: v.placa,
    tipo: v.tipo,
    renavam: v.renavam.trim() ? v.renavam.trim().toUpperCase() : null,
    tara: v.tara,
    capKg: v.capKg,
    capM3: v.capM3,
    tpRod: v.tipo === 'tracao' ? v.tpRod : null,
    tpCar: v.tpCar,
    uf: v.uf,
    proprietario: v.terceiro ? { ...v.proprietario, ie: null } : null,
  };
}

/** datetime-local (Brasília, no offset) → ISO with the offset the layout asks for. */
const withOffset = withBrasiliaOffset;

export function toMdfeInput(d: MdfeDraftData): MdfeFormInput {
  return {
    documentos: d.documentos,
    rotas: d.rotas as MdfeFormInput['rotas'],
    dhIniViagem: withOffset(d.dhIniViagem),
    produto: d.produto as MdfeFormInput['produto'],
    unidade: d.unidade,
    lotacao: lotacaoInput(d),
    tpTransp: d.tpTransp as MdfeFormInput['tpTransp'],
    carregaPosterior: d.carregaPosterior && d.documentos.length > 0 && tpEmitOf(d.documentos) === 2,
    veiculo: vehicleInput(d.veiculo) as MdfeFormInput['veiculo'],
    reboques: d.reboques.map(vehicleInput) as MdfeFormInput['reboques'],
    condutores: d.condutores,
    rntrc: d.rntrc,
    ciot: d.ciot,
    valePedagio: d.valePedagio as MdfeFormInput['valePedagio'],
    contratantes: d.contratantes,
    pagamentos: d.pagamentos.map((p) => ({
      ...p,
      recebedor: p.recebedor ?? { nome: '', cpfCnpj: '' },
    })) as MdfeFormInput['pagamentos'],
    seguros: d.seguros.map((s) => ({ ...s, averbacoes: s.averbacoes.filter((a) => a.trim()) })),
    infCpl: d.infCpl,
  };
}

/** Every problem by field path; the trip's rules run even while other steps are incomplete. */
export function validateMdfe(d: MdfeDraftData): FieldErrors {
  const errors: FieldErrors = {};
  const input = toMdfeInput(d);
  const result = mdfeFormSchema.safeParse(input);
  if (result.success) return errors;
  for (const issue of result.error.issues) errors[pathKey(issue.path)] ??= issue.message;
  try {
    checkMdfeRules(input as never, {
      addIssue: (i) => void (errors[pathKey(i.path)] ??= i.message),
    });
  } catch {
    // A half-filled group the rules cannot read yet: its own field errors are already listed.
  }
  return errors;
}

export const MDFE_STEPS: StepDef[] = [
  {
    key: 'documentos',
    label: 'Documentos e percurso',
    roots: ['documentos', 'rotas', 'produto', 'unidade', 'dhIniViagem', 'lotacao', 'carregaPosterior'],
  },
  {
    key: 'veiculo',
    label: 'Veículo e condutores',
    roots: ['veiculo', 'reboques', 'condutores', 'rntrc', 'tpTransp'],
  },
  {
    key: 'seguro',
    label: 'Seguro e pagamento',
    roots: ['seguros', 'pagamentos', 'ciot', 'valePedagio', 'contratantes', 'infCpl'],
  },
  { key: 'revisao', label: 'Revisão', roots: [] },
];

/** The route each unloading UF will carry (edited or proposed). */
export function tripRoutes(d: MdfeDraftData): { ufIni: string; ufFim: string; percurso: string[] }[] {
  const ufIni = d.documentos[0]?.carrega.uf ?? '';
  return routesFor(d.documentos, d.rotas).map((r) => ({ ufIni, ...r }));
}

/** How many MDF-e the trip needs: one per unloading UF (Ajuste SINIEF 21/10 cl. 3ª §2º). */
export function manifestCount(d: MdfeDraftData): number {
  return unloadingUfs(d.documentos).length;
}

export function draftTitle(d: MdfeDraftData): string {
  const ufs = unloadingUfs(d.documentos);
  const ini = d.documentos[0]?.carrega.uf;
  const route = ini && ufs.length ? `${ini} → ${ufs.join(', ')}` : '';
  const plate = d.veiculo.placa ? `placa ${d.veiculo.placa.toUpperCase()}` : '';
  return (
    [route, plate, d.documentos.length ? `${d.documentos.length} doc.` : ''].filter(Boolean).join(' · ') ||
    'MDF-e sem título'
  );
}
