// The general fields the three CT-e forms share: what each form passes (hint, search, natOp's
// layout) reaches the DOM, a form's own fields land between natOp and the emission
// time, and a CFOP picked in the search fills the field and marks it touched.
import { mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h, provide, reactive } from 'vue';

import GeralFields from '../../renderer/src/components/cte/GeralFields.vue';
import { formContextKey } from '../../renderer/src/components/cte/form-context';

const mounted: { unmount(): void }[] = [];
afterEach(() => {
  for (const w of mounted.splice(0)) w.unmount();
  document.body.innerHTML = '';
});

function mountFields(props: Record<string, unknown>) {
  const geral = reactive({ cfop: '', natOp: '', dhEmi: '' });
  const touched: string[] = [];
  const Host = defineComponent({
    setup() {
      provide(formContextKey, {
        errorOf: () => undefined,
        touch: (p) => touched.push(p),
        company: () => null,
      });
      return () =>
        h('div', { class: 'cte-grid' }, [
          h(
            GeralFields,
            {
              ...props,
              cfop: geral.cfop,
              'onUpdate:cfop': (v: string) => (geral.cfop = v),
              natOp: geral.natOp,
              'onUpdate:natOp': (v: string) => (geral.natOp = v),
              dhEmi: geral.dhEmi,
              'onUpdate:dhEmi': (v: string) => (geral.dhEmi = v),
            },
            { default: () => h('div', { 'data-testid': 'own' }, 'campo do formulário') },
          ),
        ]);
    },
  });
  const wrapper = mount(Host, {
    attachTo: document.body,
    global: { plugins: [[PrimeVue, { theme: 'none' }]] },
  });
  mounted.push(wrapper);
  return { wrapper, geral, touched };
}

describe('GeralFields', () => {
  it('lays out CFOP, natOp, the form’s own fields, then the emission time', () => {
    const { wrapper } = mountFields({});
    const order = wrapper
      .findAll('.cte-grid > *')
      .map((e) => e.attributes('data-path') ?? e.attributes('data-testid'));
    expect(order).toEqual(['geral.cfop', 'geral.natOp', 'own', 'geral.dhEmi']);
    expect(wrapper.find('#cfop-busca').exists()).toBe(false);
  });

  it('gives natOp the MOC length (60) always, and the width only when a form asks for it', () => {
    const os = mountFields({ natOpWide: true });
    expect(os.wrapper.get('#f-geral-natOp').attributes('maxlength')).toBe('60');
    expect(os.wrapper.get('[data-path="geral.natOp"]').classes()).toContain('cte-field--wide');
    expect(os.wrapper.get('#f-geral-cfop').attributes('maxlength')).toBe('4');
    const simp = mountFields({});
    expect(simp.wrapper.get('#f-geral-natOp').attributes('maxlength')).toBe('60');
    expect(simp.wrapper.get('[data-path="geral.natOp"]').classes()).not.toContain('cte-field--wide');
  });

  it('shows the CFOP’s description unless the form gives its own hint', async () => {
    const { wrapper, geral } = mountFields({});
    geral.cfop = '5353';
    await wrapper.vm.$nextTick();
    expect(wrapper.get('[data-path="geral.cfop"]').text()).toMatch(/transporte/i);
    const own = mountFields({ cfopHint: 'Entre UFs: 6xxx' });
    expect(own.wrapper.get('[data-path="geral.cfop"]').text()).toContain('Entre UFs: 6xxx');
  });

  it('fills the CFOP picked in the search, under the id the form asks for, and touches it', async () => {
    const { wrapper, geral, touched } = mountFields({ search: true, searchInputId: 'cfop-busca-os' });
    await wrapper.get('#cfop-busca-os').setValue('6353');
    await wrapper.get('.cfop-list button').trigger('click');
    expect(geral.cfop).toBe('6353');
    expect(touched).toContain('geral.cfop');
    expect((wrapper.get('#f-geral-cfop').element as HTMLInputElement).value).toBe('6353');
  });
});
