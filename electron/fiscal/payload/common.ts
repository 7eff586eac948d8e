// Pieces shared by the CT-e and CT-e OS payload builders: parties, addresses, ICMS by situation,
// the IBS/CBS group and the emitter from the company record. Pure and deterministic.
import type {
  AddressInput as AddressForm,
  IbsCbsInput as IbsCbsForm,
  IcmsInput as IcmsForm,
  ObservacoesInput,
  PartyInput as PartyForm,
} from './input';
import type { z } from 'zod';
import type { endereco } from '../requests/common';
import type { emitCte } from '../requests/cte';
import type { ibscbs, icms } from '../requests/tax';
import type { UfSigla } from '../uf';
import { isUfSigla, ufBySigla } from '../uf';

/** The request groups these helpers build, as a client writes them (fiscal/requests is their home). */
export type EnderecoRequest = z.input<typeof endereco>;
export type EmitCteRequest = z.input<typeof emitCte>;
export type IcmsRequest = z.input<typeof icms>;
export type IbsCbsRequest = z.input<typeof ibscbs>;
export type DocumentOf = { CNPJ: string; CPF?: undefined } | { CPF: string; CNPJ?: undefined };
/** The emitter's identity and address: the common part of CT-e's and MDF-e's `emit`. */
export interface EmitterIdentity {
  CNPJ?: string;
  CPF?: string;
  IE?: string;
  xNome: string;
  xFant?: string;
  enderEmit: {
    xLgr: string;
    nro: string;
    xCpl?: string;
    xBairro: string;
    cMun: string;
    xMun: string;
    CEP?: string;
    UF: UfSigla;
    fone?: string;
  };
}
/** A party of a CT-e with its address under the role's element name (enderReme, enderDest…). */
export type PartyRequest<K extends string> = {
  CNPJ?: string;
  CPF?: string;
  IE?: string;
  xNome: string;
  fone?: string;
  email?: string;
} & { [P in K]: EnderecoRequest };

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** The company record the emitter group is read from (the API's Empresa / CompanyDto shape). */
export interface EmitterCompany {
  cpf_cnpj: string;
  inscricao_estadual?: string | null;
  nome_razao_social: string;
  nome_fantasia?: string | null;
  fone?: string | null;
  /** Regime: 1 Simples Nacional, 2 excesso de sublimite, 3 normal, 4 MEI. Default 3 (or 1 with ICMS SN). */
  crt?: 1 | 2 | 3 | 4 | null;
  endereco: {
    logradouro: string;
    numero: string;
    complemento?: string | null;
    bairro: string;
    codigo_municipio: string;
    cidade?: string | null;
    uf: string;
    cep?: string | null;
  };
}

/** What the numbering and the sender add to a form to make a request. */
export interface EmissionContext {
  company: EmitterCompany;
  serie: number;
  numero: number;
  ambiente: 'homologacao' | 'producao';
  referencia: string;
  /** dhEmi used when the form leaves it empty (ISO with offset, seconds precision). */
  dhEmi: string;
  verProc?: string;
}

export const VER_PROC = 'Carreta 0.1';

export const round2 = (value: number): number => Math.round((value + Number.EPSILON) * 100) / 100;
export const percentOf = (base: number, rate: number): number => round2((base * rate) / 100);

/** Drops undefined members deeply, so the JSON (and its ajv/zod checks) only carries what is set. */
export function compact<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => compact(v)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = compact(v);
    return out as T;
  }
  return value;
}

const digits = (v: string | null | undefined) => (v ? v.replace(/\D/g, '') : undefined) || undefined;

/** The form's `dhEmi` (minutes allowed) normalized to seconds precision. */
export function normalizeDhEmi(value: string | undefined, fallback: string): string {
  const v = value ?? fallback;
  return /T\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})?$/.test(v) ? v.replace(/T(\d{2}:\d{2})/, 'T$1:00') : v;
}

/**
 * The head of `ide` every CT-e layout shares (CT-e, CT-e OS, CT-e Simplificado): the emitter's
 * UF and municipality, numbering, issue time, normal issue by our own program, road modal.
 */
export function ideHead(
  general: { cfop: string; natOp: string; dhEmi?: string; tpServ: number },
  ctx: EmissionContext,
  tpCTe: number,
) {
  const company = ctx.company;
  return {
    cUF: ufCode(company.endereco.uf),
    CFOP: general.cfop,
    natOp: general.natOp,
    serie: ctx.serie,
    nCT: ctx.numero,
    dhEmi: normalizeDhEmi(general.dhEmi, ctx.dhEmi),
    tpImp: 1,
    tpEmis: 1,
    tpCTe,
    procEmi: 0,
    verProc: ctx.verProc ?? VER_PROC,
    cMunEnv: company.endereco.codigo_municipio,
    xMunEnv: (company.endereco.cidade ?? '').slice(0, 60) || 'Não informado',
    UFEnv: emitterUf(company),
    modal: '01' as const,
    tpServ: general.tpServ,
  };
}

/** The emitter's UF as the layout types it (an unknown one is refused, as `ufCode` does). */
export function emitterUf(company: EmitterCompany): UfSigla {
  const uf = company.endereco.uf;
  if (!isUfSigla(uf)) throw new Error(`UF desconhecida: ${uf}`);
  return uf;
}

export function ufCode(sigla: string): number {
  const uf = ufBySigla(sigla);
  if (!uf) throw new Error(`UF desconhecida: ${sigla}`);
  return Number(uf.code);
}

export function address(a: AddressForm): EnderecoRequest {
  return compact({
    xLgr: a.xLgr,
    nro: a.nro,
    xCpl: a.xCpl,
    xBairro: a.xBairro,
    cMun: a.uf === 'EX' ? '9999999' : a.cMun,
    xMun: a.xMun,
    CEP: a.cep,
    UF: a.uf,
  });
}

export function documentOf(cpfCnpj: string): DocumentOf {
  return cpfCnpj.length === 14 ? { CNPJ: cpfCnpj } : { CPF: cpfCnpj };
}

/** A party with its address under the role's element name (enderReme, enderDest…). */
export function party<K extends string, E extends object = object>(
  p: PartyForm,
  enderKey: K,
  extra?: E,
): PartyRequest<K> & E {
  // A computed key is typed with `string`; this record is exactly the one member named K.
  const ender = { [enderKey]: address(p.endereco) } as Record<K, EnderecoRequest>;
  return compact({
    ...documentOf(p.cpfCnpj),
    IE: p.ie,
    xNome: p.xNome,
    ...(extra as E),
    fone: p.fone,
    ...ender,
    email: p.email,
  });
}

/** indIEToma: 1 contribuinte (IE), 2 contribuinte isento, 9 não contribuinte. */
export function indIEToma(p: PartyForm | undefined): 1 | 2 | 9 {
  if (!p?.ie) return 9;
  return p.ie === 'ISENTO' ? 2 : 1;
}

/** The emitter from the company record; the MDF-e's `emit` is this, the CT-e's adds the CRT. */
export function emitterIdentity(company: EmitterCompany): EmitterIdentity {
  const e = company.endereco;
  return compact({
    ...documentOf(company.cpf_cnpj),
    IE: digits(company.inscricao_estadual),
    xNome: company.nome_razao_social.slice(0, 60),
    xFant: company.nome_fantasia ? company.nome_fantasia.slice(0, 60) : undefined,
    enderEmit: {
      xLgr: e.logradouro.slice(0, 60),
      nro: e.numero.slice(0, 60),
      xCpl: e.complemento ? e.complemento.slice(0, 60) : undefined,
      xBairro: e.bairro.slice(0, 60),
      cMun: e.codigo_municipio,
      xMun: (e.cidade ?? '').slice(0, 60) || 'Não informado',
      CEP: digits(e.cep),
      UF: emitterUf(company),
      fone: digits(company.fone),
    },
  });
}

export function emitter(company: EmitterCompany, icms: IcmsForm): EmitCteRequest {
  return {
    ...emitterIdentity(company),
    CRT: company.crt ?? (icms.situacao === 'SN' ? 1 : 3),
  };
}

/** The ICMS group of the chosen situation, with the tax computed from base and rate. */
export function icmsGroup(icms: IcmsForm, vTPrest: number): IcmsRequest {
  switch (icms.situacao) {
    case '00': {
      const vBC = icms.vBC ?? vTPrest;
      return { ICMS00: { CST: '00', vBC, pICMS: icms.pICMS, vICMS: percentOf(vBC, icms.pICMS) } };
    }
    case '20': {
      const vBC = icms.vBC ?? round2(vTPrest - percentOf(vTPrest, icms.pRedBC));
      return {
        ICMS20: compact({
          CST: '20',
          pRedBC: icms.pRedBC,
          vBC,
          pICMS: icms.pICMS,
          vICMS: percentOf(vBC, icms.pICMS),
          vICMSDeson: icms.vICMSDeson,
        }),
      };
    }
    case '45':
      return {
        ICMS45: compact({ CST: icms.cst, vICMSDeson: icms.vICMSDeson, cBenef: icms.cBenef }),
      };
    case '60':
      return {
        ICMS60: compact({
          CST: '60',
          vBCSTRet: icms.vBCSTRet,
          vICMSSTRet: percentOf(icms.vBCSTRet, icms.pICMSSTRet),
          pICMSSTRet: icms.pICMSSTRet,
          vCred: icms.vCred,
        }),
      };
    case '90': {
      const vBC = icms.vBC ?? round2(vTPrest - percentOf(vTPrest, icms.pRedBC ?? 0));
      return {
        ICMS90: compact({
          CST: '90',
          pRedBC: icms.pRedBC,
          vBC,
          pICMS: icms.pICMS,
          vICMS: percentOf(vBC, icms.pICMS),
          vCred: icms.vCred,
        }),
      };
    }
    case 'outraUF': {
      const vBC = icms.vBCOutraUF ?? round2(vTPrest - percentOf(vTPrest, icms.pRedBCOutraUF ?? 0));
      return {
        ICMSOutraUF: compact({
          CST: '90',
          pRedBCOutraUF: icms.pRedBCOutraUF,
          vBCOutraUF: vBC,
          pICMSOutraUF: icms.pICMSOutraUF,
          vICMSOutraUF: percentOf(vBC, icms.pICMSOutraUF),
        }),
      };
    }
    case 'SN':
      return { ICMSSN: { CST: '90', indSN: 1 } };
  }
}

/** The IBS/CBS group (tax reform): values computed from the base (default vTPrest) and the rates. */
export function ibsCbsGroup(form: IbsCbsForm, vTPrest: number): IbsCbsRequest {
  const vBC = form.vBC ?? vTPrest;
  const vIBSUF = percentOf(vBC, form.pIBSUF);
  const vIBSMun = percentOf(vBC, form.pIBSMun);
  return {
    CST: form.cst,
    cClassTrib: form.cClassTrib,
    gIBSCBS: {
      vBC,
      gIBSUF: { pIBSUF: form.pIBSUF, vIBSUF },
      gIBSMun: { pIBSMun: form.pIBSMun, vIBSMun },
      vIBS: round2(vIBSUF + vIBSMun),
      gCBS: { pCBS: form.pCBS, vCBS: percentOf(vBC, form.pCBS) },
    },
  };
}

export function observations(obs: ObservacoesInput) {
  const compl = compact({
    xObs: obs.xObs,
    ObsCont: obs.obsCont.length ? obs.obsCont : undefined,
    ObsFisco: obs.obsFisco?.length ? obs.obsFisco : undefined,
  });
  return Object.keys(compl).length ? compl : undefined;
}
