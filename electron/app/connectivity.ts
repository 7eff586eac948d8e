import type { Connectivity } from '../shared/schemas/app';
import type { Settings } from '../shared/schemas/settings';

/** The host whose reachability decides the online/offline indicator. */
export function connectivityTarget(settings: Settings, embeddedSandboxUrl: string | null): string {
  if (settings.environment === 'demonstracao') return embeddedSandboxUrl ?? 'sandbox local';
  return settings.hosts[settings.environment].api;
}

export type Probe = (url: string, timeoutMs: number) => Promise<void>;

/** Any HTTP answer (even 401/404) means the host is reachable; only network failures mean offline. */
export const fetchProbe: Probe = async (url, timeoutMs) => {
  await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
};

export async function checkConnectivity(
  target: string,
  probe: Probe,
  timeoutMs = 5000,
): Promise<Connectivity> {
  const checkedAt = new Date().toISOString();
  if (!/^https?:\/\//.test(target)) return { online: true, checkedAt, target };
  try {
    await probe(target, timeoutMs);
    return { online: true, checkedAt, target };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { online: false, checkedAt, target, reason };
  }
}
