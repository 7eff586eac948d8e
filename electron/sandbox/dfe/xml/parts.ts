// Pieces shared by CT-e and CT-e OS: addresses, parties, observations, technical contact.
import type { z } from 'zod';
import type { Endereco, respTec } from '../schemas/common';
import { group, leaf } from './writer';

export function documentXml(p: { CNPJ?: string | null; CPF?: string | null }): string {
  // An empty CNPJ is how the layout says "foreign party" (TCnpjOpc allows [0-9]{0}).
  if (p.CNPJ === '') return '<CNPJ></CNPJ>';
  return p.CNPJ ? leaf('CNPJ', p.CNPJ) : leaf('CPF', p.CPF);
}

export function enderecoXml(name: string, e: Endereco): string {
  return group(name, [
    leaf('xLgr', e.xLgr),
    leaf('nro', e.nro),
    leaf('xCpl', e.xCpl),
    leaf('xBairro', e.xBairro),
    leaf('cMun', e.cMun),
    leaf('xMun', e.xMun),
    leaf('CEP', e.CEP),
    leaf('UF', e.UF),
    leaf('cPais', e.cPais),
    leaf('xPais', e.xPais),
  ]);
}

export function obsXml(
  name: 'ObsCont' | 'ObsFisco',
  list: ReadonlyArray<{ xCampo: string; xTexto: string }> | null | undefined,
): string[] {
  return (list ?? []).map((o) => group(name, [leaf('xTexto', o.xTexto)], { xCampo: o.xCampo }));
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
