import { ADDRESSES } from './addresses';
import type { CepEndereco } from './addresses';
import { ufOfCep } from './cep-ranges';
import { MUNICIPALITIES } from './municipalities';

interface Place {
  nome: string;
  ibge: string;
}

/** Municipalities of each UF (IBGE table of `municipios-brasil`), by IBGE code; loaded on first use. */
let byUf: Promise<Map<string, Place[]>> | null = null;

function municipalitiesByUf(): Promise<Map<string, Place[]>> {
  byUf ??= import('municipios-brasil').then(async ({ carregarMunicipios }) => {
    const table = new Map<string, Place[]>();
    for (const m of (await carregarMunicipios()).listar()) {
      const list = table.get(m.uf) ?? [];
      list.push({ nome: m.nome, ibge: String(m.codigoIbge) });
      table.set(m.uf, list);
    }
    for (const list of table.values()) list.sort((a, b) => a.ibge.localeCompare(b.ibge));
    return table;
  });
  return byUf;
}

/**
 * The address of a well-formed CEP: the built-in set answers exactly; any other CEP in a UF's
 * published range answers that UF, a real municipality of it and a neutral street. The
 * municipality is the built-in one whose range prefix (5 digits) the CEP shares, else one chosen
 * from the UF's municipalities by the CEP prefix — the same for every CEP of that prefix.
 * Null when the CEP falls in no UF's range.
 */
export async function addressOfCep(cep: string): Promise<CepEndereco | null> {
  const exact = ADDRESSES.get(cep);
  if (exact) return exact;
  const uf = ufOfCep(cep);
  if (!uf) return null;
  const prefix = cep.slice(0, 5);
  const known = MUNICIPALITIES.find((m) => m.uf === uf && m.cep === prefix);
  let place: Place | undefined = known && { nome: known.nome, ibge: known.ibge };
  if (!place) {
    const list = (await municipalitiesByUf()).get(uf) ?? [];
    place = list[Number(prefix) % list.length];
  }
  if (!place) return null;
  return {
    cep,
    tipo_logradouro: 'Rua',
    logradouro: 'Rua Principal',
    complemento: '',
    bairro: 'Centro',
    municipio: place.nome,
    uf,
    codigo_ibge: place.ibge,
  };
}
