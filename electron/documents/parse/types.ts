// View models: what the printouts need, already flattened from the XML. Every text field is '' when
// the XML lacks it, so templates never test for undefined except on whole optional groups.
import type { MdfeEventView, MdfeView } from './mdfe-types';
import type { FluxoView, ModalView } from './modal-types';

export type { FluxoView, ModalView } from './modal-types';

export interface Endereco {
  xLgr: string;
  nro: string;
  xCpl: string;
  xBairro: string;
  cMun: string;
  xMun: string;
  UF: string;
  CEP: string;
  xPais: string;
  fone: string;
}

export interface Party {
  xNome: string;
  xFant: string;
  CNPJ: string;
  CPF: string;
  /** Foreign id (idOutros / idEstrangeiro) when neither CNPJ nor CPF applies. */
  idOutros: string;
  IE: string;
  fone: string;
  email: string;
  ender: Endereco;
}

export interface Protocol {
  nProt: string;
  dhRecbto: string;
  cStat: string;
  xMotivo: string;
  tpAmb: string;
  /** The key the protocol is about (infProt/chCTe, chDCe); '' when the XML omits it. */
  chave: string;
}

export interface ValueComponent {
  xNome: string;
  vComp: string;
}

export interface IcmsView {
  /** Group name, e.g. ICMS00, ICMSSN. */
  group: string;
  CST: string;
  description: string;
  vBC: string;
  pICMS: string;
  vICMS: string;
  pRedBC: string;
  vCred: string;
}

export interface IbsCbsView {
  CST: string;
  cClassTrib: string;
  vBC: string;
  pIBSUF: string;
  vIBSUF: string;
  pIBSMun: string;
  vIBSMun: string;
  vIBS: string;
  pCBS: string;
  vCBS: string;
  vTotDFe: string;
}

export interface CargoQuantity {
  cUnid: string;
  tpMed: string;
  qCarga: string;
}

/** One row of "Documentos originários". */
export interface OriginDoc {
  /** NF-e, NF, DC-e, or the description of another document type. */
  tipo: string;
  /** Emitter CNPJ/CPF when known (for NF-e taken from the key). */
  emitente: string;
  /** Série/número text. */
  serieNumero: string;
  /** Access key (44 chars) for electronic documents, '' otherwise. */
  chave: string;
  /** Free description printed where the key would go (e.g. descOutros). */
  descricao?: string;
}

export interface ObsField {
  xCampo: string;
  xTexto: string;
}

export interface LabeledValue {
  label: string;
  value: string;
}

/** tpAmb: 1 produção, 2 homologação; 'desconhecido' when the XML does not say (never taken as produção). */
export type Ambiente = 'producao' | 'homologacao' | 'desconhecido';

/** What the three CT-e layouts (CTe, CTeOS, CTeSimp) share. */
export interface CteCommon {
  versao: string;
  chave: string;
  ambiente: Ambiente;
  ide: {
    cUF: string;
    CFOP: string;
    natOp: string;
    mod: string;
    serie: string;
    nCT: string;
    dhEmi: string;
    tpEmis: string;
    tpCTe: string;
    modal: string;
    tpServ: string;
    UFIni: string;
    xMunIni: string;
    cMunIni: string;
    UFFim: string;
    xMunFim: string;
    cMunFim: string;
    indGlobalizado: string;
    /** Recebedor picks the cargo up at the airport/port/station: '0' sim, '1' não (ide/retira). */
    retira: string;
    xDetRetira: string;
    /** Contingency entry (ide/dhCont, ide/xJust), present when tpEmis is not 1. */
    dhCont: string;
    xJust: string;
  };
  emit: Party;
  vPrest: { vTPrest: string; vRec: string; comps: ValueComponent[] };
  icms: IcmsView | undefined;
  ibsCbs: IbsCbsView | undefined;
  vTotTrib: string;
  xObs: string;
  obsCont: ObsField[];
  obsFisco: ObsField[];
  qrCode: string;
  protocol: Protocol | undefined;
  /** Events and situation answers carried in the same file (procCTe with events, retConsSitCTe). */
  attached: Attachments;
}

/** What a file says about a document besides the document itself: its events and situation answers. */
export interface Attachments {
  events: EventView[];
  /** protCTe / protDCe of a situation query (retConsSitCTe): cStat 101 there means cancelled. */
  protocols: Protocol[];
}

export interface CteView extends CteCommon {
  kind: 'cte';
  rem: Party | undefined;
  dest: Party | undefined;
  exped: Party | undefined;
  receb: Party | undefined;
  /** Tomador resolved from toma3 (a reference to one of the parties) or toma4. */
  toma: Party | undefined;
  tomaRole: string;
  carga: { vCarga: string; proPred: string; xOutCat: string; infQ: CargoQuantity[] } | undefined;
  docs: OriginDoc[];
  /** Modal-specific lines (rodoviário: RNTRC; other modals listed generically). */
  modalInfo: LabeledValue[];
  /** The modal group, typed (Anexo II §3 "Informações específicas do modal"). */
  modal: ModalView | undefined;
  /** Previsão do fluxo da carga (compl/fluxo). */
  fluxo: FluxoView | undefined;
  /** Característica adicional do serviço (compl/xCaracSer). */
  xCaracSer: string;
  infGlobalizado: string;
  /** Inscrição SUFRAMA of the destinatário (dest/ISUF). */
  destISUF: string;
  /** CT-e complementar / substituto references. */
  refs: LabeledValue[];
  /** CT-e Simplificado (tpCTe 5/6): its deliveries (det), in place of parties and documents. */
  entregas?: EntregaView[];
}

/** One delivery (det) of a CT-e Simplificado. */
export interface EntregaView {
  nItem: string;
  cMunIni: string;
  xMunIni: string;
  /** UF of the municipality, from its IBGE code (the det group has no UF element); '' when none. */
  UFIni: string;
  cMunFim: string;
  xMunFim: string;
  UFFim: string;
  vPrest: string;
  vRec: string;
  comps: ValueComponent[];
  /** NF-e keys (infNFe/chNFe) or, for a delivery after another CT-e, its key (infDocAnt/chCTe). */
  docs: { tipo: 'NF-E' | 'CT-E'; chave: string }[];
}

export interface CteOsView extends CteCommon {
  kind: 'cteos';
  toma: Party | undefined;
  percurso: string[];
  servico: { xDescServ: string; qCarga: string } | undefined;
  docsRef: OriginDoc[];
  seguros: { respSeg: string; xSeg: string; nApol: string }[];
  rodoOS:
    | {
        TAF: string;
        NroRegEstadual: string;
        placa: string;
        RENAVAM: string;
        propDoc: string;
        propTAF: string;
        propNroRegEstadual: string;
        propXNome: string;
        /** UF where the vehicle is licensed (veic/UF). */
        UF: string;
        /** Charter (infFretamento, passenger transport): '1' eventual, '2' contínuo. */
        tpFretamento: string;
        dhViagem: string;
      }
    | undefined;
}

export interface DceItem {
  nItem: string;
  xProd: string;
  NCM: string;
  qCom: string;
  vUnCom: string;
  vProd: string;
}

export interface DceView {
  kind: 'dce';
  versao: string;
  chave: string;
  ambiente: Ambiente;
  ide: {
    cUF: string;
    serie: string;
    nDC: string;
    dhEmi: string;
    tpEmis: string;
    tpEmit: string;
    mod: string;
  };
  emit: Party;
  /** Who generated the DC-e on the emitter's behalf (Fisco, marketplace, carrier, ECT), when given. */
  emissor: LabeledValue | undefined;
  dest: Party | undefined;
  items: DceItem[];
  vDC: string;
  transp: { modTrans: string; CNPJTransp: string } | undefined;
  infCpl: string;
  infAdFisco: string;
  declaracoes: string[];
  qrCode: string;
  urlChave: string;
  protocol: Protocol | undefined;
  attached: Attachments;
}

export interface CorrectionItem {
  grupoAlterado: string;
  campoAlterado: string;
  valorAlterado: string;
  nroItemAlterado: string;
}

export interface EventView {
  kind: 'event';
  /** Document family the event refers to. */
  docType: 'CT-e' | 'DC-e';
  versao: string;
  ambiente: Ambiente;
  cOrgao: string;
  autor: string;
  chave: string;
  dhEvento: string;
  tpEvento: string;
  descEvento: string;
  nSeqEvento: string;
  /** Cancellation: protocol of the cancelled document and the reason. */
  nProtCancelado: string;
  xJust: string;
  corrections: CorrectionItem[];
  xCondUso: string;
  /** Any other detail fields of the event, label → value. */
  details: LabeledValue[];
  /** Registration of the event by the SEFAZ (procEvento / retEvento), when present. */
  registro: { cStat: string; xMotivo: string; nProt: string; dhRegEvento: string } | undefined;
}

export interface NfeView {
  kind: 'nfe';
  chave: string;
  ambiente: Ambiente;
  /** tpNF: 0 entrada, 1 saída. */
  ide: { nNF: string; serie: string; dhEmi: string; natOp: string; mod: string; tpNF: string };
  /** From protNFe and the events carried with it (retEvento / procEventoNFe 110111 registered). */
  situacao: 'autorizada' | 'cancelada' | 'denegada' | 'sem-protocolo' | 'nao-autorizada';
  emit: Party;
  dest: Party | undefined;
  transp: {
    modFrete: string;
    transporta: Party | undefined;
    vol: { qVol: string; esp: string; marca: string; nVol: string; pesoL: string; pesoB: string }[];
  };
  totals: { vNF: string; vProd: string; vFrete: string };
  /** The goods (det/prod): description, NCM and value of each item. */
  itens: { xProd: string; NCM: string; vProd: string }[];
  protocol: Protocol | undefined;
}

export type DocumentView = CteView | CteOsView | DceView | EventView | NfeView | MdfeView | MdfeEventView;
