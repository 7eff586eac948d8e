// "Duplicar" on the document screen opens the copy in the form of its kind: a CT-e OS in the CT-e OS
// form, a CT-e simplificado (shown here as a 'cte') in the simplified form, a CT-e in the CT-e form,
// each with the draft the main process built loaded in its store.
import { afterEach, describe, expect, it } from 'vitest';

import { setTransport } from '../../renderer/src/bridge';
import { useAppStore } from '../../renderer/src/stores/app';
import { useCteStore } from '../../renderer/src/stores/cte';
import CteDocumentoView from '../../renderer/src/views/documento-cte/CteDocumentoView.vue';
import { useCteSimpStore } from '../../renderer/src/stores/cte-simp';
import { useCteOsStore } from '../../renderer/src/stores/cteos';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

const company = '45723174000110';
const mounted: { unmount(): void }[] = [];
afterEach(() => {
  for (const w of mounted.splice(0)) w.unmount();
  setTransport(null);
  document.body.innerHTML = '';
});

const copies: Record<string, { kind: string; data: Record<string, unknown> }> = {
  cteos: {
    kind: 'cteos',
    data: { geral: { cfop: '6357', natOp: 'Fretamento', tpServ: 6 }, servico: { xDescServ: 'Excursão' } },
  },
  simp: {
    kind: 'cte-simp',
    data: {
      geral: { cfop: '6353', natOp: 'Entregas', tpServ: 0, toma: 0, ufIni: 'PR', ufFim: 'SP' },
      entregas: [
        {
          origem: { cMun: '4106902', xMun: 'Curitiba', uf: 'PR' },
          destino: { cMun: '3509502', xMun: 'Campinas', uf: 'SP' },
          vPrest: 10,
          vRec: 10,
          componentes: [],
          nfe: [],
          recebedor: '',
        },
      ],
    },
  },
  cte: { kind: 'cte', data: { geral: { cfop: '5353' } } },
};

async function duplicateFrom(route: string, copy: keyof typeof copies) {
  const t = createFakeTransport({ settings: settingsWith({ selectedCompany: company }) });
  const document = { id: 'doc_1', status: 'autorizado', numero: 7, serie: 1, chave: '' };
  t.handlers['cte:get'] = () => ({ ok: true, data: { document, cacheId: null, events: [] } });
  t.handlers['drafts:duplicate'] = () => ({
    ok: true,
    data: {
      id: 31,
      ...copies[copy]!,
      company,
      title: 'Cópia de doc_1',
      copia: { de: 'CT-e 1/7', nfeRemovidas: [] },
      createdAt: '2026-11-22T10:00:00Z',
      updatedAt: '2026-11-22T10:00:00Z',
    },
  });
  const r = await mountWith(CteDocumentoView, t, { route });
  mounted.push(r.wrapper);
  await useAppStore().start();
  await settle();
  const button = r.wrapper.findAll('button').find((b) => b.text().includes('Duplicar'));
  await button!.trigger('click');
  // The forms are lazy routes: the navigation ends once the view's chunk has loaded.
  await waitFor(() => expect(r.router.currentRoute.value.path).not.toContain('/documento/'), 10_000);
  await settle();
  return { router: r.router, call: t.calls.find((c) => c.channel === 'drafts:duplicate') };
}

describe('Duplicar on the document screen', () => {
  it('a CT-e OS opens as a CT-e OS draft in /emitir-cteos', async () => {
    const { router, call } = await duplicateFrom('/emitir-cte/documento/cteos/doc_1', 'cteos');
    expect(call?.input).toEqual({ company, kind: 'cteos', id: 'doc_1' });
    expect(router.currentRoute.value.path).toBe('/emitir-cteos');
    const store = useCteOsStore();
    expect(store.draftId).toBe(31);
    expect(store.data.geral.cfop).toBe('6357');
    expect(store.data.servico.xDescServ).toBe('Excursão');
    expect(useCteStore().draftId).toBeNull();
  });

  it('a CT-e simplificado opens as a cte-simp draft in /emitir-cte-simp', async () => {
    const { router, call } = await duplicateFrom('/emitir-cte/documento/cte/doc_1', 'simp');
    expect(call?.input).toEqual({ company, kind: 'cte', id: 'doc_1' });
    expect(router.currentRoute.value.path).toBe('/emitir-cte-simp');
    const store = useCteSimpStore();
    expect(store.draftId).toBe(31);
    expect(store.data.entregas[0]?.destino.xMun).toBe('Campinas');
    expect(useCteStore().draftId).toBeNull();
  });

  it('a CT-e still opens in /emitir-cte', async () => {
    const { router } = await duplicateFrom('/emitir-cte/documento/cte/doc_1', 'cte');
    expect(router.currentRoute.value.path).toBe('/emitir-cte');
    expect(useCteStore().draftId).toBe(31);
    expect(useCteSimpStore().draftId).toBeNull();
  });
});
