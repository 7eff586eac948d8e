// Emitir DC-e parties, which share the CT-e's party fields: no state registration, e-mail only for
// the destinatário, the UF as a select of the 27 UFs (no exterior), the IBGE code filling the UF,
// the address book (search and pick), the CNPJ lookup (by the button or as soon as a CNPJ is typed)
// and the carrier shown as the emitter.
import Select from 'primevue/select';
import { afterEach, describe, expect, it } from 'vitest';

import App from '../../renderer/src/App.vue';
import { setTransport } from '../../renderer/src/bridge';
import { useDceStore } from '../../renderer/src/stores/dce';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

const company = '45723174000110';

function transport() {
  const t = createFakeTransport({ settings: settingsWith({ selectedCompany: company }) });
  t.handlers['numbering:get'] = () => ({
    ok: true,
    data: { next: 3, released: [], highestSpent: 2, warnings: [] },
  });
  t.handlers['dce:list'] = () => ({ ok: true, data: { items: [] } });
  t.handlers['drafts:list'] = () => ({ ok: true, data: { drafts: [] } });
  t.handlers['addressBook:search'] = () => ({
    ok: true,
    data: {
      entries: [
        {
          cpfCnpj: '11444777000161',
          nome: 'Loja Destino Ltda',
          inscricaoEstadual: '110042490114',
          municipio: 'São Paulo',
          uf: 'SP',
          useCount: 1,
          data: {
            cpfCnpj: '11444777000161',
            ie: '110042490114',
            xNome: 'Loja Destino Ltda',
            email: 'compras@destino.example',
            endereco: {
              xLgr: 'Av. Paulista',
              nro: '1000',
              xBairro: 'Bela Vista',
              cMun: '3550308',
              xMun: 'São Paulo',
              uf: 'SP',
              cep: '01310100',
            },
          },
        },
      ],
    },
  });
  t.handlers['lookup:cnpj'] = () => ({
    ok: true,
    data: {
      cnpj: '11444777000161',
      razao_social: 'Comércio de Livros e Utilidades Domésticas do Brasil Sociedade Limitada ME',
      endereco: {
        logradouro: 'Rua XV de Novembro',
        numero: '50',
        bairro: 'Centro',
        codigo_municipio: '4106902',
        cidade: 'Curitiba',
        uf: 'PR',
        cep: '80020310',
      },
    },
  });
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
  t.handlers['companies:list'] = () => ({
    ok: true,
    data: {
      companies: [
        {
          cpf_cnpj: company,
          nome_razao_social: 'Transportes Rodovia Azul Ltda',
          nome_fantasia: null,
          email: 'fiscal@rodoviaazul.example',
          endereco: {
            logradouro: 'Rua A',
            numero: '1',
            bairro: 'Centro',
            codigo_municipio: '3550308',
            uf: 'SP',
            cep: '01310100',
          },
        },
      ],
    },
  });
  return t;
}

afterEach(() => {
  setTransport(null);
  document.body.innerHTML = '';
});

async function openForm(t = transport()) {
  const { wrapper } = await mountWith(App, t, { route: '/emitir-dce' });
  await settle();
  await waitFor(() => expect(wrapper.text()).toContain('Próximo número: 3'));
  return wrapper;
}

describe('Emitir DC-e parties', { timeout: 20_000 }, () => {
  it('shows the DC-e fields only, with the UF as a select of the 27 UFs', async () => {
    const wrapper = await openForm();
    expect(wrapper.find('[data-path="remetente.ie"]').exists()).toBe(false);
    expect(wrapper.find('[data-path="destinatario.ie"]').exists()).toBe(false);
    expect(wrapper.find('[data-path="remetente.email"]').exists()).toBe(false);
    expect(wrapper.find('[data-path="destinatario.email"]').exists()).toBe(true);
    for (const role of ['remetente', 'destinatario']) {
      const select = wrapper
        .findAllComponents(Select)
        .find((s) => s.attributes('data-testid') === `${role}-endereco-uf`);
      const options = select!.props('options') as { value: string; label: string }[];
      expect(options).toHaveLength(27);
      expect(options.map((o) => o.value)).not.toContain('EX');
      expect(options).toContainEqual({ value: 'PR', label: 'PR — Paraná' });
    }
  });

  it('fills the UF from the IBGE code and says in Portuguese when they disagree', async () => {
    const wrapper = await openForm();
    const store = useDceStore();
    const code = wrapper.get('#f-remetente-endereco-cMun');
    await code.setValue('4106902');
    await settle();
    expect(store.data.remetente.endereco.uf).toBe('PR');
    store.data.remetente.endereco.uf = 'SP';
    store.touch('remetente.endereco.cMun');
    await settle();
    expect(wrapper.get('[data-path="remetente.endereco.cMun"] [role="alert"]').text()).toBe(
      'o município não pertence à UF SP',
    );
  });

  it('offers the address book of the company and fills the party from a saved entry', async () => {
    const t = transport();
    const wrapper = await openForm(t);
    const store = useDceStore();
    // jsdom does not scroll: record which element the form brings into view.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const search = wrapper.findAll('input[aria-label="Buscar nos parceiros"]')[1]!;
    await search.setValue('loja');
    await search.trigger('keydown', { key: 'Enter' });
    await settle();
    expect(t.calls.find((c) => c.channel === 'addressBook:search')!.input).toMatchObject({
      company,
      text: 'loja',
    });
    // The results open below the search box: they are scrolled into view, not left below the fold.
    expect(scrolled.map((el) => el.getAttribute('data-testid'))).toEqual(['party-book-results']);
    delete (Element.prototype as Partial<Element>).scrollIntoView;
    const entry = wrapper.findAll('.cte-party__list button').find((b) => b.text().includes('Loja Destino'));
    await entry!.trigger('click');
    await settle();
    expect(store.data.destinatario).toMatchObject({
      cpfCnpj: '11.444.777/0001-61',
      xNome: 'Loja Destino Ltda',
      email: 'compras@destino.example',
      endereco: { cMun: '3550308', uf: 'SP', cep: '01310-100' },
    });
    // A DC-e party has no state registration: the entry's IE does not leak into the draft.
    expect('ie' in store.data.destinatario).toBe(false);
  });

  it('fills a party from the CNPJ lookup, the name cut to the 60 characters the DC-e takes', async () => {
    const t = transport();
    const wrapper = await openForm(t);
    const store = useDceStore();
    store.data.remetente.cpfCnpj = '11.444.777/0001-61';
    await settle();
    await wrapper
      .findAll('button')
      .filter((b) => b.text() === 'Buscar')[0]!
      .trigger('click');
    await settle();
    expect(t.calls.find((c) => c.channel === 'lookup:cnpj')!.input).toEqual({ cnpj: '11444777000161' });
    expect(store.data.remetente.xNome).toHaveLength(60);
    expect(store.data.remetente.endereco).toMatchObject({ xMun: 'Curitiba', uf: 'PR', nro: '50' });
  });

  it('looks a complete CNPJ and CEP up as they are typed, only while their fields are empty', async () => {
    const t = transport();
    await openForm(t);
    const store = useDceStore();
    const dest = store.data.destinatario;
    dest.cpfCnpj = '11.444.777/0001-6';
    await settle();
    expect(t.calls.some((c) => c.channel === 'lookup:cnpj')).toBe(false);
    dest.cpfCnpj = '11.444.777/0001-61';
    await settle();
    expect(t.calls.filter((c) => c.channel === 'lookup:cnpj')).toHaveLength(1);
    expect(dest.endereco.xMun).toBe('Curitiba');
    // Already filled (typed or picked): no lookup overwrites it.
    store.data.remetente.xNome = 'Maria Remetente';
    store.data.remetente.cpfCnpj = '11.444.777/0001-61';
    await settle();
    expect(t.calls.filter((c) => c.channel === 'lookup:cnpj')).toHaveLength(1);
    store.data.remetente.endereco.cep = '01310-100';
    await settle();
    expect(t.calls.find((c) => c.channel === 'lookup:cep')!.input).toEqual({ cep: '01310100' });
    expect(store.data.remetente.endereco).toMatchObject({ xLgr: 'Avenida Paulista', uf: 'SP' });
  });

  it('stays quiet when an automatic lookup fails (offline), and says it when the button does', async () => {
    const t = transport();
    t.handlers['lookup:cnpj'] = () => ({
      ok: false,
      error: { code: 'offline', message: 'Sem conexão com a API.' },
    });
    const wrapper = await openForm(t);
    const store = useDceStore();
    store.data.remetente.cpfCnpj = '11.444.777/0001-61';
    await settle();
    expect(t.calls.some((c) => c.channel === 'lookup:cnpj')).toBe(true);
    expect(wrapper.text()).not.toContain('Sem conexão com a API.');
    await wrapper
      .findAll('button')
      .filter((b) => b.text() === 'Buscar')[0]!
      .trigger('click');
    await settle();
    expect(wrapper.text()).toContain('Sem conexão com a API.');
  });

  it('names the carrier as the emitter', async () => {
    const wrapper = await openForm();
    await waitFor(() =>
      expect(wrapper.get('[data-testid="dce-carrier"]').text()).toContain('Transportes Rodovia Azul Ltda'),
    );
    expect(wrapper.get('[data-testid="dce-carrier"]').text()).toContain(
      'a transportadora Transportes Rodovia Azul Ltda (CNPJ 45.723.174/0001-10), empresa escolhida',
    );
  });
});
