// Demonstração's month reaches the cache by a background sync after the embedded sandbox starts.
// Tests that count MDF-e or números wait for it, so the month's documents are not half-synced.
import { vi } from 'vitest';

import { DEMO_CNPJ } from '../../electron/app/demo';
import type { CarretaApp } from '../../electron/app/index';
import { createApp } from '../../electron/app/index';
import type { CommandEnvelope } from '../../electron/shared/errors';
import { memoryHost } from './memory-host';

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

/**
 * The app in demonstração with its month in the cache, printing to a stand-in PDF whose HTML pages
 * land in `pages` (what a test reads of a DAMDFE); plus `call` (the answer, or throws with the error)
 * and `failure` (the error, or throws when the command succeeded).
 */
export async function demoApp(pages: string[] = []) {
  const { host } = memoryHost();
  host.printer = {
    canPrint: false,
    listPrinters: () => Promise.resolve([]),
    print: () => Promise.resolve(false),
    toPdf: (page) => {
      pages.push(page);
      return Promise.resolve(Buffer.from('%PDF-1.4 stand-in'));
    },
  };
  const app = await createApp(host);
  await app.context.embedded.ensure();
  await demoMonthSynced(app);
  async function call<T>(channel: string, input: unknown): Promise<T> {
    const envelope = (await app.dispatch(channel, input)) as CommandEnvelope<T>;
    if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
    return envelope.data;
  }
  async function failure(channel: string, input: unknown) {
    const envelope = (await app.dispatch(channel, input)) as CommandEnvelope<unknown>;
    if (envelope.ok) throw new Error(`${channel} should have failed`);
    return envelope.error;
  }
  return { app, call, failure };
}
