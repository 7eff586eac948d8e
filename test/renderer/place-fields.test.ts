import { flushPromises, mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h, reactive } from 'vue';

import { municipioCommands } from '../../electron/app/commands/municipios';
import type { CommandTable } from '../../electron/app/dispatcher';
import { createDispatcher } from '../../electron/app/dispatcher';
import { silentLogger } from '../../electron/app/logger';
import { MunicipioTable } from '../../electron/app/municipios';
import { setTransport } from '../../renderer/src/bridge';
import PlaceFields from '../../renderer/src/components/cte/PlaceFields.vue';
import type { PlaceDraft } from '../../renderer/src/views/emitir-cte/form-model';
import { localePtBr } from '../../renderer/src/locale-pt-br';
import { createFakeTransport } from './support/fake-transport';
import type { FakeTransport } from './support/fake-transport';
import { waitFor } from './support/mount';

// The real command handlers over the real table: the fake transport only stands in for IPC.
const dispatch = createDispatcher(municipioCommands(new MunicipioTable()) as CommandTable, silentLogger);
const mounted: { unmount(): void }[] = [];

afterEach(() => {
  for (const w of mounted.splice(0)) w.unmount();
  document.body.innerHTML = '';
  setTransport(null);
});

function withTable(): FakeTransport {
  const transport = createFakeTransport();
  transport.handlers['municipio:search'] = (input) => dispatch('municipio:search', input) as never;
  transport.handlers['municipio:get'] = (input) => dispatch('municipio:get', input) as never;
  return transport;
}

function mountPlace(transport: FakeTransport, initial: Partial<PlaceDraft> = {}, exterior = true) {
  setTransport(transport);
  const place = reactive<PlaceDraft>({ cMun: '', xMun: '', uf: '', ...initial });
  const Host = defineComponent(
    () => () =>
      h(PlaceFields, {
        modelValue: place,
        'onUpdate:modelValue': (value: PlaceDraft) => Object.assign(place, value),
        path: 'geral.inicio',
        label: 'Início da prestação',
        exterior,
      }),
  );
  const wrapper = mount(Host, {
    attachTo: document.body,
    global: { plugins: [[PrimeVue, { theme: 'none', locale: localePtBr }]] },
  });
  mounted.push(wrapper);
  return { wrapper, place };
}

async function typeName(wrapper: ReturnType<typeof mountPlace>['wrapper'], text: string) {
  const input = wrapper.find('#f-geral-inicio-xMun');
  await input.trigger('focus');
  (input.element as HTMLInputElement).value = text;
  await input.trigger('input');
}

const options = () => [...document.body.querySelectorAll('[data-testid="municipio-option"]')];
const optionTexts = () => options().map((o) => o.textContent?.replace(/\s+/g, ' ').trim());

describe('PlaceFields', () => {
  it('keeps the ids the forms and e2e tests use', () => {
    const { wrapper } = mountPlace(withTable());
    expect(wrapper.find('input#f-geral-inicio-cMun').exists()).toBe(true);
    expect(wrapper.find('input#f-geral-inicio-xMun').exists()).toBe(true);
    expect(wrapper.find('[data-testid="geral-inicio-uf"]').exists()).toBe(true);
  });

  it('finds "campinas" typed in lower case and fills code, name and UF on a pick', async () => {
    const { wrapper, place } = mountPlace(withTable());
    await typeName(wrapper, 'campinas');
    expect(place.xMun).toBe('campinas');
    await waitFor(() => expect(optionTexts()[0]).toBe('Campinas/SP — 3509502'));
    expect(optionTexts()).toContain('Campinas do Sul/RS — 4303806');
    (options()[0] as HTMLElement).click();
    await flushPromises();
    expect({ ...place }).toEqual({ cMun: '3509502', xMun: 'Campinas', uf: 'SP' });
    expect((wrapper.find('#f-geral-inicio-xMun').element as HTMLInputElement).value).toBe('Campinas');
  });

  it('matches without accents and shows the accented name', async () => {
    const { wrapper } = mountPlace(withTable());
    await typeName(wrapper, 'SAO JOSE DOS CAMPOS');
    await waitFor(() => expect(optionTexts()[0]).toBe('São José dos Campos/SP — 3549904'));
  });

  it('finds a municipality by a code typed in the name field', async () => {
    const { wrapper, place } = mountPlace(withTable());
    await typeName(wrapper, '4106902');
    await waitFor(() => expect(optionTexts()).toEqual(['Curitiba/PR — 4106902']));
    (options()[0] as HTMLElement).click();
    await flushPromises();
    expect({ ...place }).toEqual({ cMun: '4106902', xMun: 'Curitiba', uf: 'PR' });
  });

  it('still takes a typed code, and brings its name and UF', async () => {
    const { wrapper, place } = mountPlace(withTable(), { uf: 'PR', xMun: 'Curitiba', cMun: '4106902' });
    await wrapper.find('#f-geral-inicio-cMun').setValue('3509502');
    await waitFor(() => expect({ ...place }).toEqual({ cMun: '3509502', xMun: 'Campinas', uf: 'SP' }));
  });

  it('leaves a name typed while the code was being looked up', async () => {
    const { wrapper, place } = mountPlace(withTable());
    await wrapper.find('#f-geral-inicio-cMun').setValue('3303302');
    place.xMun = 'Niteroi (centro)';
    await flushPromises();
    await waitFor(() => expect(place.uf).toBe('RJ'));
    expect(place.xMun).toBe('Niteroi (centro)');
  });

  it('warns, without refusing, about a valid code the IBGE table lacks', async () => {
    const { wrapper, place } = mountPlace(withTable());
    await wrapper.find('#f-geral-inicio-cMun').setValue('3509510');
    const warning = await waitFor(() => {
      const found = wrapper.find('[data-testid="geral-inicio-warning"]');
      expect(found.exists()).toBe(true);
      return found;
    });
    expect(warning.text()).toBe('Código IBGE não encontrado na tabela do IBGE; confira antes de emitir.');
    expect(place.cMun).toBe('3509510');
    expect(place.uf).toBe('SP');
    await wrapper.find('#f-geral-inicio-cMun').setValue('3509502');
    await waitFor(() => expect(wrapper.find('[data-testid="geral-inicio-warning"]').exists()).toBe(false));
  });

  it('checks a code that arrives from a draft, without changing its name', async () => {
    const { wrapper, place } = mountPlace(withTable(), { cMun: '3509510', xMun: 'Vila Nova', uf: 'SP' });
    await waitFor(() => expect(wrapper.find('[data-testid="geral-inicio-warning"]').exists()).toBe(true));
    expect(place.xMun).toBe('Vila Nova');
  });

  it('opens no list when the answer arrives after the clerk left the field', async () => {
    const transport = withTable();
    const { wrapper } = mountPlace(transport);
    await typeName(wrapper, 'campinas');
    await wrapper.find('#f-geral-inicio-xMun').trigger('blur');
    await waitFor(() => expect(transport.calls.some((c) => c.channel === 'municipio:search')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await flushPromises();
    expect(document.body.querySelector('[role="listbox"]')).toBeNull();
    expect(options()).toHaveLength(0);
  });

  it('closes the list when focus moves to another field without a click', async () => {
    const { wrapper } = mountPlace(withTable());
    await typeName(wrapper, 'campinas');
    await waitFor(() => expect(options().length).toBeGreaterThan(0));
    const code = wrapper.find('#f-geral-inicio-cMun').element;
    wrapper
      .find('#f-geral-inicio-xMun')
      .element.dispatchEvent(new FocusEvent('blur', { relatedTarget: code }));
    await waitFor(() => expect(options()).toHaveLength(0));
  });

  it('offers the exterior where the form allows it', async () => {
    const { wrapper, place } = mountPlace(withTable());
    await typeName(wrapper, 'exte');
    await waitFor(() => expect(optionTexts()[0]).toBe('EXTERIOR/EX — 9999999'));
    (options()[0] as HTMLElement).click();
    await flushPromises();
    expect({ ...place }).toEqual({ cMun: '9999999', xMun: 'EXTERIOR', uf: 'EX' });
  });

  it('offers no exterior in Brazil-only addresses', async () => {
    const transport = withTable();
    const { wrapper } = mountPlace(transport, {}, false);
    await typeName(wrapper, 'exte');
    await waitFor(() => expect(transport.calls.some((c) => c.channel === 'municipio:search')).toBe(true));
    await flushPromises();
    expect(optionTexts().some((t) => t?.includes('9999999'))).toBe(false);
  });

  it('stays a plain text field when the table cannot be reached', async () => {
    const transport = createFakeTransport();
    const { wrapper, place } = mountPlace(transport);
    await typeName(wrapper, 'Campinas');
    await wrapper.find('#f-geral-inicio-cMun').setValue('3509502');
    await waitFor(() => expect(transport.calls.some((c) => c.channel === 'municipio:get')).toBe(true));
    await flushPromises();
    expect({ ...place }).toEqual({ cMun: '3509502', xMun: 'Campinas', uf: 'SP' });
    expect(wrapper.find('[data-testid="geral-inicio-warning"]').exists()).toBe(false);
  });
});
