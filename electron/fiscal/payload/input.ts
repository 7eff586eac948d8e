// What the payload builders read from a parsed form. electron/fiscal stays free of other electron/
// folders (boundary rule), so the builders state their input structurally; the forms' zod types
// (electron/shared/schemas/cte-form.ts, cteos-form.ts) are assignable to these — a drift between
// the two is a compile error where the app calls the builders.
import type { CtePedidoEmissaoInput } from '../requests/cte';
import type { CteSimpPedidoEmissaoInput } from '../requests/cte-simp';
import type { UfSigla } from '../uf';

/** A quantity of the cargo (infQ): its unit and kind of measure are the layout's codes. */
type InfQ = NonNullable<CtePedidoEmissaoInput['infCte']['infCTeNorm']>['infCarga']['infQ'][number];
/** The CT-e Simplificado's tpMed is a code list (TCTeSimp), not the CT-e's free text. */
type SimpInfQ = CteSimpPedidoEmissaoInput['infCte']['infCarga']['infQ'][number];

/** TUf of the layouts: the 27 UFs and EX (exterior). */
export type UfOrEx = UfSigla | 'EX';

export interface AddressInput {
  xLgr: string;
  nro: string;
  xCpl?: string;
  xBairro: string;
  cMun: string;
  xMun: string;
  uf: UfOrEx;
  cep?: string;
}

export interface PartyInput {
  cpfCnpj: string;
  ie?: string;
  xNome: string;
  xFant?: string;
  fone?: string;
  email?: string;
  endereco: AddressInput;
}

export type IcmsInput =
  | { situacao: '00'; vBC?: number; pICMS: number }
  | { situacao: '20'; pRedBC: number; vBC?: number; pICMS: number; vICMSDeson?: number }
  | { situacao: '45'; cst: '40' | '41' | '51'; vICMSDeson?: number; cBenef?: string }
  | { situacao: '60'; vBCSTRet: number; pICMSSTRet: number; vCred?: number }
  | { situacao: '90'; pRedBC?: number; vBC?: number; pICMS: number; vCred?: number }
  | { situacao: 'outraUF'; pRedBCOutraUF?: number; vBCOutraUF?: number; pICMSOutraUF: number }
  | { situacao: 'SN' };

export interface IbsCbsInput {
  cst: string;
  cClassTrib: string;
  vBC?: number;
  pIBSUF: number;
  pIBSMun: number;
  pCBS: number;
}

export interface PlaceInput {
  cMun: string;
  xMun: string;
  uf: UfOrEx;
}

export interface ValoresInput {
  componentes: { xNome: string; vComp: number }[];
  vTPrest: number;
  vRec: number;
}

export interface ImpostosInput {
  icms: IcmsInput;
  ibsCbs?: IbsCbsInput;
  vTotTrib?: number;
  infAdFisco?: string;
}

export interface ObservacoesInput {
  xObs?: string;
  obsCont: { xCampo: string; xTexto: string }[];
  obsFisco?: { xCampo: string; xTexto: string }[];
}

export interface CteInput {
  geral: {
    cfop: string;
    natOp: string;
    tpServ: 0 | 1 | 2 | 3 | 4;
    toma: 0 | 1 | 2 | 3 | 4;
    inicio: PlaceInput;
    fim: PlaceInput;
    dhEmi?: string;
    retira: boolean;
    xDetRetira?: string;
  };
  remetente?: PartyInput;
  expedidor?: PartyInput;
  recebedor?: PartyInput;
  destinatario?: PartyInput;
  tomador?: PartyInput;
  valores: ValoresInput;
  impostos: ImpostosInput;
  carga: {
    vCarga?: number;
    vCargaAverb?: number;
    proPred: string;
    xOutCat?: string;
    quantidades: { cUnid: InfQ['cUnid']; tpMed: InfQ['tpMed']; qCarga: number }[];
  };
  documentos: {
    nfe: { chave: string; pin?: string }[];
    dce: { chave: string }[];
    outros: {
      tpDoc: '00' | '10' | '59' | '65' | '99';
      descOutros?: string;
      nDoc?: string;
      dEmi?: string;
      vDocFisc?: number;
    }[];
  };
  rodoviario: { rntrc: string };
  observacoes: ObservacoesInput;
}

export interface CteOsInput {
  geral: {
    cfop: string;
    natOp: string;
    tpServ: 6 | 7 | 8;
    inicio: PlaceInput;
    fim: PlaceInput;
    dhEmi?: string;
    percurso: UfOrEx[];
  };
  /** Absent only for excess baggage. */
  tomador?: PartyInput;
  valores: ValoresInput;
  impostos: ImpostosInput & {
    tributosFederais?: { vPIS?: number; vCOFINS?: number; vIR?: number; vINSS?: number; vCSLL?: number };
  };
  servico: { xDescServ: string; qCarga?: number };
  /** infDocRef: a BP-e key, or number and date of another document. */
  documentos: {
    chBPe?: string;
    nDoc?: string;
    serie?: string;
    subserie?: string;
    dEmi?: string;
    vDoc?: number;
  }[];
  seguro: { respSeg: 4 | 5; xSeg?: string; nApol?: string }[];
  rodoviario: {
    taf?: string;
    nroRegEstadual?: string;
    placa?: string;
    renavam?: string;
    ufVeiculo?: UfOrEx;
    prop?: {
      cpfCnpj: string;
      taf?: string;
      nroRegEstadual?: string;
      xNome: string;
      ie?: string;
      uf?: UfOrEx;
      tpProp: 0 | 1 | 2;
    };
    fretamento?: { tpFretamento: 1 | 2; dhViagem?: string };
  };
  observacoes: ObservacoesInput;
}

/** One delivery (det) of the simplified CT-e: its route, its values and the NF-e it carries. */
export interface EntregaInput {
  origem: PlaceInput;
  destino: PlaceInput;
  vPrest: number;
  vRec: number;
  componentes: { xNome: string; vComp: number }[];
  nfe: { chave: string; pin?: string; dPrev?: string }[];
}

export interface CteSimpInput {
  geral: {
    cfop: string;
    natOp: string;
    tpServ: 0 | 1 | 2;
    /** The tomador's role: 0 remetente, 1 expedidor, 2 recebedor, 3 destinatário, 4 outros. */
    toma: 0 | 1 | 2 | 3 | 4;
    ufIni: UfOrEx;
    ufFim: UfOrEx;
    dhEmi?: string;
    retira: boolean;
    xDetRetira?: string;
  };
  tomador: PartyInput;
  entregas: EntregaInput[];
  impostos: ImpostosInput;
  carga: {
    vCarga: number;
    proPred: string;
    xOutCat?: string;
    quantidades: { cUnid: SimpInfQ['cUnid']; tpMed: SimpInfQ['tpMed']; qCarga: number }[];
  };
  rodoviario: { rntrc: string };
  observacoes: ObservacoesInput;
}
