import type { VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';

import { cnpjCheckDigits } from '../../electron/fiscal/cnpj';
import App from '../../renderer/src/App.vue';
import { setTransport } from '../../renderer/src/bridge';
import type { FakeTransport } from './support/fake-transport';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

const BASE = '112223330001';
const CNPJ = BASE + cnpjCheckDigits(BASE);
const MASKED = `${CNPJ.slice(0, 2)}.${CNPJ.slice(2, 5)}.${CNPJ.slice(5, 8)}/${CNPJ.slice(8, 12)}-${CNPJ.slice(12)}`;

afterEach(() => {
  setTransport(null);
  document.body.innerHTML = '';
});

const lookup = {
  cnpj: CNPJ,
  razao_social: 'RODOVIA AZUL TRANSPORTES LTDA',
  nome_fantasia: 'Rodovia Azul Transportes',
  situacao: 'Ativa',
  email: 'contato@rodoviaazul.example',
  fone: '1131000000',
  endereco: {
    logradouro: 'Avenida Brasil',
    numero: '100',
    complemento: '',
    bairro: 'Centro',
    codigo_municipio: '3550308',
    cidade: 'SÃO PAULO',
    uf: 'SP',
    cep: '01310100',
  },
};

async function openWizard(configure?: (transport: FakeTransport) => void) {
  const transport = createFakeTransport({ settings: settingsWith({ environment: 'sandbox' }) });
  configure?.(transport);
  const mounted = await mountWith(App, transport, { route: '/empresas/nova' });
  await waitFor(() => mounted.wrapper.get('[data-testid="company-cnpj"]'));
  return { transport, ...mounted };
}

const value = (wrapper: VueWrapper, testid: string) =>
  (wrapper.get(`[data-testid="${testid}"]`).element as HTMLInputElement).value;

async function type(wrapper: VueWrapper, testid: string, text: string, blur = true) {
  const input = wrapper.get(`[data-testid="${testid}"]`);
  await input.setValue(text);
  if (blur) await input.trigger('blur');
  await settle();
}

async function click(wrapper: VueWrapper, testid: string) {
  await wrapper.get(`[data-testid="${testid}"]`).trigger('click');
  await settle();
}

describe('Nova empresa: CNPJ and CEP autofill', () => {
  it('masks the CNPJ as typed and fills the company from lookup:cnpj', async () => {
    const { wrapper, transport } = await openWizard((t) => {
      t.handlers['lookup:cnpj'] = () => ({ ok: true, data: lookup });
    });
    await type(wrapper, 'company-cnpj', CNPJ.toLowerCase(), false);
    expect(value(wrapper, 'company-cnpj')).toBe(MASKED);
    await click(wrapper, 'company-cnpj-search');

    expect(transport.calls.find((call) => call.channel === 'lookup:cnpj')?.input).toEqual({ cnpj: CNPJ });
    expect(wrapper.get('[data-testid="cnpj-found"]').text()).toContain('Receita Federal');
    expect(value(wrapper, 'company-razao')).toBe('RODOVIA AZUL TRANSPORTES LTDA');
    expect(value(wrapper, 'company-fantasia')).toBe('Rodovia Azul Transportes');
    expect(value(wrapper, 'company-email')).toBe('contato@rodoviaazul.example');
    expect(value(wrapper, 'company-fone')).toBe('(11) 3100-0000');

    await click(wrapper, 'wizard-next');
    expect(value(wrapper, 'company-cep')).toBe('01310-100');
    expect(value(wrapper, 'company-logradouro')).toBe('Avenida Brasil');
    expect(value(wrapper, 'company-numero')).toBe('100');
    expect(value(wrapper, 'company-cidade')).toBe('São Paulo');
    expect(value(wrapper, 'company-ibge')).toBe('3550308');
    expect(value(wrapper, 'company-uf')).toBe('SP');
  });

  it('lets the user type everything when the CNPJ is not found', async () => {
    const { wrapper } = await openWizard((t) => {
      t.handlers['lookup:cnpj'] = () => ({
        ok: false,
        error: {
          code: 'cnpj_not_found',
          message: `CNPJ ${CNPJ} não encontrado na base da Receita. Preencha os dados à mão.`,
        },
      });
    });
    await type(wrapper, 'company-cnpj', CNPJ);
    await click(wrapper, 'company-cnpj-search');
    expect(wrapper.get('[data-testid="cnpj-not-found"]').text()).toContain('Preencha os dados à mão');
    expect(value(wrapper, 'company-razao')).toBe('');
    await type(wrapper, 'company-razao', 'TRANSPORTES DIGITADOS LTDA');
    expect(value(wrapper, 'company-razao')).toBe('TRANSPORTES DIGITADOS LTDA');
  });

  it('refuses an invalid CNPJ before asking the API', async () => {
    const { wrapper, transport } = await openWizard();
    await type(wrapper, 'company-cnpj', '11222333000100');
    await click(wrapper, 'company-cnpj-search');
    expect(wrapper.get('[data-testid="error-cpf_cnpj"]').text()).toBe(
      'CNPJ ou CPF inválido: confira os dígitos.',
    );
    expect(transport.calls.some((call) => call.channel === 'lookup:cnpj')).toBe(false);
  });

  it('fills the address from lookup:cep, keeping the number for the user', async () => {
    const { wrapper, transport } = await openWizard((t) => {
      t.handlers['lookup:cep'] = () => ({
        ok: true,
        data: {
          cep: '13015100',
          logradouro: 'Rua das Palmeiras',
          bairro: 'Jardim América',
          municipio: 'Campinas',
          codigo_ibge: '3509502',
          uf: 'SP',
        },
      });
    });
    await type(wrapper, 'company-cnpj', CNPJ);
    await type(wrapper, 'company-razao', 'TRANSPORTES TESTE LTDA');
    await type(wrapper, 'company-email', 'fiscal@teste.com.br');
    await click(wrapper, 'wizard-next');
    await type(wrapper, 'company-cep', '13015100', false);
    expect(value(wrapper, 'company-cep')).toBe('13015-100');
    await click(wrapper, 'company-cep-search');
    expect(transport.calls.find((call) => call.channel === 'lookup:cep')?.input).toEqual({ cep: '13015100' });
    expect(value(wrapper, 'company-logradouro')).toBe('Rua das Palmeiras');
    expect(value(wrapper, 'company-bairro')).toBe('Jardim América');
    expect(value(wrapper, 'company-cidade')).toBe('Campinas');
    expect(value(wrapper, 'company-ibge')).toBe('3509502');
    expect(value(wrapper, 'company-uf')).toBe('SP');
    expect(value(wrapper, 'company-numero')).toBe('');
    expect(wrapper.get('[data-testid="cep-note"]').text()).toContain('Informe o número');
  });
});

describe('Nova empresa: validation with the shared schema', () => {
  it('shows a field message when the user leaves it, and every message of the step on Continuar', async () => {
    const { wrapper } = await openWizard();
    await type(wrapper, 'company-email', 'fiscal@');
    expect(wrapper.get('[data-testid="error-email"]').text()).toBe('E-mail inválido.');
    // Fields not visited yet say nothing until the user tries to go on.
    expect(wrapper.find('[data-testid="error-nome_razao_social"]').exists()).toBe(false);

    await click(wrapper, 'wizard-next');
    expect(wrapper.get('[data-testid="error-nome_razao_social"]').text()).toBe('Informe a razão social.');
    expect(wrapper.get('[data-testid="error-cpf_cnpj"]').text()).toBe(
      'CNPJ ou CPF inválido: confira os dígitos.',
    );
    expect(wrapper.find('[data-testid="company-cep"]').exists()).toBe(false);

    await type(wrapper, 'company-email', 'fiscal@teste.com.br');
    expect(wrapper.find('[data-testid="error-email"]').exists()).toBe(false);
    await type(wrapper, 'company-fone', '1134');
    expect(wrapper.get('[data-testid="error-fone"]').text()).toBe('Telefone com DDD: 10 ou 11 dígitos.');
  });

  it('checks the IBGE code against the UF and the IE for the UF', async () => {
    const { wrapper } = await openWizard();
    await type(wrapper, 'company-cnpj', CNPJ);
    await type(wrapper, 'company-razao', 'TRANSPORTES TESTE LTDA');
    await type(wrapper, 'company-email', 'fiscal@teste.com.br');
    await click(wrapper, 'wizard-next');
    await type(wrapper, 'company-cep', '01310100');
    await type(wrapper, 'company-logradouro', 'Avenida Brasil');
    await type(wrapper, 'company-numero', '100');
    await type(wrapper, 'company-bairro', 'Centro');
    await type(wrapper, 'company-cidade', 'São Paulo');
    await type(wrapper, 'company-uf', 'SP');
    await type(wrapper, 'company-ibge', '4106902');
    expect(wrapper.get('[data-testid="error-endereco.codigo_municipio"]').text()).toBe(
      'O código IBGE 4106902 não é de um município de SP.',
    );
    await type(wrapper, 'company-ibge', '3550308');
    expect(wrapper.find('[data-testid="error-endereco.codigo_municipio"]').exists()).toBe(false);
    await type(wrapper, 'company-ie', '123');
    expect(wrapper.get('[data-testid="error-inscricao_estadual"]').text()).toContain(
      'Inscrição estadual inválida para SP',
    );
  });
});

describe('Nova empresa: saving', () => {
  async function fillValid(wrapper: VueWrapper) {
    await type(wrapper, 'company-cnpj', CNPJ);
    await type(wrapper, 'company-razao', 'TRANSPORTES TESTE LTDA');
    await type(wrapper, 'company-email', 'fiscal@teste.com.br');
    await click(wrapper, 'wizard-next');
    await type(wrapper, 'company-cep', '01310100');
    await type(wrapper, 'company-logradouro', 'Avenida Brasil');
    await type(wrapper, 'company-numero', '100');
    await type(wrapper, 'company-bairro', 'Centro');
    await type(wrapper, 'company-cidade', 'São Paulo');
    await type(wrapper, 'company-ibge', '3550308');
    await type(wrapper, 'company-uf', 'SP');
    await click(wrapper, 'wizard-next');
  }

  it('keeps everything typed when the save fails and points at the refused field', async () => {
    const { wrapper, transport } = await openWizard((t) => {
      t.handlers['companies:save'] = () => ({
        ok: false,
        error: {
          code: 'invalid_input',
          message: 'Dados inválidos: email: E-mail recusado pela Nuvem Fiscal.',
          fields: ['email'],
        },
      });
    });
    await fillValid(wrapper);
    expect(wrapper.get('[data-testid="company-review"]').text()).toContain(MASKED);
    await click(wrapper, 'wizard-save');

    expect(transport.calls.find((call) => call.channel === 'companies:save')?.input).toMatchObject({
      cpf_cnpj: CNPJ,
      endereco: { cep: '01310100', codigo_municipio: '3550308' },
    });
    expect(wrapper.get('[data-testid="save-error"]').text()).toContain('Não foi possível salvar a empresa');
    // Back on the step of the refused field, with the message next to it and the values kept.
    expect(wrapper.get('[data-testid="error-email"]').text()).toBe('E-mail recusado pela Nuvem Fiscal.');
    expect(value(wrapper, 'company-email')).toBe('fiscal@teste.com.br');
    expect(value(wrapper, 'company-razao')).toBe('TRANSPORTES TESTE LTDA');
    await type(wrapper, 'company-email', 'outro@teste.com.br');
    expect(wrapper.find('[data-testid="error-email"]').exists()).toBe(false);
  });

  it('saves, refreshes the company selector and moves on to the certificate', async () => {
    let saved: Record<string, unknown> | null = null;
    const { wrapper, transport } = await openWizard((t) => {
      t.handlers['companies:save'] = (input) => {
        saved = { ...(input as Record<string, unknown>) };
        return { ok: true, data: saved };
      };
      t.handlers['companies:list'] = () => ({ ok: true, data: { companies: saved ? [saved] : [] } });
      t.handlers['certificates:list'] = () => ({ ok: true, data: { certificates: [] } });
    });
    await fillValid(wrapper);
    const listsBefore = transport.calls.filter((call) => call.channel === 'companies:list').length;
    await click(wrapper, 'wizard-save');
    expect(transport.calls.filter((call) => call.channel === 'companies:list').length).toBeGreaterThan(
      listsBefore,
    );
    await waitFor(() => wrapper.get('[data-testid="certificate-section"]'));
    const select = wrapper.findComponent({ name: 'Select' });
    expect(select.props('options')).toEqual([{ value: CNPJ, label: `TRANSPORTES TESTE LTDA — ${MASKED}` }]);
    // The web host has no native dialog: a file input instead.
    expect(wrapper.find('[data-testid="certificate-file"]').exists()).toBe(true);
    expect(wrapper.find('[data-testid="certificate-pick"]').exists()).toBe(false);
  });

  it('"Concluir" saves the regime chosen in Serviços instead of dropping it (issue 19, point 6)', async () => {
    let saved: Record<string, unknown> | null = null;
    const configs: Record<string, unknown> = {};
    const { wrapper, transport, router } = await openWizard((t) => {
      t.handlers['companies:save'] = (input) => {
        saved = { ...(input as Record<string, unknown>) };
        return { ok: true, data: saved };
      };
      t.handlers['companies:get'] = () => ({ ok: true, data: saved });
      t.handlers['companies:list'] = () => ({ ok: true, data: { companies: saved ? [saved] : [] } });
      t.handlers['certificates:list'] = () => ({ ok: true, data: { certificates: [] } });
      t.handlers['logo:get'] = () => ({ ok: true, data: { logo: null } });
      t.handlers['serviceConfig:get'] = (input) => {
        const kind = (input as { kind: string }).kind;
        return { ok: true, data: { kind, config: configs[kind] ?? null } };
      };
      t.handlers['serviceConfig:set'] = (input) => {
        const { kind, config } = input as { kind: string; config: unknown };
        configs[kind] = config;
        return { ok: true, data: { kind, config } };
      };
    });
    await fillValid(wrapper);
    await click(wrapper, 'wizard-save');
    await waitFor(() => wrapper.get('[data-testid="certificate-section"]'));
    await click(wrapper, 'wizard-skip');
    // The CT-e defaults come before the first CT-e (issue 26).
    await waitFor(() => wrapper.get('[data-testid="cte-defaults"]'));
    await click(wrapper, 'wizard-skip');
    await click(wrapper, 'wizard-skip');
    await waitFor(() => wrapper.get('[data-testid="services-section"]'));
    await settle();
    const crt = wrapper
      .findAllComponents({ name: 'Select' })
      .find((select) => select.props('inputId') === 'service-cte-CRT');
    expect(crt).toBeDefined();
    crt!.vm.$emit('update:modelValue', 3);
    await settle();
    expect(transport.calls.some((call) => call.channel === 'serviceConfig:set')).toBe(false);

    await click(wrapper, 'wizard-finish');
    await waitFor(() => expect(router.currentRoute.value.name).toBe('empresas-detalhe'));
    const sets = transport.calls.filter((call) => call.channel === 'serviceConfig:set');
    // Only the card the user changed is saved, with the regime chosen.
    expect(sets.map((call) => (call.input as { kind: string }).kind)).toEqual(['cte']);
    expect(sets[0]!.input).toMatchObject({ cpfCnpj: CNPJ, kind: 'cte', config: { CRT: 3 } });
  });
});
