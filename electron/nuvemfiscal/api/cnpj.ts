import type { HttpClient } from '../http';
import type { PageRequest } from '../paging';
import { parseAnswer } from '../parse';
import { cnpjEmpresaSchema, listSchema } from '../schemas';

/** The three filters are required by the description. */
export interface CnpjListagemFiltro {
  cnae_principal: string;
  /** IBGE municipality code. */
  municipio: string;
  natureza_juridica: string;
}

export function cnpjApi(http: HttpClient) {
  return {
    async consultar(cnpj: string) {
      const normalized = cnpj.toUpperCase().replace(/[^0-9A-Z]/g, '');
      const value = await http.json({ method: 'GET', path: `/cnpj/${encodeURIComponent(normalized)}` });
      return parseAnswer(cnpjEmpresaSchema, value, 'CNPJ');
    },
    /** This endpoint has no `$inlinecount`. */
    async listar(filtro: CnpjListagemFiltro, page?: Pick<PageRequest, 'top' | 'skip'>) {
      const value = await http.json({
        method: 'GET',
        path: '/cnpj',
        query: { ...filtro, $top: page?.top, $skip: page?.skip },
      });
      return parseAnswer(listSchema(cnpjEmpresaSchema), value, 'listagem de CNPJ');
    },
  };
}
