// The API fills the emitter group from the company's registration when the request leaves it
// out; fields the request does send win.
import type { EmitCte } from '../../fiscal/requests/cte';
import type { ResolvedEmit } from './xml/cte';

export interface CompanyData {
  cpf_cnpj: string;
  inscricao_estadual?: string;
  nome_razao_social: string;
  nome_fantasia?: string;
  fone?: string;
  endereco: {
    logradouro: string;
    numero: string;
    complemento?: string;
    bairro: string;
    codigo_municipio: string;
    cidade?: string;
    uf: string;
    cep: string;
  };
}

const digits = (v: string | undefined) => (v ? v.replace(/\D/g, '') : undefined);

export function emitFromCompany(company: CompanyData): EmitCte {
  const e = company.endereco;
  const doc = company.cpf_cnpj;
  const ie = digits(company.inscricao_estadual);
  return {
    CNPJ: doc.length === 14 ? doc : undefined,
    CPF: doc.length === 11 ? doc : undefined,
    IE: ie && ie.length >= 2 ? ie : undefined,
    xNome: company.nome_razao_social.slice(0, 60),
    xFant: company.nome_fantasia?.slice(0, 60) || undefined,
    enderEmit: {
      xLgr: e.logradouro.slice(0, 60),
      nro: e.numero.slice(0, 60),
      xCpl: e.complemento?.slice(0, 60) || undefined,
      xBairro: e.bairro.slice(0, 60),
      cMun: e.codigo_municipio,
      xMun: (e.cidade ?? 'Não informado').slice(0, 60),
      CEP: digits(e.cep),
      UF: e.uf as NonNullable<EmitCte['enderEmit']>['UF'],
      fone: digits(company.fone),
    },
    CRT: 3,
  };
}

/** Merge; null when a required emitter field is still missing (the caller answers 400). */
export function resolveEmit(
  sent: EmitCte,
  defaults: EmitCte | null,
): { emit: ResolvedEmit } | { missing: string } {
  const merged: EmitCte = { ...(defaults ?? {}) };
  for (const [k, v] of Object.entries(sent) as Array<[keyof EmitCte, unknown]>) {
    if (v !== undefined && v !== null) (merged as Record<string, unknown>)[k] = v;
  }
  if (sent.CNPJ) merged.CPF = undefined;
  if (sent.CPF) merged.CNPJ = undefined;
  if (!merged.CNPJ && !merged.CPF) return { missing: 'infCte.emit.CNPJ' };
  if (!merged.xNome) return { missing: 'infCte.emit.xNome' };
  if (!merged.enderEmit) return { missing: 'infCte.emit.enderEmit' };
  return { emit: { ...merged, xNome: merged.xNome, enderEmit: merged.enderEmit, CRT: merged.CRT ?? 3 } };
}
