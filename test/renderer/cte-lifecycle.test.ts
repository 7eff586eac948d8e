import { afterEach, describe, expect, it } from 'vitest';

import { setTransport } from '../../renderer/src/bridge';
import type { DocEvent } from '../../electron/shared/schemas/doc-events';
import { formatHoursLeft, statusTimeline } from '../../renderer/src/views/documento-cte/lifecycle';
import CteDocumentoView from '../../renderer/src/views/documento-cte/CteDocumentoView.vue';
import type { FakeTransport } from './support/fake-transport';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle } from './support/mount';

const company = '45723174000110';
const mounted: { unmount(): void }[] = [];
afterEach(() => {
  for (const w of mounted.splice(0)) w.unmount();
  setTransport(null);
  document.body.innerHTML = '';
});

const letter = (sequence: number, valor: string, status = 'registrado'): DocEvent => ({
  type: 'carta_correcao',
  sequence,
  status,
  protocolo: `14126000000010${sequence}`,
  dataEvento: `2026-11-21T0${sequence}:00:00-03:00`,
  motivo: status === 'registrado' ? 'Evento registrado e vinculado a CT-e' : 'Rejeição: campo inexistente',
  justificativa: null,
  correcoes: [
    { grupo_alterado: 'compl', campo_alterado: 'xObs', valor_alterado: valor, numero_item_alterado: null },
  ],
});
const cancelamento: DocEvent = {
  type: 'cancelamento',
  sequence: 1,
  status: 'registrado',
  protocolo: '141260000000200',
  dataEvento: '2026-11-22T09:30:00-03:00',
  motivo: null,
  justificativa: 'Frete lançado em duplicidade',
  correcoes: [],
};

function transportFor(
  status: string,
  hoursLeft: number | null,
  cancellable = true,
  events: DocEvent[] = [],
): FakeTransport {
  const t = createFakeTransport({ settings: settingsWith({ selectedCompany: company }) });
  const document = {
    id: 'cte_1',
    status,
    numero: 42,
    serie: 1,
    chave: '41261145723174000110570010000000421000000420',
    data_emissao: '2026-11-20T10:00:00-03:00',
    autorizacao: {
      numero_protocolo: '141260000000042',
      codigo_status: 100,
      motivo_status: 'Autorizado o uso do CT-e',
      data_recebimento: '2026-11-20T10:00:05-03:00',
    },
  };
  t.handlers['cte:get'] = () => ({ ok: true, data: { document, cacheId: 9, events } });
  t.handlers['cte:cancelWindow'] = () => ({
    ok: true,
    data: {
      cancellable,
      hoursLeft,
      reason: cancellable ? null : 'O prazo de cancelamento (168 horas após a autorização) terminou.',
    },
  });
  t.handlers['cte:cancel'] = () => ({
    ok: true,
    data: {
      event: { status: 'registrado' },
      hoursLeft,
      detail: { document: { ...document, status: 'cancelado' }, cacheId: 9, events },
    },
  });
  t.handlers['cte:sync'] = () => ({
    ok: true,
    data: { document: { ...document, status: 'cancelado' }, cacheId: 9, events },
  });
  return t;
}

async function mountDoc(t: FakeTransport) {
  const r = await mountWith(CteDocumentoView, t, { route: '/emitir-cte/documento/cte/cte_1' });
  mounted.push(r.wrapper);
  await settle();
  return r;
}

describe('CT-e lifecycle screen', () => {
  it('formats the time left to cancel', () => {
    expect(formatHoursLeft(100.5)).toBe('4 dias e 4 horas');
    expect(formatHoursLeft(1.25)).toBe('1 hora e 15 minutos');
    expect(formatHoursLeft(-1)).toBe('prazo encerrado');
  });

  it('counts the justificativa live and enables cancelling only from 15 characters', async () => {
    const t = transportFor('autorizado', 30.5);
    const { wrapper } = await mountDoc(t);
    expect(wrapper.find('[data-testid="cancel-window"]').text()).toContain('1 dia e 6 horas');
    const area = wrapper.find('#justificativa');
    await area.setValue('Erro no valor');
    await settle();
    expect(wrapper.find('[data-testid="cancel-counter"]').text()).toContain(
      '13/255 caracteres — faltam 2 para o mínimo de 15',
    );
    expect(wrapper.find('[data-testid="confirm-cancel"]').attributes('disabled')).toBeDefined();
    await area.setValue('Erro no valor do frete');
    await settle();
    expect(wrapper.find('[data-testid="cancel-counter"]').text()).toBe('22/255 caracteres');
    await wrapper.find('[data-testid="confirm-cancel"]').trigger('click');
    await settle();
    // Nothing is sent before the clerk confirms, in plain words, that it cannot be undone.
    expect(t.calls.some((c) => c.channel === 'cte:cancel')).toBe(false);
    const dialog = () => document.body.querySelector('[data-testid="confirm-act"]');
    expect(dialog()!.textContent).toContain('Cancelar este CT-e?');
    expect(dialog()!.textContent).toContain('“Erro no valor do frete”');
    expect(dialog()!.textContent).toContain('O cancelamento não pode ser desfeito.');
    document.body.querySelector<HTMLButtonElement>('[data-testid="confirm-act-back"]')!.click();
    await settle();
    expect(dialog()).toBeNull();
    expect(t.calls.some((c) => c.channel === 'cte:cancel')).toBe(false);
    await wrapper.find('[data-testid="confirm-cancel"]').trigger('click');
    await settle();
    document.body.querySelector<HTMLButtonElement>('[data-testid="confirm-act-yes"]')!.click();
    await settle();
    const call = t.calls.find((c) => c.channel === 'cte:cancel');
    expect(call?.input).toEqual({ kind: 'cte', id: 'cte_1', justificativa: 'Erro no valor do frete' });
    // The answer carries the cancelled document: no sync nor reload after it.
    expect(t.calls.some((c) => c.channel === 'cte:sync')).toBe(false);
    expect(t.calls.filter((c) => c.channel === 'cte:get')).toHaveLength(1);
    expect(wrapper.find('[data-testid="status"]').text()).toBe('cancelado');
  });

  it('explains a closed window and offers no cancel button', async () => {
    const { wrapper } = await mountDoc(transportFor('autorizado', -2, false));
    expect(wrapper.find('[data-testid="cancel-panel"]').text()).toContain('terminou');
    expect(wrapper.find('[data-testid="confirm-cancel"]').exists()).toBe(false);
  });

  it('does not offer cancelling a document that is not authorized', async () => {
    const { wrapper } = await mountDoc(transportFor('rejeitado', 100));
    expect(wrapper.find('[data-testid="cancel-panel"]').text()).toContain('Só um documento autorizado');
    expect(wrapper.find('#justificativa').exists()).toBe(false);
  });

  it('tells the story with times: created, authorized, each letter with its fields, cancelled', () => {
    const doc = {
      id: 'cte_1',
      status: 'cancelado' as const,
      created_at: '2026-11-20T13:00:00Z',
      autorizacao: {
        codigo_status: 100,
        motivo_status: 'Autorizado o uso do CT-e',
        numero_protocolo: '141260000000042',
        data_recebimento: '2026-11-20T10:00:05-03:00',
      },
    };
    const rejected = letter(2, 'x', 'rejeitado');
    const lines = statusTimeline(doc, [letter(1, 'Doca 3'), rejected, cancelamento]);
    expect(lines.map((l) => [l.when, l.text])).toEqual([
      ['2026-11-20T13:00:00Z', 'Criado e enviado à SEFAZ'],
      [
        '2026-11-20T10:00:05-03:00',
        'Autorizado — 100 — Autorizado o uso do CT-e (protocolo 141260000000042)',
      ],
      ['2026-11-21T01:00:00-03:00', 'Carta de correção nº 1: Observações gerais (protocolo 141260000000101)'],
      [
        '2026-11-21T02:00:00-03:00',
        'Carta de correção nº 2: Observações gerais — rejeitada: Rejeição: campo inexistente',
      ],
      ['2026-11-22T09:30:00-03:00', 'Cancelado: Frete lançado em duplicidade'],
    ]);
    expect(
      statusTimeline({ id: 'cte_2', status: 'pendente', created_at: '2026-11-20T13:00:00Z' }, []),
    ).toEqual([
      { when: '2026-11-20T13:00:00Z', text: 'Criado e enviado à SEFAZ', tone: 'info' },
      { when: null, text: 'Pendente: aguardando a resposta da SEFAZ', tone: 'warn' },
    ]);
  });

  it('shows the letters from cte:get on a fresh visit, the last one prevailing', async () => {
    const t = transportFor('autorizado', 30, true, [letter(1, 'Doca 3'), letter(2, 'Doca 4')]);
    const { wrapper } = await mountDoc(t);
    const timeline = wrapper.get('[data-testid="timeline"]').text();
    expect(timeline).toContain('Carta de correção nº 1: Observações gerais');
    expect(timeline).toContain('Carta de correção nº 2: Observações gerais');
    expect(timeline).toContain('21/11/2026 02:00');
    const history = wrapper.get('[data-testid="correction-history"]');
    expect(history.text()).toContain('Cartas registradas: 2 de 20');
    expect(history.text()).toContain('a última prevalece');
    const items = history.findAll('ol > li');
    expect(items[0]!.text()).toContain('substituída');
    expect(items[1]!.text()).toContain('vale esta');
    expect(items[1]!.text()).toContain('Observações gerais: “Doca 4”');
  });

  it('starts a new letter from the prevailing one and shows the events its answer carries', async () => {
    const t = transportFor('autorizado', 30, true, [letter(1, 'Doca 3'), letter(2, 'Doca 4')]);
    const sent = { ...letter(3, 'Doca 5'), protocolo: '135260000000099' };
    const opened = (await t.handlers['cte:get']!({})) as { ok: true; data: { document: object } };
    const openedDoc = opened.data.document;
    t.handlers['cte:correct'] = () => ({
      ok: true,
      data: {
        event: { status: 'registrado' },
        history: [],
        detail: { document: openedDoc, cacheId: 9, events: [letter(1, 'Doca 3'), letter(2, 'Doca 4'), sent] },
      },
    });
    const { wrapper } = await mountDoc(t);
    await wrapper.get('[data-testid="repeat-last"]').trigger('click');
    await settle();
    const value = wrapper.get('input[aria-label="Novo valor 1"]');
    expect((value.element as HTMLInputElement).value).toBe('Doca 4');
    await value.setValue('Doca 5');
    await wrapper.get('[data-testid="send-correction"]').trigger('click');
    await settle();
    expect(t.calls.some((c) => c.channel === 'cte:correct')).toBe(false);
    expect(document.body.querySelector('[data-testid="correction-confirm-list"]')!.textContent).toContain(
      'Doca 5',
    );
    expect(document.body.querySelector('[data-testid="confirm-act-irreversible"]')!.textContent).toContain(
      'não pode ser desfeita',
    );
    document.body.querySelector<HTMLButtonElement>('[data-testid="confirm-act-yes"]')!.click();
    await settle();
    expect(t.calls.find((c) => c.channel === 'cte:correct')!.input).toEqual({
      kind: 'cte',
      id: 'cte_1',
      correcoes: [{ grupo_alterado: 'compl', campo_alterado: 'xObs', valor_alterado: 'Doca 5' }],
    });
    // The answer carries the events: the new letter shows with no reload.
    expect(t.calls.filter((c) => c.channel === 'cte:get')).toHaveLength(1);
    expect(wrapper.get('[data-testid="timeline"]').text()).toContain('Carta de correção nº 3');
  });

  it('refuses a 21st letter', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => letter(i + 1, `Valor ${i + 1}`));
    const { wrapper } = await mountDoc(transportFor('autorizado', 30, true, twenty));
    expect(wrapper.get('[data-testid="correction-full"]').text()).toContain('20 cartas de correção');
    expect(wrapper.find('[data-testid="send-correction"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="correction-history"]').text()).toContain('20 de 20');
  });

  it("says when the detail is this computer's copy because the API is out of reach", async () => {
    const t = transportFor('autorizado', 30, true, [letter(1, 'Doca 3')]);
    const online = t.handlers['cte:get']!;
    t.handlers['cte:get'] = async (input) => {
      const answer = await online(input);
      return answer.ok ? { ok: true, data: { ...(answer.data as object), offline: true } } : answer;
    };
    const { wrapper } = await mountDoc(t);
    expect(wrapper.get('[data-testid="offline-copy"]').text()).toContain('cópia salva neste computador');
    expect(wrapper.get('[data-testid="timeline"]').text()).toContain('Carta de correção nº 1');
  });

  it('names the correctable fields by their DACTE captions, never by XML path', async () => {
    const { wrapper } = await mountDoc(transportFor('autorizado', 30, true));
    const select = wrapper
      .findAllComponents({ name: 'Select' })
      .find(
        (c) =>
          c.attributes('aria-label') === 'Campo da correção 1' ||
          c.props('ariaLabel') === 'Campo da correção 1',
      );
    const labels = (select!.props('options') as { label: string }[]).map((o) => o.label);
    expect(labels).toContain('CFOP – Natureza da operação');
    expect(labels).toContain('RNTRC da empresa');
    for (const label of labels) expect(label).not.toMatch(/\b(ide|compl|infCarga|infQ|rodo)\/|natOp|xObs/);
  });

  it('keeps the technical panel under one closed "Avançado", with no "Depuração" panel of its own', async () => {
    const { wrapper } = await mountDoc(transportFor('autorizado', 30, true));
    const headers = wrapper.findAll('.p-panel-title').map((h) => h.text());
    expect(headers).toContain('Avançado');
    expect(headers).not.toContain('Depuração');
    const advanced = wrapper.get('[data-testid="doc-advanced"]');
    expect(advanced.get('.p-panel-content-container').isVisible()).toBe(false);
    expect(wrapper.get('[data-testid="doc-files"]').text()).not.toContain('XML enviado');
  });

  it('offers downloads only for the events that exist', async () => {
    const plain = await mountDoc(transportFor('autorizado', 30, true));
    const files = plain.wrapper.get('[data-testid="doc-files"]').text();
    expect(files).toContain('XML autorizado');
    expect(files).toContain('DACTE (PDF)');
    expect(files).not.toContain('Cancelamento');
    expect(files).not.toContain('Carta de correção');
    plain.wrapper.unmount();
    mounted.splice(0);

    const corrected = await mountDoc(
      transportFor('cancelado', 30, false, [letter(1, 'Doca 3'), cancelamento]),
    );
    const all = corrected.wrapper.get('[data-testid="doc-files"]').text();
    expect(all).toContain('Cancelamento (XML)');
    expect(all).toContain('Carta de correção (XML)');
    expect(all).toContain('Carta de correção (PDF)');
  });
});
