import type { HttpClient } from '../http';
import { parseAnswer } from '../parse';
import { contaCotaSchema, listSchema } from '../schemas';

export function contaApi(http: HttpClient) {
  return {
    async cotas() {
      return parseAnswer(
        listSchema(contaCotaSchema),
        await http.json({ method: 'GET', path: '/conta/cotas' }),
        'cotas',
      );
    },
    async cota(nome: string) {
      const value = await http.json({ method: 'GET', path: `/conta/cotas/${encodeURIComponent(nome)}` });
      return parseAnswer(contaCotaSchema, value, 'cota');
    },
  };
}
