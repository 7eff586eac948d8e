import { afterEach, describe, expect, it, vi } from 'vitest';

import App from '../../renderer/src/App.vue';
import { setTransport } from '../../renderer/src/bridge';
import { emptyFilterForm, toSearchFilter } from '../../renderer/src/components/documents/filter-form';
import type { FakeTransport } from './support/fake-transport';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

const company = '45723174000110';

afterEach(() => {
  setTransport(null);
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

function row(id: number, patch: Record<string, unknown> = {}) {
  return {
    id,
    apiId: `api-${id}`,
    environment: 'demonstracao',
    company,
    kind: 'cte',
    modelo: 57,
    serie: 1,
    numero: 100 + id,
    chave: String(id).padStart(44, '4'),
    referencia: null,
    status: 'autorizado',
    dataEmissao: '2026-11-20T12:00:00-03:00',
    tomadorNome: `Tomador ${id}`,
    tomadorDoc: '04252011000110',
    remetenteNome: null,
    remetenteDoc: null,
    destinatarioNome: null,
    destinatarioDoc: null,
    ufInicio: 'PR',
    municipioInicio: 'Curitiba',
    ufFim: 'SP',
    municipioFim: 'São Paulo',
    valorPrestacao: 1000 * id,
    valorIcms: 120 * id,
    hasXml: true,
    missingRemote: false,
    syncedAt: '2026-11-21T10:00:00Z',
    ...patch,
  };
}

function documentsTransport(): FakeTransport {
  const transport = createFakeTransport({ settings: settingsWith({ selectedCompany: company }) });
  transport.handlers['documents:search'] = () => ({
    ok: true,
    data: {
      rows: [row(1), row(2, { status: 'cancelado' }), row(3)],
      totals: { count: 1234, valorPrestacao: 1234567.89, valorIcms: 4321.5, valorDeclarado: 98765.4 },
      offset: 0,
      limit: 50,
    },
  });
  transport.handlers['documents:dashboard'] = () => ({
    ok: true,
    data: {
      month: '2026-11',
      byStatus: [],
      count: 0,
      valorPrestacao: 0,
      valorIcms: 0,
      valorDeclarado: 0,
      topTomadores: [],
      lastSync: '2026-11-21T13:00:00Z',
    },
  });
  return transport;
}

function searches(transport: FakeTransport) {
  return transport.calls
    .filter((c) => c.channel === 'documents:search')
    .map((c) => c.input as Record<string, never>);
}

describe('Documentos filters → documents:search', () => {
  it('leaves empty fields out and maps every filled one', () => {
    expect(toSearchFilter(emptyFilterForm(), company)).toEqual({ company });
    const form = {
      ...emptyFilterForm(),
      environment: 'sandbox' as const,
      kinds: ['cte' as const],
      statuses: ['cancelado' as const],
      from: '2026-10-01',
      to: '2026-10-31',
      partyRole: 'tomador' as const,
      party: '04.252.011/0001-10',
      ufInicio: ' pr',
      ufFim: 'sp',
      serie: 1,
      numeroFrom: 10,
      numeroTo: 20,
      valorMin: 0,
      valorMax: 5000,
      text: '  Pinheirinho ',
    };
    expect(toSearchFilter(form, company)).toEqual({
      company,
      environment: 'sandbox',
      kinds: ['cte'],
      statuses: ['cancelado'],
      from: '2026-10-01',
      to: '2026-10-31',
      party: { role: 'tomador', value: '04252011000110' },
      ufInicio: 'PR',
      ufFim: 'SP',
      serie: 1,
      numeroFrom: 10,
      numeroTo: 20,
      valorMin: 0,
      valorMax: 5000,
      text: 'Pinheirinho',
    });
    // A name stays a name, punctuation and all.
    expect(toSearchFilter({ ...emptyFilterForm(), party: 'Silva & Filhos' }, company).party).toEqual({
      role: 'any',
      value: 'Silva & Filhos',
    });
  });
});

describe('Documentos view', { timeout: 20_000 }, () => {
  it('searches the selected company, shows the totals of the whole filtered set and the status tags', async () => {
    const transport = documentsTransport();
    const { wrapper } = await mountWith(App, transport, { route: '/documentos' });
    await settle();
    await waitFor(() => expect(wrapper.find('[data-testid="doc-table"] tbody tr').exists()).toBe(true));
    expect(searches(transport)[0]).toMatchObject({
      filter: { company },
      sort: { field: 'dataEmissao', dir: 'desc' },
      offset: 0,
      limit: 50,
    });
    expect(wrapper.get('[data-testid="total-count"]').text()).toBe('1.234');
    expect(wrapper.get('[data-testid="total-frete"]').text()).toMatch(/R\$\s1\.234\.567,89/);
    expect(wrapper.get('[data-testid="total-icms"]').text()).toMatch(/R\$\s4\.321,50/);
    expect(wrapper.get('[data-testid="total-declarado"]').text()).toMatch(/R\$\s98\.765,40/);
    expect(wrapper.get('[data-testid="doc-totals"]').text()).toContain('Frete (CT-e e CT-e OS autorizados)');
    const rows = wrapper.findAll('[data-testid="doc-table"] tbody tr');
    expect(rows).toHaveLength(3);
    // Emission shows the time of day it is sorted by, in Brasília time.
    expect(rows[0].text()).toContain('20/11/2026 12:00');
    expect(rows[1].text()).toContain('Cancelado');
    expect(rows[0].text()).toContain('1/101');
    expect(wrapper.get('[data-testid="sync-last"]').text()).toContain('21/11/2026');

    await wrapper.get('[data-testid="doc-text"]').setValue('Pinheirinho');
    await wrapper.get('[data-testid="doc-search"]').trigger('click');
    await settle();
    expect(searches(transport).at(-1)).toMatchObject({ filter: { company, text: 'Pinheirinho' }, offset: 0 });
  });

  it('sorting a column asks the main side to sort the whole set', async () => {
    const transport = documentsTransport();
    const { wrapper } = await mountWith(App, transport, { route: '/documentos' });
    await settle();
    const header = wrapper
      .findAll('[data-testid="doc-table"] thead th')
      .find((th) => th.text().includes('Valor'));
    await header!.trigger('click');
    await settle();
    expect(searches(transport).at(-1)).toMatchObject({ sort: { field: 'valorPrestacao', dir: 'asc' } });
  });

  it('batch PDF of the selected rows, with progress and a summary of failures', async () => {
    const transport = documentsTransport();
    let finish: (value: unknown) => void = () => undefined;
    transport.handlers['print:batch'] = (input) =>
      new Promise((resolve) => {
        finish = resolve as (value: unknown) => void;
        void input;
      });
    const { wrapper } = await mountWith(App, transport, { route: '/documentos' });
    await settle();
    const boxes = wrapper.findAll('[data-testid="doc-table"] tbody tr input[type="checkbox"]');
    await boxes[0].setValue(true);
    await boxes[2].setValue(true);
    await settle();
    expect(wrapper.get('[data-testid="doc-totals"]').text()).toContain('2 selecionados');
    await wrapper.get('[data-testid="batch-pdf"]').trigger('click');
    await settle();
    const start = await waitFor(() =>
      document.body.querySelector<HTMLButtonElement>('[data-testid="batch-start"]')!,
    );
    start.click();
    await settle();
    const call = transport.calls.find((c) => c.channel === 'print:batch')!.input as {
      ids: number[];
      jobId: string;
    };
    expect(call).toMatchObject({ ids: [1, 3], action: 'pdf' });
    transport.emit('print:progress', {
      jobId: call.jobId,
      done: 1,
      total: 2,
      failed: 0,
      current: 'CT-e 1/103',
      phase: 'running',
    });
    transport.emit('print:progress', {
      jobId: 'someone-else',
      done: 0,
      total: 9,
      failed: 0,
      current: 'x',
      phase: 'running',
    });
    await settle();
    expect(document.body.querySelector('[data-testid="batch-dialog"]')!.textContent).toContain(
      '1 de 2 — CT-e 1/103',
    );
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
    finish({
      ok: true,
      data: {
        jobId: call.jobId,
        total: 2,
        done: 2,
        failures: [{ id: 3, label: 'CT-e 1/103', message: 'O XML deste documento ainda não foi baixado.' }],
        file: { fileName: 'documentos.zip', savedTo: null, base64: btoa('PK'), size: 2, cancelled: false },
        mode: 'saved',
      },
    });
    await settle();
    const summary = document.body.querySelector('[data-testid="batch-summary"]')!.textContent!;
    expect(summary).toContain('1 de 2 documentos');
    expect(summary).toContain('CT-e 1/103: O XML deste documento ainda não foi baixado.');
    expect(createUrl).toHaveBeenCalled();
  });

  it('exports the previous month of the selected company for the accountant', async () => {
    const transport = documentsTransport();
    transport.handlers['documents:export'] = () => ({
      ok: true,
      data: {
        fileName: 'contabilidade.zip',
        savedTo: 'C:\\Users\\ana\\contabilidade.zip',
        base64: null,
        size: 10,
        cancelled: false,
        documents: 12,
        events: 1,
        missing: [
          {
            documento: 'CT-e 1/702',
            chave: '41261145723174000110570010000007021000007020',
            arquivo: 'XML do cancelamento',
            motivo: 'sem conexão com a API fiscal — exporte de novo quando a conexão voltar',
          },
        ],
      },
    });
    const { wrapper } = await mountWith(App, transport, { route: '/documentos' });
    await settle();
    await wrapper.get('[data-testid="doc-export"]').trigger('click');
    await settle();
    document.body.querySelector<HTMLButtonElement>('[data-testid="export-run"]')!.click();
    await settle();
    const now = new Date();
    const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
    const last = new Date(now.getFullYear(), now.getMonth(), 0);
    const iso = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(transport.calls.find((c) => c.channel === 'documents:export')!.input).toEqual({
      company,
      from: iso(first),
      to: iso(last),
    });
    const done = document.body.querySelector('[data-testid="export-done"]')!.textContent!;
    expect(done).toContain('12 documentos e 1 evento exportados');
    const missing = document.body.querySelector('[data-testid="export-missing"]')!.textContent!;
    expect(missing).toContain('1 arquivo ficou de fora do pacote');
    expect(missing).toContain(
      'CT-e 1/702: XML do cancelamento — sem conexão com a API fiscal — exporte de novo quando a conexão voltar',
    );
    expect(done).toContain('Salvo em C:\\Users\\ana\\contabilidade.zip');
  });

  it('an unreachable API during sync shows that the list is the local cache', async () => {
    const transport = documentsTransport();
    transport.handlers['documents:sync'] = () => ({
      ok: false,
      error: { code: 'sync_offline', message: 'Sem conexão com a API fiscal.' },
    });
    const { wrapper } = await mountWith(App, transport, { route: '/documentos' });
    await settle();
    expect(wrapper.find('[data-testid="doc-offline"]').exists()).toBe(false);
    await wrapper.get('[data-testid="doc-sync"]').trigger('click');
    await settle();
    expect(wrapper.get('[data-testid="doc-offline"]').text()).toContain('Mostrando o cache local');
    // The rows stay.
    expect(wrapper.findAll('[data-testid="doc-table"] tbody tr')).toHaveLength(3);
  });
});
