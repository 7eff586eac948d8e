// The Depuração panel of an issued CT-e: what the API ignored of the request (members its
// description does not name, listed by the sandbox's debug record) comes first, in its words.
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';

import { setTransport } from '../../renderer/src/bridge';
import DebugPanel from '../../renderer/src/views/documento-cte/DebugPanel.vue';
import { createFakeTransport } from './support/fake-transport';
import { mountWith, settle } from './support/mount';

const mounted: { unmount(): void }[] = [];
afterEach(() => {
  for (const w of mounted.splice(0)) w.unmount();
  setTransport(null);
  document.body.innerHTML = '';
});

const step = (tipo: string, motivo: string) => ({
  created_at: '2026-11-22T10:00:00Z',
  tipo,
  motivo_status: motivo,
  http_request: { id: `req_${tipo}` },
});

async function open(api: unknown) {
  const t = createFakeTransport();
  t.handlers['cte:debug'] = () => ({ ok: true, data: { payload: { infCte: {} }, outbox: null, api } });
  const host = defineComponent({ render: () => h(DebugPanel, { kind: 'cte', id: 'cte_1' }) });
  const { wrapper } = await mountWith(host, t);
  mounted.push(wrapper);
  await wrapper.find('button').trigger('click');
  await settle();
  return wrapper.text();
}

describe('DebugPanel', () => {
  it('lists the members the API ignored, before the payload', async () => {
    const text = await open({
      id: 'cte_1',
      requisicoes: [
        step('membros_ignorados', 'Membros não descritos na API, ignorados: infCte.ide.naoDescrito'),
        step('envio', 'Autorizado o uso do CT-e'),
      ],
    });
    expect(text).toContain('Membros ignorados pela API');
    expect(text).toContain('Membros não descritos na API, ignorados: infCte.ide.naoDescrito');
    expect(text.indexOf('Membros ignorados pela API')).toBeLessThan(text.indexOf('Payload original'));
  });

  it('says nothing of ignored members when there were none', async () => {
    const text = await open({ id: 'cte_1', requisicoes: [step('envio', 'Autorizado o uso do CT-e')] });
    expect(text).toContain('Payload original');
    expect(text).not.toContain('Membros ignorados');
  });
});
