// The Painel's first-run checklist (issue 19, item 9): empresa, certificado, primeiro CT-e, each
// ticked from the real state and each with a button.
import { afterEach, describe, expect, it } from 'vitest';

import App from '../../renderer/src/App.vue';
import { setTransport } from '../../renderer/src/bridge';
import type { FakeTransport } from './support/fake-transport';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

const company = '45723174000110';

afterEach(() => {
  setTransport(null);
  document.body.innerHTML = '';
});

const offline = {
  ok: false as const,
  error: { code: 'api_offline', message: 'Sem conexão com a internet.' },
};
const SAVED = { fromCache: true, savedAt: '2026-11-25T18:30:00.000Z' };

function state(options: {
  companies: boolean;
  certificate: boolean;
  ctes: number;
  /** 'unreachable': the API cannot be reached and nothing was kept; 'cached': offline, the kept answer. */
  api?: 'online' | 'unreachable' | 'cached';
  selected?: string | null;
}): FakeTransport {
  const api = options.api ?? 'online';
  const transport = createFakeTransport({
    settings: settingsWith({
      selectedCompany: options.selected !== undefined ? options.selected : options.companies ? company : null,
    }),
  });
  transport.handlers['companies:list'] = () =>
    api === 'unreachable'
      ? offline
      : {
          ok: true,
          data: {
            ...(api === 'cached' ? SAVED : {}),
            companies: options.companies
              ? [
                  {
                    cpf_cnpj: company,
                    nome_razao_social: 'Transportes Teste Ltda',
                    nome_fantasia: null,
                    email: 'fiscal@example.com',
                    endereco: {
                      logradouro: 'Rua A',
                      numero: '1',
                      bairro: 'Centro',
                      codigo_municipio: '3550308',
                      uf: 'SP',
                      cep: '01310100',
                    },
                  },
                ]
              : [],
          },
        };
  transport.handlers['certificates:list'] = () =>
    api === 'unreachable'
      ? offline
      : {
          ok: true,
          data: {
            ...(api === 'cached' ? SAVED : {}),
            certificates: options.certificate
              ? [
                  {
                    cpfCnpj: company,
                    nomeRazaoSocial: 'Transportes Teste Ltda',
                    notAfter: '2027-11-30T00:00:00Z',
                    daysLeft: 300,
                  },
                ]
              : [],
          },
        };
  transport.handlers['documents:search'] = () => ({
    ok: true,
    data: {
      rows: [],
      offset: 0,
      limit: 1,
      totals: { count: options.ctes, valorPrestacao: 0, valorIcms: 0, valorDeclarado: 0 },
    },
  });
  return transport;
}

const done = (el: Element | null) => el?.getAttribute('data-done');

describe('Painel: primeiros passos', { timeout: 20_000 }, () => {
  it('a fresh install: nothing done, a button for each step', async () => {
    const { wrapper, router } = await mountWith(
      App,
      state({ companies: false, certificate: false, ctes: 0 }),
    );
    const steps = await waitFor(() => wrapper.get('[data-testid="first-steps"]'));
    expect(steps.text()).toContain('Faltam 3 de 3 passos');
    for (const key of ['empresa', 'certificado', 'cte']) {
      expect(done(steps.get(`[data-testid="first-step-${key}"]`).element)).toBe('false');
    }
    await steps.get('[data-testid="first-step-empresa-go"]').trigger('click');
    await waitFor(() => expect(router.currentRoute.value.name).toBe('empresas-nova'));
  });

  it('ticks what is really done and sends the rest to its screen', async () => {
    const transport = state({ companies: true, certificate: true, ctes: 0 });
    const { wrapper, router } = await mountWith(App, transport);
    const steps = await waitFor(() => wrapper.get('[data-testid="first-steps"]'));
    await settle();
    expect(done(steps.get('[data-testid="first-step-empresa"]').element)).toBe('true');
    expect(done(steps.get('[data-testid="first-step-certificado"]').element)).toBe('true');
    expect(done(steps.get('[data-testid="first-step-cte"]').element)).toBe('false');
    expect(steps.text()).toContain('Falta 1 de 3 passos para emitir');
    const search = transport.calls.find((c) => c.channel === 'documents:search')!.input as {
      filter: { company: string; kinds: string[] };
    };
    expect(search.filter).toMatchObject({ company, kinds: ['cte', 'cteos'] });
    await steps.get('[data-testid="first-step-cte-go"]').trigger('click');
    await waitFor(() => expect(router.currentRoute.value.path).toBe('/emitir-cte'));
  });

  it('a company without certificate: the button opens its certificate tab', async () => {
    const { wrapper, router } = await mountWith(App, state({ companies: true, certificate: false, ctes: 2 }));
    const steps = await waitFor(() => wrapper.get('[data-testid="first-steps"]'));
    await settle();
    expect(done(steps.get('[data-testid="first-step-cte"]').element)).toBe('true');
    await steps.get('[data-testid="first-step-certificado-go"]').trigger('click');
    await waitFor(() =>
      expect(router.currentRoute.value.fullPath).toBe(`/empresas/${company}?aba=certificado`),
    );
  });

  it('goes away when all three are done', async () => {
    const { wrapper } = await mountWith(App, state({ companies: true, certificate: true, ctes: 5 }));
    await waitFor(() => wrapper.get('[data-testid="painel-kpis"]'));
    await settle();
    expect(wrapper.find('[data-testid="first-steps"]').exists()).toBe(false);
  });

  it('offline with nothing kept: never asks to register the company, says it cannot check now', async () => {
    const { wrapper } = await mountWith(
      App,
      state({ companies: true, certificate: true, ctes: 0, api: 'unreachable', selected: company }),
    );
    const steps = await waitFor(() => wrapper.get('[data-testid="first-steps"]'));
    await settle();
    expect(done(steps.get('[data-testid="first-step-empresa"]').element)).toBe('unknown');
    expect(done(steps.get('[data-testid="first-step-certificado"]').element)).toBe('unknown');
    expect(steps.find('[data-testid="first-step-empresa-go"]').exists()).toBe(false);
    expect(steps.find('[data-testid="first-step-certificado-go"]').exists()).toBe(false);
    expect(steps.get('[data-testid="first-step-empresa"]').text()).toContain(
      'Não foi possível conferir agora',
    );
    expect(steps.get('[data-testid="first-steps-intro"]').text()).toBe(
      'Falta 1 de 3 passos para emitir com a sua empresa. Alguns passos não puderam ser conferidos agora, sem conexão com a Nuvem Fiscal.',
    );
  });

  it('offline with everything else done and nothing kept: only says it cannot check now', async () => {
    const { wrapper } = await mountWith(
      App,
      state({ companies: true, certificate: true, ctes: 3, api: 'unreachable', selected: company }),
    );
    const steps = await waitFor(() => wrapper.get('[data-testid="first-steps"]'));
    await settle();
    expect(steps.get('[data-testid="first-steps-intro"]').text()).toContain(
      'não foi possível conferir agora se a empresa está pronta para emitir',
    );
    expect(steps.text()).not.toContain('Faltam');
    expect(steps.findAll('button')).toHaveLength(0);
  });

  it('offline with the answers kept on this computer: uses them and says when they were read', async () => {
    const { wrapper } = await mountWith(
      App,
      state({ companies: true, certificate: false, ctes: 1, api: 'cached' }),
    );
    const steps = await waitFor(() => wrapper.get('[data-testid="first-steps"]'));
    await settle();
    expect(done(steps.get('[data-testid="first-step-empresa"]').element)).toBe('true');
    expect(done(steps.get('[data-testid="first-step-certificado"]').element)).toBe('false');
    expect(steps.get('[data-testid="first-steps-intro"]').text()).toBe(
      'Falta 1 de 3 passos para emitir com a sua empresa.',
    );
    expect(steps.get('[data-testid="first-steps-saved"]').text()).toBe(
      'Conferido com os dados salvos neste computador em 25/11/2026 15:30.',
    );
    // The certificate card says its answer is the one kept on this computer, too.
    expect(wrapper.get('[data-testid="certificate-card-cached"]').text()).toBe(
      'Sem conexão com a Nuvem Fiscal: dados salvos neste computador em 25/11/2026 15:30.',
    );
  });

  it('offline with a kept answer where all is done: no checklist', async () => {
    const { wrapper } = await mountWith(
      App,
      state({ companies: true, certificate: true, ctes: 2, api: 'cached' }),
    );
    await waitFor(() => wrapper.get('[data-testid="painel-kpis"]'));
    await settle();
    expect(wrapper.find('[data-testid="first-steps"]').exists()).toBe(false);
  });
});
