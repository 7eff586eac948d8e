// Pieces shared by the DF-e builders: addresses, parties, observations, technical contact.
import type { z } from 'zod';
import type { Endereco, respTec } from '../../../fiscal/requests/common';
import { group, leaf } from './writer';

export function documentXml(p: { CNPJ?: string | null; CPF?: string | null }): string {
  // An empty CNPJ is how the layout says "foreign party" (TCnpjOpc allows [0-9]{0}).
  if (p.CNPJ === '') return '<CNPJ></CNPJ>';
  return p.CNPJ ? leaf('CNPJ', p.CNPJ) : leaf('CPF', p.CPF);
}

/** Street to municipality, the start every address layout shares. */
export function logradouroXml(e: {
  xLgr: string;
  nro: string;
  xCpl?: string | null;
  xBairro: string;
  cMun: string;
  xMun: string;
}): string[] {
  return [
    leaf('xLgr', e.xLgr),
    leaf('nro', e.nro),
    leaf('xCpl', e.xCpl),
    leaf('xBairro', e.xBairro),
    leaf('cMun', e.cMun),
    leaf('xMun', e.xMun),
  ];
}

export function enderecoXml(name: string, e: Endereco): string {
  return group(name, [
    ...logradouroXml(e),
    leaf('CEP', e.CEP),
    leaf('UF', e.UF),
    leaf('cPais', e.cPais),
    leaf('xPais', e.xPais),
  ]);
}

type Party = {
  CNPJ?: string | null;
  CPF?: string | null;
  IE?: string | null;
  xNome: string;
  fone?: string | null;
  email?: string | null;
};

/** A CT-e party (rem, exped, receb, dest, toma): `lead` goes first (toma4's "toma"). */
export function partyXml(
  name: string,
  p: Party | null | undefined,
  enderName: string,
  ender: Endereco | undefined,
  extra: { xFant?: string | null; ISUF?: string | null; lead?: string } = {},
): string {
  if (!p || !ender) return '';
  return group(name, [
    extra.lead,
    documentXml(p),
    leaf('IE', p.IE),
    leaf('xNome', p.xNome),
    leaf('xFant', extra.xFant),
    leaf('fone', p.fone),
    leaf('ISUF', extra.ISUF),
    enderecoXml(enderName, ender),
    leaf('email', p.email),
  ]);
}

/** Observation lists (CT-e ObsCont/ObsFisco, DC-e obsEmit…): the field name is an attribute. */
export function obsXml(
  name: string,
  list: ReadonlyArray<{ xCampo?: string | null; xTexto: string }> | null | undefined,
): string[] {
  return (list ?? []).map((o) => group(name, [leaf('xTexto', o.xTexto)], { xCampo: o.xCampo ?? undefined }));
}

export function respTecXml(r: z.infer<typeof respTec> | null | undefined): string {
  if (!r) return '';
  return group('infRespTec', [
    leaf('CNPJ', r.CNPJ),
    leaf('xContato', r.xContato),
    leaf('email', r.email),
    leaf('fone', r.fone),
    r.idCSRT != null && r.hashCSRT ? leaf('idCSRT', String(r.idCSRT).padStart(3, '0')) : '',
    r.idCSRT != null && r.hashCSRT ? leaf('hashCSRT', r.hashCSRT) : '',
  ]);
}

export function autXmlXml(
  list: ReadonlyArray<{ CNPJ?: string | null; CPF?: string | null }> | null | undefined,
): string[] {
  return (list ?? []).map((a) => group('autXML', [documentXml(a)]));
}
