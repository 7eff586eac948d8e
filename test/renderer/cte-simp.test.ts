// Emitir CT-e simplificado: the form model (schema messages and cross rules), the NF-e import (one
// delivery per recipient), the deliveries step (keys checked by digit), autosave as 'cte-simp'
// drafts, the refusal to send an incomplete form and the landing on the document after issuing.
import { afterEach, describe, expect, it, vi } from 'vitest';

import { setTransport } from '../../renderer/src/bridge';
import type { PartyDraft } from '../../renderer/src/views/emitir-cte/form-model';
import { countByStep } from '../../renderer/src/views/emitir-cte/form-model';
import { useAppStore } from '../../renderer/src/stores/app';
import EmitirCteSimpView from '../../renderer/src/views/emitir-cte-simp/EmitirCteSimpView.vue';
import { importNfeAsDeliveries } from '../../renderer/src/views/emitir-cte-simp/nfe-import';
import type { CteSimpDraftData } from '../../renderer/src/views/emitir-cte-simp/simp-model';
import {
  emptyCteSimpDraft,
  SIMP_STEPS,
  toCteSimpInput,
  validateCteSimp,
} from '../../renderer/src/views/emitir-cte-simp/simp-model';
import { SIMP_AUTOSAVE_MS, useCteSimpStore } from '../../renderer/src/stores/cte-simp';
import { nfeKey } from '../fiscal/payload/forms';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import type { FakeTransport } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

const company = '45723174000110';
const mounted: { unmount(): void }[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const w of mounted.splice(0)) w.unmount();
  setTransport(null);
  document.body.innerHTML = '';
});

const party = (cpfCnpj: string, xNome: string, cMun: string, xMun: string, uf: string): PartyDraft => ({
  cpfCnpj,
  ie: '',
  xNome,
  xFant: '',
  fone: '',
  email: '',
  endereco: { xLgr: 'Rua A', nro: '1', xCpl: '', xBairro: 'Centro', cMun, xMun, uf, cep: '' },
});
const curitiba = { cMun: '4106902', xMun: 'Curitiba', uf: 'PR' };
const saoPaulo = { cMun: '3550308', xMun: 'São Paulo', uf: 'SP' };
const campinas = { cMun: '3509502', xMun: 'Campinas', uf: 'SP' };

function validDraft(): CteSimpDraftData {
  const d = emptyCteSimpDraft();
  d.geral = { ...d.geral, cfop: '6353', ufIni: 'PR', ufFim: 'SP' };
  d.tomador = party('04252011000110', 'Remetente Ltda', '4106902', 'Curitiba', 'PR');
  d.entregas = [
    {
      origem: { ...curitiba },
      destino: { ...saoPaulo },
      vPrest: 300,
      vRec: 300,
      componentes: [],
      nfe: [{ chave: nfeKey(11), pin: '', dPrev: '' }],
      recebedor: 'Loja Paulista',
    },
    {
      origem: { ...curitiba },
      destino: { ...campinas },
      vPrest: 200.5,
      vRec: 200.5,
      componentes: [],
      nfe: [{ chave: nfeKey(12), pin: '', dPrev: '' }],
      recebedor: 'Loja Campineira',
    },
  ];
  d.impostos.icms = { situacao: '00', pICMS: 12 };
  d.carga = {
    vCarga: 9000,
    proPred: 'ALIMENTOS',
    xOutCat: '',
    quantidades: [{ cUnid: '01', tpMed: '02', qCarga: 800 }],
  };
  d.rodoviario.rntrc = '12345678';
  return d;
}

function withDrafts(transport: FakeTransport): void {
  transport.handlers['drafts:list'] = () => ({ ok: true, data: { drafts: [] } });
  transport.handlers['drafts:save'] = (input) => ({
    ok: true,
    data: {
      id: 31,
      kind: 'cte-simp',
      company,
      title: null,
      data: (input as { data: unknown }).data,
      createdAt: '',
      updatedAt: '',
    },
  });
  transport.handlers['drafts:delete'] = () => ({ ok: true, data: { ok: true } });
}

async function mountForm() {
  const transport = createFakeTransport({ settings: settingsWith({ selectedCompany: company }) });
  withDrafts(transport);
  const result = await mountWith(EmitirCteSimpView, transport, { route: '/emitir-cte-simp' });
  mounted.push(result.wrapper);
  await useAppStore().updateSettings({ selectedCompany: company });
  await settle();
  const store = useCteSimpStore();
  return { ...result, transport, store };
}

describe('CT-e simplificado form model', () => {
  it('validates with the schema messages, and a valid draft has no problem', () => {
    const errors = validateCteSimp(emptyCteSimpDraft());
    expect(errors['geral.cfop']).toBe('informe o CFOP');
    expect(errors.entregas).toBe('informe ao menos uma entrega');
    expect(errors['carga.vCarga']).toBe('informe o valor da carga');
    expect(validateCteSimp(validDraft())).toEqual({});
  });

  it('runs the delivery rules while other steps are still empty', () => {
    const d = emptyCteSimpDraft();
    d.geral.ufIni = 'PR';
    d.geral.ufFim = 'SP';
    d.entregas = validDraft().entregas;
    d.entregas[1]!.destino = { cMun: '4113700', xMun: 'Londrina', uf: 'PR' };
    d.entregas[1]!.nfe = [{ chave: nfeKey(11), pin: '', dPrev: '' }];
    d.entregas[0]!.vRec = 301;
    const errors = validateCteSimp(d);
    expect(errors['entregas.1.destino.uf']).toBe('a UF deve ser a de fim da prestação (SP)');
    expect(errors['entregas.1.nfe.0.chave']).toBe('chave já usada na entrega 1');
    expect(errors['entregas.0.vRec']).toContain('não pode passar');
    expect(countByStep(errors, SIMP_STEPS)[2]).toBe(3);
  });

  it('sends neither the recebedor label nor empty optional fields', () => {
    const input = toCteSimpInput(validDraft()) as {
      entregas: Record<string, unknown>[];
      geral: Record<string, unknown>;
    };
    expect(input.entregas[0]).not.toHaveProperty('recebedor');
    expect(input.entregas[0]!.nfe).toEqual([{ chave: nfeKey(11) }]);
    expect(input.geral).not.toHaveProperty('dhEmi');
  });
});

describe('NF-e import into deliveries', () => {
  it('makes one delivery per recipient, fills tomador, UFs and cargo, refuses a key already present', async () => {
    const transport = createFakeTransport();
    const notes: Record<string, { chave: string; dest: PartyDraft; vNF: number; peso: number }> = {
      'a.xml': {
        chave: nfeKey(21),
        dest: party('45723174000110', 'Loja Paulista', '3550308', 'São Paulo', 'SP'),
        vNF: 1000,
        peso: 10,
      },
      'b.xml': {
        chave: nfeKey(22),
        dest: party('11222333000181', 'Loja Campineira', '3509502', 'Campinas', 'SP'),
        vNF: 500.25,
        peso: 5.5,
      },
      'c.xml': {
        chave: nfeKey(23),
        dest: party('45723174000110', 'Loja Paulista', '3550308', 'São Paulo', 'SP'),
        vNF: 250,
        peso: 2,
      },
      'd.xml': {
        chave: nfeKey(21),
        dest: party('45723174000110', 'Loja Paulista', '3550308', 'São Paulo', 'SP'),
        vNF: 1,
        peso: 1,
      },
    };
    transport.handlers['cte:prefillFromNfe'] = (input) => {
      const { files } = input as { files: { name: string }[] };
      expect(files).toHaveLength(1);
      const n = notes[files[0]!.name]!;
      return {
        ok: true,
        data: {
          remetente: party('04252011000110', 'Indústria Remetente', '4106902', 'Curitiba', 'PR'),
          destinatario: n.dest,
          carga: { vCarga: n.vNF, pesoBruto: n.peso, pesoLiquido: 0, volumes: 1 },
          chaves: [n.chave],
          problems: [],
          warnings:
            files[0]!.name === 'b.xml'
              ? [`A NF-e ${n.chave} já consta em outro CT-e (série 1, número 9).`]
              : [],
        },
      };
    };
    setTransport(transport);
    const d = emptyCteSimpDraft();
    const files = Object.keys(notes).map((name) => ({ name, base64: 'PA==' }));
    const report = await importNfeAsDeliveries(d, files, company);
    expect(report).toMatchObject({ added: 3, deliveries: 2 });
    expect(report.problems).toEqual([{ name: 'd.xml', message: 'Esta NF-e já está em uma das entregas.' }]);
    expect(report.warnings[0]).toContain('já consta em outro CT-e');
    expect(d.entregas.map((e) => [e.recebedor, e.destino.xMun, e.nfe.map((n) => n.chave)])).toEqual([
      ['Loja Paulista', 'São Paulo', [nfeKey(21), nfeKey(23)]],
      ['Loja Campineira', 'Campinas', [nfeKey(22)]],
    ]);
    expect(d.entregas[0]!.origem).toEqual(curitiba);
    expect([d.geral.ufIni, d.geral.ufFim]).toEqual(['PR', 'SP']);
    expect(d.tomador.xNome).toBe('Indústria Remetente');
    expect(d.carga.vCarga).toBe(1750.25);
    expect(d.carga.quantidades.find((q) => q.tpMed === '02')?.qCarga).toBe(17.5);
  });
});

describe('NF-e import of homologação notes', () => {
  it('tells recipients apart by CNPJ when the NF-e carries the fixed homologação name', async () => {
    const transport = createFakeTransport();
    const homolog = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';
    transport.handlers['cte:prefillFromNfe'] = (input) => {
      const name = (input as { files: { name: string }[] }).files[0]!.name;
      const cnpj = name === 'a.xml' ? '45723174000110' : '11222333000181';
      return {
        ok: true,
        data: {
          remetente: null,
          destinatario: party(cnpj, homolog, '3550308', 'São Paulo', 'SP'),
          carga: { vCarga: 0, pesoBruto: 0, pesoLiquido: 0, volumes: 0 },
          chaves: [nfeKey(name === 'a.xml' ? 41 : 42)],
          problems: [],
          warnings: [],
        },
      };
    };
    setTransport(transport);
    const d = emptyCteSimpDraft();
    await importNfeAsDeliveries(
      d,
      [
        { name: 'a.xml', base64: 'PA==' },
        { name: 'b.xml', base64: 'PA==' },
      ],
      null,
    );
    expect(d.entregas.map((e) => e.recebedor)).toEqual(['45.723.174/0001-10', '11.222.333/0001-81']);
  });
});

describe('Emitir CT-e simplificado screen', () => {
  it('adds NF-e keys to a delivery only when the check digit is right', async () => {
    const { wrapper, store } = await mountForm();
    store.goTo(2);
    await settle();
    await wrapper.find('[data-testid="simp-add-entrega"]').trigger('click');
    await settle();
    const good = nfeKey(31);
    const bad = good.slice(0, 43) + String((Number(good[43]) + 1) % 10);
    await wrapper.find('[data-testid="entrega-chave"]').setValue(bad);
    await settle();
    expect(wrapper.find('[data-testid="entrega-0"]').text()).toContain('Chave inválida');
    await wrapper.find('[data-testid="entrega-chave"]').setValue(`${bad}\n${good}`);
    await wrapper.find('[data-testid="entrega-incluir"]').trigger('click');
    await settle();
    expect(store.data.entregas[0]!.nfe.map((n) => n.chave)).toEqual([good]);
    expect(wrapper.find('[data-testid="entrega-problema"]').text()).toContain('dígito verificador');
    expect(wrapper.find('[data-testid="simp-entrega-row-0"]').text()).toContain('a corrigir');
  });

  it('computes the ICMS on the sum of the deliveries; a new situation starts its own fields empty', async () => {
    const { wrapper, store } = await mountForm();
    store.reset(validDraft());
    store.goTo(4);
    await settle();
    expect(wrapper.find('[data-testid="simp-imp-total"]').text()).toContain('500,50');
    expect(wrapper.find('[data-testid="vicms"]').text()).toContain('60,06');
    await wrapper.find('[data-path="impostos.icms.pICMS"] input').setValue('7');
    await settle();
    expect(wrapper.find('[data-testid="vicms"]').text()).toContain('35,04');
    store.data.impostos.icms = { situacao: '20', pRedBC: 20, vBC: null, pICMS: 12, vICMSDeson: null };
    await settle();
    expect(wrapper.find('[data-testid="vicms"]').text()).toContain('48,05');
    expect(wrapper.find('[data-path="impostos.icms.vBC"] label').text()).toContain(
      'vazio = total das entregas',
    );
  });

  it('autosaves as a cte-simp draft a few seconds after the last change', async () => {
    const { store, transport } = await mountForm();
    vi.useFakeTimers();
    const saves = () => transport.calls.filter((c) => c.channel === 'drafts:save');
    store.data.tomador.xNome = 'Tomador';
    await vi.advanceTimersByTimeAsync(SIMP_AUTOSAVE_MS - 500);
    expect(saves()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(600);
    expect(saves()).toHaveLength(1);
    expect(saves()[0]!.input).toMatchObject({ kind: 'cte-simp', company, title: 'Tomador' });
    expect(store.draftId).toBe(31);
  });

  it('refuses to send an incomplete form and jumps to the first step with a problem', async () => {
    const { store, transport } = await mountForm();
    const d = validDraft();
    d.entregas[1]!.nfe = [];
    store.reset(d);
    store.goTo(SIMP_STEPS.length - 1);
    expect(await store.issue()).toBeNull();
    expect(store.step).toBe(2);
    expect(transport.calls.some((c) => c.channel === 'cte:issue')).toBe(false);
  });

  it('review lists every field left to correct, under its step; a link opens the step and focuses it', async () => {
    const { wrapper, store } = await mountForm();
    const d = validDraft();
    d.tomador.xNome = '';
    store.reset(d);
    store.goTo(SIMP_STEPS.length - 1);
    await settle();
    const link = wrapper.get('[data-testid="review-problems"]').get('[data-problem="tomador.xNome"]');
    expect(link.text()).toMatch(/^Tomador: /);
    await link.trigger('click');
    await settle();
    expect(store.step).toBe(1);
    const input = wrapper.get('[data-path="tomador.xNome"]').find('input, textarea');
    expect(document.activeElement).toBe(input.element);
  });

  it('issues kind cte-simp from the review and opens the document after authorization', async () => {
    const { wrapper, store, transport, router } = await mountForm();
    transport.handlers['numbering:get'] = () => ({
      ok: true,
      data: { next: 88, released: [], highestSpent: 87, warnings: [] },
    });
    transport.handlers['cte:preview'] = () => ({
      ok: true,
      data: { payload: {}, html: '<p>PRÉ-VISUALIZAÇÃO</p>' },
    });
    transport.handlers['cte:issue'] = () => ({
      ok: true,
      data: {
        outboxId: 3,
        referencia: 'r3',
        kind: 'cte-simp',
        serie: 1,
        numero: 88,
        status: 'autorizado',
        document: { id: 'cte_simp_88', status: 'autorizado' },
        cacheId: 4,
        rejection: null,
        warnings: [],
      },
    });
    transport.handlers['cte:get'] = () => ({ ok: false, error: { code: 'offline', message: 'sem rede' } });
    store.reset(validDraft(), 31);
    store.goTo(SIMP_STEPS.length - 1);
    await settle();
    expect(wrapper.find('[data-testid="simp-resumo"]').text()).toContain('2 (2 NF-e)');
    expect(wrapper.find('[data-testid="simp-proximo-numero"]').text()).toBe('88');
    expect(wrapper.find('[data-testid="simp-preview"]').exists()).toBe(true);
    await wrapper.find('[data-testid="simp-emitir"]').trigger('click');
    await waitFor(() =>
      expect(router.currentRoute.value.fullPath).toBe('/emitir-cte/documento/cte/cte_simp_88'),
    );
    const issued = transport.calls.find((c) => c.channel === 'cte:issue')!.input as {
      kind: string;
      form: { entregas: unknown[] };
    };
    expect(issued.kind).toBe('cte-simp');
    expect(issued.form.entregas).toHaveLength(2);
    expect(transport.calls.some((c) => c.channel === 'drafts:delete')).toBe(true);
    expect(store.data.entregas).toHaveLength(0);
  });

  it('after a rejection highlights the delivery named and jumps to its step', async () => {
    const { wrapper, store, transport } = await mountForm();
    transport.handlers['cte:issue'] = () => ({
      ok: true,
      data: {
        outboxId: 4,
        referencia: 'r4',
        kind: 'cte-simp',
        serie: 1,
        numero: 89,
        status: 'rejeitado',
        document: null,
        cacheId: null,
        rejection: {
          codigo: 999,
          motivo: 'A SEFAZ rejeitou o documento (código 999): Município de fim inválido.',
          fields: ['entregas.1.destino.cMun'],
          problems: [],
          detail: 'Rejeição: Município de fim inválido',
        },
        warnings: [],
      },
    });
    store.reset(validDraft());
    store.goTo(SIMP_STEPS.length - 1);
    await store.issue();
    await settle();
    expect(store.step).toBe(2);
    expect(wrapper.find('[data-testid="simp-rejeicao"]').text()).toContain('(código 999)');
    expect(wrapper.find('[data-step="entregas"] .steps__count').text()).toBe('1');
  });
});
