// The one ICMS block of the CT-e, CT-e OS and CT-e simplificado forms: a typed base is the tax base
// itself, the "other UF" fields compute too, and a form without tax substitution has no '60'.
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h, reactive } from 'vue';

import { setTransport } from '../../renderer/src/bridge';
import IcmsFields from '../../renderer/src/components/cte/IcmsFields.vue';
import { createFakeTransport } from './support/fake-transport';
import { mountWith, settle } from './support/mount';

const mounted: { unmount(): void }[] = [];
afterEach(() => {
  for (const w of mounted.splice(0)) w.unmount();
  setTransport(null);
  document.body.innerHTML = '';
});

async function mountIcms(icms: Record<string, string | number | null>, without: string[] = []) {
  type Icms = { situacao: string } & Record<string, string | number | null>;
  const model = reactive<{ icms: Icms }>({ icms: { situacao: '00', ...icms } });
  const Host = defineComponent({
    setup: () => () =>
      h(IcmsFields, {
        modelValue: model.icms,
        'onUpdate:modelValue': (v: Icms) => (model.icms = v),
        path: 'impostos.icms',
        base: 1000,
        without,
      }),
  });
  const { wrapper } = await mountWith(Host, createFakeTransport());
  mounted.push(wrapper);
  return { wrapper, model };
}

describe('ICMS fields', () => {
  it('computes on the service total less the reduction, or on the base typed as it is', async () => {
    const { wrapper, model } = await mountIcms({ situacao: '20', pRedBC: 20, vBC: null, pICMS: 12 });
    expect(wrapper.find('[data-testid="vicms"]').text()).toContain('96,00');
    model.icms.vBC = 500;
    await settle();
    expect(wrapper.find('[data-testid="vicms"]').text()).toContain('60,00');
  });

  it('the ICMS due to another UF is computed from its own fields', async () => {
    const { wrapper } = await mountIcms({
      situacao: 'outraUF',
      pRedBCOutraUF: 10,
      vBCOutraUF: null,
      pICMSOutraUF: 7,
    });
    expect(wrapper.find('[data-testid="vicms"]').text()).toContain('63,00');
  });

  it("leaves '60' out when asked (CT-e OS) and offers it otherwise (CT-e)", async () => {
    const options = async (without: string[]) => {
      const { wrapper } = await mountIcms({ pICMS: null }, without);
      await wrapper.find('[data-testid="icms-situacao"]').trigger('click');
      await settle();
      const labels = [...document.querySelectorAll('.p-select-option')].map((o) => o.textContent ?? '');
      wrapper.unmount();
      mounted.pop();
      document.body.innerHTML = '';
      return labels;
    };
    const cte = await options([]);
    expect(cte.some((l) => l.startsWith('60'))).toBe(true);
    const os = await options(['60']);
    expect(os.length).toBe(cte.length - 1);
    expect(os.some((l) => l.startsWith('60'))).toBe(false);
  });
});
