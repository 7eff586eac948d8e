import type { Clock } from './clock';
import { brasiliaDayOf } from '../fiscal/brasilia';
import { ApiError } from './http/errors';
import type { SandboxStore } from './store';

/** Quota names of the hosted service that the sandbox meters. */
export const QUOTA_NAMES = ['dfe-eventos', 'cep-consultas', 'cnpj-consultas', 'cnpj-listagem'] as const;
export type QuotaName = (typeof QUOTA_NAMES)[number];
export type QuotaLimits = Record<QuotaName, number>;

/** Sandbox defaults: `dfe-eventos` matches the hosted sandbox's smallest plan (100 a month). */
export const DEFAULT_QUOTAS: QuotaLimits = {
  'dfe-eventos': 100,
  'cep-consultas': 1000,
  'cnpj-consultas': 1000,
  'cnpj-listagem': 1000,
};

export interface ContaCota {
  nome: string;
  consumo: number;
  limite: number;
}

/**
 * Monthly quotas (reset on day 1, Brasília time). `consume` is atomic: it either books all
 * `n` units or throws the 429 `ApiError` and books nothing.
 */
export interface SandboxQuotas {
  consume(name: QuotaName, n?: number): Promise<void>;
  get(name: QuotaName): Promise<ContaCota>;
  list(): Promise<ContaCota[]>;
  /** Changes a limit at run time (control API, tests). */
  setLimit(name: QuotaName, limite: number): void;
}

export const isQuotaName = (value: string): value is QuotaName =>
  (QUOTA_NAMES as readonly string[]).includes(value);

/** `YYYY-MM` of the instant in Brasília. */
function period(clock: Clock): string {
  return brasiliaDayOf(new Date(clock.nowMs())).slice(0, 7);
}

export async function createQuotas(
  store: SandboxStore,
  clock: Clock,
  limits: Partial<QuotaLimits> = {},
): Promise<SandboxQuotas> {
  const current: QuotaLimits = { ...DEFAULT_QUOTAS, ...limits };
  await store.migrate(
    'quotas',
    `CREATE TABLE IF NOT EXISTS sandbox_quota_usage (
       name TEXT NOT NULL, period TEXT NOT NULL, used INTEGER NOT NULL, PRIMARY KEY (name, period))`,
  );
  const used = async (name: QuotaName) =>
    (
      await store.get<{ used: number }>(
        'SELECT used FROM sandbox_quota_usage WHERE name = ? AND period = ?',
        [name, period(clock)],
      )
    )?.used ?? 0;
  const get = async (name: QuotaName): Promise<ContaCota> => ({
    nome: name,
    consumo: await used(name),
    limite: current[name],
  });
  return {
    async consume(name, n = 1) {
      const limit = current[name];
      // One statement books the units only while they fit, so concurrent requests cannot overshoot.
      const result =
        n > limit
          ? { changes: 0 }
          : await store.run(
              `INSERT INTO sandbox_quota_usage (name, period, used) VALUES (?, ?, ?)
               ON CONFLICT (name, period) DO UPDATE SET used = used + excluded.used WHERE used + excluded.used <= ?`,
              [name, period(clock), n, limit],
            );
      if (result.changes === 0) {
        throw new ApiError(
          429,
          'QuotaExceeded',
          `Cota "${name}" esgotada: limite mensal de ${limit} unidade(s) atingido. A cota é renovada no dia 1º do próximo mês.`,
        );
      }
    },
    get,
    list: () => Promise.all(QUOTA_NAMES.map(get)),
    setLimit(name, limite) {
      current[name] = limite;
    },
  };
}
