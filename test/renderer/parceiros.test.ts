// Parceiros (issue 19, item 9): the address book has its own screen in the sidebar, with a search,
// the editor, and an empty state that says what to do next; in the CT-e form the partner search
// brings its results into view.
import { afterEach, describe, expect, it, vi } from 'vitest';

import App from '../../renderer/src/App.vue';
import { setTransport } from '../../renderer/src/bridge';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

const company = '45723174000110';

afterEach(() => {
  setTransport(null);
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const entry = {
  cpfCnpj: '04252011000110',
  nome: 'Remetente Ltda',
  inscricaoEstadual: null,
  uf: 'PR',
  municipio: 'Curitiba',
  useCount: 3,
  data: {
    cpfCnpj: '04252011000110',
    ie: '',
    xNome: 'Remetente Ltda',
    fone: '',
    email: '',
    endereco: {
      xLgr: 'Rua A',
      nro: '1',
      xCpl: '',
      xBairro: 'Centro',
      cMun: '4106902',
      xMun: 'Curitiba',
      CEP: '80000000',
      UF: 'PR',
    },
  },
};

describe('Parceiros screen', () => {
  it('is reachable from the sidebar and lists, searches and edits the partners', async () => {
    const transport = createFakeTransport({ settings: settingsWith({ selectedCompany: company }) });
    transport.handlers['addressBook:search'] = (input) => {
      const text = (input as { text: string }).text;
      return { ok: true, data: { entries: !text || /reme/i.test(text) ? [entry] : [] } };
    };
    const { wrapper, router } = await mountWith(App, transport, { route: '/painel' });
    await settle();
    await wrapper.get('[data-testid="nav-parceiros"]').trigger('click');
    await waitFor(() => expect(router.currentRoute.value.name).toBe('parceiros'));
    await waitFor(() =>
      expect(wrapper.get('[data-testid="book-entries"]').text()).toContain('Remetente Ltda'),
    );
    expect(wrapper.get('h1').text()).toBe('Parceiros');
    expect(transport.calls.find((c) => c.channel === 'addressBook:search')?.input).toMatchObject({ company });

    await wrapper.get('[aria-label="Editar Remetente Ltda"]').trigger('click');
    await settle();
    expect(wrapper.text()).toContain('Editar parceiro');
    await wrapper
      .findAll('button')
      .find((b) => b.text() === 'Cancelar')!
      .trigger('click');
    await settle();

    vi.useFakeTimers();
    await wrapper.get('input[aria-label="Buscar parceiros"]').setValue('zzz');
    await vi.advanceTimersByTimeAsync(300);
    vi.useRealTimers();
    await settle();
    expect(wrapper.get('[data-testid="book-none"]').text()).toContain(
      'Nenhum parceiro encontrado para “zzz”',
    );
  });

  it('says what to do when there are no partners yet, with a button', async () => {
    const transport = createFakeTransport({ settings: settingsWith({ selectedCompany: company }) });
    transport.handlers['addressBook:search'] = () => ({ ok: true, data: { entries: [] } });
    const { wrapper } = await mountWith(App, transport, { route: '/parceiros' });
    const empty = await waitFor(() => wrapper.get('[data-testid="book-empty"]'));
    expect(empty.text()).toContain('Ainda não há parceiros.');
    expect(empty.text()).toContain('a cada CT-e ou DC-e emitido');
    await empty.get('[data-testid="book-empty-new"]').trigger('click');
    await settle();
    expect(wrapper.text()).toContain('Novo parceiro');
  });
});
