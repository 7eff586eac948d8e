// The top bar stops saying "Conectado" as soon as a call fails for lack of network (issue 26): a
// command whose API call found no network turns the indicator off at once, without waiting for the
// next probe; "Testar conexão" on other hosts says nothing about the connection in use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CarretaApp } from '../../electron/app/index';
import { createApp } from '../../electron/app/index';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { startSandbox } from '../../electron/sandbox/server';
import type { CommandEnvelope } from '../../electron/shared/errors';
import type { Connectivity } from '../../electron/shared/schemas/app';
import { memoryHost } from '../support/memory-host';

/** Port 9 (discard) on loopback: nothing listens, so every call fails for lack of network. */
const DOWN = { api: 'http://127.0.0.1:9', auth: 'http://127.0.0.1:9/oauth/token' };

describe('connectivity after a failed call', () => {
  let app: CarretaApp;
  let sandbox: RunningSandbox;
  const heard: Connectivity[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ clientId: 'cliente', clientSecret: 'segredo' });
    const up = { api: sandbox.url, auth: `${sandbox.url}/oauth/token` };
    const { host } = memoryHost({
      settings: { environment: 'sandbox', hosts: { sandbox: up, producao: DOWN } },
    });
    app = await createApp(host);
    app.events.subscribe((event, payload) => {
      if (event === 'connectivity:changed') heard.push(payload as Connectivity);
    });
    const set = (await app.dispatch('credentials:set', {
      environment: 'sandbox',
      clientId: 'cliente',
      clientSecret: 'segredo',
    })) as CommandEnvelope<unknown>;
    expect(set.ok).toBe(true);
    const check = (await app.dispatch('connectivity:check', {})) as CommandEnvelope<Connectivity>;
    expect(check.ok && check.data.online && check.data.access).toBe('ok');
  });
  afterAll(async () => {
    await app.dispose();
    await sandbox.close().catch(() => undefined);
  });

  it('"Testar conexão" of typed hosts leaves the indicator as it was', async () => {
    const before = heard.length;
    const tested = (await app.dispatch('connection:test', {
      environment: 'producao',
      clientId: 'c',
      clientSecret: 's',
      hosts: DOWN,
    })) as CommandEnvelope<unknown>;
    expect(tested.ok ? null : tested.error.code).toBe('api_offline');
    expect(heard.slice(before).some((c) => !c.online)).toBe(false);
  });

  it('a command that found no network says "Sem conexão" at once', async () => {
    const target = app.context.connectivity.current()?.target;
    expect(app.context.connectivity.current()?.online).toBe(true);
    // The API goes away between two probes (30 s apart).
    await sandbox.close();
    const listed = (await app.dispatch('companies:list', {})) as CommandEnvelope<unknown>;
    expect(listed.ok ? null : listed.error.code).toBe('api_offline');
    const last = heard.at(-1);
    expect(last?.online).toBe(false);
    expect(last?.target).toBe(target);
    expect(app.context.connectivity.current()?.online).toBe(false);
  });
});
