import { mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick, ref } from 'vue';

import DateInput from '../../renderer/src/components/DateInput.vue';

function mountDate(initial = '', time = false, keepInvalid = false) {
  const value = ref(initial);
  const problem = ref<string | null>(null);
  const Host = defineComponent({
    setup: () => () =>
      h(DateInput, {
        label: time ? 'Data e hora de emissão' : 'Data de emissão',
        time,
        keepInvalid,
        inputId: 'f-date',
        modelValue: value.value,
        'onUpdate:modelValue': (next: string) => (value.value = next),
        problem: problem.value,
        'onUpdate:problem': (next: string | null) => (problem.value = next),
      }),
  });
  const wrapper = mount(Host, {
    attachTo: document.body,
    global: { plugins: [[PrimeVue, { theme: 'none' }]] },
  });
  const input = wrapper.get('input');
  const shown = () => (input.element as HTMLInputElement).value;
  return { wrapper, value, problem, input, shown };
}

describe('DateInput', () => {
  it('is a text field typed as dd/mm/aaaa, never the browser date picker (which follows the locale)', async () => {
    const { input, value, shown } = mountDate();
    expect(input.attributes('type')).not.toBe('date');
    expect(input.attributes('placeholder')).toBe('dd/mm/aaaa');
    await input.setValue('25112026');
    expect(shown()).toBe('25/11/2026');
    expect(value.value).toBe('2026-11-25');
  });

  it('shows an ISO model as dd/mm/aaaa and follows changes from outside', async () => {
    const { value, shown } = mountDate('2026-03-05');
    expect(shown()).toBe('05/03/2026');
    value.value = '2026-10-31';
    await nextTick();
    expect(shown()).toBe('31/10/2026');
    value.value = '';
    await nextTick();
    expect(shown()).toBe('');
  });

  it('refuses 29/02 of a non-leap year and other days that do not exist, naming the field', async () => {
    const { wrapper, input, value, problem } = mountDate('2026-11-25');
    await input.setValue('29/02/2027');
    expect(value.value).toBe('');
    expect(problem.value).toBe('Data de emissão: 29/02/2027 não é uma data válida (2027 não é ano bissexto)');
    expect(wrapper.get('[data-testid="date-problem"]').text()).toBe(problem.value);
    expect(input.attributes('aria-invalid')).toBe('true');
    await input.setValue('29/02/2028');
    expect(value.value).toBe('2028-02-29');
    expect(problem.value).toBeNull();
    expect(wrapper.find('[data-testid="date-problem"]').exists()).toBe(false);
  });

  it('reads an en-US date typed by habit as what it is, not as a silent swap', async () => {
    const { input, value, problem } = mountDate();
    await input.setValue('11/25/2026');
    expect(value.value).toBe('');
    expect(problem.value).toBe('Data de emissão: 11/25/2026 não é uma data válida');
  });

  it('says an incomplete date only after leaving the field', async () => {
    const { wrapper, input, problem } = mountDate();
    await input.setValue('2511');
    expect(problem.value).toBe('Data de emissão: informe a data completa no formato dd/mm/aaaa');
    expect(wrapper.find('[data-testid="date-problem"]').exists()).toBe(false);
    await input.trigger('blur');
    expect(wrapper.get('[data-testid="date-problem"]').text()).toContain('informe a data completa');
  });

  it('a parent clearing the problem (Limpar) clears a half-typed date', async () => {
    const { input, problem, shown } = mountDate();
    await input.setValue('31/02/2026');
    expect(problem.value).not.toBeNull();
    problem.value = null;
    await nextTick();
    expect(shown()).toBe('');
  });

  it('in an issuing form (keepInvalid) a half-typed time reaches the model as typed, not as "now"', async () => {
    const { input, value, problem, shown } = mountDate('', true, true);
    await input.setValue('25/11/2026 23:3');
    // An empty dhEmi means "the time of sending": the form must see that something else was meant.
    expect(value.value).toBe('25/11/2026 23:3');
    expect(shown()).toBe('25/11/2026 23:3');
    expect(problem.value).toBe('Data e hora de emissão: informe a data completa no formato dd/mm/aaaa hh:mm');
    await input.setValue('25/11/2026 23:30');
    expect(value.value).toBe('2026-11-25T23:30');
    expect(problem.value).toBeNull();
  });

  it('with time: dd/mm/aaaa hh:mm ↔ Brasília wall time', async () => {
    const { input, value, shown, problem } = mountDate('2026-11-25T23:30', true);
    expect(shown()).toBe('25/11/2026 23:30');
    await input.setValue('260120270815');
    expect(shown()).toBe('26/01/2027 08:15');
    expect(value.value).toBe('2027-01-26T08:15');
    await input.setValue('26/01/2027 25:00');
    expect(value.value).toBe('');
    expect(problem.value).toBe('Data e hora de emissão: 25:00 não é um horário válido');
  });
});
