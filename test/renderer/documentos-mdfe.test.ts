// MDF-e rows in Documentos: labelled MDF-e with their route and plate, no value; a click opens the
// MDF-e screen (never the CT-e detail of the same id number); they stay out of batch selections;
// the kind filter offers MDF-e and sends it.
import { afterEach, describe, expect, it } from 'vitest';

import App from '../../renderer/src/App.vue';
import { setTransport } from '../../renderer/src/bridge';
import { emptyFilterForm, toSearchFilter } from '../../renderer/src/components/documents/filter-form';
import { kindOptions } from '../../renderer/src/components/documents/status';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mdfeDetailFixture, MDFE_COMPANY as company } from './support/mdfe-fixtures';
import { mountWith, settle, waitFor } from './support/mount';

afterEach(() => {
  setTransport(null);
  document.body.innerHTML = '';
});

const base = {
  apiId: 'x',
  environment: 'demonstracao',
  company,
  serie: 1,
  referencia: null,
  status: 'autorizado',
  dataEmissao: '2026-11-20T12:00:00-03:00',
  tomadorNome: null,
  tomadorDoc: null,
  remetenteNome: null,
  remetenteDoc: null,
  destinatarioNome: null,
  destinatarioDoc: null,
  ufInicio: 'SP',
  municipioInicio: null,
  ufFim: 'PR',
  municipioFim: 'Curitiba',
  valorIcms: null,
  hasXml: true,
  missingRemote: false,
  syncedAt: '2026-11-21T10:00:00Z',
};
const cteRow = {
  ...base,
  id: 7,
  kind: 'cte',
  modelo: 57,
  numero: 70,
  chave: '4'.repeat(44),
  valorPrestacao: 900,
};
const mdfeRow = {
  ...base,
  id: 7,
  kind: 'mdfe',
  modelo: 58,
  numero: 7,
  chave: '5'.repeat(44),
  valorPrestacao: null,
  placa: 'TRK1A23',
};

function transport() {
  const t = createFakeTransport({ settings: settingsWith({ selectedCompany: company }) });
  t.handlers['documents:search'] = () => ({
    ok: true,
    data: {
      rows: [mdfeRow, cteRow],
      totals: { count: 2, valorPrestacao: 900, valorIcms: 0, valorDeclarado: 0 },
      offset: 0,
      limit: 50,
    },
  });
  t.handlers['mdfe:get'] = () => ({ ok: true, data: mdfeDetailFixture() });
  return t;
}

describe('MDF-e in Documentos', { timeout: 20_000 }, () => {
  it('offers the MDF-e kind and sends it', () => {
    expect(kindOptions).toContainEqual({ value: 'mdfe', label: 'MDF-e' });
    expect(toSearchFilter({ ...emptyFilterForm(), kinds: ['mdfe'] }, company)).toEqual({
      company,
      kinds: ['mdfe'],
    });
  });

  it('shows the MDF-e row, keeps it out of batches and opens its own screen', async () => {
    const t = transport();
    const { wrapper, router } = await mountWith(App, t, { route: '/documentos' });
    await settle();
    const rows = await waitFor(() => {
      const found = wrapper.findAll('[data-testid="doc-table"] tbody tr');
      expect(found).toHaveLength(2);
      return found;
    });
    expect(rows[0]!.text()).toContain('MDF-e');
    const trajeto = rows[0]!.find('.cell-route');
    expect(trajeto.find('span').text()).toBe('SP → PR');
    expect(trajeto.find('.cell-trip').text()).toBe('descarga em Curitiba · placa TRK1A23');
    const boxes = wrapper.findAll('[data-testid="doc-table"] tbody tr input[type="checkbox"]');
    await boxes[0]!.setValue(true);
    await boxes[1]!.setValue(true);
    await settle();
    expect(wrapper.get('[data-testid="doc-totals"]').text()).toContain('1 selecionado');
    await rows[0]!.findAll('td')[2]!.trigger('click');
    await settle();
    await waitFor(() => expect(router.currentRoute.value.fullPath).toBe(`/mdfe/${company}/7`));
    await waitFor(() => expect(t.calls.some((c) => c.channel === 'mdfe:get')).toBe(true));
    expect(t.calls.find((c) => c.channel === 'mdfe:get')!.input).toEqual({ id: 7 });
    expect(t.calls.some((c) => c.channel === 'documents:get')).toBe(false);
  });
});
