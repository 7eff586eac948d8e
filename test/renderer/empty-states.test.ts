// Empty states say what to do next, with a button (issue 19, item 9): Documentos (issue or sync;
// or clear the filters when they are what empties the list) and the NF-e inbox (fetch the notes).
import { afterEach, describe, expect, it, vi } from 'vitest';

import App from '../../renderer/src/App.vue';
import { setTransport } from '../../renderer/src/bridge';
import type { FakeTransport } from './support/fake-transport';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

const company = '45723174000110';

afterEach(() => {
  setTransport(null);
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

function emptyDocuments(): FakeTransport {
  const transport = createFakeTransport({ settings: settingsWith({ selectedCompany: company }) });
  transport.handlers['documents:search'] = () => ({
    ok: true,
    data: {
      rows: [],
      totals: { count: 0, valorPrestacao: 0, valorIcms: 0, valorDeclarado: 0 },
      offset: 0,
      limit: 50,
    },
  });
  return transport;
}

describe('empty states', { timeout: 20_000 }, () => {
  it('Documentos with nothing issued: says so and offers "Emitir CT-e"', async () => {
    const { wrapper, router } = await mountWith(App, emptyDocuments(), { route: '/documentos' });
    const empty = await waitFor(() => wrapper.get('[data-testid="doc-empty"]'));
    expect(empty.text()).toContain('Nenhum documento emitido por esta empresa neste ambiente ainda.');
    expect(empty.find('[data-testid="doc-empty-clear"]').exists()).toBe(false);
    // The issuing form itself is tested elsewhere: here, only where the button leads.
    const push = vi.spyOn(router, 'push').mockResolvedValue(undefined);
    await empty.get('[data-testid="doc-empty-issue"]').trigger('click');
    expect(push).toHaveBeenCalledWith('/emitir-cte');
  });

  it('Documentos still reading its list says so, not that nothing was issued', async () => {
    const transport = emptyDocuments();
    const answer = transport.handlers['documents:search']!;
    let release: () => void = () => undefined;
    transport.handlers['documents:search'] = async (input) => {
      await new Promise<void>((resolve) => (release = resolve));
      return answer(input);
    };
    const { wrapper } = await mountWith(App, transport, { route: '/documentos' });
    const loading = await waitFor(() => wrapper.get('[data-testid="doc-loading"]'));
    expect(loading.text()).toBe('Carregando os documentos…');
    expect(wrapper.find('[data-testid="doc-empty"]').exists()).toBe(false);
    release();
    const empty = await waitFor(() => wrapper.get('[data-testid="doc-empty"]'));
    expect(empty.text()).toContain('Nenhum documento emitido por esta empresa neste ambiente ainda.');
    expect(wrapper.find('[data-testid="doc-loading"]').exists()).toBe(false);
  });

  it('Documentos emptied by a filter: offers to clear the filters', async () => {
    const transport = emptyDocuments();
    const { wrapper } = await mountWith(App, transport, { route: '/documentos' });
    await waitFor(() => wrapper.get('[data-testid="doc-empty"]'));
    await wrapper.get('[data-testid="doc-text"]').setValue('inexistente');
    await wrapper.get('[data-testid="doc-search"]').trigger('click');
    await settle();
    const empty = await waitFor(() => wrapper.get('[data-testid="doc-empty-clear"]'));
    expect(wrapper.get('[data-testid="doc-empty"]').text()).toContain(
      'Nenhum documento encontrado com estes filtros.',
    );
    await empty.trigger('click');
    await settle();
    expect(wrapper.find('[data-testid="doc-empty-clear"]').exists()).toBe(false);
  });

  it('the NF-e inbox with no notes: a button fetches them', async () => {
    const transport = createFakeTransport({ settings: settingsWith({ selectedCompany: company }) });
    const counts = { company, novas: 0, prazoCurto: 0 };
    transport.handlers['inbox:counts'] = () => ({ ok: true, data: counts });
    transport.handlers['inbox:status'] = () => ({
      ok: true,
      data: {
        ultimoNsu: 0,
        maxNsu: 0,
        ultimaConsulta: null,
        proximaConsulta: null,
        bloqueado656: false,
        codigoStatus: null,
        motivoStatus: null,
        erro: null,
        automatica: false,
        counts,
      },
    });
    transport.handlers['inbox:list'] = () => ({ ok: true, data: { notes: [], events: [], total: 0 } });
    transport.handlers['inbox:manifestations'] = () => ({ ok: true, data: { manifestations: [], total: 0 } });
    transport.handlers['inbox:pending'] = () => ({ ok: true, data: { notes: [], total: 0 } });
    transport.handlers['inbox:distribute'] = () => ({
      ok: false,
      error: { code: 'offline', message: 'Sem conexão.' },
    });
    const { wrapper } = await mountWith(App, transport, { route: '/caixa-entrada' });
    const empty = await waitFor(() => wrapper.get('[data-testid="inbox-empty"]'));
    expect(empty.text()).toContain('Nenhuma nota recebida como transportador.');
    await empty.get('[data-testid="inbox-empty-fetch"]').trigger('click');
    await settle();
    expect(transport.calls.find((c) => c.channel === 'inbox:distribute')?.input).toMatchObject({ company });
  });
});
