import { mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { describe, expect, it } from 'vitest';
import { defineComponent, h, ref } from 'vue';

import MaskedInput from '../../renderer/src/components/MaskedInput.vue';

function mountMasked(mask: 'cnpj' | 'cep' | 'phone') {
  const value = ref('');
  const Host = defineComponent({
    setup: () => () =>
      h(MaskedInput, {
        mask,
        modelValue: value.value,
        'onUpdate:modelValue': (next: string) => (value.value = next),
      }),
  });
  const wrapper = mount(Host, {
    attachTo: document.body,
    global: { plugins: [[PrimeVue, { theme: 'none' }]] },
  });
  return { wrapper, value, input: wrapper.get('input') };
}

describe('MaskedInput', () => {
  it('formats an alphanumeric CNPJ as it is typed', async () => {
    const { input, value } = mountMasked('cnpj');
    for (const char of '12abc34501de35') {
      await input.setValue((input.element as HTMLInputElement).value + char);
    }
    expect(value.value).toBe('12.ABC.345/01DE-35');
    expect((input.element as HTMLInputElement).value).toBe('12.ABC.345/01DE-35');
    await input.setValue(' 12.345.678/0001-95 ');
    expect(value.value).toBe('12.345.678/0001-95');
  });

  it('reformats a pasted CEP and phone', async () => {
    const cep = mountMasked('cep');
    await cep.input.setValue('01310100');
    expect(cep.value.value).toBe('01310-100');
    const phone = mountMasked('phone');
    await phone.input.setValue('11987654321');
    expect(phone.value.value).toBe('(11) 98765-4321');
  });
});
