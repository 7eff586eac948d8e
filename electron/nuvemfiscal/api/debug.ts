import { z } from 'zod';

import type { HttpClient } from '../http';
import { parseAnswer } from '../parse';

export const dfeDebugSchema = z.looseObject({
  id: z.string().nullish(),
  tipo: z.string().nullish(),
  created_at: z.string().nullish(),
  requisicoes: z.array(z.looseObject({})).nullish(),
});

export function debugApi(http: HttpClient) {
  const at = (id: string, rest = '') => `/debug/${encodeURIComponent(id)}${rest}`;
  return {
    async consultar(id: string) {
      return parseAnswer(dfeDebugSchema, await http.json({ method: 'GET', path: at(id) }), 'depuração');
    },
    payloadOriginal: (id: string) => http.binary({ method: 'GET', path: at(id, '/original-payload') }),
    conteudoRequisicao: (requestId: string) =>
      http.binary({
        method: 'GET',
        path: `/debug/http-requests/${encodeURIComponent(requestId)}/request-content`,
      }),
    conteudoResposta: (requestId: string) =>
      http.binary({
        method: 'GET',
        path: `/debug/http-requests/${encodeURIComponent(requestId)}/response-content`,
      }),
  };
}
