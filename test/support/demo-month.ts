// Demonstração's month reaches the cache by a background sync after the embedded sandbox starts.
// Tests that count MDF-e or números wait for it, so the month's documents are not half-synced.
import { vi } from 'vitest';

import { DEMO_CNPJ } from '../../electron/app/demo';
import type { CarretaApp } from '../../electron/app/index';
import type { CommandEnvelope } from '../../electron/shared/errors';

/** Waits until the cache holds the month: its open MDF-e (the second trip) among them. */
export async function demoMonthSynced(app: CarretaApp): Promise<void> {
  await vi.waitFor(
    async () => {
      const open = (await app.dispatch('mdfe:open', { company: DEMO_CNPJ })) as CommandEnvelope<{
        items: { numero: number | null }[];
      }>;
      if (!open.ok || !open.data.items.some((m) => m.numero === 2))
        throw new Error('o mês de demonstração ainda não chegou ao cache');
    },
    { timeout: 30_000, interval: 200 },
  );
}
