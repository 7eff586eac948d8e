// The address book grows from the parties of every authorized document (CT-e, CT-e OS, DC-e);
// entries are stored in the issuing forms' party shape so picking one fills any form directly.
import type { Repositories } from '../../cache/repositories';
import { HOMOLOGACAO_XNOME } from '../../fiscal/homologacao';
import type { StoredPayload } from './stored-payload';
import { rec, recOrNone } from './stored-payload';

const ROLES: [string, string][] = [
  ['rem', 'enderReme'],
  ['exped', 'enderExped'],
  ['receb', 'enderReceb'],
  ['dest', 'enderDest'],
  ['toma', 'enderToma'],
];

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** A payload party → the form's party shape (`partySchema` input). */
export function partyFromPayload(p: StoredPayload, enderKey: string): Record<string, unknown> | null {
  const e = recOrNone(p[enderKey]);
  const cpfCnpj = str(p.CNPJ) ?? str(p.CPF);
  if (!e || !cpfCnpj) return null;
  return {
    cpfCnpj,
    ie: str(p.IE),
    xNome: str(p.xNome),
    xFant: str(p.xFant),
    // The DC-e keeps the phone and e-mail inside the address group.
    fone: str(p.fone) ?? str(e.fone),
    email: str(p.email) ?? str(e.email),
    endereco: {
      xLgr: str(e.xLgr),
      nro: str(e.nro),
      xCpl: str(e.xCpl),
      xBairro: str(e.xBairro),
      cMun: str(e.cMun),
      xMun: str(e.xMun),
      uf: str(e.UF),
      cep: str(e.CEP),
    },
  };
}

/** The DC-e's remetente is its emit (the carrier goes in Transportadora), then the destinatário. */
function partiesOfDce(inf: StoredPayload): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  for (const [role, ender] of [
    ['emit', 'enderEmit'],
    ['dest', 'enderDest'],
  ]) {
    const p = recOrNone(inf[role]);
    const party = p ? partyFromPayload(p, ender) : null;
    if (party) found.push(party);
  }
  return found;
}

export function partiesOfPayload(payload: StoredPayload): Record<string, unknown>[] {
  if (payload.infDCe) return partiesOfDce(rec(payload.infDCe));
  const inf = rec(payload.infCte);
  const ide = rec(inf.ide);
  const found: Record<string, unknown>[] = [];
  for (const [role, ender] of ROLES) {
    const p = recOrNone(role === 'toma' ? (inf.toma ?? ide.toma4) : inf[role]);
    const party = p ? partyFromPayload(p, ender) : null;
    if (party) found.push(party);
  }
  return found;
}

/**
 * Learns the parties of an authorized document. A homologação payload names them by the MOC's
 * literal (Anexo I G002–G005), not by who they are: `names` (CPF/CNPJ → the name the clerk typed)
 * puts the real name back, so the demonstração and homologação learn them too (issue 26); a party
 * whose typed name is unknown is not learnt, and the book never offers the literal as a name.
 */
export async function rememberParties(
  repos: Repositories,
  company: string,
  payload: StoredPayload,
  names: Readonly<Record<string, string>> = {},
): Promise<void> {
  for (const found of partiesOfPayload(payload)) {
    const typed = names[String(found.cpfCnpj)]?.trim();
    const party = found.xNome === HOMOLOGACAO_XNOME ? (typed ? { ...found, xNome: typed } : null) : found;
    if (!party) continue;
    const endereco = party.endereco as Record<string, string | undefined>;
    await repos.addressBook.remember(company, {
      cpfCnpj: String(party.cpfCnpj),
      nome: String(party.xNome ?? ''),
      inscricaoEstadual: (party.ie as string | undefined) ?? null,
      uf: endereco.uf ?? null,
      municipio: endereco.xMun ?? null,
      data: party,
    });
  }
}
