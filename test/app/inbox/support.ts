// The inbox service against the local sandbox (in process, over HTTP), on the sandbox's clock,
// with an in-memory cache. Exchanges are recorded so tests can tell what reached the API.
import { MEMORY, openCache } from '../../../electron/cache';
import type { Database } from '../../../electron/cache';
import { InboxService } from '../../../electron/app/inbox/service';
import { InboxStore } from '../../../electron/app/inbox/store';
import { silentLogger } from '../../../electron/app/logger';
import type { NuvemFiscalClient } from '../../../electron/nuvemfiscal';
import { createNuvemFiscalClient } from '../../../electron/nuvemfiscal';
import type { InboxCounts } from '../../../electron/shared/schemas/inbox';
import { MemorySecrets } from '../../support/memory-host';
import { CLIENT_ID, CLIENT_SECRET } from '../../sandbox/support';
import type { InboxTest } from '../../sandbox/nfe/support';
import { CNPJ, startInbox } from '../../sandbox/nfe/support';

export { CNPJ };

export interface AppInbox {
  t: InboxTest;
  client: NuvemFiscalClient;
  db: Database;
  store: InboxStore;
  service: InboxService;
  changes: InboxCounts[];
  exchanges: { method: string; path: string }[];
  sleeps: number[];
  now(): number;
  advance(seconds: number): Promise<void>;
  close(): Promise<void>;
}

export function makeClient(url: string, now: () => number, exchanges: AppInbox['exchanges']) {
  return createNuvemFiscalClient({
    apiUrl: url,
    tokenUrl: `${url}/oauth/token`,
    clientId: CLIENT_ID,
    clientSecret: async () => CLIENT_SECRET,
    scopes: 'empresa distribuicao-nfe',
    tokenStore: new MemorySecrets(),
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    timeoutMs: 5_000,
    now,
    onExchange: (entry) => exchanges.push({ method: entry.method, path: new URL(entry.url).pathname }),
  });
}

export async function startAppInbox(options: { demo?: boolean } = {}): Promise<AppInbox> {
  const t = await startInbox({ demo: options.demo ?? false });
  const now = () => t.sandbox.control.clock.nowMs();
  const exchanges: AppInbox['exchanges'] = [];
  const client = makeClient(t.sandbox.url, now, exchanges);
  const db = await openCache(MEMORY);
  const store = new InboxStore(db);
  const changes: InboxCounts[] = [];
  const sleeps: number[] = [];
  const service = new InboxService({
    store: () => store,
    target: async () => ({ client, environment: 'sandbox', ambiente: 'homologacao' }),
    companies: async () => [CNPJ],
    changed: (counts) => changes.push(counts),
    logger: silentLogger,
    now,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  return {
    t,
    client,
    db,
    store,
    service,
    changes,
    exchanges,
    sleeps,
    now,
    async advance(seconds) {
      await t.ctl('POST', '/clock', { advance_seconds: seconds });
    },
    async close() {
      service.stop();
      await db.close();
      await t.close();
    },
  };
}

export const scope = { company: CNPJ, environment: 'sandbox' as const };
