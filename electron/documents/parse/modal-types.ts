// Typed view models of the CT-e modal groups (infCTeNorm/infModal), layouts 3.00 and 4.00. Field
// names follow the XSDs (cteModal*_v4.00.xsd); every text is '' when the XML lacks it.

export interface RodoModal {
  kind: 'rodo';
  RNTRC: string;
}

export interface ArtigoPerigoso {
  nONU: string;
  qTotEmb: string;
  qTotProd: string;
  uniAP: string;
}

export interface AereoModal {
  kind: 'aereo';
  nMinu: string;
  nOCA: string;
  dPrevAereo: string;
  xDime: string;
  cInfManu: string[];
  CL: string;
  cTar: string;
  vTar: string;
  peri: ArtigoPerigoso[];
}

export interface ContainerDoc {
  /** 'NF-E' or 'NF'. */
  tipo: string;
  emitente: string;
  serieNumero: string;
}

export interface Container {
  nCont: string;
  lacres: string[];
  docs: ContainerDoc[];
}

export interface AquavModal {
  kind: 'aquav';
  /** Base de cálculo do AFRMM (aquav/vPrest). */
  vPrest: string;
  vAFRMM: string;
  xNavio: string;
  balsas: string[];
  nViag: string;
  direc: string;
  irin: string;
  tpNav: string;
  containers: Container[];
}

export interface Ferrovia {
  CNPJ: string;
  cInt: string;
  IE: string;
  xNome: string;
}

export interface FerrovModal {
  kind: 'ferrov';
  tpTraf: string;
  fluxo: string;
  respFat: string;
  ferrEmi: string;
  vFrete: string;
  chCTeFerroOrigem: string;
  ferrovias: Ferrovia[];
}

export interface DutoModal {
  kind: 'duto';
  vTar: string;
  dIni: string;
  dFim: string;
  classDuto: string;
  tpContratacao: string;
  codPontoEntrada: string;
  codPontoSaida: string;
  nContrato: string;
}

export interface MultimodalModal {
  kind: 'multimodal';
  COTM: string;
  indNegociavel: string;
  seguro: { xSeg: string; CNPJ: string; nApol: string; nAver: string } | undefined;
}

export type ModalView = RodoModal | AereoModal | AquavModal | FerrovModal | DutoModal | MultimodalModal;

/** Cargo flow forecast (compl/fluxo): origin, passages and destination codes. */
export interface FluxoView {
  xOrig: string;
  xPass: string[];
  xDest: string;
}
