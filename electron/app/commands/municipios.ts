import { MunicipioTable } from '../municipios';
import type { CommandTable } from '../dispatcher';

type Channels = 'municipio:search' | 'municipio:get';

export function municipioCommands(table = new MunicipioTable()): Pick<CommandTable, Channels> {
  return {
    'municipio:search': ({ query, uf }) => table.search(query, uf),
    'municipio:get': async ({ codigo }) => ({
      municipio: await table.get(codigo),
      warning: await table.warningFor(codigo),
    }),
  };
}
