import { afterEach, describe, expect, it } from 'vitest';

import App from '../../renderer/src/App.vue';
import { setTransport } from '../../renderer/src/bridge';
import type { Environment } from '../../electron/shared/schemas/app';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

const expectedAreas = [
  ['painel', 'Painel'],
  ['documentos', 'Documentos'],
  ['emitir-cte', 'Emitir CT-e'],
  ['emitir-cte-simp', 'Emitir CT-e simplificado'],
  ['emitir-cteos', 'Emitir CT-e OS'],
  ['emitir-dce', 'Emitir DC-e'],
  ['emitir-mdfe', 'Emitir MDF-e'],
  ['mdfe-abertos', 'MDF-e em aberto'],
  ['caixa-entrada', 'Caixa de entrada NF-e'],
  ['empresas', 'Empresas'],
  ['parceiros', 'Parceiros'],
  ['consultas', 'Consultas'],
  ['conta', 'Conta'],
  ['configuracoes', 'Configurações'],
] as const;

afterEach(() => {
  setTransport(null);
  document.body.innerHTML = '';
});

describe('app shell', () => {
  it('lists the thirteen areas in the sidebar with their test hooks and highlights the current one', async () => {
    const { wrapper } = await mountWith(App, createFakeTransport(), { route: '/documentos' });
    await settle();
    expect(wrapper.find('[data-testid="app-ready"]').exists()).toBe(true);
    const links = wrapper.findAll('a[data-testid^="nav-"]');
    expect(links.map((link) => link.attributes('data-testid'))).toEqual(
      expectedAreas.map(([name]) => `nav-${name}`),
    );
    expect(links.map((link) => link.text())).toEqual(expectedAreas.map(([, title]) => title));
    const active = wrapper.findAll('.sidebar__link--active');
    expect(active.map((link) => link.attributes('data-testid'))).toEqual(['nav-documentos']);
  });

  it('opens each area with its title as the only h1', async () => {
    const { wrapper, router } = await mountWith(App, createFakeTransport());
    for (const [name, title] of expectedAreas) {
      await wrapper.find(`[data-testid="nav-${name}"]`).trigger('click');
      await waitFor(() => {
        expect(router.currentRoute.value.name).toBe(name);
        expect(wrapper.findAll('h1').map((h) => h.text())).toEqual([title]);
      });
    }
  });

  it.each([
    ['demonstracao', 'DEMONSTRAÇÃO'],
    ['sandbox', 'HOMOLOGAÇÃO'],
    ['producao', 'PRODUÇÃO'],
  ] as Array<[Environment, string]>)('shows the %s environment badge as %s', async (environment, text) => {
    const transport = createFakeTransport({ settings: settingsWith({ environment }) });
    const { wrapper } = await mountWith(App, transport);
    const badge = wrapper.get('[data-testid="env-badge"]');
    expect(badge.text()).toBe(text);
    expect(badge.classes()).toContain(`env-badge--${environment}`);
  });

  it('switches the connectivity indicator when the main side reports the network is down', async () => {
    const transport = createFakeTransport();
    const { wrapper } = await mountWith(App, transport);
    await settle();
    const indicator = () => wrapper.get('[data-testid="connectivity"]');
    expect(indicator().text()).toBe('Conectado');
    transport.emit('connectivity:changed', {
      online: false,
      checkedAt: '2026-03-05T13:01:00.000Z',
      target: 'https://api.nuvemfiscal.com.br',
      reason: 'getaddrinfo ENOTFOUND',
    });
    await settle();
    expect(indicator().text()).toBe('Sem conexão');
    expect(indicator().attributes('data-target')).toBe('https://api.nuvemfiscal.com.br');
    transport.emit('connectivity:changed', {
      online: true,
      checkedAt: '2026-03-05T13:02:00.000Z',
      target: 'https://api.nuvemfiscal.com.br',
      access: 'ok',
    });
    await settle();
    expect(indicator().text()).toBe('Conectado');
  });

  it('is "Conectado" only when a token was obtained: missing or refused credentials say so', async () => {
    const transport = createFakeTransport();
    const { wrapper } = await mountWith(App, transport);
    await settle();
    const indicator = () => wrapper.get('[data-testid="connectivity"]');
    const reason =
      'Faltam o client id e o client secret do Sandbox. Informe-os em Configurações > Credenciais da API.';
    transport.emit('connectivity:changed', {
      online: true,
      checkedAt: '2026-03-05T13:01:00.000Z',
      target: 'https://api.sandbox.nuvemfiscal.com.br',
      access: 'missing',
      accessReason: reason,
    });
    await settle();
    expect(indicator().text()).toBe('Sem credenciais');
    expect(indicator().attributes('data-state')).toBe('credentials');
    transport.emit('connectivity:changed', {
      online: true,
      checkedAt: '2026-03-05T13:02:00.000Z',
      target: 'https://api.sandbox.nuvemfiscal.com.br',
      access: 'rejected',
      accessReason: 'Client id ou client secret incorretos.',
    });
    await settle();
    expect(indicator().text()).toBe('Credenciais recusadas');
    // The host answering is not enough.
    transport.emit('connectivity:changed', {
      online: true,
      checkedAt: '2026-03-05T13:03:00.000Z',
      target: 'https://api.sandbox.nuvemfiscal.com.br',
    });
    await settle();
    expect(indicator().text()).not.toBe('Conectado');
  });

  it('follows the browser going offline even before the main side notices', async () => {
    const { wrapper } = await mountWith(App, createFakeTransport());
    await settle();
    window.dispatchEvent(new Event('offline'));
    await settle();
    expect(wrapper.get('[data-testid="connectivity"]').text()).toBe('Sem conexão');
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(wrapper.get('[data-testid="connectivity"]').text()).toBe('Conectado');
  });

  it('shows an error screen when startup fails, and recovers on "Tentar novamente"', async () => {
    const transport = createFakeTransport();
    const original = transport.handlers['settings:get'];
    transport.handlers['settings:get'] = () => ({
      ok: false,
      error: {
        code: 'settings_unreadable',
        message: 'Não foi possível ler as configurações.',
        detail: 'EACCES',
      },
    });
    const { wrapper } = await mountWith(App, transport);
    await settle();
    expect(wrapper.find('[data-testid="app-ready"]').exists()).toBe(false);
    const screen = wrapper.get('[data-testid="startup-error"]');
    expect(screen.text()).toContain('Não foi possível iniciar o Carreta');
    expect(screen.text()).toContain('Não foi possível ler as configurações.');
    expect(screen.text()).toContain('EACCES');

    transport.handlers['settings:get'] = original;
    await wrapper.get('[data-testid="startup-retry"]').trigger('click');
    await settle();
    expect(wrapper.find('[data-testid="app-ready"]').exists()).toBe(true);
    // A retry must not subscribe twice to the same events.
    expect(transport.listenerCount('connectivity:changed')).toBe(1);
  });

  it('shows an app:notice from the main side as a toast', async () => {
    const transport = createFakeTransport();
    await mountWith(App, transport);
    await settle();
    transport.emit('app:notice', {
      severity: 'warn',
      summary: 'Certificado vence em 10 dias.',
      detail: 'Renove-o.',
    });
    const toast = await waitFor(() => {
      const found = document.body.querySelector<HTMLElement>('[data-testid="toast"]');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(toast.dataset.severity).toBe('warn');
    expect(toast.textContent).toContain('Certificado vence em 10 dias.');
    expect(toast.textContent).toContain('Renove-o.');
  });

  it('shows the notices app:info hands over at start (a damaged settings file) as toasts', async () => {
    const transport = createFakeTransport();
    const info = transport.handlers['app:info']!;
    transport.handlers['app:info'] = (input) => {
      const answer = info(input) as { ok: true; data: Record<string, unknown> };
      return {
        ok: true,
        data: {
          ...answer.data,
          notices: [
            {
              severity: 'warn',
              summary: 'O arquivo de configurações estava danificado',
              detail: 'Uma cópia do arquivo danificado foi guardada em C:\\dados\\settings.corrupt.json.',
            },
          ],
        },
      };
    };
    await mountWith(App, transport);
    await settle();
    const toast = await waitFor(() => {
      const found = document.body.querySelector<HTMLElement>('[data-testid="toast"]');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(toast.dataset.severity).toBe('warn');
    expect(toast.textContent).toContain('O arquivo de configurações estava danificado');
    expect(toast.textContent).toContain('settings.corrupt.json');
  });

  it('shows the app info on the Painel', async () => {
    const { wrapper } = await mountWith(App, createFakeTransport(), { route: '/painel' });
    await settle();
    expect(wrapper.get('[data-testid="painel-version"]').text()).toBe('9.8.7');
    expect(wrapper.get('[data-testid="painel-host"]').text()).toBe('Navegador (modo web)');
    expect(wrapper.get('[data-testid="painel-data"]').text()).toBe('/tmp/carreta-teste');
    expect(wrapper.get('[data-testid="painel-environment"]').text()).toContain('Demonstração');
  });
});
