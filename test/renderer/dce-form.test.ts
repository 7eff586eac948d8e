// Emitir DC-e over a fake transport: live validation with the schema's Portuguese messages, line and
// declaration totals, CEP autofill, the preview and the sending with its outcome.
import { afterEach, describe, expect, it } from 'vitest';

import App from '../../renderer/src/App.vue';
import { setTransport } from '../../renderer/src/bridge';
import type { DceDraftData } from '../../renderer/src/views/emitir-dce/dce-model';
import { draftTotal, emptyDceDraft, validateDce } from '../../renderer/src/views/emitir-dce/dce-model';
import { useDceStore } from '../../renderer/src/stores/dce';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

const company = '45723174000110';

function validDraft(): DceDraftData {
  const d = emptyDceDraft();
  d.remetente = {
    cpfCnpj: '123.456.789-09',
    xNome: 'Maria Remetente',
    fone: '',
    email: '',
    endereco: {
      xLgr: 'Rua das Flores',
      nro: '10',
      xCpl: '',
      xBairro: 'Centro',
      cMun: '4106902',
      xMun: 'Curitiba',
      uf: 'PR',
      cep: '80010-000',
    },
  };
  d.destinatario = { ...structuredClone(d.remetente), cpfCnpj: '11.444.777/0001-61', xNome: 'Loja Destino' };
  d.itens = [
    { xProd: 'Livros usados', ncm: '49', qCom: 3, vUnCom: 12.5, infAdProd: '' },
    { xProd: 'Caneca', ncm: '69120000', qCom: 2.5, vUnCom: 7.33, infAdProd: '' },
  ];
  return d;
}

function transport() {
  const t = createFakeTransport({ settings: settingsWith({ selectedCompany: company }) });
  t.handlers['numbering:get'] = () => ({
    ok: true,
    data: { next: 17, released: [], highestSpent: 16, warnings: [] },
  });
  t.handlers['dce:list'] = () => ({ ok: true, data: { items: [] } });
  t.handlers['drafts:save'] = (input) => ({
    ok: true,
    // A new draft's input carries id: undefined; the saved draft always has one.
    data: {
      title: null,
      ...(input as object),
      id: 5,
      createdAt: '2026-03-05T13:00:00.000Z',
      updatedAt: '2026-03-05T13:00:00.000Z',
    },
  });
  t.handlers['drafts:delete'] = () => ({ ok: true, data: { ok: true } });
  t.handlers['lookup:cep'] = () => ({
    ok: true,
    data: {
      cep: '01310100',
      logradouro: 'Avenida Paulista',
      bairro: 'Bela Vista',
      municipio: 'São Paulo',
      codigo_ibge: '3550308',
      uf: 'SP',
    },
  });
  return t;
}

afterEach(() => {
  setTransport(null);
  document.body.innerHTML = '';
});

describe('DC-e form model', () => {
  it('validates with the schema paths and sums rounded line totals', () => {
    const errors = validateDce(emptyDceDraft());
    // An empty field asks for itself before any length or check-digit rule.
    expect(errors['remetente.cpfCnpj']).toBe('informe o CPF ou CNPJ');
    expect(errors['remetente.endereco.cep']).toBe('informe o CEP');
    expect(errors['remetente.endereco.cMun']).toBe('informe o código IBGE do município');
    expect(errors['remetente.endereco.uf']).toBe('informe a UF');
    const short = emptyDceDraft();
    short.remetente.cpfCnpj = '123.456';
    short.remetente.endereco.cep = '8001';
    short.remetente.endereco.cMun = '41069';
    expect(validateDce(short)).toMatchObject({
      'remetente.cpfCnpj': 'o CPF tem 11 dígitos e o CNPJ 14',
      'remetente.endereco.cep': 'o CEP tem 8 dígitos',
      'remetente.endereco.cMun': 'o código IBGE do município tem 7 dígitos',
    });
    expect(errors['itens.0.xProd']).toMatch(/descrição/);
    expect(errors['itens.0.vUnCom']).toMatch(/valor unitário/);
    expect(validateDce(validDraft())).toEqual({});
    expect(draftTotal(validDraft())).toBe(55.83);
  });
});

describe('Emitir DC-e', { timeout: 20_000 }, () => {
  it('shows errors only after "Emitir" and sends nothing while invalid', async () => {
    const t = transport();
    const { wrapper } = await mountWith(App, t, { route: '/emitir-dce' });
    await settle();
    await waitFor(() => expect(wrapper.text()).toContain('Próximo número: 17'));
    expect(wrapper.findAll('[role="alert"]')).toHaveLength(0);
    await wrapper.get('form').trigger('submit');
    await settle();
    const alerts = wrapper.findAll('[role="alert"]').map((a) => a.text());
    expect(alerts).toContain('informe o CPF ou CNPJ');
    expect(alerts).toContain('informe a descrição do item');
    expect(wrapper.text()).toMatch(/campos? a corrigir/);
    expect(t.calls.some((c) => c.channel === 'dce:issue')).toBe(false);
  });

  it('shows line totals and the declaration total as they will be sent', async () => {
    const { wrapper } = await mountWith(App, transport(), { route: '/emitir-dce' });
    await settle();
    const store = useDceStore();
    store.reset(validDraft());
    await settle();
    const lines = wrapper.findAll('[data-testid="dce-line-total"]').map((l) => l.text());
    expect(lines).toEqual([expect.stringMatching(/R\$\s37,50/), expect.stringMatching(/R\$\s18,33/)]);
    expect(wrapper.get('[data-testid="dce-total"]').text()).toMatch(/R\$\s55,83/);
  });

  it('fills the address from the CEP', async () => {
    const t = transport();
    const { wrapper } = await mountWith(App, t, { route: '/emitir-dce' });
    await settle();
    const store = useDceStore();
    store.data.destinatario.endereco.cep = '01310-100';
    await settle();
    const buttons = wrapper.findAll('button').filter((b) => b.text() === 'Preencher');
    await buttons[1]!.trigger('click');
    await settle();
    expect(t.calls.find((c) => c.channel === 'lookup:cep')!.input).toEqual({ cep: '01310100' });
    expect(store.data.destinatario.endereco).toMatchObject({ xMun: 'São Paulo', cMun: '3550308', uf: 'SP' });
  });

  it('previews, then issues and shows the outcome; a refusal marks the named field', async () => {
    const t = transport();
    t.handlers['dce:preview'] = () => ({
      ok: true,
      data: { payload: {}, html: '<html><body>PRÉ-VISUALIZAÇÃO</body></html>' },
    });
    let refuse = true;
    t.handlers['dce:issue'] = () =>
      refuse
        ? {
            ok: false,
            error: {
              code: 'dce_carrier_cnpj',
              message: 'CNPJ do destinatário recusado',
              fields: ['form.destinatario.cpfCnpj'],
            },
          }
        : {
            ok: true,
            data: {
              outboxId: 1,
              referencia: 'carreta-x',
              kind: 'dce',
              serie: 1,
              numero: 17,
              status: 'autorizado',
              document: { id: 'dce_1', status: 'autorizado' },
              cacheId: 3,
              rejection: null,
              warnings: [],
            },
          };
    t.handlers['dce:get'] = () => ({
      ok: true,
      data: {
        document: { id: 'dce_1', status: 'autorizado', serie: 1, numero: 17, chave: '4'.repeat(44) },
        cacheId: 3,
        cancellable: true,
        hoursLeft: 23.5,
        reason: null,
      },
    });
    const { wrapper } = await mountWith(App, t, { route: '/emitir-dce' });
    await settle();
    useDceStore().reset(validDraft());
    await settle();
    await wrapper
      .findAll('button')
      .find((b) => b.text().includes('Pré-visualizar'))!
      .trigger('click');
    await waitFor(() =>
      expect(document.body.querySelector('iframe[title="Pré-visualização do DACE"]')).not.toBeNull(),
    );
    await wrapper.get('form').trigger('submit');
    await settle();
    expect(wrapper.get('[data-testid="dce-rejection"]').text()).toContain('CNPJ do destinatário recusado');
    expect(wrapper.get('[data-path="destinatario.cpfCnpj"] [role="alert"]').text()).toContain('recusado');
    refuse = false;
    await wrapper.get('form').trigger('submit');
    await settle();
    const issued = t.calls.filter((c) => c.channel === 'dce:issue').at(-1)!.input as {
      company: string;
      form: { itens: unknown[]; remetente: { cpfCnpj: string } };
    };
    expect(issued.company).toBe(company);
    expect(issued.form.itens).toHaveLength(2);
    await waitFor(() =>
      expect(wrapper.get('[data-testid="dce-outcome"]').text()).toContain('DC-e 17: Autorizada'),
    );
    await waitFor(() => expect(wrapper.get('[data-testid="dce-status"]').text()).toBe('Autorizada'));
    expect(wrapper.text()).toContain('23 h restantes');
  });
});

describe('DC-e drafts', { timeout: 20_000 }, () => {
  it('autosaves with kind dce and reopens a saved draft into the form', async () => {
    const t = transport();
    const saved = { ...validDraft(), observacoes: 'Rascunho antigo' };
    t.handlers['drafts:list'] = () => ({
      ok: true,
      data: {
        drafts: [
          {
            id: 9,
            kind: 'dce',
            company,
            title: 'Loja Destino · Livros usados',
            data: saved,
            createdAt: '2026-11-21T10:00:00Z',
            updatedAt: '2026-11-21T10:00:00Z',
          },
        ],
      },
    });
    const { wrapper } = await mountWith(App, t, { route: '/emitir-dce' });
    await settle();
    const store = useDceStore();
    store.data.remetente.xNome = 'Digitando';
    await store.saveDraft();
    const save = t.calls.find((c) => c.channel === 'drafts:save')!.input as { kind: string; company: string };
    expect(save).toMatchObject({ kind: 'dce', company });
    await waitFor(() => expect(wrapper.get('[data-testid="dce-drafts"]').text()).toContain('Livros usados'));
    await wrapper.get('[data-testid="dce-drafts"] button').trigger('click');
    // Under a loaded machine the draft may take more than a few ticks to open.
    await waitFor(() => expect(store.draftId).toBe(9));
    expect(store.data.observacoes).toBe('Rascunho antigo');
    expect(store.data.itens).toHaveLength(2);
  });
});
