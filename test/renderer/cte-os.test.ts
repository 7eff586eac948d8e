// Emitir CT-e OS: the draft model (what reaches cteos-form.ts), the steps, autosave and drafts,
// the review preview, the sending and the way to the lifecycle screen.
import { afterEach, describe, expect, it, vi } from 'vitest';

import { setTransport } from '../../renderer/src/bridge';
import { useAppStore } from '../../renderer/src/stores/app';
import type { CteOsDraftData } from '../../renderer/src/views/emitir-cteos/cteos-model';
import {
  emptyCteOsDraft,
  emptyDocRef,
  fromSaved,
  toCteOsInput,
  validateCteOs,
} from '../../renderer/src/views/emitir-cteos/cteos-model';
import { AUTOSAVE_MS, useCteOsStore } from '../../renderer/src/stores/cteos';
import EmitirCteOsView from '../../renderer/src/views/emitir-cteos/EmitirCteOsView.vue';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

const company = '45723174000110';
const mounted: { unmount(): void }[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const w of mounted.splice(0)) w.unmount();
  setTransport(null);
  document.body.innerHTML = '';
});

/** Passengers Campinas → São Paulo for a school (a company: INSS required). */
function validOs(): CteOsDraftData {
  const d = emptyCteOsDraft();
  d.geral.cfop = '5357';
  d.geral.inicio = { cMun: '3509502', xMun: 'Campinas', uf: 'SP' };
  d.geral.fim = { cMun: '3550308', xMun: 'São Paulo', uf: 'SP' };
  d.tomador.cpfCnpj = '04252011000110';
  d.tomador.xNome = 'Escola Boa Viagem';
  d.tomador.endereco = {
    xLgr: 'Rua B',
    nro: '1',
    xCpl: '',
    xBairro: 'Centro',
    cMun: '3509502',
    xMun: 'Campinas',
    uf: 'SP',
    cep: '',
  };
  d.valores = { componentes: [{ xNome: 'SERVICO', vComp: 800 }], vTPrest: 800, vRec: 800 };
  d.impostos.icms = { situacao: 'SN' };
  d.impostos.federaisOn = true;
  d.impostos.federais.vINSS = 88;
  d.servico.xDescServ = 'FRETAMENTO ESCOLAR';
  d.rodoviario.nroRegEstadual = '1234567890123456789012345';
  d.rodoviario.tpFretamento = 2;
  return d;
}

async function mountForm() {
  const transport = createFakeTransport({ settings: settingsWith({ selectedCompany: company }) });
  transport.handlers['drafts:list'] = () => ({ ok: true, data: { drafts: [] } });
  transport.handlers['drafts:save'] = (input) => ({
    ok: true,
    data: {
      id: 9,
      kind: 'cteos',
      company,
      title: null,
      data: (input as { data: unknown }).data,
      createdAt: '2026-03-05T13:00:00.000Z',
      updatedAt: '2026-03-05T13:00:00.000Z',
    },
  });
  transport.handlers['drafts:delete'] = () => ({ ok: true, data: { ok: true } });
  transport.handlers['numbering:get'] = () => ({
    ok: true,
    data: { next: 12, released: [], highestSpent: 11, warnings: [] },
  });
  transport.handlers['sefaz:status'] = () => ({ ok: false, error: { code: 'offline', message: 'sem rede' } });
  const result = await mountWith(EmitirCteOsView, transport, { route: '/emitir-cteos' });
  mounted.push(result.wrapper);
  await useAppStore().updateSettings({ selectedCompany: company });
  await settle();
  return { ...result, transport, store: useCteOsStore() };
}

describe('CT-e OS draft model', () => {
  it('a complete form passes the CT-e OS schema; the components must add up', () => {
    expect(validateCteOs(validOs())).toEqual({});
    const d = validOs();
    d.valores.vTPrest = 900;
    expect(validateCteOs(d)['valores.vTPrest']).toContain('difere do valor total');
    expect(Object.keys(validateCteOs(emptyCteOsDraft()))).toEqual(
      expect.arrayContaining(['servico.xDescServ', 'tomador.cpfCnpj', 'rodoviario.fretamento']),
    );
  });

  it('sends only what the service type carries', () => {
    const d = validOs();
    d.rodoviario.tpFretamento = 1;
    d.rodoviario.dhViagem = '2099-01-10T07:30';
    d.rodoviario.veiculoOn = false;
    d.rodoviario.placa = 'ABC1D23';
    expect(toCteOsInput(d).rodoviario).toEqual({
      nroRegEstadual: '1234567890123456789012345',
      fretamento: { tpFretamento: 1, dhViagem: '2099-01-10T07:30:00-03:00' },
    });
    d.geral.tpServ = 7;
    expect(toCteOsInput(d).rodoviario).toEqual({});
    d.geral.tpServ = 8;
    d.tomadorOn = false;
    d.documentos = [{ ...emptyDocRef('bpe'), chBPe: '1'.repeat(44), nDoc: 'esquecido' }];
    const input = toCteOsInput(d);
    expect(input).not.toHaveProperty('tomador');
    expect(input.documentos).toEqual([{ chBPe: '1'.repeat(44) }]);
    expect((input.rodoviario as Record<string, unknown>).fretamento).toBeUndefined();
  });

  it('opens a draft of the old one-page form with the ICMS it had', () => {
    const old = {
      geral: { cfop: '5357' },
      icms: { situacao: '20', pRedBC: 10, pICMS: 12 },
      rodoviario: { taf: '1' },
    };
    const d = fromSaved(old);
    expect(d.impostos.icms).toEqual({ situacao: '20', pRedBC: 10, pICMS: 12 });
    expect(d.geral.cfop).toBe('5357');
    expect(d.geral.percurso).toEqual([]);
    expect(d.rodoviario).toMatchObject({ taf: '1', veiculoOn: false, prop: { tpProp: 2 } });
  });
});

describe('Emitir CT-e OS steps', () => {
  it('refuses to send an incomplete form, opens the first step with a problem and shows it', async () => {
    const { wrapper, store, transport } = await mountForm();
    await wrapper.find('[data-step="revisao"]').trigger('click');
    await settle();
    expect(wrapper.find('[data-testid="review-errors"]').text()).toMatch(/Há \d+ campos? a corrigir/);
    await wrapper.find('[data-testid="emitir-cteos"]').trigger('click');
    await settle();
    expect(store.step).toBe(0);
    expect(wrapper.find('[data-testid="cteos-problem"]').text()).toMatch(/campos? a corrigir/);
    expect(wrapper.find('[data-path="geral.cfop"]').classes()).toContain('cte-field--invalid');
    expect(wrapper.find('[data-step="tomador"] .steps__count').exists()).toBe(true);
    expect(transport.calls.some((c) => c.channel === 'cte:issue')).toBe(false);
  });

  it('percurso: UFs added in order, a repeated one is pointed out', async () => {
    const { wrapper, store } = await mountForm();
    await wrapper.find('[data-testid="add-uf"]').trigger('click');
    await wrapper.find('[data-testid="add-uf"]').trigger('click');
    store.data.geral.percurso = ['MG', 'MG'];
    store.touch('geral.percurso');
    await settle();
    expect(wrapper.find('[data-path="geral.percurso.1"]').text()).toContain('UF repetida em seguida');
    expect(wrapper.find('[data-path="geral.percurso.0"]').classes()).not.toContain('cte-field--invalid');
  });

  it('the modal step follows the service type: fretamento for passengers, nothing for valuables', async () => {
    const { wrapper, store } = await mountForm();
    Object.assign(store.data, validOs());
    store.goTo(5);
    await settle();
    expect(wrapper.find('[data-testid="registro-hint"]').text()).toBe(
      'Pessoas dentro da UF: informe o registro estadual.',
    );
    expect(wrapper.find('[data-path="rodoviario.fretamento.dhViagem"]').exists()).toBe(false);
    // Choosing the fretamento touches its field, and with it the trip date below it.
    store.data.rodoviario.tpFretamento = 1;
    store.touch('rodoviario.fretamento');
    await settle();
    expect(wrapper.find('[data-path="rodoviario.fretamento.dhViagem"]').text()).toContain(
      'informe a data e hora da viagem',
    );
    store.data.geral.tpServ = 7;
    await settle();
    expect(wrapper.text()).toContain('O transporte de valores não leva dados do modal rodoviário');
    expect(wrapper.find('[data-path="rodoviario.taf"]').exists()).toBe(false);
  });

  it('autosaves as a cteos draft and reopens a saved one from the list', async () => {
    const { wrapper, store, transport } = await mountForm();
    vi.useFakeTimers();
    store.data.servico.xDescServ = 'FRETAMENTO';
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS + 50);
    const save = transport.calls.find((c) => c.channel === 'drafts:save')!.input as {
      kind: string;
      title: string;
      data: CteOsDraftData;
    };
    expect(save.kind).toBe('cteos');
    expect(save.title).toBe('Transporte de pessoas');
    expect(save.data.servico.xDescServ).toBe('FRETAMENTO');
    expect(store.draftId).toBe(9);
    vi.useRealTimers();

    const saved = validOs();
    saved.servico.xDescServ = 'EXCURSAO';
    transport.handlers['drafts:list'] = () => ({
      ok: true,
      data: {
        drafts: [
          {
            id: 4,
            kind: 'cteos',
            company,
            title: 'Escola',
            data: saved,
            createdAt: '',
            updatedAt: '2026-11-20T10:00:00Z',
          },
        ],
      },
    });
    store.reset();
    await settle();
    const list = await waitFor(() => {
      const el = wrapper.find('[data-testid="drafts"]');
      if (!el.text().includes('Escola')) throw new Error('lista');
      return el;
    });
    await list
      .findAll('button')
      .find((b) => b.text() === 'Abrir')!
      .trigger('click');
    await settle();
    expect(store.draftId).toBe(4);
    expect(store.data.servico.xDescServ).toBe('EXCURSAO');
    expect(
      transport.calls.some(
        (c) => c.channel === 'drafts:list' && (c.input as { kind: string }).kind === 'cteos',
      ),
    ).toBe(true);
  });

  it('sums only readable component values (one still being typed does not make the sum NaN)', async () => {
    const { wrapper, store } = await mountForm();
    store.data.valores = {
      componentes: [
        { xNome: 'SERVICO', vComp: 800 },
        { xNome: 'PEDAGIO', vComp: Number.NaN },
      ],
      vTPrest: 800,
      vRec: 800,
    };
    store.goTo(2);
    await settle();
    const sum = wrapper.find('[data-testid="soma-componentes"]').text();
    expect(sum).toContain('800,00');
    expect(sum).not.toContain('NaN');
  });

  it('an emptied next number is not saved: the review asks for one', async () => {
    const { wrapper, store, transport } = await mountForm();
    transport.handlers['cte:preview'] = () => ({ ok: true, data: { payload: {}, html: '<p>x</p>' } });
    Object.assign(store.data, validOs());
    await wrapper.find('[data-step="revisao"]').trigger('click');
    await settle();
    await wrapper
      .findAll('button')
      .find((b) => b.text() === 'Alterar número')!
      .trigger('click');
    await settle();
    const input = wrapper.find('#proximo-os');
    await input.setValue('');
    await input.trigger('blur');
    await settle();
    await wrapper
      .findAll('button')
      .find((b) => b.text() === 'Salvar')!
      .trigger('click');
    await settle();
    expect(transport.calls.some((c) => c.channel === 'numbering:set')).toBe(false);
    expect(wrapper.text()).toContain('Informe o próximo número');
  });

  it('reviews with the DACTE OS preview, sends kind cteos and opens the lifecycle screen', async () => {
    const { wrapper, store, transport, router } = await mountForm();
    transport.handlers['cte:preview'] = () => ({
      ok: true,
      data: { payload: {}, html: '<p>DACTE OS PRÉ-VISUALIZAÇÃO</p>' },
    });
    transport.handlers['cte:issue'] = () => ({
      ok: true,
      data: {
        outboxId: 1,
        referencia: 'r1',
        kind: 'cteos',
        serie: 1,
        numero: 12,
        status: 'autorizado',
        document: { id: 'os-123', status: 'autorizado', chave: '3'.repeat(44) },
        cacheId: 3,
        rejection: null,
        warnings: [],
      },
    });
    Object.assign(store.data, validOs());
    store.draftId = 9;
    await wrapper.find('[data-step="revisao"]').trigger('click');
    await settle();
    expect(wrapper.find('[data-testid="dacte-preview"]').attributes('srcdoc')).toContain('DACTE OS');
    expect(wrapper.find('[data-testid="proximo-numero"]').text()).toContain('12');
    const preview = transport.calls.find((c) => c.channel === 'cte:preview')!.input as { kind: string };
    expect(preview.kind).toBe('cteos');
    await wrapper.find('[data-testid="emitir-cteos"]').trigger('click');
    await settle();
    const sent = transport.calls.find((c) => c.channel === 'cte:issue')!.input as {
      kind: string;
      form: Record<string, Record<string, unknown>>;
    };
    expect(sent.kind).toBe('cteos');
    expect(sent.form.impostos!.tributosFederais).toEqual({ vINSS: 88 });
    expect(transport.calls.some((c) => c.channel === 'drafts:delete')).toBe(true);
    await waitFor(() =>
      expect(router.currentRoute.value.fullPath).toBe('/emitir-cte/documento/cteos/os-123'),
    );
    // The next CT-e OS of this company starts with the emitter's registro estadual of this one.
    expect(useAppStore().settings?.cteosRodo).toEqual({
      [company]: { taf: '', nroRegEstadual: '1234567890123456789012345' },
    });
    expect(store.data.geral.cfop).toBe('');
    expect(store.data.rodoviario.nroRegEstadual).toBe('1234567890123456789012345');
    // Another company has its own (none yet).
    await useAppStore().updateSettings({ selectedCompany: '04252011000110' });
    await settle();
    expect(store.data.rodoviario.nroRegEstadual).toBe('');
  });

  it('after a rejection highlights the named field on its step', async () => {
    const { wrapper, store, transport } = await mountForm();
    transport.handlers['cte:issue'] = () => ({
      ok: true,
      data: {
        outboxId: 1,
        referencia: 'r1',
        kind: 'cteos',
        serie: 1,
        numero: 12,
        status: 'rejeitado',
        document: null,
        cacheId: null,
        rejection: {
          codigo: 839,
          motivo: 'A SEFAZ rejeitou o documento (código 839): Número do Registro Estadual inválido.',
          fields: ['rodoviario.nroRegEstadual'],
          problems: [],
          detail: 'Rejeição: Número do Registro Estadual inválido',
        },
        warnings: [],
      },
    });
    Object.assign(store.data, validOs());
    store.goTo(7);
    await settle();
    await store.issue();
    await settle();
    expect(store.step).toBe(5);
    expect(wrapper.find('[data-testid="cteos-rejection"]').text()).toContain('(código 839)');
    expect(wrapper.find('[data-path="rodoviario.nroRegEstadual"]').text()).toContain(
      'Registro Estadual inválido',
    );
  });
});

describe('Emitir CT-e OS review', () => {
  it('lists every field left to correct, under its step; a link opens the step and focuses the field', async () => {
    const { wrapper, store } = await mountForm();
    Object.assign(store.data, validOs());
    store.data.servico.xDescServ = '';
    store.goTo(7);
    await settle();
    const list = wrapper.get('[data-testid="review-problems"]');
    const link = list.get('[data-problem="servico.xDescServ"]');
    expect(link.text()).toMatch(/^Serviço e documentos: /);
    await link.trigger('click');
    await settle();
    expect(store.step).toBe(4);
    const input = wrapper.get('[data-path="servico.xDescServ"]').find('input, textarea');
    expect(document.activeElement).toBe(input.element);
    wrapper.unmount();
  });
});

describe('Emitir CT-e OS refused by the API', () => {
  it("the emitente's missing IE: said in words with the way to Empresas, never 'Rejeição 400'", async () => {
    const { wrapper, store, transport } = await mountForm();
    const words = 'A inscrição estadual do emitente é obrigatória no CT-e OS — cadastre-a em Empresas.';
    transport.handlers['cte:issue'] = () => ({
      ok: true,
      data: {
        outboxId: 1,
        referencia: 'r1',
        kind: 'cteos',
        serie: 1,
        numero: 12,
        status: 'recusado',
        document: null,
        cacheId: null,
        rejection: {
          codigo: null,
          motivo: words,
          fields: ['emitente'],
          problems: [{ field: 'emitente', message: words }],
          detail:
            'Validation failed: Inscrição estadual (infCte.emit.IE) é inválido: campo obrigatório no CT-e OS.',
        },
        warnings: [],
      },
    });
    Object.assign(store.data, validOs());
    store.goTo(7);
    await settle();
    await store.issue();
    await settle();
    const banner = wrapper.find('[data-testid="cteos-rejection"]');
    expect(banner.text()).toContain(words);
    expect(banner.text()).not.toMatch(/Rejeição 400/);
    expect(banner.find('a').text()).toBe('Abrir Empresas');
    // No field of this form is the emitente's: nothing is counted against the steps.
    expect(store.errorCount).toBe(0);
  });
});

describe('Emitir CT-e OS for excess baggage', () => {
  it('the tomador may be left out; a BP-e must be referenced, its key checked', async () => {
    const { wrapper, store } = await mountForm();
    Object.assign(store.data, validOs());
    store.data.geral.tpServ = 8;
    store.goTo(1);
    await settle();
    expect(wrapper.find('[data-path="tomador.cpfCnpj"]').exists()).toBe(true);
    store.data.tomadorOn = false;
    await settle();
    expect(wrapper.find('[data-path="tomador.cpfCnpj"]').exists()).toBe(false);
    expect(store.allErrors).not.toHaveProperty('tomador');
    expect(store.allErrors.documentos).toBe(
      'no excesso de bagagem informe ao menos um documento (BP-e) referenciado',
    );
    store.goTo(4);
    await settle();
    await wrapper.find('[data-testid="add-docref"]').trigger('click');
    await settle();
    const key = wrapper.find('[data-path="documentos.0.chBPe"] input');
    await key.setValue('3526 1145 7231 7400 0110 6300 1000 0000 0111 6487 9822');
    await settle();
    expect(wrapper.find('[data-path="documentos.0.chBPe"]').text()).toContain('chave do BP-e inválida');
    expect(store.allErrors).not.toHaveProperty('documentos');
  });
});
