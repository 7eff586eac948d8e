// Connection truth (issue 19, item 8): the indicator says "Conectado" only when the credentials
// bought a token; "Testar conexão" tries the values typed before saving and says exactly what is
// missing or wrong. Against the real sandbox over HTTP on 127.0.0.1 (its OAuth endpoint answers
// `invalid_client` 401 to a wrong secret, as the Nuvem Fiscal token endpoint does).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CarretaApp } from '../../electron/app/index';
import { createApp } from '../../electron/app/index';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { startSandbox } from '../../electron/sandbox/server';
import type { CommandEnvelope } from '../../electron/shared/errors';
import type { Connectivity } from '../../electron/shared/schemas/app';
import { memoryHost } from '../support/memory-host';

async function call<T = unknown>(app: CarretaApp, channel: string, input: unknown = {}) {
  return (await app.dispatch(channel, input)) as CommandEnvelope<T>;
}
function ok<T>(envelope: CommandEnvelope<T>): T {
  if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
  return envelope.data;
}
function failure(envelope: CommandEnvelope<unknown>) {
  if (envelope.ok) throw new Error('expected a failure');
  return envelope.error;
}

describe('connection truth against a hosted sandbox', () => {
  let sandbox: RunningSandbox;
  let app: CarretaApp;
  let tokenRequests = 0;
  let relay: http.Server;
  let hosts: { api: string; auth: string };

  beforeAll(async () => {
    sandbox = await startSandbox({ clientId: 'cliente', clientSecret: 'segredo-certo' });
    // The token endpoint behind a counting relay: how many token requests the app really sends.
    relay = http.createServer((request, response) => {
      if (request.url?.startsWith('/oauth/token')) tokenRequests++;
      const upstream = http.request(
        `${sandbox.url}${request.url ?? '/'}`,
        { method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      request.pipe(upstream);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
    hosts = { api: sandbox.url, auth: `${relayUrl}/oauth/token` };
    const { host } = memoryHost({
      settings: {
        environment: 'sandbox',
        hosts: {
          sandbox: hosts,
          producao: { api: 'http://127.0.0.1:9', auth: 'http://127.0.0.1:9/oauth/token' },
        },
      },
    });
    app = await createApp(host);
  });
  afterAll(async () => {
    await app.dispose();
    await new Promise((resolve) => relay.close(resolve));
    await sandbox.close();
  });

  it('is not "Conectado" without credentials, though the host answers', async () => {
    const state = ok(await call<Connectivity>(app, 'connectivity:check'));
    expect(state.online).toBe(true);
    expect(state.access).toBe('missing');
    expect(state.accessReason).toBe(
      'Faltam o client id e o client secret do Sandbox. Informe-os em Configurações > Credenciais da API.',
    );
  });

  it('says which value is missing before anything is saved', async () => {
    const none = failure(await call(app, 'connection:test', { environment: 'sandbox' }));
    expect(none.code).toBe('credentials_missing');
    expect(none.message).toMatch(/^Faltam o client id e o client secret do Sandbox/);
    const noSecret = failure(
      await call(app, 'connection:test', { environment: 'sandbox', clientId: 'cliente' }),
    );
    expect(noSecret.message).toMatch(/^Falta o client secret do Sandbox/);
  });

  it('tests typed values before saving: a wrong secret gets the token endpoint’s answer', async () => {
    const wrong = failure(
      await call(app, 'connection:test', {
        environment: 'sandbox',
        clientId: 'cliente',
        clientSecret: 'segredo-errado',
      }),
    );
    expect(wrong.code).toBe('api_auth');
    expect(wrong.message).toBe(
      'Client id ou client secret incorretos. Confira as credenciais da API em Configurações. ' +
        'Resposta do servidor de autenticação: invalid_client: Credenciais do cliente inválidas.',
    );
    const right = ok<{ quotas: unknown[]; apiUrl: string }>(
      await call(app, 'connection:test', {
        environment: 'sandbox',
        clientId: 'cliente',
        clientSecret: 'segredo-certo',
      }),
    );
    expect(right.apiUrl).toBe(sandbox.url);
    expect(right.quotas.length).toBeGreaterThan(0);
    // Typed values were only tried, never stored.
    expect(ok(await call(app, 'credentials:get', { environment: 'sandbox' }))).toEqual({
      environment: 'sandbox',
      clientId: null,
      secretConfigured: false,
    });
  });

  it('names the host that does not answer', async () => {
    const down = failure(
      await call(app, 'connection:test', {
        environment: 'producao',
        clientId: 'c',
        clientSecret: 's',
        hosts: { api: 'http://127.0.0.1:9', auth: 'http://127.0.0.1:9/oauth/token' },
      }),
    );
    expect(down.code).toBe('api_offline');
    expect(down.message).toMatch(/^Não foi possível alcançar o servidor de autenticação 127\.0\.0\.1:9: /);
  });

  it('never sends a stored secret to hosts typed after it', async () => {
    ok(
      await call(app, 'credentials:set', {
        environment: 'sandbox',
        clientId: 'cliente',
        clientSecret: 'segredo-certo',
      }),
    );
    const before = tokenRequests;
    const elsewhere = failure(
      await call(app, 'connection:test', {
        environment: 'sandbox',
        hosts: { api: 'http://127.0.0.1:9', auth: 'http://127.0.0.1:9/oauth/token' },
      }),
    );
    expect(elsewhere.code).toBe('credentials_rebind');
    expect(tokenRequests).toBe(before);
    // The same hosts typed again are the stored ones: the stored secret may go there.
    ok(await call(app, 'connection:test', { environment: 'sandbox', hosts }));
  });

  it('a wrong stored secret is "rejected", asked for once; the right one is "ok"', async () => {
    ok(
      await call(app, 'credentials:set', {
        environment: 'sandbox',
        clientId: 'cliente',
        clientSecret: 'segredo-errado',
      }),
    );
    const first = ok(await call<Connectivity>(app, 'connectivity:check'));
    expect(first.online).toBe(true);
    expect(first.access).toBe('rejected');
    expect(first.accessReason).toMatch(/Client id ou client secret incorretos.*invalid_client/);
    const requests = tokenRequests;
    ok(await call<Connectivity>(app, 'connectivity:check'));
    expect(tokenRequests, 'a refused secret is not retried every check').toBe(requests);

    ok(
      await call(app, 'credentials:set', {
        environment: 'sandbox',
        clientId: 'cliente',
        clientSecret: 'segredo-certo',
      }),
    );
    const good = ok(await call<Connectivity>(app, 'connectivity:check'));
    expect(good.access).toBe('ok');
    expect(good.accessReason).toBeUndefined();
  });
});
