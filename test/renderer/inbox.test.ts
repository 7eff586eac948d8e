import { afterEach, describe, expect, it } from 'vitest';

import App from '../../renderer/src/App.vue';
import { setTransport } from '../../renderer/src/bridge';
import { isDeadlineNear, newForCiencia } from '../../renderer/src/components/inbox/inbox-format';
import type { InboxNote } from '../../electron/shared/schemas/inbox';
import type { Settings } from '../../electron/shared/schemas/settings';
import type { FakeTransport } from './support/fake-transport';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

const ALFA = '12345678000195';
const key = (n: number) => String(n).padStart(44, '3');

function note(n: number, patch: Partial<InboxNote> = {}): InboxNote {
  return {
    chave: key(n),
    numero: 100 + n,
    serie: 1,
    emitenteDoc: '11222333000181',
    emitenteNome: `FORNECEDOR ${n} LTDA`,
    dataEmissao: '2026-11-20T10:00:00-03:00',
    dataAutorizacao: '2026-11-20T10:01:30-03:00',
    valor: 1234.56,
    cancelada: false,
    estado: 'resumo',
    manifestacao: null,
    comoDestinatario: true,
    comoTransportador: false,
    diasRestantes: 178,
    podeManifestar: true,
    ...patch,
  };
}

const counts = { company: ALFA, novas: 3, prazoCurto: 1 };

function transportWith(
  notes: { destinatario: InboxNote[]; transportador: InboxNote[] },
  settings: Partial<Settings> = {},
): FakeTransport {
  const t = createFakeTransport({ settings: settingsWith({ selectedCompany: ALFA, ...settings }) });
  t.handlers['inbox:counts'] = () => ({ ok: true, data: counts });
  t.handlers['inbox:status'] = () => ({
    ok: true,
    data: {
      ultimoNsu: 7,
      maxNsu: 7,
      ultimaConsulta: '2026-11-22T12:00:00Z',
      proximaConsulta: null,
      bloqueado656: false,
      codigoStatus: 138,
      motivoStatus: null,
      erro: null,
      automatica: false,
      counts,
    },
  });
  t.handlers['inbox:list'] = (input) => {
    const i = input as { tab: 'destinatario' | 'transportador' };
    const list = notes[i.tab];
    return { ok: true, data: { notes: list, events: [], total: list.length } };
  };
  t.handlers['inbox:manifest'] = (input) => {
    const i = input as { chaves: string[] };
    return {
      ok: true,
      data: {
        results: i.chaves.map((chave) => ({
          chave,
          ok: true,
          jaRegistrada: false,
          codigoStatus: 135,
          message: 'ok',
        })),
        counts: { company: ALFA, novas: 0, prazoCurto: 1 },
      },
    };
  };
  t.handlers['inbox:manifestations'] = () => ({ ok: true, data: { manifestations: [], total: 0 } });
  t.handlers['inbox:pending'] = () => ({ ok: true, data: { notes: [], total: 0 } });
  return t;
}

afterEach(() => {
  setTransport(null);
  document.body.innerHTML = '';
});

describe('Caixa de entrada NF-e', () => {
  it('shows the counters in the sidebar and follows inbox:changed', async () => {
    const t = transportWith({ destinatario: [], transportador: [] });
    await mountWith(App, t, { route: '/painel' });
    await settle();
    const novas = await waitFor(() => {
      const el = document.querySelector('[data-testid="inbox-count-novas"]');
      if (!el) throw new Error('no counter');
      return el;
    });
    expect(novas.textContent?.trim()).toBe('3');
    expect(document.querySelector('[data-testid="inbox-count-prazo"]')?.textContent).toContain('1');
    t.emit('inbox:changed', { company: ALFA, novas: 0, prazoCurto: 0 });
    await settle();
    expect(document.querySelector('[data-testid="inbox-count-novas"]')).toBeNull();
    expect(document.querySelector('[data-testid="inbox-count-prazo"]')).toBeNull();
  });

  it('splits carrier and recipient notes into tabs with their states and highlights short deadlines', async () => {
    const t = transportWith({
      transportador: [
        note(1, {
          estado: 'completa',
          comoDestinatario: false,
          comoTransportador: true,
          podeManifestar: false,
          diasRestantes: null,
        }),
      ],
      destinatario: [note(2), note(3, { estado: 'aguardando', manifestacao: '210210', diasRestantes: 12 })],
    });
    await mountWith(App, t, { route: '/caixa-entrada' });
    const carrier = await waitFor(() => {
      const el = document.querySelector('[data-testid="inbox-table-transportador"]');
      if (!el?.textContent?.includes('FORNECEDOR 1')) throw new Error('not yet');
      return el;
    });
    expect(carrier.textContent).toContain('Completa');
    expect(carrier.textContent).not.toContain('Manifestação');
    (document.querySelector('[data-testid="tab-destinatario"]') as HTMLElement).click();
    const dest = await waitFor(() => {
      const el = document.querySelector('[data-testid="inbox-table-destinatario"]');
      if (!el?.textContent?.includes('FORNECEDOR 3')) throw new Error('not yet');
      return el;
    });
    const states = [...dest.querySelectorAll('[data-testid="note-state"]')].map((e) => e.textContent?.trim());
    expect(states).toEqual(['Resumo', 'Aguardando XML']);
    const deadlines = [...dest.querySelectorAll('[data-testid="note-deadline"]')];
    expect(deadlines.map((d) => d.textContent?.trim())).toEqual(['178 dias', '12 dias']);
    expect(deadlines[0]?.className).not.toContain('near');
    expect(deadlines[1]?.className).toContain('notes__deadline--near');
  });

  it('gives ciência to every new recipient note in one batch', async () => {
    const t = transportWith({
      transportador: [],
      destinatario: [
        note(1),
        note(2),
        note(3, { manifestacao: '210210', estado: 'ciencia' }),
        note(4, { podeManifestar: false }),
      ],
    });
    await mountWith(App, t, { route: '/caixa-entrada' });
    (
      await waitFor(() => {
        const el = document.querySelector('[data-testid="tab-destinatario"]') as HTMLElement | null;
        if (!el) throw new Error('no tab');
        return el;
      })
    ).click();
    await settle();
    const button = await waitFor(() => {
      const el = document.querySelector('[data-testid="ciencia-all"]') as HTMLElement | null;
      if (!el) throw new Error('no button');
      return el;
    });
    button.click();
    await settle();
    const calls = t.calls.filter((c) => c.channel === 'inbox:manifest');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.input).toMatchObject({ company: ALFA, tipoEvento: '210210', chaves: [key(1), key(2)] });
  });

  it('filters with pt-BR dates (dd/mm/aaaa) and sends ISO days and a clean key to inbox:list', async () => {
    const t = transportWith({ destinatario: [], transportador: [note(1, { comoTransportador: true })] });
    await mountWith(App, t, { route: '/caixa-entrada' });
    const de = await waitFor(() => {
      const el = document.querySelector<HTMLInputElement>('#filter-de-transportador');
      if (!el) throw new Error('no date input');
      return el;
    });
    const ate = document.querySelector<HTMLInputElement>('#filter-ate-transportador')!;
    const panel = document.querySelector('[data-testid="notes-transportador"]')!;
    expect(de.placeholder).toBe('dd/mm/aaaa');
    const type = async (input: HTMLInputElement, text: string) => {
      input.value = text;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('blur'));
      await settle();
    };
    const apply = async () => {
      (panel.querySelector('[data-testid="filter-apply"]') as HTMLElement).click();
      await settle();
    };
    const lists = () => t.calls.filter((c) => c.channel === 'inbox:list');
    await type(de, '10/11/2026');
    await type(ate, '20/11/2026');
    await type(panel.querySelector<HTMLInputElement>('[data-testid="filter-chave"]')!, '4126 1147.8213');
    const before = lists().length;
    await apply();
    expect(lists()).toHaveLength(before + 1);
    expect(lists().at(-1)?.input).toMatchObject({
      tab: 'transportador',
      de: '2026-11-10',
      ate: '2026-11-20',
      chave: '412611478213',
    });
    // A period typed backwards is explained and not sent.
    await type(de, '21/11/2026');
    await apply();
    expect(lists()).toHaveLength(before + 1);
    expect(panel.querySelector('[data-testid="inbox-filters"]')?.textContent).toContain(
      'A data inicial é depois da data final.',
    );
    (panel.querySelector('[data-testid="filter-clear"]') as HTMLElement).click();
    await settle();
    expect(lists().at(-1)?.input).not.toHaveProperty('de');
    expect(de.value).toBe('');
  });

  it('"Nuvem Fiscal busca as notas sozinha" sets distribuicao_automatica for the ambiente in use', async () => {
    const t = transportWith({ destinatario: [], transportador: [] }, { environment: 'producao' });
    t.handlers['serviceConfig:get'] = () => ({
      ok: true,
      data: { kind: 'distnfe', config: { ambiente: 'homologacao', ciencia_automatica: true } },
    });
    t.handlers['serviceConfig:set'] = (input) => ({
      ok: true,
      data: { kind: 'distnfe', config: (input as { config: unknown }).config },
    });
    await mountWith(App, t, { route: '/caixa-entrada' });
    const toggle = await waitFor(() => {
      const el = document.querySelector<HTMLInputElement>('[data-testid="inbox-automatica"] input');
      if (!el || el.disabled) throw new Error('no toggle yet');
      return el;
    });
    toggle.click();
    await settle();
    const set = t.calls.find((c) => c.channel === 'serviceConfig:set');
    expect(set?.input).toEqual({
      cpfCnpj: ALFA,
      kind: 'distnfe',
      config: { ambiente: 'producao', ciencia_automatica: true, distribuicao_automatica: true },
    });
  });

  it('Emitir CT-e with several carrier notes opens one form with all keys; a cancelled note blocks it', async () => {
    const carrier = (n: number, patch: Partial<InboxNote> = {}) =>
      note(n, {
        estado: 'completa',
        comoDestinatario: false,
        comoTransportador: true,
        podeManifestar: false,
        diasRestantes: null,
        ...patch,
      });
    const t = transportWith({
      destinatario: [],
      transportador: [carrier(1), carrier(2), carrier(3, { cancelada: true })],
    });
    t.handlers['inbox:nfeXml'] = (input) => ({
      ok: true,
      data: { notes: (input as { chaves: string[] }).chaves.map((chave) => ({ chave, xml: '<nfeProc/>' })) },
    });
    const { router } = await mountWith(App, t, { route: '/caixa-entrada' });
    const table = await waitFor(() => {
      const el = document.querySelector('[data-testid="inbox-table-transportador"]');
      if (el?.querySelectorAll('tbody tr').length !== 3) throw new Error('not yet');
      return el;
    });
    const tick = async (row: number) => {
      table.querySelectorAll<HTMLInputElement>('tbody tr .p-checkbox input')[row]!.click();
      await settle();
    };
    const button = () => document.querySelector<HTMLButtonElement>('[data-testid="emitir-cte"]')!;
    expect(button().disabled).toBe(true);
    await tick(2);
    expect(button().disabled).toBe(true);
    await tick(2);
    await tick(0);
    await tick(1);
    expect(button().disabled).toBe(false);
    button().click();
    await waitFor(() => {
      if (router.currentRoute.value.path !== '/emitir-cte') throw new Error('not yet');
    });
    expect(router.currentRoute.value.query.nfe).toBe(`${key(1)},${key(2)}`);
  });

  it('deadline helpers: ≤ 15 days is near; ciência goes only to manifestable notes without any event', () => {
    expect(isDeadlineNear({ diasRestantes: 15 })).toBe(true);
    expect(isDeadlineNear({ diasRestantes: 16 })).toBe(false);
    expect(isDeadlineNear({ diasRestantes: null })).toBe(false);
    expect(
      newForCiencia([note(1), note(2, { manifestacao: '210200' }), note(3, { podeManifestar: false })]),
    ).toHaveLength(1);
  });
});
