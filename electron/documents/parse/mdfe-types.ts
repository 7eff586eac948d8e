// View models of the MDF-e (modelo 58) and its events, flattened from the XML (layout 3.00,
// PL_MDFe_300b). Every text field is '' when the XML lacks it.
import type { Ambiente, Party, Protocol } from './types';

/** CPF or CNPJ (or a foreign id) as written, digits only; the printout formats it. */
export interface MdfePerson {
  xNome: string;
  doc: string;
}

export interface MdfeVehicle {
  cInt: string;
  placa: string;
  RENAVAM: string;
  tara: string;
  capKG: string;
  capM3: string;
  /** Tipo de rodado (tração only) and carroceria codes, as in the XML. */
  tpRod: string;
  tpCar: string;
  UF: string;
  /** Owner when the vehicle is not the emitter's (prop). */
  prop: { doc: string; RNTRC: string; xNome: string; IE: string; UF: string; tpProp: string } | undefined;
}

export interface MdfeValePedagio {
  CNPJForn: string;
  /** Who pays the toll (CNPJPg or CPFPg); '' when the emitter pays. */
  docPg: string;
  nCompra: string;
  vValePed: string;
  tpValePed: string;
}

export interface MdfePagamento {
  xNome: string;
  doc: string;
  comps: { tpComp: string; vComp: string; xComp: string }[];
  vContrato: string;
  indPag: string;
  vAdiant: string;
  prazos: { nParcela: string; dVenc: string; vParcela: string }[];
  banco: string;
}

export interface MdfeRodo {
  RNTRC: string;
  ciot: { CIOT: string; doc: string }[];
  valePed: MdfeValePedagio[];
  categCombVeic: string;
  contratantes: (MdfePerson & { NroContrato: string; vContratoGlobal: string })[];
  pagamentos: MdfePagamento[];
  tracao: MdfeVehicle;
  reboques: MdfeVehicle[];
  codAgPorto: string;
  lacres: string[];
}

/** One bundled document of an unloading municipality (infCTe, infNFe or infMDFeTransp). */
export interface MdfeDoc {
  /** CT and NF are paper documents (infCT, infNF of layout 1.00): no key, their data in `descricao`. */
  tipo: 'CT-e' | 'NF-e' | 'MDF-e' | 'CT' | 'NF';
  chave: string;
  descricao?: string;
  /** Added after issue by an inclusão de DF-e event (110115). */
  porEvento?: boolean;
  /** Transport and cargo units (infUnidTransp), the "Identificação de Unidade de Transporte / de Carga" of Anexo II. */
  unidades?: MdfeUnidade[];
  /** Dangerous goods carried under this document (peri). */
  perigosos?: {
    nONU: string;
    xNomeAE: string;
    xClaRisco: string;
    grEmb: string;
    qTotProd: string;
    qVolTipo: string;
  }[];
  /** Partial delivery (infEntregaParcial) and re-delivery (indReentrega = 1). */
  entregaParcial?: { qtdTotal: string; qtdParcial: string };
  reentrega?: boolean;
}

export interface MdfeUnidade {
  tpUnidTransp: string;
  idUnidTransp: string;
  lacres: string[];
  cargas: { tpUnidCarga: string; idUnidCarga: string; lacres: string[] }[];
}

export interface MdfeDescarga {
  cMun: string;
  xMun: string;
  docs: MdfeDoc[];
}

export interface MdfeSeguro {
  respSeg: string;
  respDoc: string;
  xSeg: string;
  CNPJ: string;
  nApol: string;
  nAver: string[];
}

/**
 * The state the XML (and the events handed with it) proves: `autorizado` needs protMDFe cStat 100;
 * `cancelado` / `encerrado` come from cStat 101 / 132 or an accepted event 110111 / 110112
 * [MOC3 §6.1.4 p.70, §6.2.4 p.72]; anything else is `sem-autorizacao` (no protocol, or a rejection).
 */
export type MdfeStatus = 'autorizado' | 'cancelado' | 'encerrado' | 'sem-autorizacao';

export interface MdfeView {
  kind: 'mdfe';
  versao: string;
  chave: string;
  ambiente: Ambiente;
  ide: {
    cUF: string;
    tpAmb: string;
    tpEmit: string;
    tpTransp: string;
    mod: string;
    serie: string;
    nMDF: string;
    modal: string;
    dhEmi: string;
    tpEmis: string;
    UFIni: string;
    UFFim: string;
    dhIniViagem: string;
    indCarregaPosterior: string;
    carregamento: { cMun: string; xMun: string }[];
    percurso: string[];
  };
  emit: Party;
  rodo: MdfeRodo | undefined;
  /** Drivers of the tractor, then those added by accepted inclusão de condutor events (110114). */
  condutores: (MdfePerson & { porEvento?: boolean })[];
  descargas: MdfeDescarga[];
  seguros: MdfeSeguro[];
  prodPred: { tpCarga: string; xProd: string; cEAN: string; NCM: string } | undefined;
  tot: { qCTe: string; qNFe: string; qMDFe: string; vCarga: string; cUnid: string; qCarga: string };
  lacres: string[];
  infCpl: string;
  infAdFisco: string;
  /** infMDFeSupl/qrCodMDFe with surrounding whitespace removed (pretty-printed files pad it). */
  qrCode: string;
  protocol: Protocol | undefined;
  status: MdfeStatus;
  /** The accepted closing (encerramento), when the XML or its events carry one. */
  encerramento: { dtEnc: string; cUF: string; cMun: string; nProt: string } | undefined;
  /** The accepted cancellation, when the XML or its events carry one. */
  cancelamento: { nProt: string; dhRegEvento: string; xJust: string } | undefined;
}

export interface MdfeEventView {
  kind: 'mdfe-event';
  versao: string;
  ambiente: Ambiente;
  cOrgao: string;
  /** CNPJ or CPF of the author (the emitter). */
  autor: string;
  chave: string;
  dhEvento: string;
  tpEvento: string;
  descEvento: string;
  nSeqEvento: string;
  /** Cancellation (110111): protocol of the MDF-e and the reason. */
  cancelamento: { nProt: string; xJust: string } | undefined;
  /** Closing (110112). */
  encerramento: { nProt: string; dtEnc: string; cUF: string; cMun: string } | undefined;
  /** Driver inclusion (110114). */
  condutor: MdfePerson | undefined;
  /** DF-e inclusion (110115). */
  inclusaoDfe:
    | {
        nProt: string;
        cMunCarrega: string;
        xMunCarrega: string;
        docs: { cMunDescarga: string; xMunDescarga: string; chNFe: string }[];
      }
    | undefined;
  /** Any other event: its simple fields, label → value. */
  details: { label: string; value: string }[];
  registro: { cStat: string; xMotivo: string; nProt: string; dhRegEvento: string } | undefined;
}
