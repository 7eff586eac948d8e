import type { HttpClient } from '../http';
import type { PageRequest } from '../paging';
import { pageQuery } from '../paging';
import { parseAnswer } from '../parse';
import { emailSchema, listSchema } from '../schemas';

export function emailsApi(http: HttpClient) {
  return {
    async listar(
      filtro: { cpf_cnpj: string; undelivered?: boolean; email?: string },
      page?: Partial<PageRequest>,
    ) {
      const value = await http.json({
        method: 'GET',
        path: '/emails',
        query: { ...filtro, ...pageQuery(page) },
      });
      return parseAnswer(listSchema(emailSchema), value, 'e-mails');
    },
    async consultar(id: string) {
      return parseAnswer(
        emailSchema,
        await http.json({ method: 'GET', path: `/emails/${encodeURIComponent(id)}` }),
        'e-mail',
      );
    },
  };
}
