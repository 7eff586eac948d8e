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

function state(options: { companies: boolean; certificate: boolean; ctes: number }): FakeTransport {
  const transport = createFakeTransport({
    settings: settingsWith({ selectedCompany: options.companies ? company : null }),
  });
  transport.handlers['companies:list'] = () => ({
    ok: true,
    data: {
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
  });
  transport.handlers['certificates:list'] = () => ({
    ok: true,
    data: {
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
  });
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
    expect(steps.text()).toContain('Faltam 1 de 3 passos');
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
});
