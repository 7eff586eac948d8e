import { afterEach, describe, expect, it } from 'vitest';

import App from '../../renderer/src/App.vue';
import { setTransport } from '../../renderer/src/bridge';
import type { FakeTransport } from './support/fake-transport';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

const SECRET = 'segredo-super-secreto-123';

afterEach(() => {
  setTransport(null);
  document.body.innerHTML = '';
});

/** A fake main side that keeps credentials the way the real one does: the secret never comes back. */
function withCredentials(
  transport: FakeTransport,
  initial: { clientId: string | null; secret: string | null },
) {
  const store = {
    sandbox: { ...initial },
    producao: { clientId: null as string | null, secret: null as string | null },
  };
  const status = (environment: 'sandbox' | 'producao') => ({
    ok: true as const,
    data: {
      environment,
      clientId: store[environment].clientId,
      secretConfigured: Boolean(store[environment].secret),
    },
  });
  transport.handlers['credentials:get'] = (input) =>
    status((input as { environment: 'sandbox' | 'producao' }).environment);
  transport.handlers['credentials:set'] = (input) => {
    const { environment, clientId, clientSecret } = input as {
      environment: 'sandbox' | 'producao';
      clientId: string;
      clientSecret?: string;
    };
    store[environment] = { clientId, secret: clientSecret ?? store[environment].secret };
    return status(environment);
  };
  transport.handlers['credentials:clear'] = (input) => {
    const { environment } = input as { environment: 'sandbox' | 'producao' };
    store[environment] = { clientId: null, secret: null };
    return status(environment);
  };
  return store;
}

async function open(environment: 'demonstracao' | 'sandbox' = 'sandbox') {
  const transport = createFakeTransport({ settings: settingsWith({ environment }) });
  const store = withCredentials(transport, { clientId: 'cliente-123', secret: 'valor-guardado' });
  const mounted = await mountWith(App, transport, { route: '/configuracoes' });
  const card = await waitFor(() => mounted.wrapper.get('[data-testid="credentials-sandbox"]'));
  await settle();
  return { transport, store, card, ...mounted };
}

describe('Configurações → Credenciais da API', () => {
  it('shows the client id and whether a secret is set, never the secret', async () => {
    const { wrapper, card } = await open();
    expect(card.get('[data-testid="credentials-sandbox-status"]').text()).toBe('Secret configurado');
    expect((card.get('#credentials-sandbox-id').element as HTMLInputElement).value).toBe('cliente-123');
    expect((card.get('#credentials-sandbox-secret').element as HTMLInputElement).value).toBe('');
    expect(wrapper.get('[data-testid="credentials-producao-status"]').text()).toBe('Não configurado');
    expect(document.body.innerHTML).not.toContain('valor-guardado');
  });

  it('replaces the secret and forgets what was typed', async () => {
    const { transport, card, store } = await open();
    await card.get('#credentials-sandbox-secret').setValue(SECRET);
    await card.trigger('submit');
    await settle();

    const set = transport.calls.find((call) => call.channel === 'credentials:set');
    expect(set?.input).toEqual({ environment: 'sandbox', clientId: 'cliente-123', clientSecret: SECRET });
    expect(store.sandbox.secret).toBe(SECRET);
    expect((card.get('#credentials-sandbox-secret').element as HTMLInputElement).value).toBe('');
    expect(document.body.innerHTML).not.toContain(SECRET);
    expect(card.get('[data-testid="credentials-sandbox-status"]').text()).toBe('Secret configurado');
  });

  it('keeps the stored secret when only the client id is saved again, and asks for one when none is set', async () => {
    const { transport, wrapper } = await open();
    const producao = wrapper.get('[data-testid="credentials-producao"]');
    await producao.get('#credentials-producao-id').setValue('id-producao');
    await producao.trigger('submit');
    await settle();
    expect(producao.get('[data-testid="credentials-producao-error-clientSecret"]').text()).toBe(
      'Informe o client secret.',
    );
    expect(transport.calls.some((call) => call.channel === 'credentials:set')).toBe(false);

    await producao.get('#credentials-producao-id').setValue('');
    await producao.trigger('submit');
    await settle();
    expect(producao.get('[data-testid="credentials-producao-error-clientId"]').text()).toBe(
      'Informe o client id.',
    );

    const sandbox = wrapper.get('[data-testid="credentials-sandbox"]');
    await sandbox.trigger('submit');
    await settle();
    const set = transport.calls.find((call) => call.channel === 'credentials:set');
    expect(set?.input).toEqual({ environment: 'sandbox', clientId: 'cliente-123' });
  });

  it('tests the connection: quotas and time on success, the message and details on failure', async () => {
    const { transport, card } = await open();
    transport.handlers['connection:test'] = () => ({
      ok: true,
      data: {
        environment: 'sandbox',
        apiUrl: 'http://127.0.0.1:4010',
        elapsedMs: 420,
        quotas: [{ nome: 'cte-emissoes', consumo: 12, limite: 1000, uso: 0.012 }],
      },
    });
    await card.get('[data-testid="credentials-sandbox-test"]').trigger('click');
    await settle();
    const ok = card.get('[data-testid="credentials-sandbox-ok"]').text();
    expect(ok).toContain('Conexão estabelecida');
    expect(ok).toContain('0,42 s');
    expect(ok).toContain('cte-emissoes: 12 de 1.000 (1%)');
    expect(transport.calls.find((call) => call.channel === 'connection:test')?.input).toEqual({
      environment: 'sandbox',
    });

    transport.handlers['connection:test'] = () => ({
      ok: false,
      error: {
        code: 'api_auth',
        message: 'Client id ou client secret incorretos. Confira as credenciais em Configurações.',
        detail: 'HTTP 401 invalid_client',
      },
    });
    await card.get('[data-testid="credentials-sandbox-test"]').trigger('click');
    await settle();
    expect(card.find('[data-testid="credentials-sandbox-ok"]').exists()).toBe(false);
    const fail = card.get('[data-testid="credentials-sandbox-fail"]');
    expect(fail.text()).toContain('Client id ou client secret incorretos.');
    expect(fail.get('details').text()).toContain('HTTP 401 invalid_client');
    expect(fail.get('details').text()).toContain('Código: api_auth');
  });

  it('tests the values typed before saving them', async () => {
    const { transport, card } = await open();
    transport.handlers['connection:test'] = () => ({
      ok: true,
      data: { environment: 'sandbox', apiUrl: 'http://127.0.0.1:4010', elapsedMs: 120, quotas: [] },
    });
    await card.get('#credentials-sandbox-id').setValue('outro-cliente');
    await card.get('#credentials-sandbox-secret').setValue(SECRET);
    await card.get('[data-testid="credentials-sandbox-test"]').trigger('click');
    await settle();
    expect(transport.calls.find((call) => call.channel === 'connection:test')?.input).toEqual({
      environment: 'sandbox',
      clientId: 'outro-cliente',
      clientSecret: SECRET,
    });
    expect(transport.calls.some((call) => call.channel === 'credentials:set')).toBe(false);
    expect(card.get('[data-testid="credentials-sandbox-ok"]').text()).toContain(
      'Os valores testados ainda não foram salvos.',
    );
  });

  it('removes the credentials only after confirmation', async () => {
    const { transport, card, store } = await open();
    await card.get('[data-testid="credentials-sandbox-clear"]').trigger('click');
    await settle();
    expect(transport.calls.some((call) => call.channel === 'credentials:clear')).toBe(false);
    const confirm = await waitFor(() => {
      const button = document.body.querySelector<HTMLButtonElement>(
        '[data-testid="credentials-sandbox-clear-confirm"]',
      );
      if (!button) throw new Error('no confirmation');
      return button;
    });
    confirm.click();
    await settle();
    expect(store.sandbox).toEqual({ clientId: null, secret: null });
    expect(card.get('[data-testid="credentials-sandbox-status"]').text()).toBe('Não configurado');
    expect((card.get('#credentials-sandbox-id').element as HTMLInputElement).value).toBe('');
  });

  it('explains that demonstração needs no credentials', async () => {
    const { wrapper } = await open('demonstracao');
    expect(wrapper.get('[data-testid="credentials-demo"]').text()).toContain('não precisa de credenciais');
  });
});
