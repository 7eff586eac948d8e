import { afterEach, describe, expect, it } from 'vitest';

import App from '../../renderer/src/App.vue';
import { setTransport } from '../../renderer/src/bridge';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

afterEach(() => {
  setTransport(null);
  document.body.innerHTML = '';
});

function company(cpfCnpj: string, nome: string, fantasia?: string) {
  return {
    cpf_cnpj: cpfCnpj,
    nome_razao_social: nome,
    nome_fantasia: fantasia ?? null,
    email: 'fiscal@example.com',
    endereco: {
      logradouro: 'Rua A',
      numero: '1',
      bairro: 'Centro',
      codigo_municipio: '3550308',
      uf: 'SP',
      cep: '01310100',
    },
  };
}

describe('company selector', () => {
  it('says there is no company while none is registered', async () => {
    const { wrapper } = await mountWith(App, createFakeTransport());
    await settle();
    const selector = wrapper.get('[data-testid="company-selector"]');
    expect(selector.text()).toContain('Nenhuma empresa cadastrada');
    expect(selector.find('[data-p-disabled="true"], .p-disabled').exists()).toBe(true);
  });

  it('lists the companies and keeps the chosen one in settings.selectedCompany', async () => {
    const transport = createFakeTransport();
    transport.handlers['companies:list'] = () => ({
      ok: true,
      data: {
        companies: [
          company('12345678000195', 'Transportes Alfa Ltda', 'Alfa Cargas'),
          company('12ABC34501DE35', 'Beta Logística S.A.'),
        ],
      },
    });
    const { wrapper } = await mountWith(App, transport);
    await settle();
    expect(wrapper.get('[data-testid="company-selector"]').text()).toContain('Selecione a empresa');
    const select = wrapper.findComponent({ name: 'Select' });
    expect(select.props('options')).toEqual([
      { value: '12345678000195', label: 'Alfa Cargas — 12.345.678/0001-95' },
      { value: '12ABC34501DE35', label: 'Beta Logística S.A. — 12.ABC.345/01DE-35' },
    ]);
    // With two companies nothing is chosen for the user.
    expect(transport.calls.some((call) => call.channel === 'settings:update')).toBe(false);

    select.vm.$emit('update:modelValue', '12ABC34501DE35');
    await settle();
    const update = transport.calls.find((call) => call.channel === 'settings:update');
    expect(update?.input).toEqual({ selectedCompany: '12ABC34501DE35' });
    await waitFor(() => expect(select.props('modelValue')).toBe('12ABC34501DE35'));
  });

  it('chooses the only company when none is selected yet', async () => {
    const transport = createFakeTransport();
    transport.handlers['companies:list'] = () => ({
      ok: true,
      data: { companies: [company('12345678000195', 'Transportes Alfa Ltda')] },
    });
    await mountWith(App, transport);
    await settle();
    const update = transport.calls.find((call) => call.channel === 'settings:update');
    expect(update?.input).toEqual({ selectedCompany: '12345678000195' });
  });

  it('keeps showing the stored company when the list cannot be read', async () => {
    const transport = createFakeTransport({ settings: settingsWith({ selectedCompany: '12345678000195' }) });
    transport.handlers['companies:list'] = () => ({
      ok: false,
      error: { code: 'offline', message: 'Sem conexão com a Nuvem Fiscal.' },
    });
    const { wrapper } = await mountWith(App, transport);
    await settle();
    expect(wrapper.get('[data-testid="company-selector"]').text()).toContain('12.345.678/0001-95');
  });

  it('offline, names the company from the list kept on this computer and says so', async () => {
    const transport = createFakeTransport({ settings: settingsWith({ selectedCompany: '45723174000110' }) });
    transport.handlers['companies:list'] = () => ({
      ok: true,
      data: {
        companies: [
          company('45723174000110', 'Transportes Carreta Demonstração Ltda', 'Carreta Demonstração'),
        ],
        fromCache: true,
        savedAt: '2026-11-25T18:30:00.000Z',
      },
    });
    const { wrapper } = await mountWith(App, transport);
    await settle();
    const selector = wrapper.get('[data-testid="company-selector"]');
    await waitFor(() => expect(selector.text()).toContain('Carreta Demonstração'));
    expect(selector.text()).toContain('45.723.174/0001-10');
    // Brasília time: 18:30 UTC is 15:30 in São Paulo.
    expect(selector.get('[data-testid="company-selector-cached"]').attributes('aria-label')).toBe(
      'Sem conexão com a Nuvem Fiscal: dados salvos neste computador em 25/11/2026 15:30.',
    );
  });

  it('offline, the Empresas screen lists the kept companies and says from when', async () => {
    const transport = createFakeTransport({ settings: settingsWith({ selectedCompany: '45723174000110' }) });
    transport.handlers['companies:list'] = () => ({
      ok: true,
      data: {
        companies: [
          company('45723174000110', 'Transportes Carreta Demonstração Ltda', 'Carreta Demonstração'),
        ],
        fromCache: true,
        savedAt: '2026-11-25T18:30:00.000Z',
      },
    });
    const { wrapper, router } = await mountWith(App, transport);
    await router.push('/empresas');
    const notice = await waitFor(() => wrapper.get('[data-testid="companies-cached"]'));
    expect(notice.text()).toContain('lista salva neste computador em 25/11/2026 15:30');
    expect(wrapper.get('[data-testid="companies-table"]').text()).toContain(
      'Transportes Carreta Demonstração Ltda',
    );
  });

  it('online, no mark of a kept list', async () => {
    const transport = createFakeTransport({ settings: settingsWith({ selectedCompany: '45723174000110' }) });
    transport.handlers['companies:list'] = () => ({
      ok: true,
      data: { companies: [company('45723174000110', 'Transportes Carreta Demonstração Ltda')] },
    });
    const { wrapper } = await mountWith(App, transport);
    await settle();
    expect(wrapper.find('[data-testid="company-selector-cached"]').exists()).toBe(false);
  });
});
