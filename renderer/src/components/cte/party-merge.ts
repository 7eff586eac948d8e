// Fills a party of the form from what the lookups, the address book or an NF-e answered, keeping
// what the clerk already typed where the source has nothing.
import { maskCep, maskCpfCnpj } from '@shared/masks';
import type { PartyRecord } from '@shared/schemas/issuing';
import type { PartyDraft } from '../../views/emitir-cte/form-model';

/** A party of any issuing form: the DC-e has no state registration nor trade name. */
export type PartyLike = Omit<PartyDraft, 'ie' | 'xFant'> & Partial<Pick<PartyDraft, 'ie' | 'xFant'>>;

/** A party from the prefill, the address book or a lookup (the contract's `partyRecordSchema`). */
export function mergeParty(target: PartyLike, source: PartyRecord): void {
  for (const key of ['cpfCnpj', 'xNome', 'fone', 'email'] as const) {
    const value = source[key];
    if (value) target[key] = value;
  }
  // Only forms that have these fields get them (a DC-e party has none).
  for (const key of ['ie', 'xFant'] as const) {
    const value = source[key];
    if (key in target && value) target[key] = value;
  }
  const e = source.endereco ?? {};
  for (const key of Object.keys(target.endereco) as (keyof PartyLike['endereco'])[]) {
    const value = e[key];
    if (value) target.endereco[key] = value;
  }
  // Shown the way the masked inputs show what is typed.
  target.cpfCnpj = maskCpfCnpj(target.cpfCnpj);
  target.endereco.cep = maskCep(target.endereco.cep);
}

export interface CnpjAnswer {
  razao_social?: string | null;
  nome_fantasia?: string | null;
  email?: string | null;
  fone?: string | null;
  endereco?: {
    logradouro?: string | null;
    numero?: string | null;
    complemento?: string | null;
    bairro?: string | null;
    codigo_municipio?: string | null;
    cidade?: string | null;
    uf?: string | null;
    cep?: string | null;
  } | null;
}

export function mergeCnpjLookup(target: PartyLike, a: CnpjAnswer): void {
  const e = a.endereco ?? {};
  mergeParty(target, {
    // Names longer than the documents' 60 characters are cut rather than refused later.
    xNome: a.razao_social?.slice(0, 60),
    xFant: a.nome_fantasia,
    email: a.email,
    fone: a.fone,
    endereco: {
      xLgr: e.logradouro,
      nro: e.numero,
      xCpl: e.complemento,
      xBairro: e.bairro,
      cMun: e.codigo_municipio,
      xMun: e.cidade,
      uf: e.uf,
      cep: e.cep,
    },
  });
}

export interface CepAnswer {
  logradouro?: string | null;
  complemento?: string | null;
  bairro?: string | null;
  municipio?: string | null;
  codigo_ibge?: string | null;
  uf?: string | null;
}

export function mergeCep(target: PartyLike, a: CepAnswer): void {
  mergeParty(target, {
    endereco: {
      xLgr: a.logradouro,
      xBairro: a.bairro,
      cMun: a.codigo_ibge,
      xMun: a.municipio,
      uf: a.uf,
    },
  });
}
