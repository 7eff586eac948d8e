import { afterEach, describe, expect, it } from 'vitest';

import App from '../../renderer/src/App.vue';
import { setTransport } from '../../renderer/src/bridge';
import type { FakeTransport } from './support/fake-transport';
import { createFakeTransport } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

afterEach(() => {
  setTransport(null);
  document.body.innerHTML = '';
});

function callsOf(transport: FakeTransport, channel: string) {
  return transport.calls.filter((call) => call.channel === channel);
}

function toastTexts(): string {
  return [...document.body.querySelectorAll('[data-testid="toast"]')].map((el) => el.textContent).join('\n');
}

async function open(route: string, ready: string, transport = createFakeTransport()) {
  const mounted = await mountWith(App, transport, { route });
  await waitFor(() => mounted.wrapper.get(ready));
  return { transport, ...mounted };
}

describe('Consultas · CEP', () => {
  it('refuses an incomplete CEP with a message and looks up a full one', async () => {
    const transport = createFakeTransport();
    transport.handlers['lookup:cep'] = (input) => ({
      ok: true,
      data: {
        cep: (input as { cep: string }).cep,
        logradouro: 'Avenida Brasil',
        bairro: 'Centro',
        municipio: 'São Paulo',
        uf: 'SP',
        codigo_ibge: '3550308',
      },
    });
    const { wrapper } = await open('/consultas', '[data-testid="cep-input"]', transport);
    const input = wrapper.get('[data-testid="cep-input"]');
    await input.setValue('0131');
    await wrapper.get('form').trigger('submit');
    await settle();
    expect(wrapper.get('[data-testid="cep-error"]').text()).toBe('CEP inválido: informe os 8 dígitos.');
    expect(input.attributes('aria-invalid')).toBe('true');
    expect(callsOf(transport, 'lookup:cep')).toHaveLength(0);

    await input.setValue('01310100');
    expect((input.element as HTMLInputElement).value).toBe('01310-100');
    await wrapper.get('form').trigger('submit');
    await settle();
    expect(callsOf(transport, 'lookup:cep')[0]?.input).toEqual({ cep: '01310100' });
    expect(wrapper.find('[data-testid="cep-error"]').exists()).toBe(false);
    const card = wrapper.get('[data-testid="cep-result"]');
    expect(card.get('[data-testid="cep-logradouro"]').text()).toBe('Avenida Brasil');
    expect(card.get('[data-testid="cep-municipio"]').text()).toBe('São Paulo / SP');
  });

  it('shows the main side error as a toast', async () => {
    const transport = createFakeTransport();
    transport.handlers['lookup:cep'] = () => ({
      ok: false,
      error: { code: 'not_found', message: 'CEP 99999999 não encontrado.' },
    });
    const { wrapper } = await open('/consultas', '[data-testid="cep-input"]', transport);
    await wrapper.get('[data-testid="cep-input"]').setValue('99999999');
    await wrapper.get('form').trigger('submit');
    await waitFor(() => expect(toastTexts()).toContain('Não foi possível consultar o CEP.'));
    expect(toastTexts()).toContain('CEP 99999999 não encontrado.');
    expect(wrapper.find('[data-testid="cep-result"]').exists()).toBe(false);
  });
});

describe('Consultas · CNPJ', () => {
  it('validates the digits, refuses a CPF and accepts the alphanumeric CNPJ', async () => {
    const transport = createFakeTransport();
    transport.handlers['lookup:cnpj'] = (input) => ({
      ok: true,
      data: {
        cnpj: (input as { cnpj: string }).cnpj,
        razao_social: 'BETA LOGÍSTICA S.A.',
        situacao: 'Baixada',
        fone: '1132345678',
        email: 'contato@beta.example',
        endereco: {
          logradouro: 'Rua A',
          numero: '10',
          bairro: 'Centro',
          cidade: 'Campinas',
          uf: 'SP',
          cep: '13015100',
        },
      },
    });
    const { wrapper } = await open('/consultas/cnpj', '[data-testid="cnpj-input"]', transport);
    const input = wrapper.get('[data-testid="cnpj-input"]');
    const submit = async () => {
      await wrapper.get('form').trigger('submit');
      await settle();
    };

    await input.setValue('12345678000100');
    await submit();
    expect(wrapper.get('[data-testid="cnpj-error"]').text()).toBe(
      'CNPJ ou CPF inválido: confira os dígitos.',
    );
    await input.setValue('52998224725');
    await submit();
    expect(wrapper.get('[data-testid="cnpj-error"]').text()).toBe('Informe um CNPJ (14 caracteres).');
    expect(callsOf(transport, 'lookup:cnpj')).toHaveLength(0);

    await input.setValue('12abc34501de35');
    expect((input.element as HTMLInputElement).value).toBe('12.ABC.345/01DE-35');
    await submit();
    expect(callsOf(transport, 'lookup:cnpj')[0]?.input).toEqual({ cnpj: '12ABC34501DE35' });
    const card = wrapper.get('[data-testid="cnpj-result"]');
    expect(card.get('[data-testid="cnpj-razao"]').text()).toBe('BETA LOGÍSTICA S.A.');
    const situacao = card.get('[data-testid="cnpj-situacao"]');
    expect(situacao.text()).toBe('Baixada');
    expect(situacao.classes().join(' ')).toContain('danger');
    expect(card.text()).toContain('(11) 3234-5678');
    expect(card.text()).toContain('contato@beta.example');
    expect(card.text()).toContain('13015-100');
  });
});

describe('Consultas · Listagem de CNPJ', { timeout: 20_000 }, () => {
  const filter = { cnae_principal: '4930202', municipio: '3304557', natureza_juridica: '2062' };

  function item(n: number) {
    return {
      cnpj: '11222333000181',
      razao_social: `EMPRESA ${n}`,
      situacao: 'Ativa',
      endereco: { cidade: 'Rio', uf: 'RJ' },
    };
  }

  it('shows a message per invalid field and asks nothing', async () => {
    const transport = createFakeTransport();
    const { wrapper } = await open('/consultas/listagem', '[data-testid="listagem-submit"]', transport);
    await wrapper.get('[data-testid="listagem-cnae_principal"]').setValue('4930-2a');
    expect((wrapper.get('[data-testid="listagem-cnae_principal"]').element as HTMLInputElement).value).toBe(
      '49302',
    );
    await wrapper.get('form').trigger('submit');
    await settle();
    expect(wrapper.get('[data-testid="listagem-error-cnae_principal"]').text()).toBe('CNAE com 7 dígitos.');
    expect(wrapper.get('[data-testid="listagem-error-municipio"]').text()).toBe(
      'Código IBGE do município com 7 dígitos.',
    );
    expect(wrapper.get('[data-testid="listagem-error-natureza_juridica"]').text()).toBe(
      'Natureza jurídica com 4 dígitos.',
    );
    expect(callsOf(transport, 'lookup:cnpjList')).toHaveLength(0);
  });

  it('pages with Anterior/Próxima following hasMore', async () => {
    const transport = createFakeTransport();
    transport.handlers['lookup:cnpjList'] = (input) => {
      const { skip, top } = input as { skip: number; top: number };
      // 25 matches in all, but the answer says only whether there is more.
      const count = Math.min(top, 25 - skip);
      return {
        ok: true,
        data: { items: Array.from({ length: count }, (_, i) => item(skip + i)), hasMore: skip + count < 25 },
      };
    };
    const { wrapper } = await open('/consultas/listagem', '[data-testid="listagem-submit"]', transport);
    for (const [key, value] of Object.entries(filter)) {
      await wrapper.get(`[data-testid="listagem-${key}"]`).setValue(value);
    }
    await wrapper.get('form').trigger('submit');
    await settle();
    const last = () => callsOf(transport, 'lookup:cnpjList').at(-1)?.input;
    const rows = () => wrapper.findAll('[data-testid="listagem-table"] tbody tr');
    const disabled = (id: string) =>
      wrapper.get(`[data-testid="${id}"]`).attributes('disabled') !== undefined;
    expect(last()).toEqual({ ...filter, top: 20, skip: 0 });
    expect(rows()).toHaveLength(20);
    expect(disabled('listagem-prev')).toBe(true);
    expect(disabled('listagem-next')).toBe(false);

    // Editing the inputs does not change the filter of the pages on screen.
    await wrapper.get('[data-testid="listagem-municipio"]').setValue('3550308');
    await wrapper.get('[data-testid="listagem-next"]').trigger('click');
    await settle();
    expect(last()).toEqual({ ...filter, top: 20, skip: 20 });
    expect(rows()).toHaveLength(5);
    expect(wrapper.get('[data-testid="listagem-page"]').text()).toContain('Página 2');
    expect(disabled('listagem-next')).toBe(true);
    expect(disabled('listagem-prev')).toBe(false);

    await wrapper.get('[data-testid="listagem-prev"]').trigger('click');
    await settle();
    expect(last()).toEqual({ ...filter, top: 20, skip: 0 });
    expect(wrapper.get('[data-testid="listagem-page"]').text()).toContain('Página 1');
  });
});
