// The IBGE code of a municipality typed by name in a UF, from the app's municipality table.
import type { Municipio } from '@shared/schemas/municipio';

import { invoke } from '../../bridge';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

export async function findMunicipio(nome: string, uf: string): Promise<Municipio> {
  if (!nome.trim()) throw new Error('Informe o município.');
  const found = await invoke('municipio:search', { query: nome.trim(), uf });
  const exact = found.find((m) => fold(m.nome) === fold(nome));
  if (!exact)
    throw new Error(
      `Município "${nome.trim()}" não encontrado em ${uf}. Confira o nome${found[0] ? ` (você quis dizer ${found[0].nome}?)` : ''}.`,
    );
  return exact;
}
