import type { HttpClient } from '../http';
import { parseAnswer } from '../parse';
import { cepEnderecoSchema } from '../schemas';

export function cepApi(http: HttpClient) {
  return {
    async consultar(cep: string) {
      const digits = cep.replace(/\D/g, '');
      const value = await http.json({ method: 'GET', path: `/cep/${encodeURIComponent(digits)}` });
      return parseAnswer(cepEnderecoSchema, value, 'CEP');
    },
  };
}
