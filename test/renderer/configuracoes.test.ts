import { afterEach, describe, expect, it } from 'vitest';

import App from '../../renderer/src/App.vue';
import { setTransport } from '../../renderer/src/bridge';
import { createFakeTransport } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

afterEach(() => {
  setTransport(null);
  document.body.innerHTML = '';
});

function toastTexts(): string[] {
  return [...document.body.querySelectorAll('[data-testid="toast"]')].map((el) => el.textContent ?? '');
}

async function openConfiguracoes() {
  const transport = createFakeTransport();
  const mounted = await mountWith(App, transport, { route: '/configuracoes' });
  await waitFor(() => mounted.wrapper.get('[data-testid="settings-save"]'));
  return { transport, ...mounted };
}

describe('Configurações', () => {
  it('saves the environment through settings:update and updates the badge', async () => {
    const { transport, wrapper } = await openConfiguracoes();
    transport.handlers['connection:test'] = () => ({
      ok: true,
      data: { environment: 'producao', apiUrl: 'https://api.nuvemfiscal.com.br', elapsedMs: 300, quotas: [] },
    });
    expect(wrapper.get('h1').text()).toBe('Configurações');
    await wrapper.get('#environment-producao').setValue(true);
    await wrapper.get('form').trigger('submit');
    await settle();

    const update = transport.calls.find((call) => call.channel === 'settings:update');
    expect(update?.input).toMatchObject({
      environment: 'producao',
      hosts: { sandbox: { api: 'https://api.sandbox.nuvemfiscal.com.br' } },
    });
    expect(wrapper.get('[data-testid="env-badge"]').text()).toBe('PRODUÇÃO');
    await waitFor(() => expect(toastTexts().join()).toContain('Configurações salvas.'));
  });

  it('shows the field error of an error envelope next to the field and opens Avançado', async () => {
    const { transport, wrapper } = await openConfiguracoes();
    // The contract refuses the address; the fake answers with the dispatcher's own envelope.
    transport.invalidInputExpected.add('settings:update');
    const advanced = wrapper.get('[data-testid="settings-advanced"]');
    await advanced.get('button').trigger('click');
    await settle();
    await wrapper.get('[data-testid="settings-hosts-sandbox-api"]').setValue('api.sandbox');
    // Collapse again: an error in a hidden field must bring the panel back open.
    await advanced.get('button').trigger('click');
    await settle();
    await wrapper.get('form').trigger('submit');
    await settle();

    const update = transport.calls.find((call) => call.channel === 'settings:update');
    expect(update?.input).toMatchObject({ hosts: { sandbox: { api: 'api.sandbox' } } });
    const error = await waitFor(() => wrapper.get('[data-testid="error-hosts.sandbox.api"]'));
    expect(error.text()).toBe('Informe um endereço completo, por exemplo https://api.nuvemfiscal.com.br');
    expect(wrapper.get('[data-testid="settings-hosts-sandbox-api"]').attributes('aria-invalid')).toBe('true');
    expect(wrapper.find('[data-testid="error-hosts.producao.api"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="settings-hosts-sandbox-api"]').isVisible()).toBe(true);
    await waitFor(() => expect(toastTexts().join()).toContain('Não foi possível salvar as configurações.'));
    // Nothing was saved: the badge still shows the stored environment.
    expect(wrapper.get('[data-testid="env-badge"]').text()).toBe('DEMONSTRAÇÃO');
  });

  it('checks the credentials before switching and saves a switch that cannot work only when confirmed', async () => {
    const { transport, wrapper } = await openConfiguracoes();
    const missing =
      'Faltam o client id e o client secret do Sandbox. Informe-os em Configurações > Credenciais da API.';
    transport.handlers['connection:test'] = () => ({
      ok: false,
      error: { code: 'credentials_missing', message: missing },
    });
    await wrapper.get('#environment-sandbox').setValue(true);
    await wrapper.get('form').trigger('submit');
    await settle();
    expect(transport.calls.find((call) => call.channel === 'connection:test')?.input).toEqual({
      environment: 'sandbox',
    });
    expect(transport.calls.some((call) => call.channel === 'settings:update')).toBe(false);
    const reason = await waitFor(() => {
      const el = document.body.querySelector('[data-testid="env-switch-reason"]');
      if (!el) throw new Error('no dialog');
      return el;
    });
    expect(reason.textContent).toBe(missing);
    expect(wrapper.get('[data-testid="env-badge"]').text()).toBe('DEMONSTRAÇÃO');

    // "Voltar e corrigir" saves nothing.
    document.body.querySelector<HTMLButtonElement>('[data-testid="env-switch-back"]')!.click();
    await settle();
    expect(transport.calls.some((call) => call.channel === 'settings:update')).toBe(false);

    // Asked again and confirmed explicitly: saved.
    await wrapper.get('form').trigger('submit');
    await settle();
    await waitFor(() =>
      document.body.querySelector<HTMLButtonElement>('[data-testid="env-switch-force"]')!.click(),
    );
    await settle();
    expect(transport.calls.find((call) => call.channel === 'settings:update')?.input).toMatchObject({
      environment: 'sandbox',
    });
    expect(wrapper.get('[data-testid="env-badge"]').text()).toBe('HOMOLOGAÇÃO');
  });

  it('opens a collapsible panel by clicking its title', async () => {
    const { wrapper } = await openConfiguracoes();
    const advanced = wrapper.get('[data-testid="settings-advanced"]');
    expect(wrapper.get('[data-testid="settings-scopes"]').isVisible()).toBe(false);
    await advanced.get('.p-panel-title').trigger('click');
    await settle();
    expect(wrapper.get('[data-testid="settings-scopes"]').isVisible()).toBe(true);
    await advanced.get('.p-panel-title').trigger('click');
    await settle();
    expect(wrapper.get('[data-testid="settings-scopes"]').isVisible()).toBe(false);
  });
});
