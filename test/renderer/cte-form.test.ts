import { afterEach, describe, expect, it, vi } from 'vitest';

import { accessKeyCheckDigit } from '../../electron/fiscal/access-key';
import { setTransport } from '../../renderer/src/bridge';
import type { CteDraftData } from '../../renderer/src/views/emitir-cte/form-model';
import { countByStep, emptyCteDraft, validateCte } from '../../renderer/src/views/emitir-cte/form-model';
import { useAppStore } from '../../renderer/src/stores/app';
import { AUTOSAVE_MS, useCteStore } from '../../renderer/src/stores/cte';
import EmitirCteView from '../../renderer/src/views/emitir-cte/EmitirCteView.vue';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle } from './support/mount';

const company = '45723174000110';

const mounted: { unmount(): void }[] = [];
afterEach(() => {
  vi.useRealTimers();
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

function validDraft(): CteDraftData {
  const d = emptyCteDraft();
  d.geral.cfop = '6353';
  d.geral.inicio = { cMun: '4106902', xMun: 'Curitiba', uf: 'PR' };
  d.geral.fim = { cMun: '3550308', xMun: 'São Paulo', uf: 'SP' };
  d.remetente = party('04252011000110', 'Remetente Ltda', '4106902', 'Curitiba', 'PR');
  d.destinatario = party('45723174000110', 'Destino SA', '3550308', 'São Paulo', 'SP');
  d.valores = { componentes: [{ xNome: 'FRETE', vComp: 1000 }], vTPrest: 1000, vRec: 1000 };
  d.impostos.icms = { situacao: '00', pICMS: 12 };
  d.carga.proPred = 'ALIMENTOS';
  d.carga.quantidades = [{ cUnid: '01', tpMed: 'PESO BRUTO', qCarga: 1200 }];
  d.rodoviario.rntrc = '12345678';
  return d;
}

function nfeKey(seed = '4126110425201100011055001000000123100000001'): string {
  return seed + String(accessKeyCheckDigit(seed));
}

async function mountForm() {
  const transport = createFakeTransport({ settings: settingsWith({ selectedCompany: company }) });
  transport.handlers['companies:get'] = () => ({
    ok: false,
    error: { code: 'offline', message: 'sem rede' },
  });
  transport.handlers['drafts:list'] = () => ({ ok: true, data: { drafts: [] } });
  transport.handlers['drafts:save'] = (input) => ({
    ok: true,
    data: {
      id: 7,
      kind: 'cte',
      company,
      title: null,
      data: (input as { data: unknown }).data,
      createdAt: '',
      updatedAt: '',
    },
  });
  const result = await mountWith(EmitirCteView, transport, { route: '/emitir-cte' });
  mounted.push(result.wrapper);
  await useAppStore().updateSettings({ selectedCompany: company });
  await settle();
  return { ...result, transport, store: useCteStore() };
}

describe('CT-e form model', () => {
  it('validates with the schema messages and paths', () => {
    const errors = validateCte(emptyCteDraft());
    expect(errors['geral.cfop']).toBe('informe o CFOP');
    expect(errors['rodoviario.rntrc']).toBe('informe o RNTRC');
    expect(validateCte(validDraft())).toEqual({});
    const d = validDraft();
    d.remetente.cpfCnpj = '04252011000111';
    expect(validateCte(d)['remetente.cpfCnpj']).toBe('CNPJ ou CPF inválido (confira os dígitos)');
    expect(countByStep(validateCte(d))[1]).toBe(1);
  });

  it('checks that the components add up to the total, even while other steps are incomplete', () => {
    const d = emptyCteDraft();
    d.valores = {
      componentes: [
        { xNome: 'FRETE', vComp: 100 },
        { xNome: 'PEDAGIO', vComp: 50 },
      ],
      vTPrest: 200,
      vRec: 200,
    };
    expect(validateCte(d)['valores.vTPrest']).toContain('a soma dos componentes (150,00) difere');
    d.valores.vTPrest = 150;
    d.valores.vRec = 150;
    expect(validateCte(d)['valores.vTPrest']).toBeUndefined();
  });
});

describe('Emitir CT-e screen', () => {
  it('shows a typed field problem live, and the step count', async () => {
    const { wrapper, store } = await mountForm();
    const cfop = wrapper.find('[data-path="geral.cfop"] input');
    await cfop.setValue('635');
    await settle();
    expect(wrapper.find('[data-path="geral.cfop"]').text()).toContain('CFOP inválido (4 dígitos)');
    expect(wrapper.find('[data-step="geral"] .steps__count').exists()).toBe(true);
    await cfop.setValue('6353');
    await settle();
    expect(wrapper.find('[data-path="geral.cfop"]').text()).not.toContain('inválido');
    expect(store.data.geral.cfop).toBe('6353');
    // natOp is TString 1–60 in the CT-e layout: the field stops at 60 like the CT-e OS's.
    expect(wrapper.find('[data-path="geral.natOp"] input').attributes('maxlength')).toBe('60');
  });

  it('shows the live sum of the components against the total', async () => {
    const { wrapper, store } = await mountForm();
    store.goTo(2);
    await settle();
    await wrapper.find('[data-path="valores.componentes.0.vComp"] input').setValue('1.000,50');
    await wrapper.find('[data-path="valores.vTPrest"] input').setValue('1.200,00');
    await settle();
    expect(wrapper.find('[data-testid="soma-componentes"]').text()).toContain('difere do total');
    expect(wrapper.find('[data-path="valores.vTPrest"]').text()).toContain('(1000,50) difere');
    await wrapper.find('[data-path="valores.vTPrest"] input').setValue('1000,5');
    await settle();
    expect(wrapper.find('[data-testid="soma-componentes"]').text()).toContain('confere com o total');
  });

  it('checks the NF-e key digit as it is typed and accepts many pasted keys', async () => {
    const { wrapper, store } = await mountForm();
    store.goTo(5);
    await settle();
    const good = nfeKey();
    const bad = good.slice(0, 43) + String((Number(good[43]) + 1) % 10);
    await wrapper
      .find('textarea')
      .setValue(`${bad}\n${nfeKey('4126110425201100011055001000000124100000002')}`);
    await wrapper
      .findAll('button')
      .find((b) => b.text() === 'Adicionar')!
      .trigger('click');
    await settle();
    const rows = wrapper.findAll('[data-testid="nfe-keys"] tr');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.text()).toContain('Dígito verificador não confere');
    expect(rows[1]!.text()).not.toContain('não confere');
    await rows[0]!.find('input').setValue(good);
    await settle();
    expect(wrapper.findAll('[data-testid="nfe-keys"] tr')[0]!.text()).not.toContain('não confere');
  });

  it('autosaves once, a few seconds after the last change', async () => {
    const { store, transport } = await mountForm();
    vi.useFakeTimers();
    const saves = () => transport.calls.filter((c) => c.channel === 'drafts:save').length;
    store.data.geral.natOp = 'A';
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS - 1000);
    store.data.geral.natOp = 'AB';
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS - 1000);
    expect(saves()).toBe(0);
    await vi.advanceTimersByTimeAsync(1500);
    expect(saves()).toBe(1);
    const saved = transport.calls.find((c) => c.channel === 'drafts:save')!.input as { data: CteDraftData };
    expect(saved.data.geral.natOp).toBe('AB');
    expect(store.draftId).toBe(7);
    store.data.geral.natOp = 'ABC';
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS + 10);
    expect((transport.calls.filter((c) => c.channel === 'drafts:save')[1]!.input as { id: number }).id).toBe(
      7,
    );
  });

  it('after a rejection highlights the named fields and jumps to their step', async () => {
    const { wrapper, store, transport } = await mountForm();
    transport.handlers['cte:issue'] = () => ({
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
        rejection: {
          codigo: 209,
          motivo: 'A SEFAZ rejeitou o documento (código 209): IE do remetente inválida.',
          fields: ['remetente.ie'],
          problems: [],
          detail: 'Rejeição: IE do remetente inválida',
        },
        warnings: [],
      },
    });
    Object.assign(store.data, validDraft());
    store.goTo(8);
    await settle();
    await store.issue();
    await settle();
    expect(store.step).toBe(1);
    expect(wrapper.find('[data-testid="rejection"]').text()).toContain(
      'A SEFAZ rejeitou o documento (código 209): IE do remetente inválida.',
    );
    const field = wrapper.find('[data-path="remetente.ie"]');
    expect(field.classes()).toContain('cte-field--invalid');
    expect(field.text()).toContain('IE do remetente inválida');
    expect(wrapper.find('[data-step="partes"] .steps__count').text()).toBe('1');
  });

  it('a 400 of the API: the field it names says the problem in words; fixing it clears the banner', async () => {
    const { wrapper, store, transport } = await mountForm();
    const words = 'O CEP do remetente foi recusado: CEP inexistente.';
    transport.handlers['cte:issue'] = () => ({
      ok: true,
      data: {
        outboxId: 1,
        referencia: 'r1',
        kind: 'cte',
        serie: 1,
        numero: 5,
        status: 'recusado',
        document: null,
        cacheId: null,
        rejection: {
          codigo: null,
          motivo: words,
          fields: ['remetente.endereco.cep'],
          problems: [{ field: 'remetente.endereco.cep', message: words }],
          detail: 'Validation failed: CEP (infCte.rem.enderReme.CEP) é inválido: CEP inexistente.',
        },
        warnings: [],
      },
    });
    Object.assign(store.data, validDraft());
    store.goTo(8);
    await settle();
    await store.issue();
    await settle();
    expect(store.step).toBe(1);
    const banner = wrapper.find('[data-testid="rejection"]');
    expect(banner.text()).toContain(words);
    expect(banner.text()).not.toContain('Rejeição 400');
    const field = wrapper.find('[data-path="remetente.endereco.cep"]');
    expect(field.classes()).toContain('cte-field--invalid');
    expect(field.text()).toContain(words);
    // The clerk corrects the CEP: the field's message and the old banner go.
    await field.find('input').setValue('01310-100');
    await settle();
    expect(wrapper.find('[data-path="remetente.endereco.cep"]').text()).not.toContain(words);
    expect(wrapper.find('[data-testid="rejection"]').exists()).toBe(false);
  });

  it('refuses to send an incomplete form and jumps to the first step with a problem', async () => {
    const { store, transport } = await mountForm();
    const d = validDraft();
    d.carga.proPred = '';
    Object.assign(store.data, d);
    store.goTo(8);
    expect(await store.issue()).toBeNull();
    expect(store.step).toBe(4);
    expect(transport.calls.some((c) => c.channel === 'cte:issue')).toBe(false);
  });
});
