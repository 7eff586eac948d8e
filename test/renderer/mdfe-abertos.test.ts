// "MDF-e em aberto" over the contract-checked fake transport: the one-click "Encerrar" of a row
// prepares the closing at the last unloading municipality of the cached XML and today in Brasília,
// and asks in words (number, série, plate, place, day, irreversible); mdfe:close goes only after
// "Sim, encerrar", never on "Voltar" (issue 19 item 5; issue 18 "one-click closing").
import { afterEach, describe, expect, it } from 'vitest';

import { setTransport } from '../../renderer/src/bridge';
import { useAppStore } from '../../renderer/src/stores/app';
import { brasiliaDay } from '../../renderer/src/views/documento-mdfe/lifecycle';
import MdfeAbertosView from '../../renderer/src/views/mdfe-abertos/MdfeAbertosView.vue';
import type { FakeTransport } from './support/fake-transport';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { closingEvent, MDFE_COMPANY, mdfeDetailFixture } from './support/mdfe-fixtures';
import { mountWith, settle } from './support/mount';

const mounted: { unmount(): void }[] = [];
afterEach(() => {
  for (const w of mounted.splice(0)) w.unmount();
  setTransport(null);
  document.body.innerHTML = '';
});

const dialog = () => document.body.querySelector('[data-testid="confirm-act"]');
const click = (id: string) =>
  document.body.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)!.click();
const closes = (t: FakeTransport) => t.calls.filter((c) => c.channel === 'mdfe:close');

function transport(): FakeTransport {
  const t = createFakeTransport({ settings: settingsWith({ selectedCompany: MDFE_COMPANY }) });
  let closed = false;
  const open = mdfeDetailFixture();
  t.handlers['mdfe:open'] = () => ({
    ok: true,
    data: { items: closed ? [] : [open.mdfe], outros: [], consultadoNaSefaz: true, aviso: null },
  });
  t.handlers['mdfe:get'] = () => ({ ok: true, data: open });
  t.handlers['mdfe:close'] = () => {
    closed = true;
    return {
      ok: true,
      data: {
        ...mdfeDetailFixture({ status: 'encerrado', events: [closingEvent], cancellable: false }),
        event: { status: 'registrado' },
      },
    };
  };
  return t;
}

async function mountView(t: FakeTransport) {
  const r = await mountWith(MdfeAbertosView, t, { route: '/mdfe-abertos' });
  mounted.push(r.wrapper);
  await useAppStore().updateSettings({ selectedCompany: MDFE_COMPANY });
  await settle();
  return r;
}

describe('MDF-e em aberto', () => {
  it('"Encerrar" asks first, in words; "Voltar" sends nothing', async () => {
    const t = transport();
    const { wrapper } = await mountView(t);
    expect(wrapper.get('[data-testid="mdfe-aberto-7"]').text()).toContain('TRK1A23');
    expect(dialog()).toBeNull();

    await wrapper.get('[data-testid="mdfe-encerrar-7"]').trigger('click');
    await settle();
    expect(closes(t)).toHaveLength(0);
    const today = brasiliaDay(new Date()).split('-').reverse().join('/');
    expect(dialog()!.textContent).toContain('Encerrar este MDF-e?');
    expect(document.body.querySelector('[data-testid="confirm-closing-what"]')!.textContent!.trim()).toBe(
      `O MDF-e nº 7, série 1 (placa TRK1A23), vai ser encerrado na SEFAZ agora, em Curitiba/PR, com data de ${today}.`,
    );
    expect(document.body.querySelector('[data-testid="confirm-act-irreversible"]')!.textContent).toContain(
      'O encerramento não pode ser desfeito',
    );

    click('confirm-act-back');
    await settle();
    expect(dialog()).toBeNull();
    expect(closes(t)).toHaveLength(0);
    expect(wrapper.find('[data-testid="mdfe-abertos-done"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="mdfe-aberto-7"]').exists()).toBe(true);
  });

  it('"Sim, encerrar" closes at the last unloading municipality, today, and the list empties', async () => {
    const t = transport();
    const { wrapper } = await mountView(t);
    await wrapper.get('[data-testid="mdfe-encerrar-7"]').trigger('click');
    await settle();
    expect(closes(t)).toHaveLength(0);
    click('confirm-act-yes');
    await settle();
    expect(closes(t).map((c) => c.input)).toEqual([
      { id: 7, uf: 'PR', codigoMunicipio: '4106902', data: brasiliaDay(new Date()) },
    ]);
    expect(dialog()).toBeNull();
    expect(wrapper.get('[data-testid="mdfe-abertos-done"]').text()).toBe(
      'MDF-e 1/7 encerrado em Curitiba/PR.',
    );
    expect(wrapper.find('[data-testid="mdfe-abertos-vazio"]').exists()).toBe(true);
  });

  it('without the XML on this computer it says so and asks nothing', async () => {
    const t = transport();
    t.handlers['mdfe:get'] = () => ({ ok: true, data: { ...mdfeDetailFixture(), viagem: null } });
    const { wrapper } = await mountView(t);
    await wrapper.get('[data-testid="mdfe-encerrar-7"]').trigger('click');
    await settle();
    expect(dialog()).toBeNull();
    expect(closes(t)).toHaveLength(0);
    expect(wrapper.get('[data-testid="mdfe-abertos-error"]').text()).toContain(
      'O XML deste MDF-e ainda não está no computador',
    );
  });
});
