import { describe, expect, it, vi } from 'vitest';

import type { ApiConnection } from '../../electron/app/api-connection';
import { AUTHORIZER_TTL_MS, AuthorizerStatusCache } from '../../electron/app/authorizer-status';

function fakeApi(apiUrl: () => string) {
  const statusSefaz = vi.fn(async () => ({ codigo_status: 108, motivo_status: 'Serviço paralisado' }));
  const api = {
    client: async () => ({
      client: { cte: { statusSefaz }, cteos: { statusSefaz }, dce: { statusSefaz } },
      target: { apiUrl: apiUrl() },
    }),
  } as unknown as ApiConnection;
  return { api, statusSefaz };
}

describe('authorizer status cache', () => {
  it('asks the API at most once per 5 minutes per authorizer and never across environments', async () => {
    let url = 'https://api.sandbox';
    let now = 1_000_000;
    const { api, statusSefaz } = fakeApi(() => url);
    const cache = new AuthorizerStatusCache(api, () => now);
    const first = await cache.get('cte', '11222333000181');
    expect(first).toMatchObject({ kind: 'cte', codigoStatus: 108, degraded: true });
    await cache.get('cte', '11222333000181');
    expect(statusSefaz).toHaveBeenCalledTimes(1);
    await cache.get('dce', '11222333000181');
    expect(statusSefaz).toHaveBeenCalledTimes(2);
    url = 'https://api.producao';
    await cache.get('cte', '11222333000181');
    expect(statusSefaz).toHaveBeenCalledTimes(3);
    url = 'https://api.sandbox';
    now += AUTHORIZER_TTL_MS;
    await cache.get('cte', '11222333000181');
    expect(statusSefaz).toHaveBeenCalledTimes(4);
  });
});
