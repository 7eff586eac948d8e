// Issue 14, item 6: what the NF-e import warns about (cancelled, without protocol, denied, entry
// note, key of another CNPJ) stays with the CT-e form and its draft, shows on the review, and keeps
// Emitir disabled, with the reason said in Portuguese, until the clerk acknowledges it; taking the
// NF-e out of the form takes its warnings with it.
import { afterEach, describe, expect, it } from 'vitest';

import { setTransport } from '../../renderer/src/bridge';
import type { CteDraftData } from '../../renderer/src/views/emitir-cte/form-model';
import { emptyCteDraft, toSchemaInput } from '../../renderer/src/views/emitir-cte/form-model';
import { useAppStore } from '../../renderer/src/stores/app';
import { useCteStore } from '../../renderer/src/stores/cte';
import EmitirCteView from '../../renderer/src/views/emitir-cte/EmitirCteView.vue';
import { nfeKey } from '../fiscal/payload/forms';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

const company = '45723174000110';
const cancelled = nfeKey(801);
const plain = nfeKey(802);
const CANCELLED_WARNING = `A NF-e 1/801 (${cancelled}) está CANCELADA (protocolo de cancelamento ou evento 110111 no XML). Confirme antes de emitir o CT-e.`;
const ENTRY_WARNING = `A NF-e 1/801 (${cancelled}) é uma nota de ENTRADA (tpNF 0): a mercadoria vai do destinatário da nota para o emitente.`;

const mounted: { unmount(): void }[] = [];
afterEach(() => {
  for (const w of mounted.splice(0)) w.unmount();
  setTransport(null);
  document.body.innerHTML = '';
});

function party(cnpj: string, nome: string, cMun: string, xMun: string, uf: string) {
  return {
    cpfCnpj: cnpj,
    ie: '',
    xNome: nome,
    xFant: '',
    fone: '',
    email: '',
    endereco: { xLgr: 'Rua A', nro: '10', xCpl: '', xBairro: 'Centro', cMun, xMun, uf, cep: '' },
  };
}

/** Everything but the documents and the warnings, which the import filled. */
function completeTheRest(d: CteDraftData): void {
  d.geral.cfop = '6353';
  d.geral.inicio = { cMun: '4106902', xMun: 'Curitiba', uf: 'PR' };
  d.geral.fim = { cMun: '3550308', xMun: 'São Paulo', uf: 'SP' };
  Object.assign(d.remetente, party('04252011000110', 'Remetente Ltda', '4106902', 'Curitiba', 'PR'));
  Object.assign(d.destinatario, party('45723174000110', 'Destino SA', '3550308', 'São Paulo', 'SP'));
  d.valores = { componentes: [{ xNome: 'FRETE', vComp: 1000 }], vTPrest: 1000, vRec: 1000 };
  d.impostos.icms = { situacao: '00', pICMS: 12 };
  d.carga.proPred = 'ALIMENTOS';
  d.carga.vCarga = 5000;
  d.carga.quantidades = [{ cUnid: '01', tpMed: 'PESO BRUTO', qCarga: 1200 }];
  d.rodoviario.rntrc = '12345678';
}

function transport() {
  const t = createFakeTransport({ settings: settingsWith({ selectedCompany: null }) });
  t.handlers['companies:get'] = () => ({ ok: false, error: { code: 'offline', message: 'sem rede' } });
  t.handlers['drafts:list'] = () => ({ ok: true, data: { drafts: [] } });
  t.handlers['drafts:save'] = (input) => ({
    ok: true,
    data: {
      id: 7,
      kind: 'cte',
      company,
      title: null,
      data: (input as { data: unknown }).data,
      createdAt: '2026-03-05T13:00:00.000Z',
      updatedAt: '2026-03-05T13:00:00.000Z',
    },
  });
  t.handlers['inbox:nfeXml'] = (input) => ({
    ok: true,
    data: {
      notes: (input as { chaves: string[] }).chaves.map((chave) => ({
        chave,
        xml: `<nfeProc>${chave}</nfeProc>`,
      })),
    },
  });
  t.handlers['cte:prefillFromNfe'] = () => ({
    ok: true,
    data: {
      remetente: null,
      destinatario: null,
      carga: { vCarga: 5000, pesoBruto: 1200, pesoLiquido: 1100, volumes: 3 },
      chaves: [cancelled, plain],
      problems: [],
      warnings: [CANCELLED_WARNING, ENTRY_WARNING],
    },
  });
  t.handlers['cte:issue'] = () => ({
    ok: true,
    data: {
      outboxId: 1,
      referencia: 'r1',
      kind: 'cte',
      serie: 1,
      numero: 5,
      status: 'rejeitado',
      document: null,
      cacheId: null,
      rejection: { codigo: 999, motivo: 'teste', fields: [] },
      warnings: [],
    },
  });
  return t;
}

async function fromInbox() {
  const t = transport();
  const { wrapper } = await mountWith(EmitirCteView, t, { route: `/emitir-cte?nfe=${cancelled},${plain}` });
  mounted.push(wrapper);
  await useAppStore().updateSettings({ selectedCompany: company });
  const store = useCteStore();
  await waitFor(() => {
    if (store.data.documentos.nfe.length !== 2) throw new Error('not yet');
  });
  completeTheRest(store.data);
  store.goTo(8);
  await settle();
  const emitir = () => wrapper.find('[data-testid="emitir"]');
  return { t, wrapper, store, emitir };
}

describe('NF-e import warnings on the CT-e form', () => {
  it('are kept with the form, shown on the review, and block Emitir until acknowledged', async () => {
    const { t, wrapper, store, emitir } = await fromInbox();
    expect(store.data.avisosNfe.itens).toEqual([
      { chaves: [cancelled], texto: CANCELLED_WARNING },
      { chaves: [cancelled], texto: ENTRY_WARNING },
    ]);
    const review = wrapper.find('[data-testid="nfe-warnings"]');
    expect(review.text()).toContain('está CANCELADA');
    expect(review.text()).toContain('nota de ENTRADA');
    expect(emitir().attributes('disabled')).toBeDefined();
    expect(wrapper.find('[data-testid="emit-blocked"]').text()).toContain(
      'Há avisos sobre as NF-e importadas',
    );
    // Not even a direct call sends.
    expect(await store.issue()).toBeNull();
    expect(t.calls.some((c) => c.channel === 'cte:issue')).toBe(false);
    // The draft carries them (a reopened draft still asks), but the payload never does.
    await store.flush();
    const saved = t.calls.filter((c) => c.channel === 'drafts:save').at(-1)!.input as { data: CteDraftData };
    expect(saved.data.avisosNfe.itens.map((a) => a.texto)).toEqual([CANCELLED_WARNING, ENTRY_WARNING]);
    expect(saved.data.avisosNfe.ciente).toBe(false);
    expect(JSON.stringify(toSchemaInput(store.data))).not.toContain('CANCELADA');

    await wrapper.find('[data-testid="nfe-warnings-ack"] input').setValue(true);
    await settle();
    expect(store.data.avisosNfe.ciente).toBe(true);
    expect(wrapper.find('[data-testid="emit-blocked"]').exists()).toBe(false);
    expect(emitir().attributes('disabled')).toBeUndefined();
    await emitir().trigger('click');
    await settle();
    expect(t.calls.some((c) => c.channel === 'cte:issue')).toBe(true);
  });

  it('a draft saved before the warnings existed opens with none', () => {
    const store = useCteStore();
    const old = emptyCteDraft() as Partial<CteDraftData>;
    delete old.avisosNfe;
    store.load({ id: 3, data: old });
    expect(store.data.avisosNfe).toEqual({ itens: [], ciente: false });
  });

  it('removing the NF-e a warning names clears it and frees Emitir', async () => {
    const { t, wrapper, store, emitir } = await fromInbox();
    expect(emitir().attributes('disabled')).toBeDefined();
    // The other NF-e goes: its (no) warnings go, the cancelled one's stay.
    store.data.documentos.nfe.splice(1, 1);
    await settle();
    expect(store.data.avisosNfe.itens).toHaveLength(2);
    expect(emitir().attributes('disabled')).toBeDefined();
    store.data.documentos.nfe.splice(0, 1, { chave: plain });
    await settle();
    expect(store.data.avisosNfe.itens).toEqual([]);
    expect(wrapper.find('[data-testid="nfe-warnings"]').exists()).toBe(false);
    expect(emitir().attributes('disabled')).toBeUndefined();
    expect(await store.issue()).not.toBeNull();
    expect(t.calls.some((c) => c.channel === 'cte:issue')).toBe(true);
  });

  it('a later import with a new warning asks again', async () => {
    const { store } = await fromInbox();
    store.data.avisosNfe.ciente = true;
    const { keepWarnings } = await import('../../renderer/src/components/cte/nfe-warnings');
    keepWarnings(store.data, [CANCELLED_WARNING], [cancelled]);
    expect(store.data.avisosNfe.ciente).toBe(true);
    keepWarnings(store.data, [`A NF-e ${plain} já consta em outro CT-e (série 1, número 9).`], [plain]);
    expect(store.data.avisosNfe.ciente).toBe(false);
    expect(store.data.avisosNfe.itens).toHaveLength(3);
  });
});
