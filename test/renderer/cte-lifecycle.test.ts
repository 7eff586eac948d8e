import { afterEach, describe, expect, it } from 'vitest';

import { setTransport } from '../../renderer/src/bridge';
import { formatHoursLeft } from '../../renderer/src/components/cte/lifecycle';
import CteDocumentoView from '../../renderer/src/views/emitir-cte/CteDocumentoView.vue';
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

function transportFor(status: string, hoursLeft: number | null, cancellable = true): FakeTransport {
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
  t.handlers['cte:get'] = () => ({ ok: true, data: { document, cacheId: 9 } });
  t.handlers['cte:cancelWindow'] = () => ({
    ok: true,
    data: {
      cancellable,
      hoursLeft,
      reason: cancellable ? null : 'O prazo de cancelamento (168 horas após a autorização) terminou.',
    },
  });
  t.handlers['cte:cancel'] = () => ({ ok: true, data: { event: { status: 'registrado' }, hoursLeft } });
  t.handlers['cte:sync'] = () => ({
    ok: true,
    data: { document: { ...document, status: 'cancelado' }, cacheId: 9 },
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
    const call = t.calls.find((c) => c.channel === 'cte:cancel');
    expect(call?.input).toEqual({ kind: 'cte', id: 'cte_1', justificativa: 'Erro no valor do frete' });
    expect(t.calls.some((c) => c.channel === 'cte:sync')).toBe(true);
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
});
