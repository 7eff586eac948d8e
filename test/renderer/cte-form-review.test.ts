// Emitir CT-e, the steps finished for issues #7/#8: DC-e offered in Documentos, the review with the
// DACTE preview and the authorizer's status before sending, and the partner catalog from Partes.
import { afterEach, describe, expect, it, vi } from 'vitest';

import { setTransport } from '../../renderer/src/bridge';
import type { CteDraftData } from '../../renderer/src/views/emitir-cte/form-model';
import {
  dhEmiProblem,
  emptyCteDraft,
  toSchemaInput,
  validateCte,
  withDefaults,
} from '../../renderer/src/views/emitir-cte/form-model';
import { cteFormSchema } from '../../electron/shared/schemas/cte-form';
import { useAppStore } from '../../renderer/src/stores/app';
import { useCteStore } from '../../renderer/src/stores/cte';
import EmitirCteView from '../../renderer/src/views/emitir-cte/EmitirCteView.vue';
import { dceKey, nfeKey } from '../fiscal/payload/forms';
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

const dceItems = [
  {
    cacheId: 11,
    apiId: 'dce_1',
    chave: dceKey(31),
    serie: 1,
    numero: 31,
    status: 'autorizado',
    emitidoEm: '2026-11-20T12:00:00-03:00',
    destinatario: 'Maria Compradora',
    valor: 349.9,
  },
  {
    cacheId: 12,
    apiId: 'dce_2',
    chave: dceKey(32),
    serie: 1,
    numero: 32,
    status: 'autorizado',
    emitidoEm: '2026-11-21T12:00:00-03:00',
    destinatario: 'João Cliente',
    valor: 1200,
  },
];

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
      createdAt: '2026-03-05T13:00:00.000Z',
      updatedAt: '2026-03-05T13:00:00.000Z',
    },
  });
  transport.handlers['dce:keysForCte'] = () => ({ ok: true, data: { items: dceItems } });
  transport.handlers['numbering:get'] = () => ({
    ok: true,
    data: { next: 12, released: [], highestSpent: 11, warnings: [] },
  });
  transport.handlers['cte:preview'] = () => ({
    ok: true,
    data: {
      payload: {},
      html: '<html><body><div>PRÉ-VISUALIZAÇÃO — SEM VALOR FISCAL</div>DACTE</body></html>',
    },
  });
  transport.handlers['sefaz:status'] = () => ({
    ok: true,
    data: {
      kind: 'cte',
      autorizador: 'SVRS',
      codigoStatus: 107,
      motivoStatus: 'Serviço em operação',
      degraded: false,
      tempoMedioResposta: 2,
    },
  });
  const result = await mountWith(EmitirCteView, transport, { route: '/emitir-cte' });
  mounted.push(result.wrapper);
  await useAppStore().updateSettings({ selectedCompany: company });
  await settle();
  return { ...result, transport, store: useCteStore() };
}

describe('Documentos: DC-e of the company', () => {
  it('offers the authorized DC-e (número, destinatário, valor, chave) and adds one with a click', async () => {
    const { wrapper, store } = await mountForm();
    store.goTo(5);
    await settle();
    const table = wrapper.find('[data-testid="dce-offered"]');
    expect(table.text()).toContain('Maria Compradora');
    expect(table.text()).toContain('R$ 349,90');
    expect(table.text()).toContain(dceKey(32));
    await wrapper.find('[data-testid="add-dce-31"]').trigger('click');
    await settle();
    expect(store.data.documentos.dce).toEqual([{ chave: dceKey(31) }]);
    expect(wrapper.find('[data-testid="dce-offered"]').text()).toContain('adicionada');
    // Once is enough: the button is gone for that DC-e.
    expect(wrapper.find('[data-testid="add-dce-31"]').exists()).toBe(false);
    expect(wrapper.text()).toContain('Chave de DC-e válida');
  });

  it('checks a typed key: digits, check digit and the DC-e model', async () => {
    const { wrapper, store } = await mountForm();
    store.goTo(5);
    await settle();
    store.data.documentos.dce.push({ chave: nfeKey(5) });
    await settle();
    expect(wrapper.text()).toContain('Chave de modelo 55, não de DC-e (99)');
    expect(validateCte(store.data)['documentos.dce.0.chave']).toMatch(/não é de uma DC-e/);
    const good = dceKey(40);
    store.data.documentos.dce[0]!.chave = good.slice(0, 43) + String((Number(good[43]) + 1) % 10);
    await settle();
    expect(wrapper.text()).toContain('Dígito verificador não confere');
    store.data.documentos.dce[0]!.chave = good;
    await settle();
    expect(validateCte(store.data)['documentos.dce.0.chave']).toBeUndefined();
  });

  it('says at once that NF-e and DC-e cannot be mixed', async () => {
    const { wrapper, store } = await mountForm();
    store.data.documentos.nfe.push({ chave: nfeKey(7) });
    store.goTo(5);
    await settle();
    await wrapper.find('[data-testid="add-dce-32"]').trigger('click');
    await settle();
    expect(wrapper.find('[data-testid="docs-mixed"]').text()).toContain('um só tipo de documento');
  });
});

describe('Revisão', () => {
  it('shows the DACTE preview in a sandboxed frame and the authorizer in operation', async () => {
    const { wrapper, store, transport } = await mountForm();
    Object.assign(store.data, validDraft());
    store.goTo(8);
    await settle();
    const frame = wrapper.find('[data-testid="dacte-preview"]');
    expect(frame.attributes('sandbox')).toBe('');
    expect(frame.attributes('srcdoc')).toContain('SEM VALOR FISCAL');
    expect(wrapper.find('[data-testid="authorizer-status"]').text()).toContain('SEFAZ (SVRS) em operação');
    expect(transport.calls.find((c) => c.channel === 'sefaz:status')!.input).toEqual({
      kind: 'cte',
      cpfCnpj: company,
    });
  });

  it('warns about a degraded authorizer before anything is sent', async () => {
    const { wrapper, store, transport } = await mountForm();
    transport.handlers['sefaz:status'] = () => ({
      ok: true,
      data: {
        kind: 'cte',
        autorizador: 'SVRS',
        codigoStatus: 108,
        motivoStatus: 'Serviço paralisado momentaneamente',
        degraded: true,
      },
    });
    Object.assign(store.data, validDraft());
    store.goTo(8);
    await settle();
    const warning = wrapper.find('[data-testid="authorizer-degraded"]');
    expect(warning.text()).toContain(
      'Os CT-e podem demorar: Serviço paralisado momentaneamente (código 108)',
    );
    expect(transport.calls.some((c) => c.channel === 'cte:issue')).toBe(false);
  });

  it('says when the status cannot be asked (offline) and lets the clerk ask again', async () => {
    const { wrapper, store, transport } = await mountForm();
    transport.handlers['sefaz:status'] = () => ({
      ok: false,
      error: { code: 'offline', message: 'sem conexão' },
    });
    Object.assign(store.data, validDraft());
    store.goTo(8);
    await settle();
    const box = wrapper.find('[data-testid="authorizer-status"]');
    expect(box.text()).toContain('Não foi possível consultar a situação da SEFAZ agora (sem conexão)');
    transport.handlers['sefaz:status'] = () => ({
      ok: true,
      data: { kind: 'cte', autorizador: 'SVRS', codigoStatus: 107, motivoStatus: 'ok', degraded: false },
    });
    await box
      .findAll('button')
      .find((b) => b.text() === 'Consultar de novo')!
      .trigger('click');
    await settle();
    expect(wrapper.find('[data-testid="authorizer-status"]').text()).toContain('em operação');
  });
});

describe('Catálogo de parceiros', () => {
  const entry = {
    cpfCnpj: '04252011000110',
    nome: 'Remetente Ltda',
    inscricaoEstadual: null,
    uf: 'PR',
    municipio: 'Curitiba',
    useCount: 3,
    data: party('04252011000110', 'Remetente Ltda', '4106902', 'Curitiba', 'PR'),
  };

  it('opens from Partes, searches, edits with the form rules and saves', async () => {
    const { wrapper, store, transport } = await mountForm();
    transport.handlers['addressBook:search'] = () => ({ ok: true, data: { entries: [entry] } });
    transport.handlers['addressBook:save'] = () => ({ ok: true, data: { ok: true } });
    store.goTo(1);
    await settle();
    await wrapper.find('[data-testid="open-address-book"]').trigger('click');
    await settle();
    const dialog = () => document.querySelector('[data-testid="address-book"]') as HTMLElement;
    await waitFor(() => expect(dialog().textContent).toContain('Remetente Ltda'));
    expect(dialog().textContent).toContain('04.252.011/0001-10');
    (dialog().querySelector('[aria-label="Editar Remetente Ltda"]') as HTMLElement).click();
    await settle();
    const ie = dialog().querySelector('#f-parceiro-ie') as HTMLInputElement;
    ie.value = '123';
    ie.dispatchEvent(new Event('input'));
    await settle();
    (dialog().querySelector('[data-testid="book-save"]') as HTMLElement).click();
    await settle();
    expect(dialog().textContent).toContain('inscrição estadual inválida para PR');
    expect(transport.calls.some((c) => c.channel === 'addressBook:save')).toBe(false);
    ie.value = 'ISENTO';
    ie.dispatchEvent(new Event('input'));
    await settle();
    (dialog().querySelector('[data-testid="book-save"]') as HTMLElement).click();
    await settle();
    const saved = transport.calls.find((c) => c.channel === 'addressBook:save')!.input as {
      company: string;
      party: { cpfCnpj: string; ie: string; xNome: string };
    };
    expect(saved.company).toBe(company);
    expect(saved.party).toMatchObject({ ie: 'ISENTO', xNome: 'Remetente Ltda' });
    expect(saved.party.cpfCnpj.replace(/\D/g, '')).toBe('04252011000110');
    expect(dialog().textContent).toContain('Remetente Ltda salvo em Parceiros.');
  });

  it('deletes an entry only after confirmation', async () => {
    const { wrapper, store, transport } = await mountForm();
    let entries = [entry];
    transport.handlers['addressBook:search'] = () => ({ ok: true, data: { entries } });
    transport.handlers['addressBook:delete'] = () => {
      entries = [];
      return { ok: true, data: { ok: true } };
    };
    store.goTo(1);
    await settle();
    await wrapper.find('[data-testid="open-address-book"]').trigger('click');
    await settle();
    const dialog = () => document.querySelector('[data-testid="address-book"]') as HTMLElement;
    await waitFor(() => expect(dialog().textContent).toContain('Remetente Ltda'));
    (dialog().querySelector('[aria-label="Excluir Remetente Ltda"]') as HTMLElement).click();
    await settle();
    expect(transport.calls.some((c) => c.channel === 'addressBook:delete')).toBe(false);
    const yes = [...dialog().querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Sim')!;
    yes.click();
    await settle();
    expect(transport.calls.find((c) => c.channel === 'addressBook:delete')!.input).toEqual({
      company,
      cpfCnpj: '04252011000110',
    });
    expect(dialog().textContent).toContain('Ainda não há parceiros.');
  });
});

describe('form model: the fields added for issue #8', () => {
  it('carries retira, vTotTrib, vCargaAverb, ObsCont and ObsFisco to the schema', () => {
    const d = validDraft();
    d.geral.retira = true;
    d.geral.xDetRetira = 'Filial Centro';
    d.impostos.vTotTrib = 150.25;
    d.carga.vCargaAverb = 20000;
    d.observacoes.obsCont.push({ xCampo: 'Pedido', xTexto: 'P-1' });
    d.observacoes.obsFisco.push({ xCampo: 'Regime', xTexto: 'Especial' });
    const parsed = cteFormSchema.parse(toSchemaInput(d));
    expect(parsed.geral).toMatchObject({ retira: true, xDetRetira: 'Filial Centro' });
    expect(parsed.impostos.vTotTrib).toBe(150.25);
    expect(parsed.carga.vCargaAverb).toBe(20000);
    expect(parsed.observacoes.obsFisco).toEqual([{ xCampo: 'Regime', xTexto: 'Especial' }]);
    // The detail of the retirada is dropped when the switch is off.
    d.geral.retira = false;
    expect(cteFormSchema.parse(toSchemaInput(d)).geral.xDetRetira).toBeUndefined();
  });

  it('names the empty or too long observation fields by their paths', () => {
    const d = validDraft();
    d.observacoes.obsFisco.push({ xCampo: '', xTexto: 'x'.repeat(61) });
    d.carga.vCargaAverb = 0;
    const errors = validateCte(d);
    expect(errors['observacoes.obsFisco.0.xCampo']).toBe('informe o campo');
    expect(errors['observacoes.obsFisco.0.xTexto']).toMatch(/no máximo 60/);
    expect(errors['carga.vCargaAverb']).toMatch(/maior que zero/);
  });

  it('refuses a dhEmi in the future or more than 7 days old, as the authority would', () => {
    const now = new Date('2026-11-22T12:00:00-03:00');
    expect(dhEmiProblem('', now)).toBeUndefined();
    expect(dhEmiProblem('2026-11-22T12:04', now)).toBeUndefined();
    expect(dhEmiProblem('2026-11-22T12:10', now)).toMatch(/futuro/);
    expect(dhEmiProblem('2026-11-16T12:00', now)).toBeUndefined();
    expect(dhEmiProblem('2026-11-15T11:00', now)).toMatch(/mais de 7 dias/);
    const d = validDraft();
    d.geral.dhEmi = '2026-11-23T12:00';
    expect(validateCte(d, now)['geral.dhEmi']).toMatch(/futuro/);
  });

  it('opens a draft saved before these fields existed with their defaults', () => {
    const old = JSON.parse(JSON.stringify(validDraft())) as Record<string, Record<string, unknown>>;
    delete old.geral!.retira;
    delete old.geral!.xDetRetira;
    delete old.impostos!.vTotTrib;
    old.observacoes = { xObs: 'antigo' };
    const d = withDefaults(emptyCteDraft(), old);
    expect(d.geral.retira).toBe(false);
    expect(d.geral.cfop).toBe('6353');
    expect(d.observacoes).toEqual({ xObs: 'antigo', obsCont: [], obsFisco: [] });
    expect(d.impostos.vTotTrib).toBeNull();
    expect(d.valores.componentes).toEqual([{ xNome: 'FRETE', vComp: 1000 }]);
    expect(validateCte(d)).toEqual({});
  });
});
