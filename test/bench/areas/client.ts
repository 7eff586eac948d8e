// API client figures against the sandbox over HTTP: token requests under 200 concurrent calls
// (must be 1) and the latency of a simple authenticated GET through the client (p50/p95), which is
// the client's overhead plus the sandbox's minimal work on loopback.
import { createNuvemFiscalClient } from '../../../electron/nuvemfiscal';
import { startSandbox } from '../../../electron/sandbox/server';
import type { Figure } from '../types';

const CALLS = 500;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export default async function* client(): AsyncGenerator<Figure> {
  const sandbox = await startSandbox({
    clientId: 'bench',
    clientSecret: 'bench-secret',
    tokenRequestsPerMinute: 1000,
  });
  let tokenRequests = 0;
  const values = new Map<string, string>();
  const api = createNuvemFiscalClient({
    apiUrl: sandbox.url,
    tokenUrl: `${sandbox.url}/oauth/token`,
    clientId: 'bench',
    clientSecret: async () => 'bench-secret',
    scopes: 'conta cep',
    tokenStore: {
      get: async (name) => values.get(name) ?? null,
      set: async (name, value) => void values.set(name, value),
      delete: async (name) => void values.delete(name),
    },
    onTokenRequest: () => tokenRequests++,
  });
  try {
    await Promise.all(Array.from({ length: 200 }, () => api.conta.cotas()));
    yield { name: 'token_requests_200_concurrent', value: tokenRequests, unit: 'requests' };

    const latencies: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const t = performance.now();
      await api.conta.cota('cep-consultas');
      latencies.push(performance.now() - t);
    }
    yield { name: 'request_p50_ms', value: Math.round(percentile(latencies, 50) * 100) / 100, unit: 'ms' };
    yield { name: 'request_p95_ms', value: Math.round(percentile(latencies, 95) * 100) / 100, unit: 'ms' };
  } finally {
    await sandbox.close();
  }
}
