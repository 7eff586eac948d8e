// API client figures against the sandbox over HTTP: token requests under 200 concurrent calls
// (must be 1) and the latency of a simple authenticated GET through the client (p50/p95), which is
// the client's overhead plus the sandbox's minimal work on loopback. Then the HTTP requests the
// common actions cost through the commands (cache first): opening a document issued here (goal 0),
// cancelling and sending a correction letter (goal at most 3 each).
import { createNuvemFiscalClient } from '../../../electron/nuvemfiscal';
import { startSandbox } from '../../../electron/sandbox/server';
import { company, cteForm } from '../../fiscal/payload/forms';
import { countedCommands, startIssuingSandbox } from '../../app/issuing/harness';
import type { Figure } from '../types';
import { percentile } from '../support/stats';

const CALLS = 500;

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
  yield* actionRequests();
}

async function* actionRequests(): AsyncGenerator<Figure> {
  const sandbox = await startIssuingSandbox();
  const { rig, call, requests } = await countedCommands(sandbox.url);
  const counted = async (action: () => Promise<unknown>): Promise<number> => {
    const before = requests();
    await action();
    return requests() - before;
  };
  const issue = async () => {
    const out = await call('cte:issue', { kind: 'cte', company: company.cpf_cnpj, form: cteForm() });
    if (out.status !== 'autorizado') throw new Error(`CT-e not authorized: ${out.status}`);
    return String(out.document!.id);
  };
  try {
    const opened = await issue();
    // What the screen asks when it opens: the detail and the cancel window.
    const open = await counted(async () => {
      await call('cte:get', { kind: 'cte', id: opened });
      await call('cte:cancelWindow', { kind: 'cte', id: opened });
    });
    yield { name: 'calls_open_document', value: open, unit: 'requests' };
    const corrected = await issue();
    const correction = await counted(() =>
      call('cte:correct', {
        kind: 'cte',
        id: corrected,
        correcoes: [
          { grupo_alterado: 'compl', campo_alterado: 'xObs', valor_alterado: 'Entrega pela doca 3' },
        ],
      }),
    );
    yield { name: 'calls_correction', value: correction, unit: 'requests' };
    const cancelled = await issue();
    const cancel = await counted(() =>
      call('cte:cancel', {
        kind: 'cte',
        id: cancelled,
        justificativa: 'Erro na digitação do valor do frete',
      }),
    );
    yield { name: 'calls_cancel', value: cancel, unit: 'requests' };
  } finally {
    await rig.close();
    await sandbox.close();
  }
}
