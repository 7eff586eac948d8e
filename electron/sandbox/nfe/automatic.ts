// The service's own distribution (`distribuicao_automatica` in the company's distnfe config): on the
// sandbox clock, once `distribuicao_intervalo_horas` (default 24) have passed since its last run, the
// service sends dist-nsu requests from the last NSU it delivered, like a client would, and gives
// ciência when `ciencia_automatica` asks for it. The run happens when the company's distributed
// documents or requests are read, which is when its effect can be seen.
import type { SandboxContext } from '../context';
import type { DistribuicaoNfe } from './distribution';
import type { Inbox } from './inbox';
import type { StreamKey } from './stream';

const HOUR = 3_600_000;
export const DEFAULT_INTERVAL_HOURS = 24;
/** A run never needs more requests than this (50 documents each). */
const MAX_REQUESTS = 400;

interface DistnfeConfig {
  ambiente?: string;
  distribuicao_automatica?: boolean | null;
  distribuicao_intervalo_horas?: number | null;
}

export interface AutomaticDeps {
  request(p: {
    cpf_cnpj: string;
    ambiente: StreamKey['ambiente'];
    tipo_consulta: 'dist-nsu';
    dist_nsu: number;
  }): Promise<DistribuicaoNfe>;
  autoCiencia(k: StreamKey, docs: DistribuicaoNfe['documentos']): Promise<void>;
}

export function createAutomaticDistribution(ctx: SandboxContext, inbox: Inbox, deps: AutomaticDeps) {
  const store = ctx.store;
  const running = new Map<string, Promise<number>>();

  /** The run interval when the service distributes by itself for this ambiente; null otherwise. */
  async function intervalMs(k: StreamKey): Promise<number | null> {
    const config = await ctx.companies.getConfig<DistnfeConfig>(k.cpfCnpj, 'distnfe');
    if (config?.distribuicao_automatica !== true) return null;
    if (config.ambiente && config.ambiente !== k.ambiente) return null;
    return (config.distribuicao_intervalo_horas ?? DEFAULT_INTERVAL_HOURS) * HOUR;
  }

  async function lastRun(k: StreamKey): Promise<number | null> {
    const row = await store.get<{ last_run_at: number }>(
      'SELECT last_run_at FROM sandbox_nfe_auto_runs WHERE cpf_cnpj = ? AND ambiente = ?',
      [k.cpfCnpj, k.ambiente],
    );
    return row?.last_run_at ?? null;
  }

  async function run(k: StreamKey): Promise<number> {
    const interval = await intervalMs(k);
    if (interval === null || !(await ctx.getSigningCredentials(k.cpfCnpj))) return 0;
    const now = ctx.clock.nowMs();
    const last = await lastRun(k);
    if (last !== null && now - last < interval) return 0;
    await store.run(
      `INSERT INTO sandbox_nfe_auto_runs (cpf_cnpj, ambiente, last_run_at) VALUES (?, ?, ?)
       ON CONFLICT (cpf_cnpj, ambiente) DO UPDATE SET last_run_at = excluded.last_run_at`,
      [k.cpfCnpj, k.ambiente, now],
    );
    let nsu = await inbox.stream.distributedNsu(k);
    let delivered = 0;
    try {
      for (let i = 0; i < MAX_REQUESTS; i++) {
        const answer = await deps.request({
          cpf_cnpj: k.cpfCnpj,
          ambiente: k.ambiente,
          tipo_consulta: 'dist-nsu',
          dist_nsu: nsu,
        });
        await deps.autoCiencia(k, answer.documentos);
        if (answer.codigo_status !== 138) break;
        delivered += answer.documentos.length;
        nsu = answer.ultimo_nsu ?? nsu;
        if (answer.max_nsu === null || nsu >= answer.max_nsu) break;
      }
    } catch (err) {
      // Out of quota: what was delivered stays; the next run continues from there.
      ctx.log.warn(`distribuição automática interrompida para ${k.cpfCnpj}: ${(err as Error).message}`);
    }
    return delivered;
  }

  return {
    /** Runs the service's distribution for the company if its interval has passed; documents delivered. */
    catchUp(k: StreamKey): Promise<number> {
      const key = `${k.cpfCnpj}|${k.ambiente}`;
      const current = running.get(key);
      if (current) return current;
      const started = run(k).finally(() => running.delete(key));
      running.set(key, started);
      return started;
    },
  };
}

export type AutomaticDistribution = ReturnType<typeof createAutomaticDistribution>;
