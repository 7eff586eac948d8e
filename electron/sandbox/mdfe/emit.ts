// The MDF-e issuer as the service completes it: IE, xNome, xFant and each member of enderEmit the
// request leaves out come from the company's registration (API description 2.60, MdfeSefazEmit and
// MdfeSefazEndeEmi: "Caso não seja informado, será utilizado o do cadastro da empresa"); what the
// request sends wins, member by member. A company without IE gives an issuer without IE, which the
// authority refuses (G066 → 229), as SVRS does.
import type { CompanyData } from '../dfe/emit-defaults';
import type { InfMDFeRequest, ResolvedMdfeEmit } from '../../fiscal/requests/mdfe';

type Emit = InfMDFeRequest['emit'];
type Ender = NonNullable<Emit['enderEmit']>;

const digits = (v: string | null | undefined) => (v ? v.replace(/\D/g, '') : '');
const cut = (v: string | null | undefined, max: number) => (v ? v.trim().slice(0, max) : '');

/** The registration as the issuer's members (empty ones left out). */
export function emitOfCompany(company: CompanyData): Omit<Emit, 'CNPJ' | 'CPF'> {
  const e = company.endereco;
  const ie = digits(company.inscricao_estadual);
  const fone = digits(company.fone);
  const ender: Ender = {
    xLgr: cut(e.logradouro, 60) || undefined,
    nro: cut(e.numero, 60) || undefined,
    xCpl: cut(e.complemento, 60) || undefined,
    xBairro: cut(e.bairro, 60) || undefined,
    cMun: e.codigo_municipio || undefined,
    xMun: cut(e.cidade, 60) || undefined,
    CEP: digits(e.cep) || undefined,
    UF: (e.uf || undefined) as Ender['UF'],
    fone: fone.length >= 7 && fone.length <= 12 ? fone : undefined,
  };
  return {
    IE: ie.length >= 2 ? ie : undefined,
    xNome: cut(company.nome_razao_social, 60) || undefined,
    xFant: cut(company.nome_fantasia, 60) || undefined,
    enderEmit: ender,
  };
}

const given = <T>(v: T | null | undefined): v is T => v !== undefined && v !== null;

function merge<T extends object>(sent: T | null | undefined, fallback: T | null | undefined): T {
  const out: Record<string, unknown> = { ...(fallback ?? {}) };
  for (const [k, v] of Object.entries(sent ?? {})) if (given(v)) out[k] = v;
  return out as T;
}

const REQUIRED_ENDER = ['xLgr', 'nro', 'xBairro', 'cMun', 'xMun', 'UF'] as const;

/**
 * The request's issuer completed with `company` (null: nothing to complete from); `missing` names
 * the first required member neither gave (the service answers 400 with it).
 */
export function resolveMdfeEmit(
  sent: Emit,
  company: CompanyData | null,
): { emit: ResolvedMdfeEmit } | { missing: string } {
  const defaults = company ? emitOfCompany(company) : null;
  const merged = merge<Emit>(sent, { ...defaults, CNPJ: sent.CNPJ, CPF: sent.CPF } as Emit);
  const enderEmit = merge<Ender>(sent.enderEmit, defaults?.enderEmit);
  if (!merged.xNome) return { missing: 'infMDFe.emit.xNome' };
  for (const member of REQUIRED_ENDER)
    if (!given(enderEmit[member]) || enderEmit[member] === '')
      return { missing: `infMDFe.emit.enderEmit.${member}` };
  return { emit: { ...merged, xNome: merged.xNome, enderEmit: enderEmit as ResolvedMdfeEmit['enderEmit'] } };
}
